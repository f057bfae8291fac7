import Foundation
import TaskEngine

/// Row density: compact (one line a task), comfortable (plus the first line
/// of the notes), detailed (plus tags, estimate and dates).
public enum Density: String, CaseIterable, Sendable {
    case compact, comfortable, detailed

    /// A perspective's `layout`: `default` follows the app setting.
    public static func of(_ layout: String?, appDefault: Density) -> Density {
        Density(rawValue: layout ?? "default") ?? appDefault
    }
}

/// The task list pane: state bands, group headers with counts, tasks in the
/// perspective's density.
enum TaskListView {
    /// One screen line of the list: which row it belongs to, its text and style.
    struct Line {
        var row: Int
        var left: String
        var right: String
        var style: CellStyle
        var fill: Bool
        /// Cells of `right` drawn in a style of their own (columns from its start).
        var marks: [(columns: Range<Int>, style: CellStyle)] = []
        /// Columns before the row's text (its glyphs), on a row's first line: where the terminal's cursor goes when it is the selected one.
        var textStart: Int?
    }

    static func render(_ state: AppState, layout: inout ViewLayout, into screen: inout Screen, x: Int, y: Int, width: Int, height: Int) {
        if layout.scrolledPerspective != state.selectedPerspectiveID {
            layout.scrolledPerspective = state.selectedPerspectiveID
            layout.listScroll = 0
        }
        let focused = state.focus == .list && state.editor == nil  // (while the rule editor is open, its pane has the keys)
        let p = state.perspective
        // While the search or the quick filter narrows the list, the title says how far: "12 of 53 tasks".
        let total = state.listedCount
        let narrowed = state.searchMatches != nil || state.quickFilter.isNarrowing
        let count = narrowed ? "\(state.searchMatches ?? state.result.count) of \(total)" : "\(total)"
        // The Forecast's title names the slot its list holds: "Forecast · Mon 30 Nov".
        let slot = state.forecast.counts.map { " · " + ForecastStripView.title(state.forecast, counts: $0) } ?? ""
        // An area or project says first what its sidebar row counts, its open tasks: "3 open · 4 tasks".
        let open = narrowed ? nil : p.flatMap { p in state.vaultTree.first { $0.perspective.id == p.id } }.map { "\($0.open) open · " } ?? ""
        var parts = ListTitle.Parts(icon: state.glyphs == .words ? "" : Glyphs.icon(p?.icon), name: (p?.name ?? "") + slot,
                                    count: "\(open ?? "")\(count) task\(total == 1 ? "" : "s")",
                                    shortCount: count, quickFilter: state.quickFilter.isNarrowing,
                                    quickFilterKey: state.keymap.key("quick-filter", in: [.list, .global]))
        if let p {
            let field = p.sort.sortField?.label.lowercased() ?? p.sort.field
            parts.sort = "\(field) \(state.glyphs.direction(ascending: p.sort.ascending))"
        }
        // Marked tasks the list does not show (closed, filtered, searched or folded away) are still acted on: said here.
        let marked = state.marks.filter { state.index.task(id: $0) != nil }.count
        if marked > 0 {
            let shown = BulkReducer.shownMarkCount(state)
            parts.marked = "\(marked) marked" + (shown < marked ? " (\(shown) shown)" : "")
        }
        if let q = state.search { parts.search = state.searchField?.withCaret(width: max(10, width / 3)) ?? q }
        // The focus's mark before the title, on a narrow pane too (the name gives way to it): which pane the keys
        // go to is not left to the frame's colour alone. Only the marks' count and the search, never hidden, go before it.
        let focusMark = state.glyphs.paneTitle("", focused: focused)
        let beside = ListTitle.fit(parts, room: width - 4 - DisplayWidth.of(focusMark))
        let keeps = [parts.marked, parts.search].allSatisfy { $0.map { beside.contains($0) } ?? true }
        let title = keeps ? focusMark + beside : ListTitle.fit(parts, room: width - 4)
        // The perspective's colour tints its header (seed 2.3).
        var frame = CellStyle(focused ? .accent : .dim)
        if let hex = p?.color, case .index(let c)? = TermColor(hex) { frame.color = c }
        screen.box(x: x, y: y, width: width, height: height, title: title, style: frame)
        if state.searchField != nil {
            // The search is typed in the title: the cursor goes on its caret (the title's last `▏`).
            if let caret = (x..<(x + width)).last(where: { screen[$0, y].text == "▏" }) { screen.markFocus(.search, x: caret, y: y, typing: true) }
        }
        let inner = width - 2, left = x + 1
        // The Forecast's strip of days takes the top line (and a blank one under it where there is room).
        var top = y + 1, rows = height - 2
        layout.forecastStrip = nil
        var stripDay: (x: Int, y: Int)?
        if state.forecast.counts != nil, rows > 0 {
            stripDay = ForecastStripView.render(state, layout: &layout, into: &screen, x: left, y: top, width: inner).map { ($0, top) }
            let taken = rows > 6 ? 2 : 1
            top += taken
            rows -= taken
        }

        if state.rows.isEmpty {
            layout.listHits = [:]
            let name = state.glyphs.iconLead(p?.icon) + (p?.name ?? "")
            // What hides the tasks, and the key that shows them again: the rules, the quick filter or the search.
            // (A key a remap left unbound is not named: its line goes.)
            func key(_ name: String) -> String? { state.keymap.key(name, in: [.list, .global]) }
            let lines: [String]
            if let counts = state.forecast.counts, state.listedCount == 0 {
                lines = ["Nothing is due or scheduled: \(ForecastStripView.title(state.forecast, counts: counts))."]
                    + [state.keymap.phrase(["forecast-previous-day", "forecast-next-day"], "moves a day", in: [.global])].compactMap { $0 }
            } else if state.listedCount == 0 {
                lines = ["No tasks match this perspective's filters."] + [key("rules").map { "Press \($0) to view its rules." }].compactMap { $0 }
            } else if state.result.count == 0 {
                let n = state.listedCount
                lines = ["The quick filter hides \(n == 1 ? "the one task" : "all \(n) tasks") of this perspective."]
                    + [key("quick-filter").map { "Press \($0) to change it." }].compactMap { $0 }
            } else {
                let n = state.result.count
                lines = ["The search hides \(n == 1 ? "the one task" : "all \(n) tasks"): no title or note matches."]
                    + [key("cancel").map { "\($0) clears it." }].compactMap { $0 }
            }
            screen.put(DisplayWidth.truncate(name, to: inner), x: left + 1, y: top + 1, style: CellStyle(.accent, bold: true), maxX: left + inner)
            // No row to be on: the cursor reads why; on an empty Forecast day, the day itself ("Tue 24 0") in the strip.
            if let day = stripDay, state.forecast.counts != nil { screen.markFocus(.list, x: day.x, y: day.y) } else {
                screen.markFocus(.list, x: left + 1, y: top + 1)
            }
            for (i, line) in lines.enumerated() where top + 2 + i < y + height - 1 {
                screen.put(DisplayWidth.truncate(line, to: inner - 1), x: left + 1, y: top + 2 + i, style: CellStyle(.dim), maxX: left + inner)
            }
            return
        }
        let density = Density.of(p?.layout, appDefault: state.density)
        // Scroll by rows; lay out only the rows in view (a list may hold 100,000).
        let sel = state.selectedIndex ?? 0
        if sel < layout.listScroll { layout.listScroll = max(0, sel - 1) }
        // The header and band right above the selection stay in view (the cursor steps over them, `g` included).
        var titled = sel
        while titled > 0, !state.rows[titled - 1].isSelectable { titled -= 1 }
        if titled < layout.listScroll { layout.listScroll = titled }
        // A selection far below the view (a task that moved bands, `G`): jump near it
        // (each row is at least one line), then step down row by row.
        if sel - layout.listScroll >= rows { layout.listScroll = sel - rows + 1 }
        layout.listScroll = max(0, min(layout.listScroll, state.rows.count - 1))
        func linesFrom(_ start: Int) -> [Line] {
            var out: [Line] = []
            var i = start
            while i < state.rows.count && out.count < rows + 3 {
                out += rowLines(state, row: i, density: density, width: inner, focused: focused)
                i += 1
            }
            return out
        }
        var lines = linesFrom(layout.listScroll)
        // Move down until every line of the selected row fits.
        while (lines.prefix(rows).lastIndex { $0.row == sel } == nil || lines.count > rows && lines[rows].row == sel),
              layout.listScroll < sel {
            layout.listScroll += 1
            lines = linesFrom(layout.listScroll)
        }
        // At the end of the list, fill the pane instead of leaving it half empty.
        while layout.listScroll > 0, lines.count < rows {
            let more = rowLines(state, row: layout.listScroll - 1, density: density, width: inner, focused: focused)
            if lines.count + more.count > rows { break }
            layout.listScroll -= 1
            lines = more + lines
        }
        layout.listHits = [:]
        for (offset, line) in lines.prefix(rows).enumerated() {
            layout.listHits[top + offset] = line.row
            screen.putRow(left: line.left, right: line.right, x: left, y: top + offset, width: inner, style: line.style)
            if line.fill { screen.fill(y: top + offset, from: left, to: left + inner, style: line.style) }
            if line.row == sel, let start = line.textStart { screen.markFocus(.list, x: left + start, y: top + offset) }
            let rightStart = left + inner - DisplayWidth.of(line.right)
            for mark in line.marks where rightStart >= left {
                screen.fill(y: top + offset, from: rightStart + mark.columns.lowerBound, to: rightStart + mark.columns.upperBound, style: mark.style)
            }
        }
    }

