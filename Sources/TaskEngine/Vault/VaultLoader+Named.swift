import Foundation

/// One task read from its own file, for the commands that name it (`show`,
/// `done`, `modify`, …): what a full load would give for that id, without
/// listing and reading the whole vault.
public enum NamedRead: Sendable {
    case found(TaskItem)
    /// A task file that cannot be read (as the full load reports it).
    case unreadable(VaultProblem)
    /// No task file has this id: not a path the listing gives (hidden,
    /// not `.md`, through a link to a folder, a folder), not there, or not
    /// a task by the vault's profile.
    case absent
    /// Something only the full load describes right (a link, a special
    /// file, a folder that cannot be read): the caller loads the vault.
    case unsure
}

extension VaultLoader {
    public static func readNamed(_ id: String, root: String, timeZone: TimeZone = .current) -> NamedRead {
        let parts = id.split(separator: "/", omittingEmptySubsequences: false)
        // The listing never gives an empty part, one starting with "." (hidden, "..") or a name without `.md`.
        guard parts.allSatisfy({ !$0.isEmpty && $0.first != "." }), VaultListing.hasMarkdownSuffix(id) else { return .absent }
        var st = stat()
        var path = root
        guard stat(root, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { return .unsure }  // (the full load says why)
        // Each folder on the way must be a folder the walk enters (a link to one is not followed).
        for part in parts.dropLast() {
            path += "/" + part
            guard lstat(path, &st) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .absent : .unsure }
            if (st.st_mode & S_IFMT) == S_IFLNK { return .absent }
            guard (st.st_mode & S_IFMT) == S_IFDIR else { return .absent }
        }
        path += "/" + parts.last!
        guard lstat(path, &st) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .absent : .unsure }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .absent  // (the listing warns of a folder named `.md`)
        default: return .unsure  // a link (its target, or why it has none), a special file
        }
        let (detected, _) = ProfileDetection.detect(root: root)
        guard detected.detection.includes(path: id) else { return .absent }
        switch loadOne(root: root, id: id, timeZone: timeZone, profile: detected) {
        case .success(let t): return detected.detection.includes(t) ? .found(t) : .absent
        case .failure(let p): return .unreadable(p)
        }
    }
}
