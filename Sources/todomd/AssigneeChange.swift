import TaskEngine

/// `modify --assignee`: `+a` adds a, `-a` removes a, `a` alone replaces the
/// first assignee and keeps the others, `none` clears them. Names are
/// compared without `@`, in any case; a new one is written as the vault
/// writes them (`@a` in Backlog.md).
struct AssigneeChange {
    enum Step: Equatable { case add(String), remove(String), replaceFirst(String), clear }
    var steps: [Step] = []

    static func parse(_ values: [String]) throws -> AssigneeChange {
        var out = AssigneeChange()
        for v in values {
            let t = v.trimmingCharacters(in: .whitespacesAndNewlines)
            if t.lowercased() == "none" { out.steps.append(.clear); continue }
            let name = Assignee.name(String(t.drop { $0 == "+" || $0 == "-" }))
            guard !name.isEmpty else { throw CLIError("--assignee needs a name: +name adds, -name removes, name replaces the first, none clears") }
            guard !name.contains(where: { $0 == "," || $0 == "[" || $0 == "]" || $0.isNewline }) else {
                throw CLIError("--assignee: '\(name)' cannot hold , [ ] or a line break")
            }
            out.steps.append(t.hasPrefix("+") ? .add(name) : t.hasPrefix("-") ? .remove(name) : .replaceFirst(name))
        }
        return out
    }

    func apply(to t: inout TaskItem, profile: VaultProfile) {
        var list = t.assignees
        func has(_ name: String) -> Int? { list.firstIndex { Assignee.key($0) == Assignee.key(name) } }
        for step in steps {
            switch step {
            case .clear: list = []
            case .add(let name): if has(name) == nil { list.append(profile.writtenAssignee(name)) }
            case .remove(let name): list.removeAll { Assignee.key($0) == Assignee.key(name) }
            case .replaceFirst(let name):
                if let i = has(name) { list.remove(at: i) }
                if list.isEmpty { list = [profile.writtenAssignee(name)] } else { list[0] = profile.writtenAssignee(name) }
            }
        }
        if list != t.assignees { t.assignees = list }
    }
}
