import Foundation

/// Where a link points in a vault (tasknotes-spec §11.4, §11.5): a path from
/// the vault's root, never outside it. The vault is seen through three
/// questions, so the same rules serve a loaded vault (`VaultLinks`) and the
/// conformance bridge's list of files.
public struct LinkResolver {
    public enum Outcome: Hashable, Sendable {
        /// The file exists.
        case found(String)
        /// A path-qualified link to a file that is not there (the path it names).
        case missing(String)
        /// A simple name no file has.
        case unresolved
        /// A simple name several files have (their paths, sorted).
        case ambiguous([String])

        public var path: String? {
            switch self {
            case .found(let p), .missing(let p): return p
            case .unresolved, .ambiguous: return nil
            }
        }
    }

    /// The link would leave the vault (`path_traversal`, an error whatever the settings).
    public struct Traversal: Error, Equatable, CustomStringConvertible {
        public var link: String
        /// The vault path that leads out once its symbolic links are followed (nil: the link's own `..` do).
        public var through: String? = nil
        public var description: String {
            "path_traversal: \(BoundedQuote.prefix(link)) points outside the vault"
                + (through.map { " (\(BoundedQuote.prefix($0)) is a symbolic link, or in a linked folder, leading out of it)" } ?? "")
        }
    }

    /// Extensions tried, in order, for a target written without one (`links.extensions`).
    public var extensions: [String]
    /// Whether a file exists at this vault path.
    public var exists: (String) -> Bool
    /// The paths of files with exactly this file name (`name.md`), anywhere in the vault.
    public var named: (String) -> [String]
    /// The paths of files whose `id` is this (the spec's ID pass, before file names).
    public var withID: (String) -> [String]
    /// The paths of files whose file name, in lower case, is this (asked only when no file has the name as written).
    public var namedIgnoringCase: (String) -> [String]
    /// Whether the file at this vault path (or the part of the path that exists), its symbolic links
    /// followed, is still inside the vault (`VaultContainment`); asked of every path a link leads to.
    public var inside: (String) -> Bool

    public init(extensions: [String] = [".md"], exists: @escaping (String) -> Bool, named: @escaping (String) -> [String],
                withID: @escaping (String) -> [String] = { _ in [] }, namedIgnoringCase: @escaping (String) -> [String] = { _ in [] },
                inside: @escaping (String) -> Bool = { _ in true }) {
        self.extensions = extensions.isEmpty ? [".md"] : extensions
        self.exists = exists
        self.named = named
        self.withID = withID
        self.namedIgnoringCase = namedIgnoringCase
        self.inside = inside
    }

    /// Where `link`, written in the file at `source`, points: never a file outside the vault,
    /// by `..` (§11.5) or by a symbolic link on the way (`inside`).
    public func resolve(_ link: LinkReference, from source: String) throws(Traversal) -> Outcome {
        let outcome = try place(link, from: source)
        if let path = outcome.path, !inside(path) { throw Traversal(link: link.raw, through: path) }
        return outcome
    }

    func place(_ link: LinkReference, from source: String) throws(Traversal) -> Outcome {
        let sourceDir = Self.folder(of: source)
        var target = link.target
        if link.format == .markdown { target = Self.percentDecoded(target) }
        switch link.format {
        case .markdown, .path:
            if target.hasPrefix("/") { return try qualified(Self.normalized(target, in: [], link: link.raw)) }
            return try qualified(Self.normalized(target, in: sourceDir, link: link.raw))
        case .wikilink:
            if link.isRelative {
                let path = try Self.normalized(target, in: sourceDir, link: link.raw)
                // A relative wikilink stays inside the top folder its file is in: one that climbs to
                // the vault's root (or past it) is refused, as the spec's fixtures have it (link.0029, link.0032).
                if let top = sourceDir.first, path.count < 2 || path[0] != top { throw Traversal(link: link.raw) }
                return qualified(path)
            }
            if target.hasPrefix("/") || target.contains("/") { return try qualified(Self.normalized(target, in: [], link: link.raw)) }
            return simpleName(target)
        }
    }

    /// A path named in full: the file, trying the extensions when it has none.
    func qualified(_ parts: [String]) -> Outcome {
        let path = parts.joined(separator: "/")
        if Self.hasExtension(path) {
            return exists(path) ? .found(path) : .missing(path)
        }
        for ext in extensions where exists(path + ext) { return .found(path + ext) }
        if exists(path) { return .found(path) }
        return .missing(path + extensions[0])
    }

    /// A bare name: the file whose id it is, else the file of that name (§11.4 step 3), as written,
    /// else ignoring case (as Obsidian finds `[[write-docs]]` in `Write-Docs.md`).
    func simpleName(_ name: String) -> Outcome {
        let ids = Array(Set(withID(name))).sorted()
        if ids.count == 1 { return .found(ids[0]) }
        if ids.count > 1 { return .ambiguous(ids) }
        let names = Self.hasExtension(name) ? [name] : extensions.map { name + $0 }
        for lookup in [named, { namedIgnoringCase($0.lowercased()) }] {
            for file in names {
                let found = Array(Set(lookup(file))).sorted()
                if found.count == 1 { return .found(found[0]) }
                if found.count > 1 { return .ambiguous(found) }
            }
        }
        return .unresolved
    }

    /// The folders of a vault path (`a/b/c.md` → `["a", "b"]`).
    static func folder(of path: String) -> [String] {
        Array(path.split(separator: "/", omittingEmptySubsequences: true).dropLast().map(String.init))
    }

    /// `target` taken from `base`, with `.` and `..` applied; refused when a `..` would climb out of the vault.
    static func normalized(_ target: String, in base: [String], link: String) throws(Traversal) -> [String] {
        var parts = base
        for part in target.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { throw Traversal(link: link) }
                parts.removeLast()
                continue
            }
            parts.append(String(part))
        }
        guard !parts.isEmpty else { throw Traversal(link: link) }
        return parts
    }

    /// The last part of the path has an extension (`a.md`, `photo.jpg`; not `v1.` nor `.hidden`).
    static func hasExtension(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return false }
        let ext = name[name.index(after: dot)...]
        return !ext.isEmpty && ext.unicodeScalars.allSatisfy { ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") }
    }

    /// `%20` and the like decoded (a markdown link's path is written so); text that does not decode stays as written.
    static func percentDecoded(_ s: String) -> String {
        guard s.contains("%") else { return s }
        return s.removingPercentEncoding ?? s
    }
}
