/// The `projects` key of `.perspectives.json`: settings of a project (by its
/// name) that belong to no perspective, in any vault's profile:
///
///     "projects": {"Q4 Report": {"sequential": true, "manual_order": ["a.md", "b.md"]}}
///
/// A project's other keys, and projects todomd has no setting for, are kept.
extension PerspectivesDocument {
    /// Projects whose tasks wait for each other in turn, with their orders.
    public var sequentialProjects: SequentialProjects {
        SequentialProjects((projects.objectPairs ?? []).map { name, entry in
            SequentialProjects.Project(name: name, sequential: entry["sequential"]?.bool ?? false,
                                       stated: entry["sequential"]?.bool != nil, manualOrder: entry["manual_order"]?.array?.compactMap(\.string) ?? [])
        })
    }

    /// Makes a project sequential or parallel (`"sequential": false`, kept so the file says what was chosen).
    public mutating func setSequential(_ name: String, _ sequential: Bool) {
        updateProject(name) { $0.set("sequential", .bool(sequential)) }
    }

    /// A project's order of tasks, first to last (nil: none).
    public mutating func setProjectOrder(_ name: String, _ order: [String]?) {
        updateProject(name) { $0.set("manual_order", order.map { .strings($0) }) }
    }

    /// The entry of `name`, found ignoring case as rules compare projects (written under `name` when new).
    mutating func updateProject(_ name: String, _ change: (inout JSONValue) -> Void) {
        guard case .object(var pairs) = projects else { return }
        let key = SequentialProjects.key(name)
        if let i = pairs.firstIndex(where: { SequentialProjects.key($0.0) == key }) {
            change(&pairs[i].1)
        } else {
            var entry = JSONValue.object([])
            change(&entry)
            pairs.append((name.trimmedSpaces(), entry))
        }
        projects = .object(pairs)
    }
}
