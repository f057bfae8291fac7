/// A link rewritten for a file that moved from `oldPath` to `newPath`
/// (tasknotes-spec §11.9): a link that named the old file names the new one,
/// in its own form (a simple name stays a simple name, a path stays a path,
/// `.md` stays written or not), keeping its alias and anchor. Any other text
/// comes back as it was. (Paths are from the vault's root; a relative link
/// cannot be told apart without the file it is in, and is left alone.)
public enum LinkRename {
    public static func update(_ reference: String, from oldPath: String, to newPath: String) -> String {
        guard let link = try? LinkReference.parse(reference), !link.isRelative else { return reference }
        let old = stem(oldPath), new = stem(newPath)
        let oldName = old.split(separator: "/").last.map(String.init) ?? old
        let newName = new.split(separator: "/").last.map(String.init) ?? new
        let target = stem(link.target)
        let withExtension = link.target.lowercased().hasSuffix(".md")
        let replacement: String
        if target == old {
            replacement = (link.target.hasPrefix("/") ? "/" : "") + new
        } else if link.format == .wikilink, !link.target.contains("/"), target == oldName {
            replacement = newName
        } else {
            return reference
        }
        let written = replacement + (withExtension ? ".md" : "")
        switch link.format {
        case .wikilink:
            return "[[" + written + (link.anchor.map { "#" + $0 } ?? "") + (link.alias.map { "|" + $0 } ?? "") + "]]"
        case .markdown:
            return "[" + (link.alias ?? "") + "](" + written + (link.anchor.map { "#" + $0 } ?? "") + ")"
        case .path:
            return written
        }
    }

    /// A path without a leading `/` and without `.md`.
    static func stem(_ path: String) -> String {
        var p = Substring(path.trimmedSpaces())
        while p.hasPrefix("/") { p = p.dropFirst() }
        if p.lowercased().hasSuffix(".md") { p = p.dropLast(3) }
        return String(p)
    }
}
