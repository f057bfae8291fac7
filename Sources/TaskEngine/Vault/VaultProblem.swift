/// Something wrong with one file of the vault, reported with its path.
public struct VaultProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The file is not shown as a task and is never written.
        case unreadable
        /// The file is read, but something in it was not understood.
        case warning
    }

    public var id: String
    public var kind: Kind
    public var reason: String

    public init(id: String, kind: Kind, reason: String) {
        self.id = id
        self.kind = kind
        self.reason = reason
    }

    public var description: String { "\(id): \(reason)" }
}

public enum VaultError: Error, CustomStringConvertible, Equatable {
    case notFound(String)
    case notADirectory(String)
    case unknownTask(String)
    case unreadableTask(id: String, reason: String)
    case changedOnDisk(String)
    case write(String)

    public var description: String {
        switch self {
        case .notFound(let p): return "vault folder not found: \(p)"
        case .notADirectory(let p): return "vault is not a folder: \(p)"
        case .unknownTask(let id): return "no task with id \(id)"
        case .unreadableTask(let id, let reason): return "\(id) cannot be read: \(reason)"
        case .changedOnDisk(let id): return "\(id) changed on disk since it was loaded; nothing was written"
        case .write(let why): return why
        }
    }
}
