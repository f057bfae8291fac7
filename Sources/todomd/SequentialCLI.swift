import TaskEngine

/// How the commands take in sequential projects: the waits they imply are
/// known from the perspectives file (and a TaskNotes vault's project notes),
/// not from the tasks' own files, so what is kept of the tasks alone (the
/// cache's rule columns) cannot answer a rule on `blocked` while one is set.
enum SequentialCLI {
    /// Whether the cache's columns may answer `p` (false: the vault is read).
    static func cacheMayAnswer(_ p: Perspective, store: PerspectiveStore) -> Bool {
        store.document.sequentialProjects.isEmpty || !asksForDependencies(p.rules)
    }

    /// Whether a condition of `rules` is on the `blocked` field, enabled or not.
    static func asksForDependencies(_ rules: RuleGroup) -> Bool {
        rules.conditions.contains { node in
            switch node {
            case .group(let g): return asksForDependencies(g)
            case .condition(let c): return c.field == "blocked"
            }
        }
    }

    /// The sequential projects as a count's question includes them (empty when none is set, so
    /// a vault without any keeps the counts it memoised).
    static func questionText(_ store: PerspectiveStore) -> String {
        let projects = store.document.sequentialProjects
        guard !projects.isEmpty else { return "" }
        return projects.byKey.sorted { $0.key < $1.key }.filter(\.value.sequential)
            .map { "\($0.key)\u{1}" + $0.value.manualOrder.joined(separator: "\u{1}") }.joined(separator: "\u{2}")
    }
}

extension PerspectiveStore {
    /// The vault's perspectives file, read.
    static func loaded(_ root: String) -> PerspectiveStore {
        let store = PerspectiveStore(vaultRoot: root)
        store.load()
        return store
    }
}

extension TaskIndex {
    /// The perspectives file's sequential projects joined to those the index has (a TaskNotes vault's project notes).
    mutating func addSequentialProjects(from store: PerspectiveStore) {
        let projects = store.document.sequentialProjects
        // (Any entry counts: `"sequential": false` makes a note's project parallel.)
        guard !projects.byKey.isEmpty else { return }
        setSequentialProjects(projects.merging(sequentialProjects))
    }
}
