import Foundation

/// One walk of a vault's folders for `VaultListing.listing`. The folders
/// are read with `readdir` first (a batch of them at a time, their
/// subfolders found from the entries' types), then every entry of the
/// batch is stat'ed on all cores, then each folder's entries are sorted and
/// emitted in order, a subfolder's files at the subfolder's place. A
/// subfolder sorts as its name followed by `/`, so the files come out in
/// `IDOrder` (bytes of the whole path) with no sort of the whole vault.
struct VaultWalk {
    let root: String
    var files: [VaultListing.File] = []
    var problems: [VaultProblem] = []
    var leftovers: [String] = []
    /// When set, each file goes here, in order, instead of into `files`.
    var onFile: ((VaultListing.File) -> Void)?

    init(root: String) { self.root = root }

    /// Folders read before their entries are stat'ed (each holds a descriptor meanwhile).
    static let foldersPerBatch = 64

    /// Walks `folder` (vault-relative; "" for the root), which may be missing.
    mutating func walk(_ folder: String) {
        emit(Self.scan(root: root, rel: folder, start: true))
    }

    /// A folder as read: its entries, what stat said of each, the subfolders `readdir` named.
    private final class Node {
        let rel: String
        var entries: [Entry] = []
        /// What stat said of each entry: `stats[statsStart + i]` for
        /// `entries[i]` (one array for every folder of a batch).
        var stats: [Looked] = []
        var statsStart = 0
        var subfolders: [String: Node] = [:]
        var problems: [VaultProblem] = []
        var leftovers: [String] = []
        var fd: Int32 = -1

        init(_ rel: String) { self.rel = rel }
        var prefix: String { rel.isEmpty ? "" : rel + "/" }
        /// Where an entry's name begins in its id.
        var nameStart: Int { rel.isEmpty ? 0 : rel.utf8.count + 1 }
    }

    /// What a stat of an entry said, kept small (a `stat` is 144 bytes):
    /// its mode, size and change stamp, or the error (`mode` 0).
    private struct Looked {
        var mode: UInt32
        var error: Int32
        var size: Int
        var stamp: Int64
    }

    /// An entry that may be a task file or a folder: its vault-relative
    /// path (the folder's prefix and its name, one string for both).
    private struct Entry {
        var id: String
        var type: UInt8
    }

    /// What a stat said an entry is.
    private enum Kind {
        case file(VaultListing.File)
        case folder(String)
        case skipped
    }

    /// `rel` and every folder below it, read and stat'ed.
    private static func scan(root: String, rel: String, start: Bool) -> Node {
        let top = Node(rel)
        var queue = [top], next = 0
        var batch: [(node: Node, dir: OpaquePointer)] = []
        while next < queue.count {
            let node = queue[next]
            next += 1
            guard let dir = opendir(node.rel.isEmpty ? root : root + "/" + node.rel) else {
                if !(start && node === top && !node.rel.isEmpty && errno == ENOENT) {
                    node.problems.append(VaultProblem(id: node.rel.isEmpty ? "." : node.rel, kind: .warning, reason: "folder cannot be read"))
                }
                continue
            }
            node.entries = read(dir, into: node)
            node.fd = dirfd(dir)
            for e in node.entries where e.type == UInt8(DT_DIR) {
                let sub = Node(e.id)
                node.subfolders[e.id] = sub
                queue.append(sub)
            }
            batch.append((node, dir))
            if batch.count == foldersPerBatch || next == queue.count {
                statAll(batch.map(\.node), root: root)
                for (_, dir) in batch { closedir(dir) }
                batch.removeAll()
            }
        }
        return top
    }

    /// Every entry of `nodes` stat'ed, on all cores when there are many.
    /// Each run of entries opens the folders it stats in itself: threads
    /// sharing one descriptor contend for its reference count on every call.
    private static func statAll(_ nodes: [Node], root: String) {
        // Where each node's entries begin among all of the batch's.
        var starts = [0]
        for node in nodes { starts.append(starts.last! + node.entries.count) }
        let total = starts.last!, run = 512
        let stats = Parallel.fill(total, chunk: run) { (range: Range<Int>, out: UnsafeMutablePointer<Looked>) in
            var own: [Int: Int32] = [:]
            defer { for fd in own.values where fd >= 0 { close(fd) } }
            var n = starts.lastIndex { $0 <= range.lowerBound }!
            for i in range {
                while i >= starts[n + 1] { n += 1 }
                let skip = nodes[n].nameStart
                let fd = own[n] ?? {
                    let opened = total > run ? open(root + "/" + nodes[n].rel, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1
                    own[n] = opened
                    return opened
                }()
                var st = Foundation.stat()
                let ok = nodes[n].entries[i - starts[n]].id.withCString { fstatat(fd >= 0 ? fd : nodes[n].fd, $0 + skip, &st, 0) } == 0
                (out + i).initialize(to: ok ? Looked(mode: UInt32(st.st_mode), error: 0, size: Int(st.st_size), stamp: VaultListing.changeStamp(st))
                                            : Looked(mode: 0, error: errno, size: 0, stamp: 0))
            }
        }
        for (n, node) in nodes.enumerated() { (node.stats, node.statsStart) = (stats, starts[n]) }
    }

    /// The node's files and its subfolders' in path order.
    private mutating func emit(_ node: Node) {
        problems += node.problems
        leftovers += node.leftovers
        let prefix = node.prefix
        var kinds: [Kind] = []
        kinds.reserveCapacity(node.entries.count)
        for (i, e) in node.entries.enumerated() {
            kinds.append(Self.classify(e, node.stats[node.statsStart + i], prefix: prefix, root: root, problems: &problems))
        }
        let folders = kinds.map { if case .folder = $0 { true } else { false } }
        let order = Self.order(node.entries.map(\.id), folders: folders, skipping: node.nameStart)
        (node.entries, node.stats) = ([], [])  // (a big vault's entries are not all held to the end)
        for i in order {
            switch kinds[i] {
            case .file(let f): if let onFile { onFile(f) } else { files.append(f) }
            // A folder `readdir` did not name as one (an unknown type) is read now.
            case .folder(let id): emit(node.subfolders.removeValue(forKey: id) ?? Self.scan(root: root, rel: id, start: false))
            case .skipped: break
            }
        }
    }

    /// The entries that may be task files or folders; hidden ones are
    /// passed over (a save's temporary file is noted), other files than
    /// `.md` are not stat'ed.
    private static func read(_ dir: OpaquePointer, into out: Node) -> [Entry] {
        let prefix = out.prefix
        var entries: [Entry] = []
        while let entry = readdir(dir) {
            let type = entry.pointee.d_type
            let name: String
            switch VaultListing.entryName(entry) {
            case .success(let n): name = n
            case .failure(let bad):
                let shown = bad.shown
                // Not UTF-8: no id can name it, so it is reported instead of read.
                if VaultListing.hasMarkdownSuffix(shown) || type == UInt8(DT_DIR) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) {
                    out.problems.append(VaultProblem(id: prefix + shown, kind: .unreadable, reason: "the name is not UTF-8 text; rename it to read it"))
                }
                continue
            }
            guard name.utf8.first != 0x2E else {  // "."
                if AtomicFile.isTemporary(name) { out.leftovers.append(prefix + name) }
                continue
            }
            if type == UInt8(DT_REG), !VaultListing.hasMarkdownSuffix(name) { continue }  // no stat for other files
            entries.append(Entry(id: prefix.isEmpty ? name : prefix + name, type: type))
        }
        return entries
    }

