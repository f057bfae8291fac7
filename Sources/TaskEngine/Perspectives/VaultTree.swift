/// The vault's areas and projects as a tree for the sidebar: areas nested by
/// `/`, under each area the projects of its tasks (nested by `/` too), then
/// the projects of tasks with no area. Each node is a read-only perspective
/// (`area within …`, `project within …` with the area it sits in) showing
/// its tasks in every state. The sidebar's number is its open tasks (not done,
/// not cancelled), as every built-in's counts the work left; its view's title
/// says both ("3 open · 4 tasks"). Names compare ignoring case, as rules do; the first spelling
/// (in id order) is shown. A sequential project's node lists its own tasks only
/// (`project equals`), not its sub-projects': its view is its order of work, the
/// chain its tasks wait in (`SequentialProjects`), so `J`/`K` there move only tasks of the chain.
public struct VaultTreeNode: Hashable, Sendable {
    public var perspective: Perspective
    /// The last part of the name ("Clients" for Work/Clients).
    public var label: String
    public var depth: Int
    public var isArea: Bool
    /// Its tasks in every state: as many as its perspective lists.
    public var count: Int
    /// Those not done or cancelled: the sidebar's number.
    public var open: Int
}

public enum VaultTree {
    public static let idPrefix = "tree:"

    public static func isTreeID(_ id: String) -> Bool { id.hasPrefix(idPrefix) }

    /// The project a project node's id names (`Work/Q4` for a sub-project), nil for an area or another perspective.
    public static func projectName(of id: String) -> String? {
        guard id.hasPrefix(idPrefix + "project:"), let split = id.firstIndex(of: "\u{1}") else { return nil }
        return String(id[id.index(after: split)...])
    }

    final class Node {
        var name: String
        var count = 0, open = 0
        /// Of a project: its own tasks, not its sub-projects'.
        var own = 0, ownOpen = 0
        var children: [String: Node] = [:]
        var order: [String] = []
        var projects: [String: Node] = [:]
        var projectOrder: [String] = []
        init(_ name: String) { self.name = name }

        func child(_ key: String, _ name: String, inProjects: Bool = false) -> Node {
            if inProjects {
                if let n = projects[key] { return n }
                let n = Node(name)
                projects[key] = n
                projectOrder.append(key)
                return n
            }
            if let n = children[key] { return n }
            let n = Node(name)
            children[key] = n
            order.append(key)
            return n
        }
    }

    /// Each (area, project) pair of the vault with its count of tasks and a
    /// task that has it (for the spelling), from the index's columns: one
    /// pass over plain arrays, so the tree costs little after each write.
    static func pairs(_ index: TaskIndex) -> [(row: Int, count: Int, open: Int)] {
        // (The status column holds each task's status as a bit.)
        let closed = TaskStatus.allCases.enumerated().reduce(UInt8(0)) { $0 | ($1.element.isClosed ? UInt8(1) << $1.offset : 0) }
        return index.evaluation.withColumns(index) { cols in
            let areas = cols.area.values.count + 1, projects = cols.project.values.count + 1
            var out: [(row: Int, count: Int, open: Int)] = []
            if areas * projects <= 4_000_000 {
                var slot = [Int32](repeating: -1, count: areas * projects)
                // (Over the columns' buffers, counts apart from the pairs: a tight pass over three
                // rows of numbers, after every add or delete at 100,000 tasks.)
                var count = [Int32](), open = [Int32]()
                cols.area.rows.withUnsafeBufferPointer { area in
                    cols.project.rows.withUnsafeBufferPointer { project in
                        cols.status.withUnsafeBufferPointer { status in
                            slot.withUnsafeMutableBufferPointer { slot in
                                for row in 0..<min(area.count, project.count, status.count) {
                                    let a = Int(area[row]) + 1, p = Int(project[row]) + 1
                                    guard a > 0 || p > 0 else { continue }
                                    let k = a * projects + p
                                    var s = Int(slot[k])
                                    if s < 0 {
                                        s = out.count
                                        slot[k] = Int32(s)
                                        out.append((row, 0, 0))
                                        count.append(0)
                                        open.append(0)
                                    }
                                    count[s] &+= 1
                                    if status[row] & closed == 0 { open[s] &+= 1 }
                                }
                            }
                        }
                    }
                }
                for s in out.indices { (out[s].count, out[s].open) = (Int(count[s]), Int(open[s])) }
            } else {
                var slot: [Int: Int] = [:]
                for row in 0..<cols.count {
                    let a = Int(cols.area.rows[row]) + 1, p = Int(cols.project.rows[row]) + 1
                    guard a > 0 || p > 0 else { continue }
                    let k = a * projects + p
                    let i = slot[k] ?? { out.append((row, 0, 0)); slot[k] = out.count - 1; return out.count - 1 }()
                    out[i].count += 1
                    if cols.status[row] & closed == 0 { out[i].open += 1 }
                }
            }
            return out
        }
    }

