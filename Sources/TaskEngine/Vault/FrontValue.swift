import Yams

/// A frontmatter value as the reader uses it: a scalar's text (and whether
/// it was written plain, which decides what `null` means), a list, or a map
/// (its pairs in file order: a dependency entry is one, `{uid, reltype}`). Made from libyaml's events
/// (`FrontmatterEvents`) or, for the rare file those leave to it, from a
/// Yams document.
enum FrontValue: Equatable {
    case scalar(String, plain: Bool)
    case sequence([FrontValue])
    case mapping([FrontEntry])

    init(_ node: Node) {
        switch node {
        case .scalar(let s): self = .scalar(s.string, plain: s.style == .plain)
        case .sequence(let seq): self = .sequence(seq.map(FrontValue.init))
        case .mapping(let map): self = .mapping(map.map { FrontEntry(key: $0.key.string ?? "", value: FrontValue($0.value)) })
        default: self = .mapping([])
        }
    }

    /// A map's value for `key` (the first, if the key is repeated); nil for another value or no such key.
    func value(_ key: String) -> FrontValue? {
        guard case .mapping(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// A scalar's text, nil for null or another kind of value.
    var text: String? {
        guard case .scalar(let t, let plain) = self, !FrontValue.isNull(t, plain: plain) else { return nil }
        return t
    }

    static let nullWords: Set<String> = ["", "~", "null", "Null", "NULL"]

    /// The entries of a value read as a list: a list's items, one value or map alone as a
    /// list of one, none for a null.
    var listItems: [FrontValue] {
        switch self {
        case .scalar(let t, let plain): return Self.isNull(t, plain: plain) ? [] : [self]
        case .sequence(let list): return list
        case .mapping: return [self]
        }
    }

    /// `~`, `null`, or nothing, written plain (`"null"` in quotes is text).
    static func isNull(_ text: String, plain: Bool) -> Bool {
        // Compared as numbers, not hashed: every value of every file is asked. (The same answer as
        // `nullWords.contains`: no other text is `==` to one of these five.)
        guard plain, text.utf8.count <= 4, let word = PackedWord(text) else { return false }
        return packedNullWords.contains(word)
    }
    private static let packedNullWords = nullWords.map { PackedWord($0)! }
}

/// One key and value of a map inside a frontmatter value.
struct FrontEntry: Equatable {
    var key: String
    var value: FrontValue
}

/// A frontmatter's top-level keys in file order: each key, the line it
/// starts on and the line its value starts on (0-based), and the value.
struct FrontPair: Equatable {
    var key: String
    var keyLine: Int
    var valueLine: Int
    var value: FrontValue
}
