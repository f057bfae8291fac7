import TaskEngine

/// The detail pane: every field of the selected task, what it waits for,
/// what waits for it and its links, then its notes rendered from CommonMark;
/// with the focus in it, the dependency, link or checklist item under the
/// cursor is highlighted (Enter follows, Space ticks) and kept in view.
enum DetailPaneView {
    static func render(_ state: AppState, into screen: inout Screen, x: Int, y: Int, width: Int, height: Int) {
        let focused = state.focus == .detail && state.editor == nil  // (while the rule editor is open, its pane has the keys)
        guard let t = state.selectedTask else {
            screen.box(x: x, y: y, width: width, height: height, title: state.glyphs.paneTitle("Detail", focused: focused), style: CellStyle(focused ? .accent : .dim))
            screen.put("No task selected.", x: x + 2, y: y + 1, style: CellStyle(.dim), maxX: x + width - 1)
            screen.markFocus(.detail, x: x + 2, y: y + 1)
            return
        }
        let inner = width - 2
        let (cursor, wanted) = DetailReducer.position(state)
        var lines = fieldLines(t, state, width: inner - 1)
        let doc = MarkdownDocument(parsing: t.body)
        let notes = MarkdownLines.render(doc, width: inner - 1, glyphs: state.glyphs)
        let items = Checklist.items(doc)
        var cursorLine: Int?, cursorEnd: Int?
        let references = DetailReferences.of(state)
        var section: DetailReference.Section?
        for (i, r) in references.enumerated() {
            if r.section != section {
                section = r.section
                lines.append(MarkdownLines.Line(runs: [MarkdownLines.Run(text: r.section.rawValue, style: CellStyle(.dim))]))
            }
            if focused, i == cursor { cursorLine = lines.count }
            let style: CellStyle = if case .nowhere = r.target { CellStyle(.warning) } else { .normal }
            // Wrapped (a path or a refusal is long), at most three lines, the rest cut with "…".
            let parts = Screen.wrapped(r.text, width: max(1, inner - 5))
            for (n, part) in parts.prefix(3).enumerated() {
                let text = n == 2 && parts.count > 3 ? part + " " + parts[3...].joined(separator: " ") : part
                lines.append(MarkdownLines.Line(runs: [MarkdownLines.Run(text: (n == 0 ? "  " : "    ") + DisplayWidth.truncate(text, to: max(1, inner - 5)), style: style)]))
            }
            if focused, i == cursor { cursorEnd = lines.count - 1 }
        }
        let item = cursor - references.count
        if !notes.isEmpty {
            lines.append(MarkdownLines.Line(runs: [MarkdownLines.Run(text: "─ Notes " + String(repeating: "─", count: max(0, inner - 9)), style: CellStyle(.dim))]))
            for line in notes {
                if focused, items.indices.contains(item), line.checklistLine == items[item].line, cursorLine == nil { cursorLine = lines.count }
                lines.append(line)
            }
        }
        let rows = height - 2
        var top = min(wanted, max(0, lines.count - rows))
        if let c = cursorLine, c < top || c >= top + rows { top = max(0, min(c - rows / 2, lines.count - rows)) }
        var title = "Detail"
        if let p = state.index.task(id: t.id)?.checklist { title += " · checklist \(p.done)/\(p.total)" }
        if lines.count > rows { title += " · \(top + 1)–\(min(lines.count, top + rows)) of \(lines.count)" }
        screen.box(x: x, y: y, width: width, height: height, title: state.glyphs.paneTitle(title, focused: focused), style: CellStyle(focused ? .accent : .dim))
        for (row, line) in lines.dropFirst(top).prefix(rows).enumerated() {
            let ly = y + 1 + row
            var col = x + 2
            let selected = cursorLine.map { ($0...(cursorEnd ?? $0)).contains(top + row) } ?? false
            for run in line.runs {
                col = screen.put(run.text, x: col, y: ly, style: selected ? CellStyle(.selected, bold: true) : run.style, maxX: x + width - 1)
            }
            if selected {
                screen.fill(y: ly, from: x + 1, to: x + width - 1, style: CellStyle(.selected, bold: true))
                // (The item under the cursor says so in a character too, not in reverse video alone.)
                if top + row == cursorLine { screen.put("▸", x: x + 1, y: ly, style: CellStyle(.selected, bold: true)) }
            }
            // The cursor goes on the focused item's first line, where its text starts (else on the pane's first line):
            // a checklist item's after its box (its first run: the indent and the box), so a screen reader reads the item.
            if top + row == cursorLine ?? top {
                let lead = line.checklistLine != nil && line.runs.count > 1 ? DisplayWidth.of(line.runs[0].text)
                    : line.runs.map(\.text).joined().prefix { $0 == " " }.count
                screen.markFocus(.detail, x: x + 2 + lead, y: ly)
            }
        }
    }