    /// The screen lines of one row.
    static func rowLines(_ state: AppState, row i: Int, density: Density, width: Int, focused: Bool) -> [Line] {
        var out: [Line] = []
        let row = state.rows[i]
        let selected = state.selectedRow == row
        switch row {
        case .group(_, let title, let count, let collapsed):
            let style = selected && focused ? CellStyle(.selected, bold: true) : CellStyle(.header, bold: true)
            // The selection's ▸ before the fold's ▸/▾, as on a task row (a selected header differs in its characters).
            let pointer = selected ? "▸" : " ", fold = state.glyphs.text(collapsed ? .folded : .unfolded)
            let lead = state.glyphs == .words ? pointer + " " + fold + " " : pointer + fold + " "
            out.append(Line(row: i, left: lead + title, right: "\(count) ", style: style, fill: true, textStart: DisplayWidth.of(lead)))
        case .band(let band):
            out.append(Line(row: i, left: "  " + Glyphs.bandTitle(band), right: "", style: CellStyle(.dim, bold: true), fill: false))
        case .task(let row):
            let id = row.id
            guard let t = state.task(id: id) else { return [] }
            let overdue = t.due.map { Glyphs.isOverdue($0, today: state.today, nowMinute: state.nowMinute) } == true && !t.status.isClosed
            let isMarked = state.marks.contains(id)
            let style: CellStyle = selected ? (focused ? CellStyle(.selected) : CellStyle(.accent, bold: true))
                : isMarked ? CellStyle(.accent, bold: true)
                : t.status.isClosed ? CellStyle(.done) : overdue ? CellStyle(.overdue) : .normal
            // Every field the row could show, in the order drawn; `TaskRowFields` keeps those that fit beside the title's start.
            let g = state.glyphs, words = g == .words
            var fields: [TaskRowFields.Shown] = []
            if let place = t.project ?? t.area { fields.append(.init(field: .place, text: DisplayWidth.truncate(place, to: max(4, width / 5)))) }
            if !t.assignees.isEmpty { fields.append(.init(field: .assignees, text: DisplayWidth.truncate(Assignee.shown(t.assignees), to: max(4, width / 5)))) }
            if t.recurrence != nil { fields.append(.init(field: .recurrence, text: g.text(.repeats))) }
            if let progress = state.index.task(id: id)?.checklist { fields.append(.init(field: .checklist, text: "\(progress.done)/\(progress.total)")) }
            if let due = t.due {
                // (A done or cancelled task's passed date is past, "due 8d ago": it is never overdue.)
                let when = g.due(due, today: state.today, nowMinute: state.nowMinute, overdue: overdue, closed: t.status.isClosed)
                fields.append(.init(field: .due, text: when.hasSuffix(" ago") ? "due " + when : when,
                                    state: words && overdue, short: words && overdue ? g.overdueShort : nil))
            }
            if t.priority != .none {
                // Colored as the seed asks (low blue, medium orange, high red), the glyph count (or the word) saying it too.
                let colored = !selected && !t.status.isClosed
                fields.append(.init(field: .priority, text: g.text(.priority(t.priority)), style: colored ? CellStyle(Glyphs.priorityRole(t.priority)) : nil,
                                    state: words))
            }
            if t.flagged { fields.append(.init(field: .flag, text: g.text(.flagged), state: words, short: words ? g.flaggedShort : nil)) }
            // Only an open task is held up: a done one waiting for an open one is not marked.
            if !t.status.isClosed, state.index.isBlocked(id: id) { fields.append(.init(field: .blocked, text: g.text(.blocked), state: words)) }
            if let running = state.timerText(for: id) {
                fields.append(.init(field: .timer, text: g.text(.timer) + " " + running, style: selected ? nil : CellStyle(.accent, bold: true), state: words))
            }
            var lead = rowLead(selected: selected, marked: isMarked, status: t.status, glyphs: g)
            var right = TaskRowFields.fit(fields, titleWidth: DisplayWidth.of(t.title), width: width, lead: DisplayWidth.of(lead))
            if right.statesLeftOut > 0 {
                // A narrow row in words: the status word gives way to overdue, priority, flag (the band above says the status).
                let bare = rowLead(selected: selected, marked: isMarked, status: nil, glyphs: g)
                let without = TaskRowFields.fit(fields, titleWidth: DisplayWidth.of(t.title), width: width, lead: DisplayWidth.of(bare))
                if without.statesLeftOut < right.statesLeftOut { (lead, right) = (bare, without) }
            }
            out.append(Line(row: i, left: lead + t.title, right: right.text, style: style, fill: selected, marks: right.marks,
                            textStart: selected ? DisplayWidth.of(lead) : nil))
            let detailStyle = selected ? style : CellStyle(.dim)
            if density == .detailed {
                var facts: [String] = []
                if !t.tags.isEmpty { facts.append(t.tags.map { "#" + $0 }.joined(separator: " ")) }
                if !t.contexts.isEmpty { facts.append(t.contexts.map { "@" + $0 }.joined(separator: " ")) }
                if let m = t.estimatedMinutes { facts.append("\(m) min") }
                // The finished sessions' time, as the group, the sort and `tracked` count it (a running
                // timer's time is the row's ⏱ until it stops).
                if let worked = TrackedTime.closedSeconds(t) { facts.append(TimeTracking.duration(worked) + " tracked") }
                if let d = t.scheduled { facts.append("scheduled \(DayLabel.short(d.day, today: state.today))") }
                if let d = t.defer_ { facts.append("defer \(DayLabel.short(d.day, today: state.today))") }
                if let d = t.due { facts.append("due \(DayLabel.short(d.day, today: state.today))") }
                if let a = t.area, t.project != nil { facts.append(a) }
                if let r = t.recurrence { facts.append(state.glyphs.text(.repeats) + " " + RecurrenceWords.describe(r)) }
                out.append(Line(row: i, left: "     " + (facts.isEmpty ? "—" : facts.joined(separator: " · ")), right: "", style: detailStyle, fill: selected))
            }
            if density != .compact, let note = firstLine(of: t.body) {
                out.append(Line(row: i, left: "     " + note, right: "", style: detailStyle, fill: selected))
            }
        }
        return out
    }

