import ArgumentParser
import Foundation
import TaskEngine

/// `todomd profile`: the vault's effective profile (keys, words, title and
/// timestamps) and where each part came from.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show how this vault's files are read and written, and where that came from.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let root = try global.vaultRoot()
        let (p, problems) = ProfileDetection.detect(root: root)
        var out = ["Profile: \(p.kind.rawValue)", "From:"]
        out += p.origins.map { "  \($0.part): \($0.source)" }
        out.append("Keys (the first is written; the others are also read):")
        for field in TaskField.allCases {
            let names = p.keys[field] ?? [field.key]
            out.append("  " + field.key.padding(toLength: 20, withPad: " ", startingAt: 0) + names.joined(separator: ", "))
        }
        out.append("Status words (* is written for its status):")
        for (word, status) in p.statusWords.sorted(by: { ($0.value.rawValue, $0.key) < ($1.value.rawValue, $1.key) }) {
            let written = p.statusWrite[status]?.lowercased() == word
            out.append("  " + (word + (written ? " *" : "")).padding(toLength: 20, withPad: " ", startingAt: 0) + status.rawValue)
        }
        out.append("Priority words (* is written for its priority):")
        for (word, priority) in p.priorityWords.sorted(by: { ($0.value.rank, $0.key) < ($1.value.rank, $1.key) }) {
            let written = p.priorityWrite[priority]?.lowercased() == word
            out.append("  " + (word + (written ? " *" : "")).padding(toLength: 20, withPad: " ", startingAt: 0) + priority.rawValue)
        }
        out.append("Title: " + (p.titleFromFilename ? "the file name" : "the title key (else the first heading, else the file name)"))
        if p.titleFromFilename {
            out.append("On a rename: " + (p.followsRenames ? "the other files' links to the old name are updated" : "the other files' links are left naming the old name")
                       + (p.followsRenamesSource.map { " (\($0))" } ?? ""))
        }
        let stamps = ["iso": "ISO 8601 in UTC (2026-11-23T14:30:00Z)", "minutes": "YYYY-MM-DD HH:mm in UTC",
                      "localOffset": "ISO 8601 in local time with its offset (2026-11-23T15:30:00+01:00)"]
        out.append("Timestamps: " + stamps[p.stampStyle.rawValue]!
                   + (p.completedAsDay ? "; the completed date as a day" : "")
                   + (p.completedFromModified ? "; no completed date (a closed task's is its last change)" : ""))
        if p.kind == .backlog {
            out.append("New ids: \(p.idPrefix.uppercased())-" + (p.idDigits > 0 ? String(repeating: "0", count: p.idDigits - 1) + "1" : "1")
                       + " (files \(p.idPrefix.lowercased())-N - Title.md); drafts: their own view")
        }
        if p.projectsAsLinks { out.append("Projects: a list of links ([[Project]])") }
        for problem in problems { out.append("warning: \(problem)") }
        for line in out { print(line) }
    }
}
