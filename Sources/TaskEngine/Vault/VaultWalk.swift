import Foundation

/// One walk of a vault's folders for `VaultListing.listing`. The folders
/// are read with `readdir` first (a batch of them at a time, their
/// subfolders found from the entries' types), then every entry of the
/// batch is stat'ed on all cores, then each folder's entries are sorted and
/// emitted in order, a subfolder's files at the subfolder's place. A
/// subfolder sorts as its name followed by `/`, so the files come out in
/// `IDOrder` (bytes of the whole path) with no sort of the whole vault.
/// Until a folder is emitted its entries are names side by side in one
/// array: a path is made only for what is emitted, so a start's check never
/// holds a string for every file of the vault at once.
struct VaultWalk {
    let root: String
    var files: [VaultListing.File] = []
    var problems: [VaultProblem] = []
    var leftovers: [String] = []
    /// When set, each file goes here, in order, instead of into `files`.
    var onFile: ((VaultListing.File) -> Void)?
    /// Entries a scan reads before it leaves the folders still queued to be
    /// scanned when the walk reaches them (`emit`): a walk that streams its
    /// files (`onFile`) then holds about this many at once, not the names and
    /// stats of the whole vault. A listing keeps every file anyway and reads all first.
    let entriesPerScan: Int
    /// The most entries held at once, read but not yet emitted (for tests).
    private(set) var mostHeld = 0
    private var held = 0
    /// Whether regular files (and folders) `readdir` named as such are
    /// stat'ed; when not, a file comes out without its stamp
    /// (`VaultListing.File.unstamped`), for a load that reads every file and
    /// takes its stamp from the open file. Links and entries of unknown type are stat'ed either way.
    let stampsFiles: Bool

    init(root: String, entriesPerScan: Int = .max, stampsFiles: Bool = true) {
        self.root = root
        self.entriesPerScan = entriesPerScan
        self.stampsFiles = stampsFiles
    }

    /// Folders read before their entries are stat'ed (each holds a descriptor meanwhile).
    static let foldersPerBatch = 64

    /// Walks `folder` (vault-relative; "" for the root), which may be missing.
    mutating func walk(_ folder: String) {
        let top = scan(folder, start: true)
        // Room for every entry read (a few are folders or skipped): grown by doubling, it would keep far more than it uses.
        if onFile == nil { files.reserveCapacity(files.count + top.entriesBelow) }
        emit(top)
    }

    /// A folder as read: its entries' names and types, what stat said of
    /// each, the subfolders `readdir` named.
    private final class Node {
        let rel: String
        var names = Names()
        var types: [UInt8] = []
        /// What stat said of each entry: `stats[statsStart + i]` for entry
        /// `i` (one array for every folder of a batch).
        var stats: [Looked] = []
        var statsStart = 0
        var subfolders: [String: Node] = [:]
        /// The folder this one was found in (while the scan runs).
        weak var parent: Node?
        var problems: [VaultProblem] = []
        var leftovers: [String] = []
        var fd: Int32 = -1

        init(_ rel: String) { self.rel = rel }
        var prefix: String { rel.isEmpty ? "" : rel + "/" }
        var count: Int { types.count }

        /// Entry `i`'s vault-relative path, made in one piece.
        func id(_ i: Int) -> String {
            let span = names.spans[i], p = rel.utf8.count
            var rel = rel
            return rel.withUTF8 { prefix in
                names.bytes.withUnsafeBufferPointer { all in
                    String(unsafeUninitializedCapacity: p == 0 ? span.count : p + 1 + span.count) { out in
                        var k = 0
                        if p > 0 {
                            _ = out.initialize(from: prefix)
                            out[p] = 0x2F
                            k = p + 1
                        }
                        for b in all[span] { out[k] = b; k += 1 }
                        return k
                    }
                }
            }
        }

        /// Entries of this folder and every folder read below it.
        var entriesBelow: Int { subfolders.values.reduce(count) { $0 + $1.entriesBelow } }

        func isMarkdown(_ i: Int) -> Bool { VaultListing.hasMarkdownSuffix(bytes: names.bytes[names.spans[i]]) }
    }

