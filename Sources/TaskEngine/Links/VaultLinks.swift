import Foundation

/// Links resolved against a vault on disk, for `todomd show`: a path is
/// looked for as a file; a plain name among the task files first, then among
/// every file of the vault (walked once, on the first name not a task's,
/// folders starting with `.` skipped, at most `walkLimit` files), as written,
/// then ignoring case. A file that is no task must be inside the vault once
/// symbolic links are followed (`VaultContainment`); a task is one the vault's
/// walk read.
public final class VaultLinks {
    public let root: String
    private let taskNames: [String: [String]]
    private lazy var fileNames: [String: [String]] = Self.files(root: root)
    private lazy var foldedTaskNames: [String: [String]] = Self.folded(taskNames)
    private lazy var foldedFileNames: [String: [String]] = Self.folded(fileNames)
    private lazy var containment = VaultContainment(root: root)
    public static let walkLimit = 500_000

    public init(root: String, taskIDs: [String]) {
        self.root = root
        var names: [String: [String]] = [:]
        for id in taskIDs { names[Self.name(id), default: []].append(id) }
        taskNames = names
    }

    public func resolve(_ link: LinkReference, from source: String) throws(LinkResolver.Traversal) -> LinkResolver.Outcome {
        let resolver = LinkResolver(
            exists: { [root] path in
                var isDir: ObjCBool = false
                return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDir) && !isDir.boolValue
            },
            named: { [unowned self] name in self.taskNames[name] ?? self.fileNames[name] ?? [] },
            namedIgnoringCase: { [unowned self] folded in self.foldedTaskNames[folded] ?? self.foldedFileNames[folded] ?? [] },
            inside: { [unowned self] path in self.isTask(path) || self.containment.contains(path) })
        return try resolver.resolve(link, from: source)
    }

    private func isTask(_ path: String) -> Bool { taskNames[Self.name(path)]?.contains(path) == true }

    /// Names by their lower case, each with the paths of every spelling.
    public static func folded(_ names: [String: [String]]) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for (name, paths) in names { out[name.lowercased(), default: []].append(contentsOf: paths) }
        return out
    }

    /// A resolution as one line: where it points, or why nowhere.
    public func describe(_ link: LinkReference, from source: String) -> String {
        do {
            switch try resolve(link, from: source) {
            case .found(let p): return p
            case .missing(let p): return "\(p) (no such file)"
            case .unresolved: return "nowhere: no file is named \(link.target)"
            case .ambiguous(let paths): return "ambiguous_link: any of " + paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? " and \(paths.count - 5) more" : "")
            }
        } catch {
            return "refused: " + error.description
        }
    }

    public static func name(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    /// Every regular file of the vault by its file name (folders starting with `.` skipped, at most `walkLimit` files).
    public static func files(root: String) -> [String: [String]] { VaultFileNames.walk(root: root, limit: walkLimit) }
}
