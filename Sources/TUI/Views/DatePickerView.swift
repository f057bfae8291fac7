import TaskEngine

/// The date picker: the comparisons on top, the relative choices beside a
/// month calendar, and the rule it would make, in words with its count.
enum DatePickerView {
    static let calendarWidth = 22

    static func render(_ d: DatePicker, _ state: AppState, into screen: inout Screen) -> PopupHits {
        let name = RuleDescriber.fieldNames[d.field] ?? d.field
        let keys = state.keymap
        let said = [keys.phrase("calendar-relative", "switches calendar / relative", in: [.calendar]), keys.phrase("help", "keys", in: [.calendar])]
        let f = PopupFrame.open(&screen, width: 76, height: 17, title: "\(name) date" + said.compactMap { $0 }.reduce("") { $0 + ($0.isEmpty ? ": " : " · ") + $1 })
        let x = f.innerX + 1, right = f.innerRight - 1
        var y = f.y + 1

        // The comparisons, the current one bracketed (meaning not carried by color alone).
        // On a narrow popup they go on to the blank row below, and what fits on neither ends in “…”.
        var cx = screen.put("Compare" + (keys.key("calendar-comparison", in: [.calendar]).map { " (\($0))" } ?? "") + ": ", x: x, y: y, style: CellStyle(.dim), maxX: right)
        var cy = y
        for (i, c) in DatePicker.comparisons.enumerated() {
            let on = i == d.comparison
            let label = on ? "[\(c.label)]" : c.label
            if cx + DisplayWidth.of(label) > right, cy == y {
                cy += 1
                cx = x
            }
            if cx + DisplayWidth.of(label) > right {
                screen.put("…", x: min(cx, right - 1), y: cy, style: CellStyle(.dim), maxX: right)
                break
            }
            cx = screen.put(label, x: cx, y: cy, style: on ? CellStyle(.accent, bold: true) : .normal, maxX: right)
            cx = screen.put(" ", x: cx, y: cy, maxX: right)
        }
        y += 2

        let candidate = d.candidate(today: state.today)
        let match = candidate.flatMap { c -> DayMatch? in
            if case .success(let m) = DateRule.resolve(op: c.op, value: c.value, unit: c.unit, today: state.today) { return m }
            return nil
        }
        // Below the comparisons: the choices and the month, then the preview and a hint. On a short
        // screen the choices scroll and the month shows the weeks around the cursor.
        let rows = max(2, min(9, f.innerHeight - 5))
        let listWidth = right - x - calendarWidth - 2
        drawRelative(d, keys: keys, glyphs: state.glyphs, x: x, y: y, width: listWidth, rows: rows, into: &screen)
        drawMonth(d, match: match, today: state.today, x: right - calendarWidth, y: y, rows: rows + 1, into: &screen)
        y += rows + 1

        var preview = state.glyphs.spelled(d.preview(today: state.today, keys: keys))
        if let c = candidate {
            let n = RuleBits.count(RuleGroup(.and, [.condition(c)]), in: state.index, today: state.today)
            preview += " · \(n) task\(n == 1 ? "" : "s")"
        }
        screen.put(DisplayWidth.truncate(preview, to: right - x), x: x, y: y, style: CellStyle(.accent, bold: true), maxX: right)
        if let problem = d.problem {
            screen.put(DisplayWidth.truncate(problem, to: right - x), x: x, y: y + 1, style: CellStyle(.warning, bold: true), maxX: right)
        } else if d.side == .calendar, d.op == "between" {
            let pick = keys.key("calendar-pick", in: [.calendar])
            let hint = d.start == nil ? pick.map { "\($0) marks the start day, then pick the end." } ?? "Mark the start day, then the end."
                : pick.map { "\($0) picks the end (not before the start)." } ?? "Now the end (not before the start)."
            screen.put(hint, x: x, y: y + 1, style: CellStyle(.dim), maxX: right)
        }
        return f.hits([:])
    }