    /// What a stat of an entry said, kept small (a whole `stat` is many times larger):
    /// its mode, size and change stamp, or the error (`mode` 0).
    private struct Looked {
        var mode: UInt32
        var error: Int32
        var size: Int
        var stamp: Int64
    }

    /// What a stat said an entry is.
    private enum Kind {
        case file(size: Int, stamp: Int64)
        case folder(String)
        case skipped
    }

    /// `rel` and the folders below it, read and stat'ed (up to
    /// `entriesPerScan` entries; the folders left are read when emitted).
    private mutating func scan(_ rel: String, start: Bool) -> Node {
        let top = Node(rel)
        var queue = [top], next = 0, read = 0
        var batch: [(node: Node, dir: OpaquePointer)] = []
        while next < queue.count {
            if read >= entriesPerScan, batch.isEmpty {
                // Left to `emit`, which scans a folder it finds no node for.
                for node in queue[next...] { node.parent?.subfolders[node.rel] = nil }
                break
            }
            let node = queue[next]
            next += 1
            guard let dir = opendir(node.rel.isEmpty ? root : root + "/" + node.rel) else {
                if !(start && node === top && !node.rel.isEmpty && errno == ENOENT) {
                    node.problems.append(VaultProblem(id: node.rel.isEmpty ? "." : node.rel, kind: .warning, reason: "folder cannot be read"))
                }
                continue
            }
            Self.read(dir, into: node)
            node.fd = dirfd(dir)
            read += node.count
            for i in 0..<node.count where node.types[i] == UInt8(DT_DIR) {
                let id = node.id(i), sub = Node(id)
                sub.parent = node
                node.subfolders[id] = sub
                queue.append(sub)
            }
            batch.append((node, dir))
            if batch.count == Self.foldersPerBatch || next == queue.count || read >= entriesPerScan {
                Self.statAll(batch.map(\.node), root: root, stampsFiles: stampsFiles)
                for (_, dir) in batch { closedir(dir) }
                batch.removeAll()
            }
        }
        held += read
        mostHeld = max(mostHeld, held)
        return top
    }

