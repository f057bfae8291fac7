import Foundation

/// One task file's links to a renamed file, rewritten to name its new name
/// (tasknotes-spec §11.9): every link in the notes and in quoted frontmatter
/// values, and every bare name in the dependency list (and in the projects,
/// where the vault writes them as links) that named the old file now names the
/// new one. Only the name is replaced: the brackets, a folder or `./`, `.md`,
/// an alias, an anchor, the quotes and every other byte of the file stay. A
/// rename keeps the folder, so a relative link still leads there. A simple name
/// that the new name would share with another file is written with its folder
/// (§11.6). Pure: bytes in, bytes out; the caller reads and writes the file.
public struct ReferenceRewrite {
    /// The renamed file's vault path before and after.
    public let oldPath: String
    public let newPath: String
    /// Says whether a link (as written, in the file at a source path) led to `oldPath` before the rename.
    let ledToOld: (String, String) -> Bool
    /// Write `folder/New` for a simple name (another file has the new name).
    let qualify: Bool

    public init(oldPath: String, newPath: String, qualify: Bool = false, ledToOld: @escaping (_ link: String, _ source: String) -> Bool) {
        self.oldPath = oldPath
        self.newPath = newPath
        self.qualify = qualify
        self.ledToOld = ledToOld
    }

    var oldStem: String { Self.stem(VaultLinks.name(oldPath)) }
    var newStem: String { Self.stem(VaultLinks.name(newPath)) }
    var newFolder: String { (newPath as NSString).deletingLastPathComponent }

    /// The file's new bytes and how many links changed; nil when none did (or the file is not
    /// UTF-8 text with lines this reads, which is then left alone).
    /// The notes start at line `notes`; before them, links are read on `linkLines` (the dependency
    /// and project keys' lines) and whole bare values on `bareLines`.
    public func rewrite(_ bytes: [UInt8], source: String, notes: Int, linkLines: Set<Int>, bareLines: Set<Int>) -> (bytes: [UInt8], count: Int)? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        // (A quick look first: most files never write the old name.)
        guard text.range(of: oldStem, options: [.caseInsensitive]) != nil
                || text.range(of: Self.percentEncoded(oldStem), options: [.caseInsensitive]) != nil else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var count = 0
        var fenced = false
        for n in lines.indices {
            let chars = Array(lines[n])
            let spans: [LinkSpans.Span]
            if n < notes {
                guard linkLines.contains(n) else { continue }
                spans = LinkSpans.inFrontmatter(chars, bareValues: bareLines.contains(n))
            } else {
                let trimmed = chars.drop { $0 == " " || $0 == "\t" }
                if trimmed.starts(with: "```") || trimmed.starts(with: "~~~") { fenced.toggle(); continue }
                if fenced { continue }
                spans = LinkSpans.inNotes(chars)
            }
            var out = chars
            for span in spans.reversed() where span.range.count <= LinkReference.maxLength {
                guard let replaced = retarget(String(chars[span.range]), span: span, source: source) else { continue }
                out.replaceSubrange(span.range, with: Array(replaced))
                count += 1
            }
            if out != chars { lines[n] = String(out) }
        }
        guard count > 0 else { return nil }
        return (Array(lines.joined(separator: "\n").utf8), count)
    }

    /// The span's new text, or nil when it does not name the old file.
    func retarget(_ written: String, span: LinkSpans.Span, source: String) -> String? {
        let value = span.quote == "'" ? written.replacingOccurrences(of: "''", with: "'") : written
        let trimmed = value.trimmedSpaces()
        guard !trimmed.isEmpty, let place = Self.targetRange(trimmed) else { return nil }
        let target = String(trimmed[place])
        let markdown = trimmed.hasPrefix("[") && !trimmed.hasPrefix("[[")
        // A path in angle brackets (`[x](<My Note.md>)`, `<My Note.md>`) needs no encoding of its spaces; TaskNotes decodes it.
        let bracketed = place.lowerBound > trimmed.startIndex && trimmed[trimmed.index(before: place.lowerBound)] == "<"
        let last = target.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? target
        let name = markdown || bracketed ? LinkResolver.percentDecoded(last) : last
        // The link must name the file by its name (not by an id, as `[[task-12]]` names a Backlog.md task)…
        guard Self.stem(name).lowercased() == oldStem.lowercased() else { return nil }
        // …and have led to it.
        guard ledToOld(trimmed, source) else { return nil }
        let hasMD = name.lowercased().hasSuffix(".md")
        var newName = newStem
        // A markdown link's path percent-encoded as it was (or as it must be, for a space or a parenthesis it did not have).
        if markdown || bracketed, last.contains("%") || (!bracketed && !last.contains(" ") && newName.contains(where: { "() ".contains($0) })) {
            newName = Self.percentEncoded(newName)
        }
        newName += hasMD ? String(name.suffix(3)) : ""
        var newTarget = String(target.dropLast(last.count)) + newName
        let wikilink = trimmed.hasPrefix("[[")
        if qualify, !newFolder.isEmpty, !target.contains("/"), wikilink || span.wholeScalar { newTarget = newFolder + "/" + newTarget }
        var rewritten = trimmed
        rewritten.replaceSubrange(place, with: newTarget)
        // Spaces around the value as written.
        let lead = value.prefix { $0 == " " }, trail = String(value.reversed().prefix { $0 == " " })
        rewritten = lead + rewritten + trail
        switch span.quote {
        case "'": return rewritten.replacingOccurrences(of: "'", with: "''")
        case "\"": return rewritten.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        default:
            if span.wholeScalar, !YAMLScalarText.isPlainSafe(rewritten) { return YAMLScalarText.doubleQuoted(rewritten) }
            return rewritten
        }
    }

    /// Where the file's name is in a link or bare value: a wikilink's target (before `#` or `|`),
    /// a markdown link's path (before `#`), or the whole of a bare name or path; inside the
    /// angle brackets of `[x](<path>)` or `<path>`.
    static func targetRange(_ s: String) -> Range<String.Index>? {
        var start = s.startIndex, end = s.endIndex
        if s.hasPrefix("[[") {
            guard s.hasSuffix("]]"), s.count > 4 else { return nil }
            start = s.index(s.startIndex, offsetBy: 2)
            end = s.index(s.endIndex, offsetBy: -2)
            if let cut = s[start..<end].firstIndex(where: { $0 == "|" || $0 == "#" }) { end = cut }
        } else {
            if s.hasPrefix("[") {
                guard s.hasSuffix(")"), let open = s.range(of: "](") else { return nil }
                start = open.upperBound
                end = s.index(before: s.endIndex)
            }
            let inner = LinkReference.angleBracketed(s[start..<end])
            if let inner { (start, end) = (inner.startIndex, inner.endIndex) }
            // (A bare name is read whole: `Task #1` is a name, `<Task.md#h>` a link with an anchor.)
            if s.hasPrefix("[") || inner != nil, let cut = s[start..<end].firstIndex(of: "#") { end = cut }
        }
        while start < end, s[start] == " " { start = s.index(after: start) }
        while end > start, s[s.index(before: end)] == " " { end = s.index(before: end) }
        return start < end ? start..<end : nil
    }

    /// A file name without `.md`.
    static func stem(_ name: String) -> String { name.lowercased().hasSuffix(".md") ? String(name.dropLast(3)) : name }

    static func percentEncoded(_ s: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "()")
        return s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s
    }
}
