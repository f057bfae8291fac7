import TaskEngine

/// The quick-add line over the bottom two rows: the line as typed, with what
/// it recognised highlighted, and under it the task it will make (or why it
/// cannot yet), then the keys.
enum QuickAddView {
    static let prompt = " Add › "
    static let example = "Call Anna tomorrow 3pm #phone !high +Clients"
    static let changeExample = "+Project @Area #tag -#tag !high * fri 3pm due none +1w sched +3d after:Task"

    /// A completion offered after the caret (`+cl▏[ients]`): bracketed, so that it does not read as
    /// typed text where its dim colour does not show (monochrome, NO_COLOR, a braille display).
    static func suggestion(_ rest: String) -> String { "[" + rest + "]" }

    static func render(_ e: QuickAddEntry, _ state: AppState, into screen: inout Screen) {
        let y = screen.height - 2, width = screen.width
        screen.clear(x: 0, y: y, width: width, height: 2)
        screen.fill(y: y, style: CellStyle(.selected))
        let label: String, g = state.glyphs
        if let ids = e.changing {
            label = ids.count == 1 ? " Change '\(DisplayWidth.truncate(state.task(id: ids[0])?.title ?? ids[0], to: max(8, width / 4)))' \(g.text(.prompt)) "
                : " Change \(ids.count) tasks \(g.text(.prompt)) "
        } else {
            label = g == .words ? " Add \(g.text(.prompt)) " : prompt
        }
        let x = screen.put(label, x: 0, y: y, style: CellStyle(.accent, bold: true))
        let fieldWidth = max(2, width - x - 1)
        let q = e.parsed(today: state.today)
        var style: [Int: QuickAdd.Part] = [:]
        for t in QuickAdd.parse(e.text, today: state.today, atAssigns: e.atAssigns).tokens { for i in t.range { style[i] = t.part } }
        let field = e.field
        let window = field.window(width: fieldWidth)
        var col = x
        screen.markFocus(.popup, x: x + field.text[window.lowerBound..<field.cursor].reduce(0) { $0 + DisplayWidth.of(String($1)) }, y: y, typing: true)
        for i in window {
            let part = style[i]
            col = screen.put(String(field.text[i]), x: col, y: y, style: part.map(cellStyle) ?? CellStyle(.selected), maxX: x + fieldWidth + 1)
        }
        if !field.isAtEnd {
            let column = field.text[window.lowerBound..<field.cursor].reduce(0) { $0 + DisplayWidth.of(String($1)) }
            screen.fill(y: y, from: x + column, to: x + column + 1, style: CellStyle(.accent, bold: true))
        } else {
            // The caret where typing goes, then what the right arrow would complete, bracketed.
            col = screen.put("▏", x: col, y: y, style: CellStyle(.accent), maxX: width)
            if let rest = e.completion ?? e.afterCompletion(state.index) { col = screen.put(suggestion(rest), x: col, y: y, style: CellStyle(.dim), maxX: width) }
        }
        if e.text.isEmpty {
            screen.put(e.changing == nil ? example : changeExample, x: col + 1, y: y, style: CellStyle(.dim), maxX: width)
        }

        // The keys of this line (quick add's or the change line's), as many as fit beside what it says.
        let contexts: [KeyContext] = [e.changing == nil ? .quickAdd : .changeLine, .text]
        if let error = e.error {
            let (lead, keys) = withKeys(" \(g.text(.warning)) " + error, state, contexts, width: width, gap: " · ")
            screen.put(lead + " · " + keys, x: 0, y: y + 1, style: CellStyle(.warning, bold: true))
        } else if let ids = e.changing {
            let c = e.changes(today: state.today)
            // (A reminder the tasks cannot take is said before Enter refuses it; a few tasks looked at, not every marked one.)
            let refused = c.fields.reminders.isEmpty ? nil : ids.prefix(50).lazy.compactMap { state.task(id: $0) }.compactMap {
                c.fields.reminderRefusal(on: c.apply(to: $0, today: state.today), now: state.nowInstant)
            }.first
            let text = c.leftover.isEmpty ? " \(g.text(.leadsTo)) " + (c.isEmpty ? "nothing yet" : c.summary(today: state.today)) + (ids.count == 1 ? "" : " · on \(ids.count) tasks")
                + (refused.map { " · " + Self.remindNote($0) } ?? "") + (Self.afterNote(c.fields.after, state.index).map { " · " + $0 } ?? "")
                : " \(g.text(.warning)) not understood: " + c.leftover
            let (lead, keys) = withKeys(text, state, contexts, width: width, gap: "   ")
            let end = screen.put(lead, x: 0, y: y + 1, style: CellStyle(c.leftover.isEmpty ? .accent : .warning))
            screen.put("   " + keys, x: end, y: y + 1, style: CellStyle(.dim))
        } else if e.text.trimmingCharacters(in: .whitespaces).isEmpty {
            let into = e.context.isPlain ? "" : " · adds " + e.context.summary(today: state.today).replacingOccurrences(of: "(no title yet) · ", with: "")
            let help = DisplayWidth.of(state.keymap.hintItems(contexts).last ?? "")
            let keys = state.keymap.hints(contexts, width: max(help, width - 1 - DisplayWidth.of(into)))
            screen.put(DisplayWidth.truncate(" " + keys + into, to: width), x: 0, y: y + 1, style: CellStyle(.dim))
        } else {
            let refused = q.reminders.isEmpty ? nil : q.reminderRefusal(on: q.task(), now: state.nowInstant)
            let (lead, keys) = withKeys(" \(g.text(.leadsTo)) " + q.summary(today: state.today) + (refused.map { " · " + Self.remindNote($0) } ?? "")
                                        + (Self.afterNote(q.after, state.index).map { " · " + $0 } ?? ""),
                                        state, contexts, width: width, gap: "   ")
            let end = screen.put(lead, x: 0, y: y + 1, style: CellStyle(.accent))
            screen.put("   " + keys, x: end, y: y + 1, style: CellStyle(.dim))
        }
    }