    /// Every entry of `nodes` stat'ed, on all cores when there are many.
    /// Each run of entries opens the folders it stats in itself: threads
    /// sharing one descriptor contend for its reference count on every call.
    private static func statAll(_ nodes: [Node], root: String, stampsFiles: Bool) {
        // Where each node's entries begin among all of the batch's.
        var starts = [0]
        for node in nodes { starts.append(starts.last! + node.count) }
        let total = starts.last!, run = 512
        // What the stat threads read of each node, as values (the nodes themselves change after).
        let shown = nodes.map { (rel: $0.rel, names: $0.names, types: $0.types, fd: $0.fd) }
        let stats = Parallel.fill(total, chunk: run) { [starts] (range: Range<Int>, out: UnsafeMutablePointer<Looked>) in
            var own: [Int: Int32] = [:]
            defer { for fd in own.values where fd >= 0 { close(fd) } }
            var n = starts.lastIndex { $0 <= range.lowerBound }!
            for i in range {
                while i >= starts[n + 1] { n += 1 }
                let node = shown[n]
                if !stampsFiles {
                    switch node.types[i - starts[n]] {
                    case UInt8(DT_REG):
                        (out + i).initialize(to: Looked(mode: UInt32(S_IFREG), error: 0, size: VaultListing.File.unstamped, stamp: 0))
                        continue
                    case UInt8(DT_DIR):
                        (out + i).initialize(to: Looked(mode: UInt32(S_IFDIR), error: 0, size: 0, stamp: 0))
                        continue
                    default: break
                    }
                }
                let fd = own[n] ?? {
                    let opened = total > run ? open(root + "/" + node.rel, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1
                    own[n] = opened
                    return opened
                }()
                var st = Foundation.stat()
                let name = node.names.spans[i - starts[n]].lowerBound
                let ok = node.names.bytes.withUnsafeBufferPointer { all in
                    UnsafeRawPointer(all.baseAddress! + name).withMemoryRebound(to: CChar.self, capacity: 1) {
                        fstatat(fd >= 0 ? fd : node.fd, $0, &st, 0) == 0
                    }
                }
                (out + i).initialize(to: ok ? Looked(mode: UInt32(st.st_mode), error: 0, size: Int(st.st_size), stamp: VaultListing.changeStamp(st))
                                            : Looked(mode: 0, error: errno, size: 0, stamp: 0))
            }
        }
        for (n, node) in nodes.enumerated() { (node.stats, node.statsStart) = (stats, starts[n]) }
    }

    /// The node's files and its subfolders' in path order. A file's path
    /// is made as it is emitted (made before, a big folder would hold a
    /// string for each of its files at once).
    private mutating func emit(_ node: Node) {
        problems += node.problems
        leftovers += node.leftovers
        var kinds: [Kind] = []
        kinds.reserveCapacity(node.count)
        for i in 0..<node.count { kinds.append(classify(node, i)) }
        let folders = kinds.map { if case .folder = $0 { true } else { false } }
        let order = Self.order(node.names, folders: folders)
        (node.types, node.stats) = ([], [])
        held -= kinds.count
        for i in order {
            switch kinds[i] {
            case .file(let size, let stamp):
                let f = VaultListing.File(id: node.id(i), size: size, mtime: stamp)
                if let onFile { onFile(f) } else { files.append(f) }
            // A folder `readdir` did not name as one (an unknown type) is read now.
            case .folder(let id): emit(node.subfolders.removeValue(forKey: id) ?? scan(id, start: false))
            case .skipped: break
            }
        }
        node.names = Names()  // (a big vault's entries are not all held to the end)
    }

    /// Reads the folder's entries that may be task files or folders; hidden
    /// ones are passed over (a save's temporary file is noted), other files
    /// than `.md` are not stat'ed.
    private static func read(_ dir: OpaquePointer, into out: Node) {
        let prefix = out.prefix
        while let entry = readdir(dir) {
            let type = entry.pointee.d_type
            let keep: Bool = withUnsafePointer(to: &entry.pointee.d_name) { p in
                let name = UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self),
                                               count: strlen(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self)))
                guard name.allSatisfy({ $0 < 0x80 }) || String(validating: name, as: UTF8.self) != nil else {
                    // Not UTF-8: no id can name it, so it is reported instead of read.
                    let shown = name.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
                    if VaultListing.hasMarkdownSuffix(shown) || type == UInt8(DT_DIR) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) {
                        out.problems.append(VaultProblem(id: prefix + shown, kind: .unreadable, reason: "the name is not UTF-8 text; rename it to read it"))
                    }
                    return false
                }
                guard name.first != 0x2E else {  // "."
                    let text = String(decoding: name, as: UTF8.self)
                    if AtomicFile.isTemporary(text) { out.leftovers.append(prefix + text) }
                    return false
                }
                if type == UInt8(DT_REG), !VaultListing.hasMarkdownSuffix(bytes: name) { return false }  // no stat for other files
                out.names.append(name)
                return true
            }
            if keep { out.types.append(type) }
        }
    }

    private mutating func classify(_ node: Node, _ i: Int) -> Kind {
        let looked = node.stats[node.statsStart + i], type = node.types[i]
        let isMarkdown = node.isMarkdown(i)
        guard looked.mode != 0 else {
            let err = VaultListing.Errno(code: looked.error)
            if isMarkdown || err.code == ELOOP { problems.append(VaultProblem(id: node.id(i), kind: .unreadable, reason: err.linkReason)) }
            return .skipped
        }
        if (looked.mode & S_IFMT) == S_IFDIR {
            if isMarkdown {
                problems.append(VaultProblem(id: node.id(i), kind: .warning, reason: "is a folder, not a task file; tasks inside it are read"))
            }
            if type == UInt8(DT_LNK) { return .skipped }  // no link loops
            let id = node.id(i)
            var lst = Foundation.stat()
            if type != UInt8(DT_DIR), lstat(root + "/" + id, &lst) == 0,
               (lst.st_mode & S_IFMT) == S_IFLNK { return .skipped }
            return .folder(id)
        }
        guard isMarkdown else { return .skipped }
        guard (looked.mode & S_IFMT) == S_IFREG else {
            problems.append(VaultProblem(id: node.id(i), kind: .unreadable, reason: "not a regular file"))
            return .skipped
        }
        return .file(size: looked.size, stamp: looked.stamp)
    }
}