    /// "Status    in progress", one line a field that has a value.
    static func fieldLines(_ t: TaskItem, _ state: AppState, width: Int) -> [MarkdownLines.Line] {
        func date(_ d: TaskDate?) -> String? {
            guard let d else { return nil }
            return QuickAdd.describe(d, today: state.today)
        }
        var due = date(t.due)
        if let d = t.due {
            let overdue = Glyphs.isOverdue(d, today: state.today, nowMinute: state.nowMinute) && !t.status.isClosed
            due! += " (" + state.glyphs.due(d, today: state.today, nowMinute: state.nowMinute, overdue: overdue,
                                               closed: t.status.isClosed) + ")"
        }
        // Reminders in the order they fire, a past one dimmed and saying so ("(past)": not by its colour alone).
        let now = state.nowInstant
        let reminders = ReminderListing.ordered(t, timeZone: .current)
        let pastReminders = reminders.prefix(20).filter { $0.isPast(now: now) }.map { ReminderText.detail($0, today: state.today, now: now) }
        var fields: [(String, String?)] = [
            ("Status", t.displayStatus), ("Priority", t.priority == .none ? nil : t.priority.rawValue), ("Flagged", t.flagged ? (state.glyphs == .words ? "yes" : "yes ⚑") : nil),
            ("Area", t.area), (t.otherProjects.isEmpty ? "Project" : "Projects", t.projects.isEmpty ? nil : t.projects.joined(separator: ", ")),
            ("Tags", t.tags.isEmpty ? nil : t.tags.map { "#" + $0 }.joined(separator: " ")),
            ("Contexts", t.contexts.isEmpty ? nil : t.contexts.map { "@" + $0 }.joined(separator: " ")),
            ("Assignees", t.assignees.isEmpty ? nil : Assignee.shown(t.assignees)),
            ("Due", due), ("Scheduled", date(t.scheduled)), ("Defer", date(t.defer_)),
        ] + reminders.prefix(20).map { ("Remind", ReminderText.detail($0, today: state.today, now: now)) }
          + (t.reminders.count > 20 ? [("Remind", "… \(t.reminders.count - 20) more")] : []) + [
            ("Estimate", t.estimatedMinutes.map(QuickAdd.duration)), ("Tracked", tracked(t, state)), ("Repeats", t.recurrence.map(RecurrenceWords.describe)),
            ("Source", t.source), ("Created", date(t.created)), ("Modified", date(t.modified)), ("Completed", date(t.completed)),
            ("File", t.id),
        ]
        // A value the file holds that its field cannot is shown as written, with ⚠ (its problem is in the `!` panel).
        if !t.badValues.isEmpty {
            let labelled: [TaskField: String] = [.status: "Status", .priority: "Priority", .flagged: "Flagged", .area: "Area", .project: "Project",
                                                 .tags: "Tags", .contexts: "Contexts", .due: "Due", .scheduled: "Scheduled", .defer: "Defer",
                                                 .estimatedMinutes: "Estimate", .recurrence: "Repeats", .source: "Source", .created: "Created",
                                                 .modified: "Modified", .completed: "Completed", .title: "Title"]
            for bad in t.badValues {
                guard let label = labelled[bad.field] else { continue }
                if let i = fields.firstIndex(where: { $0.0 == label }) { fields[i].1 = bad.shown } else { fields.insert((label, bad.shown), at: 0) }
            }
        }
        var out = [MarkdownLines.Line(runs: [MarkdownLines.Run(text: DisplayWidth.truncate(t.title, to: width), style: CellStyle(.normal, bold: true))])]
        for (label, value) in fields {
            guard let value else { continue }
            let past = label == "Remind" && pastReminders.contains(value)
            out.append(MarkdownLines.Line(runs: [
                MarkdownLines.Run(text: label.padding(toLength: 10, withPad: " ", startingAt: 0), style: CellStyle(.dim)),
                MarkdownLines.Run(text: DisplayWidth.truncate(value, to: max(1, width - 10)), style: past ? CellStyle(.dim) : .normal),
            ]))
        }
        let told = Set(t.badValues.map(\.problem))
        for w in t.warnings where !told.contains(w) { out.append(MarkdownLines.Line(runs: [MarkdownLines.Run(text: DisplayWidth.truncate(state.glyphs.text(.warning) + " " + w, to: width), style: CellStyle(.warning))])) }
        return out
    }
}
