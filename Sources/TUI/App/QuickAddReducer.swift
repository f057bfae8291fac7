import TaskEngine

/// The quick-add line: typing, ↑/↓ through earlier entries, Enter adds the
/// task (with the shown perspective's context), Tab opens the full form
/// with what was read, Esc closes and keeps the line for ↑.
enum QuickAddReducer {
    static func open(_ s: inout AppState) {
        let p = s.perspective
        s.mode = .quickAdd(QuickAddEntry(context: p.map { PerspectiveContext.of($0.rules) } ?? QuickAdd(title: ""),
                                         perspectiveName: p?.name ?? "", projects: s.index.values(of: .project),
                                         areas: s.index.values(of: .area)))
    }

    static func reduce(_ s: inout AppState, _ e: inout QuickAddEntry, _ action: Action) -> [Effect] {
        switch action {
        case .text(let edit): e.edit { _ = $0.apply(edit) }
        case .insert(let text): e.edit { $0.insert(text) }
        case .quickAdd(.older): e.recall(older: true, history: s.addHistory)
        case .quickAdd(.newer): e.recall(older: false, history: s.addHistory)
        case .quickAdd(.openForm):
            s.mode = .form(e.form(today: s.today))
            return remember(&s, e.text)
        case .quickAdd(.cancel):
            s.mode = .browse
            guard !e.text.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
            s.message = "Nothing added; ↑ in quick add (a) brings the line back."
            return remember(&s, e.text)
        case .quickAdd(.add):
            let q = e.parsed(today: s.today)
            if q.title.isEmpty {
                e.error = e.text.trimmingCharacters(in: .whitespaces).isEmpty ? "Type a title first."
                    : "No title left once read: \\word keeps a word as typed."
                return []
            }
            if let due = q.due, due.day < s.today {
                e.error = "A new task cannot be due in the past (\(due.day.iso))."
                return []
            }
            s.mode = .browse
            return [.createTask(q.task(), folder: "")] + remember(&s, e.text)
        default: break
        }
        return []
    }

    static func remember(_ s: inout AppState, _ line: String) -> [Effect] {
        let before = s.addHistory
        QuickAddEntry.remember(line, in: &s.addHistory)
        return s.addHistory == before ? [] : [.saveAddHistory]
    }
}