    private static func classify(_ e: Entry, _ looked: Looked, prefix: String, root: String,
                                 problems: inout [VaultProblem]) -> Kind {
        let id = e.id
        let isMarkdown = VaultListing.hasMarkdownSuffix(id)
        guard looked.mode != 0 else {
            let err = VaultListing.Errno(code: looked.error)
            if isMarkdown || err.code == ELOOP { problems.append(VaultProblem(id: id, kind: .unreadable, reason: err.linkReason)) }
            return .skipped
        }
        let (mode, size, stamp) = (looked.mode, looked.size, looked.stamp)
        if (mode & S_IFMT) == S_IFDIR {
            if isMarkdown {
                problems.append(VaultProblem(id: id, kind: .warning, reason: "is a folder, not a task file; tasks inside it are read"))
            }
            if e.type == UInt8(DT_LNK) { return .skipped }  // no link loops
            var lst = Foundation.stat()
            if e.type != UInt8(DT_DIR), lstat(root + "/" + id, &lst) == 0,
               (lst.st_mode & S_IFMT) == S_IFLNK { return .skipped }
            return .folder(id)
        }
        guard isMarkdown else { return .skipped }
        guard (mode & S_IFMT) == S_IFREG else {
            problems.append(VaultProblem(id: id, kind: .unreadable, reason: "not a regular file"))
            return .skipped
        }
        return .file(VaultListing.File(id: id, size: size, mtime: stamp))
    }

    /// The positions of `names` in path order, a folder's name counting as
    /// the name followed by `/`. Sorted on each name's first eight bytes as
    /// one number, the bytes compared only between names that share those.
    /// `skipping`: the length of a prefix every name shares (a folder's path).
    static func order(_ names: [String], folders: [Bool], skipping: Int = 0) -> [Int] {
        let keys = names.indices.map { i in (prefix: sortPrefix(names[i], folder: folders[i], skipping: skipping), index: Int32(i)) }
        return keys.sorted { a, b in
            if a.prefix != b.prefix { return a.prefix < b.prefix }
            return less(names[Int(a.index)], folders[Int(a.index)], names[Int(b.index)], folders[Int(b.index)])
        }.map { Int($0.index) }
    }

    /// The first eight bytes of the name (a folder's followed by `/`), big-endian, zero-padded.
    static func sortPrefix(_ name: String, folder: Bool, skipping: Int = 0) -> UInt64 {
        var key: UInt64 = 0, n = 0
        for b in name.utf8.dropFirst(skipping) {
            guard n < 8 else { break }
            key |= UInt64(b) << (56 - 8 * UInt64(n))
            n += 1
        }
        if folder, n < 8 { key |= UInt64(0x2F) << (56 - 8 * UInt64(n)) }
        return key
    }

    /// `a` (with `/` after it when a folder) before `b` in byte order.
    static func less(_ a: String, _ aFolder: Bool, _ b: String, _ bFolder: Bool) -> Bool {
        let c = IDOrder.compare(a, b)
        let (na, nb) = (a.utf8.count, b.utf8.count)
        guard na != nb, na < nb ? aFolder && b.utf8.starts(with: a.utf8) : bFolder && a.utf8.starts(with: b.utf8) else { return c < 0 }
        // The shorter name begins the longer and is a folder's: its `/` meets the longer's next byte.
        let longer = na < nb ? b : a
        let next = longer.utf8[longer.utf8.index(longer.utf8.startIndex, offsetBy: min(na, nb))]
        let slashFirst = UInt8(0x2F) < next  // (a name holds no `/`, so never equal)
        return na < nb ? slashFirst : !slashFirst
    }
}