    /// What a task row shows before its title: the selection's `▸`, the mark,
    /// the status. A selected row and a marked one differ in their characters
    /// (not in colour alone), a selected marked row shows both: `▸●○ `.
    /// In words: `▸ [marked] [todo] ` (`status` nil: its word left out, on a row too narrow for it and the task's states).
    static func rowLead(selected: Bool, marked: Bool, status: TaskStatus?, glyphs g: GlyphSet) -> String {
        let pointer = selected ? "▸" : " "
        if g == .words { return pointer + " " + (marked ? g.text(.marked) + " " : "") + (status.map { g.text(.status($0)) + " " } ?? "") }
        let first = selected ? pointer : marked ? g.text(.marked) : " "
        return first + (selected && marked ? g.text(.marked) : " ") + (status.map { g.text(.status($0)) } ?? " ") + " "
    }

    /// The body's first line with text, markdown heading marks removed.
    /// Reads only as far as that line (and at most 64 KB, 200 characters of
    /// it): the cost of a row never depends on how long the body is.
    static func firstLine(of body: String) -> String? {
        let window = body.utf8.prefix(65_536)
        var start = window.startIndex
        while start < window.endIndex {
            let end = window[start...].firstIndex(of: 0x0A) ?? window.endIndex
            let line = String(decoding: body.utf8[start..<end].prefix(800), as: UTF8.self)
            let t = line.trimmingCharacters(in: .whitespaces).drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            if !t.isEmpty && t != "---" { return String(t.prefix(200)) }
            start = end < window.endIndex ? window.index(after: end) : window.endIndex
        }
        return nil
    }
}
