/// A task's list fields edited as lists (`ListEdit`): the projects (the first
/// is `project`, the rest `otherProjects` as written) and the contexts.
extension TaskItem {
    /// Every project as the file writes it: the first as a link where the vault links them.
    public func projectItems(asLinks: Bool) -> [String] {
        let others = asLinks ? otherProjects.map(Self.link) : otherProjects
        guard let project else { return others }
        return [asLinks ? "[[\(project)]]" : project] + others
    }

    /// `Home` → `[[Home]]`; a link stays as written.
    static func link(_ name: String) -> String { name.hasPrefix("[[") ? name : "[[\(name)]]" }

    /// The other projects as the vault writes them (a name typed in the form becomes a link where projects are links).
    public mutating func linkOtherProjects(_ asLinks: Bool) {
        if asLinks, otherProjects.contains(where: { !$0.hasPrefix("[[") }) { otherProjects = otherProjects.map(Self.link) }
    }

    /// Every project as shown (`Home`, not `[[Home]]`).
    public var projects: [String] { (project.map { [$0] } ?? []) + otherProjects.map(VaultProfile.plain) }

    /// Applies `edit` to the projects: the first is the one shown, the others keep their text.
    public mutating func editProjects(_ edit: ListEdit, asLinks: Bool) {
        let items = edit.apply(to: projectItems(asLinks: asLinks), same: { VaultProfile.plain($0).lowercased() == VaultProfile.plain($1).lowercased() },
                               item: { asLinks ? Self.link($0) : $0 })
        setProjects(items)
    }

    /// The projects from a whole list (as the form edits it): items as written (`[[Home]]`) or as names.
    public mutating func setProjects(_ items: [String]) {
        settle(.project)
        project = items.first.map { $0.hasPrefix("[[") ? VaultProfile.plain($0) : $0 }
        otherProjects = Array(items.dropFirst())
    }

    /// Applies `edit` to the contexts (written without `@`).
    public mutating func editContexts(_ edit: ListEdit) {
        settle(.contexts)
        let bare: (String) -> String = { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }
        contexts = edit.apply(to: contexts, same: { bare($0).lowercased() == bare($1).lowercased() }, item: bare)
    }
}
