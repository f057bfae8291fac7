import Foundation
import TaskEngine
import Yams

/// What todomd remembers about one vault between runs: the perspective shown
/// last, the quick filter (with its project order) and the quick-add lines. Kept per vault, so two
/// vaults never share a project order, in
/// `$XDG_STATE_HOME/todomd/vaults/<folder>-<hash>.yaml` (else `~/.local/state/…`).
/// Older versions kept these in config.yaml; those values are read when a
/// vault has no session file yet.
public struct VaultSession: Codable, Hashable, Sendable {
    public var lastPerspective: String?
    public var quickFilter: QuickFilter?
    /// Earlier quick-add lines, oldest first (↑ in quick add).
    public var addHistory: [String]?

    enum CodingKeys: String, CodingKey {
        case lastPerspective = "last_perspective", quickFilter = "quick_filter", addHistory = "quick_add_history"
    }

    public init(lastPerspective: String? = nil, quickFilter: QuickFilter? = nil, addHistory: [String]? = nil) {
        self.lastPerspective = lastPerspective
        self.quickFilter = quickFilter
        self.addHistory = addHistory
    }

    public static func path(vaultRoot: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let base: String
        if let x = environment["XDG_STATE_HOME"], x.hasPrefix("/") {  // (a relative one is ignored, as the XDG spec says)
            base = x
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.local/state"
        } else {
            return nil
        }
        let folder = Slug.make((vaultRoot as NSString).lastPathComponent, maxLength: 30)
        let hash = String(FileFingerprint(bytes: Array(vaultRoot.utf8)).hash, radix: 16)
        return base + "/todomd/vaults/\(folder)-\(hash).yaml"
    }

    /// The session, or an empty one and why the file could not be read.
    public static func load(from path: String?) -> (VaultSession?, String?) {
        guard let path else { return (nil, nil) }
        let text: String
        switch RegularFile.read(path) {
        case .bytes(let bytes): text = String(decoding: bytes, as: UTF8.self)
        case .missing: return (nil, nil)
        case .refused(let why): return (nil, "\((path as NSString).lastPathComponent) could not be read (\(why))")
        }
        do {
            try YAMLBounds.check(text)
            return (try YAMLDecoder().decode(VaultSession.self, from: text), nil)
        } catch {
            return (nil, "\((path as NSString).lastPathComponent) could not be read (\(String(describing: error).prefix(120)))")
        }
    }

    public func save(over old: VaultSession, to path: String) throws {
        var changes: [(key: String, block: String?)] = []
        if old.lastPerspective != lastPerspective { changes.append(("last_perspective", try SettingsFile.block("last_perspective", lastPerspective))) }
        if old.quickFilter != quickFilter { changes.append(("quick_filter", try SettingsFile.block("quick_filter", quickFilter))) }
        if old.addHistory != addHistory { changes.append(("quick_add_history", try SettingsFile.block("quick_add_history", addHistory))) }
        try SettingsFile.write(changes, to: path, header: "# todomd: what it remembers about one vault (safe to delete)\n")
    }
}
