import Yams

/// A frontmatter value as the reader uses it: a scalar's text (and whether
/// it was written plain, which decides what `null` means), a list, or a map
/// (never a field's value; read only to say so). Made from libyaml's events
/// (`FrontmatterEvents`) or, for the rare file those leave to it, from a
/// Yams document.
enum FrontValue: Equatable {
    case scalar(String, plain: Bool)
    case sequence([FrontValue])
    case mapping

    init(_ node: Node) {
        switch node {
        case .scalar(let s): self = .scalar(s.string, plain: s.style == .plain)
        case .sequence(let seq): self = .sequence(seq.map(FrontValue.init))
        default: self = .mapping
        }
    }

    static let nullWords: Set<String> = ["", "~", "null", "Null", "NULL"]

    /// `~`, `null`, or nothing, written plain (`"null"` in quotes is text).
    static func isNull(_ text: String, plain: Bool) -> Bool {
        // Compared as numbers, not hashed: every value of every file is asked. (The same answer as
        // `nullWords.contains`: no other text is `==` to one of these five.)
        guard plain, text.utf8.count <= 4, let word = PackedWord(text) else { return false }
        return packedNullWords.contains(word)
    }
    private static let packedNullWords = nullWords.map { PackedWord($0)! }
}

/// A frontmatter's top-level keys in file order: each key, the line it
/// starts on and the line its value starts on (0-based), and the value.
struct FrontPair: Equatable {
    var key: String
    var keyLine: Int
    var valueLine: Int
    var value: FrontValue
}
