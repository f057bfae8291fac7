import ArgumentParser
import Foundation
import TaskEngine

/// `todomd project NAME [--sequential | --parallel]`: whether a project's tasks
/// are done one after another, set in `.perspectives.json` (any vault), and its
/// open tasks in their order of work with what each waits for.
struct ProjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project", abstract: "Show a project's open tasks in order; make it sequential or parallel.",
        discussion: "In a sequential project each open task waits for the open one before it (only the first is available). The setting is kept in .perspectives.json under \"projects\"; in a TaskNotes vault a project note's `sequential: true` makes it sequential too.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The project's name (case ignored), e.g. \"Q4 Report\".") var name: String
    @Flag(name: .long, help: "Make it sequential: each open task waits for the open one before it.") var sequential = false
    @Flag(name: .long, help: "Make it parallel: its tasks wait for nothing but their own dependencies.") var parallel = false
    @Flag(name: .long, help: "Set it even though no task has this project yet (else refused, as a typo would be).") var force = false

    func run() throws {
        if sequential && parallel { throw CLIError("--sequential and --parallel: give one of them") }
        let raw = name.trimmingCharacters(in: .whitespaces)
        guard !raw.isEmpty, raw.utf8.count <= Perspective.maxNameLength * 4, !raw.contains(where: \.isNewline) else {
            throw CLIError("a project name is one line of 1 to \(Perspective.maxNameLength * 4) bytes")
        }
        let root = try global.vaultRoot()
        let store = PerspectiveStore.loaded(root)
        var vault = try LoadedVault(global, root: root, store: store)
        // Written as the vault's tasks spell it, when one has it.
        let key = SequentialProjects.key(raw)
        let project = vault.index.values(of: .project).first { SequentialProjects.key($0) == key } ?? raw
        if sequential || parallel {
            // A name no task has and no setting knows is most likely a typo: storing it would change nothing the user sees.
            if !force, !vault.index.tasks.contains(where: { $0.projectKey == key }), vault.index.sequentialProjects.byKey[key] == nil {
                throw CLIError(Self.unknownProject(raw, known: vault.index.values(of: .project)))
            }
            if let why = store.saveRefusal { throw CLIError(why) }
            try store.setSequential(project, sequential)
            vault = try LoadedVault(global, root: root, store: store)
        }
        let index = vault.index
        let open = index.openTasks(ofProject: project)
        let isSequential = index.sequentialProjects.isSequential(project)
        let any = index.tasks.contains { $0.projectKey == key }
        // Where projects are notes, a setting in .perspectives.json wins over the note: said, or a note edited later seems ignored.
        let stated = VaultWriter(root: root).profile.projectsAsLinks && store.document.sequentialProjects.project(named: project)?.stated == true
        print("\(project): \(isSequential ? "sequential" : "parallel") · \(open.count) open task\(open.count == 1 ? "" : "s")"
              + (any ? "" : " (no task has this project yet)")
              + (stated ? " (set in \(PerspectiveStore.fileName), which the project note's `sequential` does not change)" : ""))
        for id in open {
            let waits = index.waitsFor(id: id).filter { index.task(id: $0).map { !$0.task.status.isClosed } ?? false }
            let state = index.isBlocked(id: id) ? "waits for " + (waits.isEmpty ? "a task not found" : waits.joined(separator: ", ")) : "available"
            print("  \(id)  \(state)")
        }
        // A task waiting for one the order puts after it: none of them can start (J/K in the app, or the wait removed).
        if sequential {
            for cycle in index.cycles(ifSequential: project, projects: index.sequentialProjects) {
                warn("its order goes against a wait, and none of these can start: " + cycle.dropFirst("dependency cycle: ".count)
                     + "; change the order in the app (J/K in the project's view) or the wait (todomd modify ID --unblock ID)")
            }
        }
    }
}

extension ProjectCommand {
    /// The refusal for a project no task has: the nearest names the vault has, and how to set it anyway.
    static func unknownProject(_ name: String, known: [String]) -> String {
        let key = SequentialProjects.key(name)
        let near = known.map { ($0, EditDistance.between(SequentialProjects.key($0), key, atMost: 3)) }
            .filter { $0.1 != nil }.sorted { ($0.1!, $0.0) < ($1.1!, $1.0) }.prefix(3).map { "\"\($0.0)\"" }
        return "no task has the project \"\(name)\"" + (near.isEmpty ? "" : " (did you mean \(near.joined(separator: " or "))?)")
            + "; nothing was changed. To set it before its first task, add --force"
    }
}

/// Levenshtein distance, or nil past `bound` (a row all past it ends the reckoning early).
enum EditDistance {
    static func between(_ a: String, _ b: String, atMost bound: Int) -> Int? {
        let a = Array(a), b = Array(b)
        guard abs(a.count - b.count) <= bound else { return nil }
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var row = [i + 1]
            for (j, cb) in b.enumerated() {
                row.append(min(previous[j + 1] + 1, row[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
            }
            if row.min()! > bound { return nil }
            previous = row
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }
}
