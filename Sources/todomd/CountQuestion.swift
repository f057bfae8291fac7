import Foundation
import TaskEngine

/// What a memoised count answered: the rules, the day, the time zone, the
/// sequential projects (which make tasks wait without their files changing), and
/// the program itself (a rebuilt todomd may count differently), kept as the
/// SHA-256 of their text: rules may be any length, and the cache keeps one
/// row a question, so a row stays 64 characters whatever was asked.
enum CountQuestion {
    static func text(_ p: Perspective, today: Day, timeZone: TimeZone = .current, projects: String = "") -> String {
        let question = [RunningProgram.stamp, today.iso, timeZone.identifier, JSONText.compact(p.rules.json)].joined(separator: "\n")
            + (projects.isEmpty ? "" : "\n" + projects)
        return SHA256.hex(Array(question.utf8))
    }
}
