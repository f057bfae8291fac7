import TaskEngine

extension AppState {
    /// Loads new vault contents (after a start, a write or an external change).
    public mutating func load(snapshot: VaultSnapshot, store: PerspectiveStore) {
        index = snapshot.index
        problems = snapshot.problems
        perspectives = store.all
        sequentialProjects = store.document.sequentialProjects.merging(snapshot.index.sequentialProjects)
        perspectivesProblem = store.shownProblem
        refresh()
        if perspective == nil {
            selectedPerspectiveID = "inbox"
            refresh(recount: false)
        }
    }

    /// Re-evaluates the shown perspective and, with `recount`, every sidebar
    /// count and the editor's per-rule counts (only tasks, perspectives, rules
    /// or the day change those; moving, searching and folding do not). The
    /// index keeps each condition's bits, patched when a task changes, so a
    /// recount combines bits and never looks at the tasks again. Keeps
    /// the selection on the same task (which may have moved to another band),
    /// else the nearest row.
    public mutating func refresh(recount: Bool = true) {
        // (Nothing to do unless they changed: then a new generation, its waits made again.)
        index.setSequentialProjects(sequentialProjects)
        if recount {
            if vaultTreeBuiltFor.generation != index.generation {
                vaultTree = VaultTree.build(index)
                vaultTreeBuiltFor.generation = index.generation
            }
            if runningTimerBuiltFor.generation != index.generation {
                runningTimer = RunningTimer.find(in: index)
                runningTimerBuiltFor.generation = index.generation
            }
            // An area or project that is gone (renamed, its last task deleted): back to the Inbox.
            if perspective == nil, VaultTree.isTreeID(selectedPerspectiveID) { selectedPerspectiveID = "inbox" }
            counts = PerspectiveEvaluator.counts(countedPerspectives, in: index, today: today)
            skippingRules = Set(countedPerspectives.filter { !RuleCompiler.compile($0.rules, today: today).warnings.isEmpty }.map(\.id))
            ruleCounts = editor.map { RuleMatchCounts.counts($0.perspective.rules, index: index, today: today) } ?? [:]
        }
        guard let p = perspective else { rows = []; return }
        reevaluate(p)
    }

    /// The perspectives the sidebar counts (the editor's working copy in place of its saved one).
    var countedPerspectives: [Perspective] {
        editor.map { e in perspectives.map { $0.id == e.perspective.id ? e.perspective : $0 } } ?? perspectives
    }

    private mutating func reevaluate(_ p: Perspective) {
        let listed = PerspectiveEvaluator.evaluate(forecastNarrowed(p), in: index, today: today, projectOrder: quickFilter.projectOrder)
        listedCount = listed.count
        result = quickFilter.narrow(listed)
        relayout()
    }

    /// Rebuilds the visible rows from the current result (after a search
    /// keystroke or a fold, nothing needs re-evaluating), keeping the selection.
    public mutating func relayout() {
        let previousIndex = selectedIndex
        // (The rows hold their tasks: those the result no longer holds, after the vault
        // was read again, go before the new rows are made, not after.)
        rows = []
        (rows, searchMatches) = buildRows()
        // (The same row made anew: it holds the task as the list now has it.)
        if let s = selectedRow, let i = rows.firstIndex(of: s), rows[i].isSelectable {
            selectedRow = rows[i]
            return
        }
        if case .task(let selected)? = selectedRow, let r = row(ofTask: selected.id) {
            selectedRow = r
            return
        }
        let candidates = rows.indices.filter { rows[$0].isSelectable }
        let near = candidates.min { abs($0 - (previousIndex ?? 0)) < abs($1 - (previousIndex ?? 0)) }
        selectedRow = near.map { rows[$0] }
    }

    func groupCollapseKey(_ group: String) -> String { selectedPerspectiveID + "\u{1}" + group }

    /// The rows, and how many tasks the search matches (nil: no search). A
    /// task in two groups counts once (a folded group's tasks count too).
    func buildRows() -> (rows: [ListRow], searchMatches: Int?) {
        let query = search.map(TextFold.search) ?? ""
        var out: [ListRow] = []
        // (Room for every task, a header and a band or two a group: no regrowth, each a copy of
        // every row made so far, on a list of 50,000.)
        out.reserveCapacity(result.groups.reduce(0) { $0 + $1.tasks.count + 3 })
        var matched = 0
        var matchedIDs = Set<String>()
        for g in result.groups {
            let tasks = query.isEmpty ? g.tasks : g.tasks.filter { $0.searchContains(query) }
            if !query.isEmpty {
                // (Only a list of several groups can hold a task twice: one group needs no set.)
                if result.groups.count == 1 { matched = tasks.count } else { for t in tasks { matchedIDs.insert(t.id) } }
            }
            if tasks.isEmpty && (g.title != nil || !query.isEmpty) { continue }
            let collapsed = collapsed.contains(groupCollapseKey(g.key))
            if let title = g.title { out.append(.group(key: g.key, title: title, count: tasks.count, collapsed: collapsed)) }
            if collapsed { continue }
            var band: StateBand?
            for t in tasks {
                if t.band != band {
                    out.append(.band(t.band))
                    band = t.band
                }
                out.append(.task(TaskRow(t, group: g.key)))
            }
        }
        return (out, query.isEmpty ? nil : max(matched, matchedIDs.count))
    }

    /// The rows the reorder functions see: the tasks of the visible list.
    var reorderRows: [(row: Int, item: ManualReorder.Row)] {
        var bands: [String: StateBand] = [:]
        for t in index.tasks { bands[t.id] = t.band }
        return rows.enumerated().compactMap { i, r in
            guard case .task(let row) = r, let band = bands[row.id] else { return nil }
            return (i, ManualReorder.Row(id: row.id, band: band, group: row.group))
        }
    }
}
