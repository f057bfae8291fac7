import TaskEngine

/// The vault-wide finder (`Ctrl-P`): what is typed, the ranked tasks, the
/// one under the cursor.
public struct Finder: Hashable, Sendable {
    public var field = TextField()
    public var selected = 0
    public var hits: [TaskFinder.Hit] = []
    /// How many tasks were searched.
    public var searched = 0
    /// The tasks the last query was found in (the next letter typed searches those alone).
    public var narrowing: TaskFinder.Narrowing?

    public var text: String { field.string }
}

/// Opening the finder, typing into it, moving in its results, and jumping
/// to a task in a view that shows it.
enum FinderReducer {
    static func open(_ s: inout AppState) {
        // (The tasks' text is laid out for the search here, so the first letter typed only searches.)
        s.mode = .finder(Finder(searched: s.index.tasks.count, narrowing: TaskFinder.start(in: s.index)))
    }

    static func reduce(_ s: inout AppState, _ f: inout Finder, _ action: Action) {
        switch action {
        case .text(let e): type(&s, &f) { _ = $0.apply(e) }
        case .insert(let text): type(&s, &f) { $0.insert(text) }
        case .finder(.move(let n)): f.selected = min(max(0, f.selected + n), max(0, f.hits.count - 1))
        case .finder(.select(let i)): f.selected = min(max(0, i), max(0, f.hits.count - 1))
        case .finder(.close): s.mode = .browse
        case .finder(.jump):
            guard f.hits.indices.contains(f.selected) else { return }
            jump(&s, to: f.hits[f.selected].id)
        default: break
        }
    }

    static func type(_ s: inout AppState, _ f: inout Finder, _ change: (inout TextField) -> Void) {
        let before = f.text
        change(&f.field)
        if f.text != before {
            (f.hits, f.narrowing) = TaskFinder.search(f.text, in: s.index, after: f.narrowing)
            f.selected = 0
        }
    }

    /// Shows the task: in the perspective shown when it has it, else in the
    /// first of the sidebar that does (an area or project at the latest).
    static func jump(_ s: inout AppState, to id: String) {
        guard let t = s.index.task(id: id) else { s.mode = .browse; return }
        s.mode = .browse
        s.search = nil
        let inShown = s.perspective.map { RuleCompiler.compile($0.rules, today: s.today, index: s.index).matches(t) } ?? false
        if !inShown {
            let all = s.perspectives + s.vaultTree.map(\.perspective)
            guard let p = all.first(where: { RuleCompiler.compile($0.rules, today: s.today, index: s.index).matches(t) }) else {
                s.message = "'\(t.task.title)' is in no perspective of the sidebar."
                return
            }
            if VaultTree.isTreeID(p.id) { s.vaultTreeCollapsed = false }
            s.selectedPerspectiveID = p.id
        }
        s.refresh(recount: false)
        // The Forecast lists one day at a time: the task's own day is shown.
        if s.row(ofTask: id) == nil, s.showsForecast, let slot = s.forecastSlot(of: t), slot != s.forecast.slot {
            s.forecast.slot = slot
            s.refresh(recount: false)
        }
        if let row = s.row(ofTask: id) {
            s.selectedRow = row
            s.focus = .list
            s.message = "Found '\(t.task.title)' in \(s.perspective?.name ?? "this view")"
        } else {
            let filter = s.keymap.key("quick-filter", in: [.list]).map { ": " + $0 } ?? ""
            s.message = "'\(t.task.title)' is in \(s.perspective?.name ?? "this view") but hidden here (a folded group or the quick filter\(filter))"
        }
    }
}
