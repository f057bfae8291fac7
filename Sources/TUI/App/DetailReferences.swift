import TaskEngine

/// Where the selected task's links lead, as the runtime found them on disk
/// (a view does no I/O): kept for one task, its notes, one index generation
/// and one look at the vault's other files (`epoch`).
public struct DetailLinks: Hashable, Sendable {
    public var taskID: String
    public var body: String
    public var generation: UInt64
    public var epoch: Int
    public var targets: [LinkTarget]
}

/// One line of the detail pane that Enter follows: a task the selected task
/// waits for, one that waits for it, or a link of its notes.
struct DetailReference: Hashable {
    enum Section: String, CaseIterable { case waitsFor = "Waits for", waitedBy = "Waited for by", links = "Links" }
    enum Target: Hashable {
        case task(String)
        /// A vault path: a file that is no task.
        case note(String)
        /// Why there is nothing to go to.
        case nowhere(String)
    }

    var section: Section
    var text: String
    var target: Target
}

/// The selected task's dependencies (from the index's graph) and links (from
/// `AppState.detailLinks`), in the order the pane shows them.
enum DetailReferences {
    static func of(_ s: AppState) -> [DetailReference] {
        guard let t = s.selectedTask, let row = s.index.row(id: t.id) else { return [] }
        let index = s.index
        var out: [DetailReference] = []
        func task(_ id: String) -> String {
            guard let other = index.task(id: id)?.task else { return id }
            let g = s.glyphs
            return g.text(.status(other.status)) + " " + other.title + (!other.status.isClosed && index.isBlocked(id: id) ? " " + g.text(.blocked) : "")
        }
        // (Every edge: the file's own and those a sequential project implies, which the file does not show.)
        let graph = index.dependencies
        var seen = Set<Int>()
        for e in graph.edges(of: row) {
            let d = e.dependency
            let kind = d.relation == .finishToStart && d.gap == nil ? "" : " (\(d.relation.rawValue)\(d.gap.map { ", gap \($0)" } ?? ""))"
            if let target = e.target {
                guard seen.insert(target).inserted else { continue }
                let id = index.tasks[target].task.id
                let why = e.sequentialProject.map { " (sequential project \(BoundedQuote.prefix($0)))" } ?? kind
                out.append(DetailReference(section: .waitsFor, text: task(id) + why, target: .task(id)))
            } else {
                let uid = BoundedQuote.prefix(d.uid)
                let why = e.problem.map { $0.hasPrefix("unresolved_dependency_target") ? "no such task: \(uid)" : $0 } ?? "no such task: \(uid)"
                out.append(DetailReference(section: .waitsFor, text: why, target: .nowhere(why)))
            }
        }
        for w in graph.waitedBy(row) {
            let id = index.tasks[w].task.id
            let project = graph.edges(of: w).first { $0.target == row && $0.sequentialProject != nil }?.sequentialProject
            out.append(DetailReference(section: .waitedBy, text: task(id) + (project.map { " (sequential project \(BoundedQuote.prefix($0)))" } ?? ""), target: .task(id)))
        }
        if let links = s.detailLinks, links.taskID == t.id, links.body == t.body {
            let to = " " + s.glyphs.text(.leadsTo) + " "
            for l in links.targets {
                let raw = BoundedQuote.prefix(l.link.raw)
                switch l.place {
                case .task(let id): out.append(DetailReference(section: .links, text: raw + to + task(id), target: .task(id)))
                case .note(let path): out.append(DetailReference(section: .links, text: raw + to + path, target: .note(path)))
                case .missing(let path):
                    out.append(DetailReference(section: .links, text: raw + to + "no file (" + path + ")", target: .nowhere("\(raw) leads to no file: \(path) is not there")))
                case .nowhere(let why): out.append(DetailReference(section: .links, text: raw + to + why, target: .nowhere("\(raw) leads nowhere: \(why)")))
                }
            }
        }
        return out
    }
}
