import Foundation

/// Undo and redo by writing files back. Each step remembers the bytes of
/// every file it touched before and after; undoing writes the "before" bytes
/// (or removes a file the step created), but only when the file on disk is
/// still what the step left, so a change made outside the app is never
/// overwritten. A step that sent a file's old text to the trash (a deleted
/// task, a resolved conflict) takes it out of the trash when undone, and
/// sends it there again when redone.
public final class UndoHistory {
    public struct FileChange: Equatable, Sendable {
        public var path: String
        public var before: [UInt8]?
        public var after: [UInt8]?
        /// Where the step put the `before` bytes in the trash (nil: not trashed).
        public var trashed: VaultTrash.Entry?
    }

    public struct Step: Equatable, Sendable {
        public var label: String
        public var changes: [FileChange]

        /// The bytes this step keeps.
        var size: Int { changes.reduce(0) { $0 + ($1.before?.count ?? 0) + ($1.after?.count ?? 0) } }
    }

    /// The most bytes of file copies the history keeps (the oldest steps go first).
    public var maxBytes = 64 * 1024 * 1024

    public enum Failure: Error, CustomStringConvertible, Equatable {
        case nothingToUndo, nothingToRedo
        case changedOutside(String)

        public var description: String {
            switch self {
            case .nothingToUndo: return "Nothing to undo."
            case .nothingToRedo: return "Nothing to redo."
            case .changedOutside(let p): return "Cannot undo: \((p as NSString).lastPathComponent) was changed outside todomd since."
            }
        }
    }

    public private(set) var undoStack: [Step] = []
    public private(set) var redoStack: [Step] = []
    public let limit: Int
    /// The vault whose lock undo and redo take (nil: no lock).
    public let root: String?

    /// Where a redone step sends files again (nil: removed for good, as without a trash).
    public var trash: VaultTrash?
    /// What the step being recorded put in the trash, by path (`noteTrashed`).
    private var trashedInStep: [String: VaultTrash.Entry] = [:]

    public init(limit: Int = 200, root: String? = nil, trash: VaultTrash? = nil) {
        self.limit = limit
        self.root = root
        self.trash = trash
    }

    /// Tells the step being recorded that `path`'s old text went to the trash as `entry`.
    public func noteTrashed(_ entry: VaultTrash.Entry, for path: String) { trashedInStep[path] = entry }

    /// A file's bytes (nil: none, or not a regular file, which is never waited on).
    public static func read(_ path: String) -> [UInt8]? { RegularFile.bytes(path, limit: 1 << 40) }

    /// Runs `body`, recording how it changed `paths` (plus any path it returns) as one step.
    public func record<T>(_ label: String, paths: [String], _ body: () throws -> (T, [String])) rethrows -> T {
        let before = Dictionary(paths.map { ($0, Self.read($0)) }, uniquingKeysWith: { a, _ in a })
        trashedInStep = [:]
        defer { trashedInStep = [:] }
        let (result, extra) = try body()
        var changes: [FileChange] = []
        for path in paths + extra where !changes.contains(where: { $0.path == path }) {
            let after = Self.read(path)
            let old = before[path] ?? nil
            if old != after { changes.append(FileChange(path: path, before: old, after: after, trashed: trashedInStep[path])) }
        }
        if !changes.isEmpty {
            undoStack.append(Step(label: label, changes: changes))
            redoStack.removeAll()
            // Bounded in steps and in bytes: edits of a task with a huge body
            // must not make the history grow without end.
            while undoStack.count > limit || (undoStack.count > 1 && undoStack.map(\.size).reduce(0, +) > maxBytes) {
                undoStack.removeFirst()
            }
        }
        return result
    }

    /// Undoes the last step; returns it (its label, the files it put back).
    @discardableResult
    public func undo() throws -> Step {
        guard var step = undoStack.last else { throw Failure.nothingToUndo }
        step.changes = try apply(step.changes.reversed(), from: \.after, to: \.before).reversed()
        undoStack.removeLast()
        redoStack.append(step)
        return step
    }

    /// Does again the last step undone; returns it.
    @discardableResult
    public func redo() throws -> Step {
        guard var step = redoStack.last else { throw Failure.nothingToRedo }
        step.changes = try apply(step.changes, from: \.before, to: \.after)
        redoStack.removeLast()
        undoStack.append(step)
        return step
    }

    /// Writes each change's `to` bytes over its `from` bytes; returns the
    /// changes with where their old text now is in the trash.
    func apply<C: Collection>(_ changes: C, from: KeyPath<FileChange, [UInt8]?>, to: KeyPath<FileChange, [UInt8]?>) throws -> [FileChange]
    where C.Element == FileChange {
        let undoing = from == \FileChange.after
        let body = { () throws -> [FileChange] in
            // Check every file first: a step is undone whole or not at all.
            // A file to rewrite is written through a link to its target, and
            // one made read-only since is refused like any other write.
            var targets: [String: String] = [:]
            for c in changes {
                if Self.read(c.path) != c[keyPath: from] { throw Failure.changedOutside(c.path) }
                if c[keyPath: from] != nil, c[keyPath: to] != nil {
                    targets[c.path] = try WriteTarget.resolve(c.path, id: (c.path as NSString).lastPathComponent, root: nil)
                }
            }
            var done: [FileChange] = []
            for var c in changes {
                // Redoing a step that trashed a file trashes it again.
                let retrash = !undoing && c.trashed != nil ? self.trash : nil
                switch (c[keyPath: from], c[keyPath: to]) {
                case let (old?, new?):
                    if let retrash { c.trashed = try retrash.keep(old, of: c.path) }
                    guard try AtomicFile.replace(targets[c.path]!, expected: old, with: new) else { throw Failure.changedOutside(c.path) }
                case (nil, let new?):
                    try AtomicFile.create(new, at: c.path)
                case (_, nil):
                    if let retrash { c.trashed = try retrash.put(c.path) } else { unlink(c.path) }
                }
                // Undone: the old text is back in place, so its copy leaves the trash.
                if undoing, let entry = c.trashed, let back = c.before {
                    VaultTrash.forget(entry, holding: back)
                }
                done.append(c)
            }
            return done
        }
        if let root { return try VaultLock.withLock(root: root, body) } else { return try body() }
    }
}