    public static func build(_ index: TaskIndex) -> [VaultTreeNode] {
        let root = Node("")
        for (row, count, open) in pairs(index) {
            let t = index.tasks[row].task
            var areaNode = root
            if let area = t.area?.trimmedSpaces(), !area.isEmpty {
                var path = ""
                for part in area.split(separator: "/").map(String.init) {
                    path += (path.isEmpty ? "" : "/") + part
                    areaNode = areaNode.child(path.lowercased(), path)
                    areaNode.count += count
                    areaNode.open += open
                }
            }
            if let project = t.project?.trimmedSpaces(), !project.isEmpty {
                var node = areaNode
                var path = ""
                for part in project.split(separator: "/").map(String.init) {
                    path += (path.isEmpty ? "" : "/") + part
                    node = node.child(path.lowercased(), path, inProjects: node === areaNode)
                    node.count += count
                    node.open += open
                }
                node.own += count
                node.ownOpen += open
            }
        }
        var out: [VaultTreeNode] = []
        func emitProjects(_ parent: Node, area: String?, depth: Int, keys: [String], table: [String: Node]) {
            for key in keys.sorted() {
                let n = table[key]!
                let sequential = index.sequentialProjects.isSequential(n.name)
                var rules = RuleGroup(.and, [.cond("project", sequential ? "equals" : "within", .string(n.name))])
                rules.conditions.append(area.map { .cond("area", "equals", .string($0)) } ?? .cond("area", "is_nil"))
                let id = idPrefix + "project:" + (area ?? "") + "\u{1}" + n.name
                let p = Perspective(id: id, name: "+" + n.name + (area.map { " @" + $0 } ?? ""), rules: rules, sort: SortSpec(field: "due"),
                                    icon: "folder", isBuiltin: true)
                out.append(VaultTreeNode(perspective: p, label: String(n.name.split(separator: "/").last ?? ""), depth: depth, isArea: false,
                                         count: sequential ? n.own : n.count, open: sequential ? n.ownOpen : n.open))
                emitProjects(n, area: area, depth: depth + 1, keys: n.order, table: n.children)
            }
        }
        func emitAreas(_ parent: Node, depth: Int) {
            for key in parent.order.sorted() {
                let n = parent.children[key]!
                let p = Perspective(id: idPrefix + "area:" + n.name, name: "@" + n.name,
                                    rules: RuleGroup(.and, [.cond("area", "within", .string(n.name))]), sort: SortSpec(field: "due"),
                                    icon: "tray.full", isBuiltin: true)
                out.append(VaultTreeNode(perspective: p, label: String(n.name.split(separator: "/").last ?? ""), depth: depth, isArea: true,
                                         count: n.count, open: n.open))
                emitAreas(n, depth: depth + 1)
                emitProjects(n, area: n.name, depth: depth + 1, keys: n.projectOrder, table: n.projects)
            }
        }
        emitAreas(root, depth: 0)
        emitProjects(root, area: nil, depth: 0, keys: root.projectOrder, table: root.projects)
        return out
    }
}
