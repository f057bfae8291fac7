/// Projects whose tasks are done one after another (OmniFocus's sequential
/// projects): in one, each open task waits for the open task before it in the
/// project's order, so only the first open task is available. The waits are
/// implied, never written to task files: they join the dependency graph
/// (`DependencyGraph`) so the blocked glyph, the rule field `blocked`, Today
/// and the command line all see them.
///
/// The project's order is its view's: a task in progress first, then its
/// `manual_order` (task ids), then its tasks not listed by due date. A project is its tasks'
/// `project` exactly (ignoring case), not its sub-projects. Done and
/// cancelled tasks wait for nothing and block nothing.
public struct SequentialProjects: Hashable, Sendable {
    public struct Project: Hashable, Sendable {
        /// As the user wrote it.
        public var name: String
        public var sequential: Bool
        /// Whether `sequential` was said (false: an entry holding only an order), so that a
        /// project note's setting stands where `.perspectives.json` says nothing of it.
        public var stated: Bool
        /// Task ids, first to last; may name tasks that are gone or in another project.
        public var manualOrder: [String]

        public init(name: String, sequential: Bool, stated: Bool = true, manualOrder: [String] = []) {
            (self.name, self.sequential, self.stated, self.manualOrder) = (name, sequential, stated, manualOrder)
        }
    }

    /// By folded name (`key`); a name given twice keeps its first entry.
    public private(set) var byKey: [String: Project] = [:]

    public static let none = SequentialProjects()

    public init() {}

    public init(_ projects: [Project]) {
        for p in projects where byKey[Self.key(p.name)] == nil { byKey[Self.key(p.name)] = p }
    }

    /// A project's name as rules compare it (trimmed, case ignored).
    public static func key(_ name: String) -> String { TextFold.key(name.trimmedSpaces()) }

    /// Whether no project is sequential (then no wait is implied, and the graph costs nothing more).
    public var isEmpty: Bool { !byKey.values.contains(where: \.sequential) }

    public func project(named name: String) -> Project? { byKey[Self.key(name)] }

    public func isSequential(_ name: String) -> Bool { project(named: name)?.sequential ?? false }

    /// The names of the sequential projects, A–Z.
    public var sequentialNames: [String] { byKey.values.filter(\.sequential).map(\.name).sorted { Self.key($0) < Self.key($1) } }

    /// These projects with `name` made sequential or parallel (its order kept).
    public func with(_ name: String, sequential: Bool) -> SequentialProjects {
        var out = self
        let k = Self.key(name)
        var p = out.byKey[k] ?? Project(name: name, sequential: sequential)
        p.sequential = sequential
        p.stated = true
        out.byKey[k] = p
        return out
    }

    /// These projects with those of `other` (the project notes) added: a project both name is
    /// as these say when they say it (`"sequential": false` makes a note's project parallel).
    public func merging(_ other: SequentialProjects) -> SequentialProjects {
        var out = self
        for (k, p) in other.byKey {
            if var mine = out.byKey[k] {
                if !mine.stated { mine.sequential = p.sequential }
                if mine.manualOrder.isEmpty { mine.manualOrder = p.manualOrder }
                out.byKey[k] = mine
            } else {
                out.byKey[k] = p
            }
        }
        return out
    }

    /// One implied wait: the task at `waiter` waits for the one at `target`, both of `project`.
    public struct Wait: Hashable, Sendable {
        public var waiter: Int
        public var target: Int
        public var project: String
    }

    /// The waits these projects imply among `tasks` (rows of an index): for each sequential
    /// project, its open tasks in the project's order, each waiting for the one before.
    /// One pass over the tasks, then a sort of each sequential project's own tasks.
    func waits(_ tasks: [IndexedTask]) -> [Wait] {
        let sequential = byKey.filter(\.value.sequential)
        guard !sequential.isEmpty else { return [] }
        var members: [String: [Int]] = [:]
        // Each task's project asked once per shared name (`TaskName`), by identity: a vault of
        // 100,000 tasks has a few hundred names, and hashing each task's would cost more.
        var asked: [ObjectIdentifier: String?] = [:]
        for (row, t) in tasks.enumerated() {
            guard let name = t.task.projectName, !t.task.status.isClosed else { continue }
            let k: String?
            if let known = asked[ObjectIdentifier(name)] {
                k = known
            } else {
                k = sequential[name.key] != nil ? name.key : nil
                asked[ObjectIdentifier(name)] = k
            }
            if let k { members[k, default: []].append(row) }
        }
        var out: [Wait] = []
        for (k, rows) in members.sorted(by: { $0.key < $1.key }) where rows.count > 1 {
            let p = sequential[k]!
            let ordered = Self.order(rows, tasks, manualOrder: p.manualOrder)
            for (before, after) in zip(ordered, ordered.dropFirst()) {
                out.append(Wait(waiter: after, target: before, project: p.name))
            }
        }
        return out
    }

    /// `rows` (of `tasks`) in a project's order, as its view lists them: by state band (a task
    /// in progress first: a list never moves a task out of its band), in each band those
    /// `manualOrder` lists, as it lists them, then the rest by the view's default sort (due date).
    static func order(_ rows: [Int], _ tasks: [IndexedTask], manualOrder: [String]) -> [Int] {
        var place: [String: Int] = [:]
        for (i, id) in manualOrder.enumerated() where place[id] == nil { place[id] = i }
        var listed: [(band: StateBand, place: Int, row: Int)] = [], rest: [Int] = []
        for r in rows {
            if let p = place[tasks[r].task.id] { listed.append((tasks[r].band, p, r)) } else { rest.append(r) }
        }
        listed.sort { ($0.band, $0.place) < ($1.band, $1.place) }
        let sorted = TaskSorter(spec: SortSpec(field: "due")).order(rest.map { tasks[$0] }).map { rest[Int($0)] }
        var out: [Int] = []
        out.reserveCapacity(rows.count)
        for band in StateBand.allCases {
            out += listed.lazy.filter { $0.band == band }.map(\.row)
            out += sorted.lazy.filter { tasks[$0].band == band }
        }
        return out
    }
}

extension TaskIndex {
    /// The open tasks of `project` (ignoring case), in its order of work (`SequentialProjects`), by id.
    public func openTasks(ofProject project: String) -> [String] {
        let key = SequentialProjects.key(project)
        let rows = tasks.indices.filter { tasks[$0].projectKey == key && !tasks[$0].task.status.isClosed }
        let order = sequentialProjects.project(named: project)?.manualOrder ?? []
        return SequentialProjects.order(rows, tasks, manualOrder: order).map { tasks[$0].task.id }
    }
}
