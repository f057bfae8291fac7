import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a vault path stays in the vault once the system follows its
/// symbolic links: `linkdir/secret.md`, where `linkdir` is a link to a folder
/// elsewhere, or `secret.md`, itself a link to a file elsewhere, does not,
/// though its text has no `..`. The vault's walk never enters a linked
/// folder, so a link must not lead through one to a file it never listed
/// (and that `Enter` would open in the editor). A path that does not exist is
/// judged by the part of it that does. Asked only of the paths links lead to,
/// never while a vault is read.
public struct VaultContainment: Sendable {
    public let root: String
    /// The root's own real path (itself maybe reached through a link, as `/tmp` is on some systems).
    private let base: String

    public init(root: String) {
        self.root = root
        base = Self.realPath(root) ?? root
    }

    /// `path` (from the root) and what it links to are inside the vault.
    public func contains(_ path: String) -> Bool {
        var parts = path.split(separator: "/", omittingEmptySubsequences: true)
        while !parts.isEmpty {
            if let real = Self.realPath(root + "/" + parts.joined(separator: "/")) {
                return real == base || real.hasPrefix(base == "/" ? "/" : base + "/")
            }
            // (Not there, or a link to nothing: the folder it would be in is what decides.)
            parts.removeLast()
        }
        return true
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
