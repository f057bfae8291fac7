import TaskEngine

/// The task list pane: state bands, group headers with counts, one line per task.
enum TaskListView {
    static func render(_ state: inout AppState, into screen: inout Screen, x: Int, y: Int, width: Int, height: Int) {
        let focused = state.focus == .list
        let p = state.perspective
        var title = "\(Glyphs.icon(p?.icon)) \(p?.name ?? "") · \(state.result.count) task\(state.result.count == 1 ? "" : "s")"
        if let p {
            let field = p.sort.sortField?.label.lowercased() ?? p.sort.field
            title += " · \(field) \(p.sort.ascending ? "↑" : "↓")"
        }
        if let q = state.search { title += " · /\(q)\(state.searchEditing ? "▏" : "")" }
        screen.box(x: x, y: y, width: width, height: height, title: title, style: CellStyle(focused ? .accent : .dim))
        let inner = width - 2, rows = height - 2, left = x + 1

        if state.rows.isEmpty {
            let name = "\(Glyphs.icon(p?.icon)) \(p?.name ?? "")"
            let text = state.search.map { _ in "No task titles match the search (Esc clears it)." } ?? "No tasks match this perspective's filters."
            screen.put(DisplayWidth.truncate(name, to: inner), x: left + 1, y: y + 2, style: CellStyle(.accent, bold: true), maxX: left + inner)
            screen.put(DisplayWidth.truncate(text, to: inner - 1), x: left + 1, y: y + 3, style: CellStyle(.dim), maxX: left + inner)
            return
        }
        // Keep the selection in view; the scroll position survives re-filters.
        let sel = state.selectedIndex ?? 0
        if sel < state.listScroll { state.listScroll = max(0, sel - 1) }
        if sel >= state.listScroll + rows { state.listScroll = sel - rows + 1 }
        state.listScroll = max(0, min(state.listScroll, state.rows.count - rows))
        var byID: [String: TaskItem] = [:]
        for case .task(let id, _) in state.rows.dropFirst(state.listScroll).prefix(rows) { byID[id] = state.task(id: id) }

        for (offset, row) in state.rows.dropFirst(state.listScroll).prefix(rows).enumerated() {
            let line = y + 1 + offset
            let selected = state.selectedRow == row
            switch row {
            case .group(_, let title, let count, let collapsed):
                let style = selected && focused ? CellStyle(.selected, bold: true) : CellStyle(.header, bold: true)
                screen.putRow(left: "\(collapsed ? "▸" : "▾") \(title)", right: "\(count) ", x: left, y: line, width: inner, style: style)
                screen.fill(y: line, from: left, to: left + inner, style: style)
            case .band(let band):
                screen.put("  " + Glyphs.bandTitle(band), x: left, y: line, style: CellStyle(.dim, bold: true), maxX: left + inner)
            case .task(let id, _):
                guard let t = byID[id] else { continue }
                let overdue = t.due.map { $0.day < state.today } == true && !t.status.isClosed
                let style: CellStyle = selected ? (focused ? CellStyle(.selected) : CellStyle(.accent, bold: true))
                    : t.status.isClosed ? CellStyle(.done) : overdue ? CellStyle(.overdue) : .normal
                var right: [String] = []
                if let place = t.project ?? t.area { right.append(DisplayWidth.truncate(place, to: max(4, inner / 5))) }
                if let due = t.due { right.append(Glyphs.timeLeft(due.day, today: state.today) + (overdue ? " ⚠" : "")) }
                if t.priority != .none { right.append(Glyphs.priority(t.priority)) }
                if t.flagged { right.append("⚑") }
                screen.putRow(left: "\(selected ? "▸" : " ") \(Glyphs.status(t.status)) \(t.title)", right: right.joined(separator: "  ") + " ",
                              x: left, y: line, width: inner, style: style)
                if selected { screen.fill(y: line, from: left, to: left + inner, style: style) }
            }
        }
    }
}
