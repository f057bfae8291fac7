import Foundation

/// The names sync tools give the copy they leave beside a file edited in two
/// places, read from the name alone. Some shapes say "conflict" outright;
/// others (`x 2.md`, `x (1).md`, `x-MYPC.md`) are also what people and apps
/// name ordinary files, so they count only with more evidence (see `Evidence`).
public enum SyncConflictName {
    /// What, besides the name, a copy of this shape needs to count as one.
    public enum Evidence: Equatable, Sendable {
        /// The name says so: both files being tasks is enough.
        case name
        /// Both files are tasks with the same title (Google Drive's `x (1).md`,
        /// OneDrive's suffix with a machine name that is not a default one).
        case sameTitle
        /// The same, and never in an Obsidian vault, where `x 2.md` is how
        /// Obsidian itself names a duplicate (iCloud's `x 2.md`).
        case sameTitleOutsideObsidian
    }

    /// One shape: the tool that makes it, its pattern (matched against the
    /// file name without its extension), what it needs besides.
    struct Shape: Sendable {
        let tool: String
        let pattern: NSRegularExpression
        let evidence: Evidence

        /// Nil for a pattern that does not compile: that shape is left out, never a trap
        /// (the patterns are constants, and the tests match a name of every shape).
        init?(_ tool: String, _ pattern: String, _ evidence: Evidence) {
            guard let compiled = try? NSRegularExpression(pattern: pattern) else { return nil }
            self.tool = tool
            self.pattern = compiled
            self.evidence = evidence
        }
    }

    static let shapes: [Shape] = ([
        // Syncthing: `x.sync-conflict-20261127-153012-ABCDEFG.md` (the device's short id).
        Shape("Syncthing", #"\.sync-conflict-[0-9]{8}-[0-9]{6}(-[A-Za-z0-9]{1,7})?$"#, .name),
        // Dropbox `x (Anna's conflicted copy 2026-11-27).md`, Nextcloud and
        // ownCloud `x (conflicted copy 2026-11-27 153012).md`.
        Shape("Dropbox, Nextcloud, ownCloud", #" \([^()]*conflicted copy [0-9]{4}-[0-9]{2}-[0-9]{2}[^()]*\)$"#, .name),
        // ownCloud's older clients: `x_conflict-20261127-153012.md`.
        Shape("ownCloud", #"_conflict-[0-9]{8}-[0-9]{6}$"#, .name),
        // Resilio Sync: `x.Conflict.md`, `x.Conflict1.md`, `x.Conflict 3.md`.
        Shape("Resilio", #"\.Conflict( ?[0-9]+)?$"#, .name),
        // OneDrive appends the machine's name; Windows' default names are unmistakable.
        Shape("OneDrive", #"-(DESKTOP|LAPTOP)-[A-Z0-9]{7,8}$"#, .name),
        Shape("OneDrive", #"-(?=[A-Z0-9]*[A-Z])[A-Z0-9]{2,15}$"#, .sameTitle),
        // Google Drive: `x (1).md`.
        Shape("Google Drive", #" \([0-9]{1,3}\)$"#, .sameTitle),
        // iCloud: `x 2.md`.
        Shape("iCloud", #" [2-9]$"#, .sameTitleOutsideObsidian),
    ] as [Shape?]).compactMap { $0 }

    /// The original's path for a copy's path, what else it takes to count, and
    /// the tool; nil when the name has no copy's shape.
    public static func match(_ path: String) -> (original: String, evidence: Evidence, tool: String)? {
        let (folder, name, ext) = split(path)
        let stem = String(name), ns = stem as NSString
        for shape in shapes {
            guard let m = shape.pattern.firstMatch(in: stem, range: NSRange(location: 0, length: ns.length)), m.range.location > 0 else { continue }
            return (folder + ns.substring(to: m.range.location) + ext, shape.evidence, shape.tool)
        }
        return nil
    }

    /// A path as its folder (with its `/`), the file name's stem, and its
    /// extension (with its `.`; none for a name whose only dot is its first).
    static func split(_ path: String) -> (folder: String, stem: Substring, ext: Substring) {
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[nameStart...]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (String(path[..<nameStart]), name, "") }
        return (String(path[..<nameStart]), name[..<dot], name[dot...])
    }

    /// A cheap first look (no pattern matching) that rules out nearly every
    /// name: it says yes to every name `match` can match, and to few others.
    static func mayMatch(_ u: UnsafeBufferPointer<UInt8>) -> Bool {
        // Where the stem ends: before the file name's last ".", unless that is its first byte (as `split`).
        var end = u.count
        var i = u.count - 1
        while i >= 0, u[i] != 0x2F {
            if u[i] == 0x2E {
                if i > 0, u[i - 1] != 0x2F { end = i }
                break
            }
            i -= 1
        }
        if end >= 2, u[end - 2] == 0x20, (0x32...0x39).contains(u[end - 1]) { return true }  // " 2"
        if end >= 1, u[end - 1] == 0x29 { return true }  // "(1)", "(… conflicted copy …)"
        // "-MYPC": a hyphen, then capitals and digits to the stem's end.
        var j = end - 1, letters = 0
        while j >= 0, end - j <= 16, (0x41...0x5A).contains(u[j]) || (0x30...0x39).contains(u[j]) {
            if u[j] >= 0x41 { letters += 1 }
            j -= 1
        }
        if j >= 0, u[j] == 0x2D, end - j >= 3, letters > 0 { return true }
        // "conflict" or "Conflict" anywhere: its eight bytes compared as one number at each place.
        guard u.count >= 8, let base = UnsafeRawPointer(u.baseAddress) else { return false }
        for k in 0...(u.count - 8) {
            let word = base.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            if word == conflictWord || word == capitalConflictWord { return true }
        }
        return false
    }

    private static let conflictWord = Array("conflict".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    private static let capitalConflictWord = Array("Conflict".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }

    /// Whether the vault is an Obsidian vault (it has a `.obsidian` folder).
    public static func isObsidianVault(_ root: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: root + "/.obsidian", isDirectory: &isDir) && isDir.boolValue
    }
}