    /// The relative line and its choices; when they do not all fit, the last row says how many more
    /// there are, and where (in words, not arrows, with `glyphs: words`), so the list's end is never taken for its last choice.
    static func drawRelative(_ d: DatePicker, keys: Keymap, glyphs: GlyphSet = .symbols, x: Int, y: Int, width: Int, rows: Int, into screen: inout Screen) {
        let words = glyphs == .words
        let p = d.relative
        let active = d.side == .relative
        let head = active ? glyphs.text(.prompt) + " " + (p.typed.isEmpty ? "type: next 10 days…" : p.typedField.withCaret(width: width - 3))
            : "Relative" + (keys.key("calendar-relative", in: [.calendar]).map { " (\($0))" } ?? "")
        screen.put(DisplayWidth.truncate(head, to: width), x: x, y: y, style: CellStyle(active && !p.typed.isEmpty ? .normal : .dim), maxX: x + width)
        if active {  // (where typing goes; a choice under the cursor is the screen reader's focus)
            screen.markFocus(.popup, x: x + 2 + (p.typed.isEmpty ? 0 : p.typedField.visible(width: width - 3).cursorColumn), y: y, typing: true)
        }
        let shown = p.visible
        // (One row under the line of text for each choice, less the "more" line's when they do not all fit.)
        let fits = shown.count <= rows - 1 || rows - 1 < 2
        let room = fits ? rows - 1 : rows - 2
        let first = PopupFrame.scroll(cursor: p.cursor, rows: room, count: shown.count)
        if !fits {
            let above = first, below = shown.count - first - room
            screen.put(DisplayWidth.truncate(moreLine(above: above, below: below, words: words), to: width), x: x, y: y + rows - 1,
                       style: CellStyle(.dim), maxX: x + width)
        }
        for (row, i) in shown.enumerated().dropFirst(first).prefix(room) {
            let selected = active && row == p.cursor
            let label = p.options[i].label.components(separatedBy: " →").first ?? p.options[i].label
            let style = selected ? CellStyle(.selected) : CellStyle(active ? .normal : .dim)
            let line = y + 1 + row - first
            screen.put(DisplayWidth.truncate(label, to: width), x: x, y: line, style: style, maxX: x + width)
            if selected {
                screen.fill(y: line, from: x + DisplayWidth.of(DisplayWidth.truncate(label, to: width)), to: x + width, style: style)
                screen.put("▸", x: x - 1, y: line, style: style)  // (in the frame's blank column: not by reverse video alone)
                screen.markFocus(.popup, x: x, y: line, keepsCaret: true)
            }
        }
    }

    /// "… 5 more ↓ · 2 ↑" / "… 5 more below, 2 above": the choices past the window, below first (where the list goes on).
    static func moreLine(above: Int, below: Int, words: Bool) -> String {
        var parts: [String] = []
        if below > 0 { parts.append(words ? "\(below) more below" : "\(below) more ↓") }
        if above > 0 { parts.append(words ? "\(above) above" : "\(above) ↑") }
        if below == 0 && above > 0 { parts[0] = words ? "\(above) more above" : "\(above) more ↑" }
        return "… " + parts.joined(separator: words ? ", " : " · ")
    }

    /// The cursor's month, Monday first: the cursor reversed, the days the rule would match in the accent, today bold
    /// and starred (`23*`: not by bold alone; under the cursor the preview says "today").
    static func drawMonth(_ d: DatePicker, match: DayMatch?, today: Day, x: Int, y: Int, rows: Int, into screen: inout Screen) {
        let c = d.cursor
        let title = "\(DayLabel.monthNames[c.month - 1]) \(c.year)"
        screen.put(title, x: x + (calendarWidth - DisplayWidth.of(title)) / 2, y: y, style: CellStyle(.header, bold: true))
        screen.put("Mo Tu We Th Fr Sa Su", x: x, y: y + 1, style: CellStyle(.dim))
        guard let first = Day(year: c.year, month: c.month, day: 1) else { return }
        let days = Day.daysIn(month: c.month, year: c.year)
        let offset = first.isoWeekday - 1
        // The weeks that fit under the two heading rows, the cursor's among them.
        let weeks = max(1, rows - 2)
        let firstWeek = max(0, (offset + c.dayOfMonth - 1) / 7 - weeks + 1)
        var todayCell: (x: Int, y: Int)?
        for n in 0..<days {
            let day = first.adding(days: n)
            let cell = offset + n
            guard (firstWeek..<(firstWeek + weeks)).contains(cell / 7) else { continue }
            let cx = x + (cell % 7) * 3, cy = y + 2 + cell / 7 - firstWeek
            let text = day.dayOfMonth < 10 ? " \(day.dayOfMonth)" : "\(day.dayOfMonth)"
            var style = CellStyle(.normal, bold: day == today)
            if let match, DateRule.matches(match, day.ordinal) { style = CellStyle(.accent, bold: true) }
            if day == c && d.side == .calendar {
                style = CellStyle(.selected, bold: true)
                // Bracketed in the blanks either side, so the cursor's day shows without reverse video.
                screen.put("[", x: cx - 1, y: cy, style: style)
                screen.put("]", x: cx + 2, y: cy, style: style)
                screen.markFocus(.popup, x: cx + (day.dayOfMonth < 10 ? 1 : 0), y: cy)  // (on the day's first digit)
            }
            screen.put(text, x: cx, y: cy, style: style)
            if day == today { todayCell = (cx, cy) }
        }
        // In the blank after today's number; before it when the cursor's bracket takes that blank (the cursor on the next day).
        // The cursor on today keeps the star too: in the blank before one digit (`[*5]`), else in its closing bracket's place (`[28*`).
        if let t = todayCell {
            let onToday = d.side == .calendar && c == today
            let after = !(d.side == .calendar && c == today.adding(days: 1) && c.isoWeekday != 1)
            let at = onToday ? (today.dayOfMonth < 10 ? t.x : t.x + 2) : after ? t.x + 2 : t.x - 1
            screen.put("*", x: at, y: t.y, style: onToday ? CellStyle(.selected, bold: true) : CellStyle(.normal, bold: true))
        }
    }
}
