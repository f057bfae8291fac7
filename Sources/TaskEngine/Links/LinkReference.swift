/// A link as a task file writes it, taken apart (tasknotes-spec §11.3):
/// `[[target#anchor|alias]]` (a wikilink), `[alias](target#anchor)` (a
/// markdown link, its path maybe in angle brackets: `[alias](<my note.md>)`),
/// `<my note.md>` (read as TaskNotes reads it: a wikilink's target) or a bare
/// path (`./a.md`, `folder/a.md`, `/a.md`). Parsing
/// looks at the text alone; where the link points is `LinkResolver`'s work.
public struct LinkReference: Hashable, Sendable {
    public enum Format: String, Sendable { case wikilink, markdown, path }

    /// The text exactly as written (trimmed of surrounding spaces).
    public var raw: String
    /// The file named, without anchor or alias: `docs/api`, `../task.md`.
    public var target: String
    public var alias: String?
    public var anchor: String?
    public var format: Format
    /// The target starts with `./` or `../`.
    public var isRelative: Bool { target.hasPrefix("./") || target.hasPrefix("../") }

    /// Longest link read, in bytes: a longer value is refused (`invalid_link_format`), not scanned.
    public static let maxLength = 4096

    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case invalid(String), tooLong(Int)

        /// The spec's issue code.
        public var code: String { "invalid_link_format" }

        public var description: String {
            switch self {
            case .invalid(let s): return "invalid_link_format: '\(s)' is not a link ([[Note]], [text](path.md) or a path like folder/note.md)"
            case .tooLong(let n): return "invalid_link_format: a link of \(n) bytes (at most \(LinkReference.maxLength))"
            }
        }
    }

    public init(raw: String, target: String, alias: String? = nil, anchor: String? = nil, format: Format) {
        self.raw = raw
        self.target = target
        self.alias = alias
        self.anchor = anchor
        self.format = format
    }

    public static func parse(_ text: String) throws(Refusal) -> LinkReference {
        guard text.utf8.count <= maxLength else { throw .tooLong(text.utf8.count) }
        let value = text.trimmedSpaces()
        let shown = BoundedQuote.prefix(value)
        guard !value.isEmpty else { throw .invalid(shown) }
        if value.hasPrefix("[["), value.hasSuffix("]]"), value.count > 4 {
            let inner = value.dropFirst(2).dropLast(2)
            let (head, alias) = split(inner, at: "|")
            let (target, anchor) = split(head, at: "#")
            let t = String(target).trimmedSpaces()
            guard !t.isEmpty, !t.contains("[["), !t.contains("]]") else { throw .invalid(shown) }
            return LinkReference(raw: value, target: t, alias: nonEmpty(alias), anchor: nonEmpty(anchor), format: .wikilink)
        }
        if value.hasPrefix("["), value.hasSuffix(")"), let close = value.firstIndex(of: "]"),
           value.index(after: close) < value.endIndex, value[value.index(after: close)] == "(" {
            let label = value[value.index(after: value.startIndex)..<close]
            var inside = value[value.index(close, offsetBy: 2)..<value.index(before: value.endIndex)]
            // `[text](<path with spaces.md>)`: the brackets only hold the path together (TaskNotes' parseLinkToPath strips them).
            if let bracketed = angleBracketed(inside) { inside = bracketed }
            let (target, anchor) = split(inside, at: "#")
            let t = String(target).trimmedSpaces()
            guard !t.isEmpty, !t.contains(")"), !t.contains("(") else { throw .invalid(shown) }
            return LinkReference(raw: value, target: t, alias: nonEmpty(label), anchor: nonEmpty(anchor), format: .markdown)
        }
        if let inner = angleBracketed(value[...]) {
            // `<Note.md>`, `<folder/My%20Note.md#h>`: TaskNotes reads the path inside as a wikilink's target
            // (decoded, found by name or from the root as Obsidian finds `[[…]]`), so it is one here.
            let (target, anchor) = split(Substring(LinkResolver.percentDecoded(String(inner))), at: "#")
            let t = String(target).trimmedSpaces()
            guard !t.isEmpty, !t.contains("<"), !t.contains(">"), !t.contains("[["), !t.contains("]]"), !t.contains("|"), !t.contains("://") else { throw .invalid(shown) }
            return LinkReference(raw: value, target: t, anchor: nonEmpty(anchor), format: .wikilink)
        }
        if isBarePath(value) { return LinkReference(raw: value, target: value, format: .path) }
        throw .invalid(shown)
    }

    /// What is inside `<…>` (trimmed), when the text is so bracketed and holds something.
    static func angleBracketed(_ s: Substring) -> Substring? {
        var t = s
        while t.first == " " { t = t.dropFirst() }
        while t.last == " " { t = t.dropLast() }
        guard t.count > 2, t.first == "<", t.last == ">" else { return nil }
        var inner = t.dropFirst().dropLast()
        while inner.first == " " { inner = inner.dropFirst() }
        while inner.last == " " { inner = inner.dropLast() }
        return inner.isEmpty ? nil : inner
    }

    /// `./x`, `../x`, `/x`, or a first folder of plain name characters and then more (`notes/a.md`);
    /// not a URL (`http://…` has a colon in its first part).
    static func isBarePath(_ value: String) -> Bool {
        if value.hasPrefix("./") || value.hasPrefix("../") || value.hasPrefix("/") { return value.count > 1 }
        guard let slash = value.firstIndex(of: "/"), slash > value.startIndex, value.index(after: slash) < value.endIndex else { return false }
        return value[..<slash].unicodeScalars.allSatisfy { s in
            (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "." || s == "_" || s == "-"
        }
    }

    private static func split(_ s: Substring, at separator: Character) -> (Substring, Substring?) {
        guard let i = s.firstIndex(of: separator) else { return (s, nil) }
        return (s[..<i], s[s.index(after: i)...])
    }

    private static func nonEmpty(_ s: Substring?) -> String? {
        guard let s, case let t = String(s).trimmedSpaces(), !t.isEmpty else { return nil }
        return t
    }
}
