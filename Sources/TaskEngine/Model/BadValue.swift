/// A field whose value in the file cannot be read as that field (a `due` of
/// `recurring-monthly`, a `status` written as a list). The task is still a
/// task: rules, sorts and groups see the field as absent, the detail pane and
/// `show` give the text as written with ⚠, `problems` names it, and a write of
/// other fields leaves its line as it is. Only setting or clearing the field
/// itself replaces that line.
public struct BadValue: Hashable, Sendable {
    public var field: TaskField
    /// The key the file holds it under.
    public var key: String
    /// The value as written (a list shown in `[a, b]` form).
    public var raw: String
    /// What the field should hold: "a date (YYYY-MM-DD …)".
    public var expected: String

    public init(field: TaskField, key: String, raw: String, expected: String) {
        self.field = field
        self.key = key
        self.raw = raw
        self.expected = expected
    }

    /// One line for `problems` and the `!` panel.
    public var problem: String { "`\(key)` is \"\(raw)\", not \(expected); read as absent until it is fixed or cleared" }

    /// How `show` and the detail pane give it.
    public var shown: String { "⚠ \(raw) (not \(expected))" }
}

extension FrontValue {
    /// The value as written, for a field that cannot hold it: a scalar's text,
    /// a list in flow form.
    var writtenText: String {
        switch self {
        case .scalar(let t, _): return t
        case .sequence(let items): return "[" + items.map(\.writtenText).joined(separator: ", ") + "]"
        case .mapping: return "{…}"
        }
    }
}