    /// What the preview says of an `after:` title that names no task, or several (Enter would refuse it):
    /// said before Enter, while the title is still being typed (→ completes it).
    static func afterNote(_ titles: [String], _ index: TaskIndex) -> String? {
        for title in titles {
            do { _ = try index.id(titled: title) } catch {
                let said = error.description.hasSuffix(".") ? String(error.description.dropLast()) : error.description
                return "after: " + said.prefix(1).lowercased() + said.dropFirst()
            }
        }
        return nil
    }

    /// What the preview says of a reminder Enter would refuse: "remind refused: no scheduled date".
    static func remindNote(_ refusal: ReminderRequest.Refusal) -> String {
        switch refusal {
        case .noBase(let b): return "remind refused: no \(b.rawValue) date"
        case .duplicate(let what): return "remind refused: already \(what)"
        case .tooMany: return "remind refused: too many reminders"
        }
    }

    /// `lead` (cut only as far as it must be to leave the help key room), and
    /// the keys that fit after it and `gap`.
    static func withKeys(_ lead: String, _ state: AppState, _ contexts: [KeyContext], width: Int, gap: String) -> (String, String) {
        let help = DisplayWidth.of(state.keymap.hintItems(contexts).last ?? "")
        let shown = DisplayWidth.truncate(lead, to: max(0, width - help - gap.count))
        return (shown, state.keymap.hints(contexts, width: width - DisplayWidth.of(shown) - gap.count))
    }

    static func cellStyle(_ part: QuickAdd.Part) -> CellStyle {
        switch part {
        case .due, .scheduled, .deferDate, .recurrence: return CellStyle(.warning, bold: true)
        case .priority: return CellStyle(.priorityHigh, bold: true)
        default: return CellStyle(.accent, bold: true)
        }
    }
}
