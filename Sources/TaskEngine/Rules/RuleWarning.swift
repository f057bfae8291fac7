/// A rule the engine skipped or a limit passed, with where it is in the tree
/// (`rules.conditions[2].conditions[0]`).
public struct RuleWarning: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
