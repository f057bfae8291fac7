/// Assignees as people write them: Backlog.md's `@alice`, todomd's own
/// `alice`. Compared, matched by rules and grouped without the `@`, in any case.
public enum Assignee {
    /// The name without its `@` (and spaces).
    public static func name(_ written: String) -> String {
        var w = written.trimmingCharacters(in: .whitespaces)
        if w.hasPrefix("@") { w.removeFirst() }
        return w
    }

    /// The folded key rules and groups compare.
    public static func key(_ written: String) -> String { TextFold.key(name(written)) }

    /// As shown: `@alice`.
    public static func shown(_ written: String) -> String { "@" + name(written) }

    /// Several, as shown: `@alice @bob`.
    public static func shown(_ all: [String]) -> String { all.map(shown).joined(separator: " ") }
}

extension VaultProfile {
    /// A new assignee as this vault writes one: `@alice` in Backlog.md, `alice` in todomd's own format.
    public func writtenAssignee(_ name: String) -> String {
        kind == .backlog ? "@" + Assignee.name(name) : Assignee.name(name)
    }
}
