import TaskEngine

/// The popups and panels drawn over the lists. Each places itself with
/// `PopupFrame`, keeps its cursor in view, and returns where its rows are
/// (for clicks) when it has any.
enum DialogView {
    static func render(_ d: Dialog, keys: Keymap, into screen: inout Screen) {
        // No wider than leaves a margin of the panes each side (the question wraps instead), so that a
        // one-line question does not take the whole screen; a question too long for its width takes more
        // lines, its quoted name cut first so the rest of the sentence always shows.
        let room = screen.width - 2 * (PopupFrame.sliver + 1)
        let question = d.question(keys), choices = d.choices(keys)
        let width = max(30, min(room, max(DisplayWidth.of(question) + 4, DisplayWidth.of(choices) + 4)))
        // (a line still too long, the sentence after the name on a narrow popup, wraps at its words)
        func lines(_ room: Int) -> [String] {
            d.questionLines(room: room, keys: keys).flatMap { DisplayWidth.of($0) > room ? Screen.wrapped($0, width: room) : [$0] }
        }
        // The sentence after the name reads on one line where the screen allows: a popup too narrow for it widens.
        let wide = max(width, min(screen.width, DisplayWidth.of(d.parts(keys).rest) + 4))
        let f = PopupFrame.open(&screen, width: wide, height: 4 + lines(wide - 4).count, title: d.title, style: CellStyle(.warning))
        let shown = lines(f.width - 4)
        let rows = max(1, f.innerHeight - 2)
        for (i, line) in shown.prefix(rows).enumerated() {
            screen.put(line, x: f.x + 2, y: f.y + 1 + i, style: CellStyle(.normal, bold: true), maxX: f.innerRight)
        }
        let choicesY = f.y + 2 + max(1, min(rows, shown.count))
        let shownChoices = DisplayWidth.truncate(choices, to: f.width - 4)
        screen.put(shownChoices, x: f.x + 2, y: choicesY, style: CellStyle(.accent))
        // On the default answer's words (the question is the line above, read with it); else on the first answer.
        let column = d.defaultColumn(keys).flatMap { $0 < DisplayWidth.of(shownChoices) - 1 ? $0 : nil } ?? 0
        screen.markFocus(.popup, x: f.x + 2 + column, y: choicesY)
    }
}

enum HelpView {
    /// The keymap's help, the current mode's keys first: one column, or two
    /// when that fits, else one column that scrolls with arrows saying there is more.
    static func render(_ lines: [String], scroll: Int, keys: Keymap, glyphs: GlyphSet = .symbols, into screen: inout Screen) {
        let room = screen.height - 4
        let twoColumns = lines.count > room && screen.width >= 100 && (lines.count + 1) / 2 <= room
        // The rows are the ones the frame is given (a popup keeps a margin of the panes, or takes them whole).
        let r = PopupFrame.place(on: screen, width: twoColumns ? screen.width - 2 : 90, height: (twoColumns ? (lines.count + 1) / 2 : min(lines.count, room)) + 2)
        let perColumn = twoColumns ? (lines.count + 1) / 2 : min(lines.count, r.height - 2)
        let scrolls = lines.count > perColumn * (twoColumns ? 2 : 1)
        let first = scrolls ? max(0, min(scroll, lines.count - perColumn)) : 0
        // The key that opened help closes it too, as does help's own close key ("? or Esc closes").
        let opens = keys.key("help", in: [.global]), closes = keys.key("help-close", in: [.help])
        let closers = [opens, closes == opens ? nil : closes].compactMap { $0 }
        var title = "Keys" + (closers.isEmpty ? "" : " · " + closers.joined(separator: " or ") + " closes")
        if scrolls {
            let arrows = glyphs == .words ? (first > 0 ? " (more above)" : "") + (first + perColumn < lines.count ? " (more below)" : "")
                : (first > 0 ? " ↑" : "") + (first + perColumn < lines.count ? " ↓" : "")
            title += keys.phrase(["menu-down", "menu-up"], "scroll", in: [.help, .menu]).map { " · " + $0 + arrows } ?? arrows
        }
        let f = PopupFrame.open(&screen, at: r, title: title)
        screen.markFocus(.popup, x: f.x + 2, y: f.y + 1)  // (a text to read: its first line shown)
        let columnWidth = twoColumns ? (f.width - 4) / 2 : f.width - 4
        for (i, line) in lines.enumerated().dropFirst(first) {
            let n = i - first
            let column = twoColumns ? n / perColumn : 0
            let row = twoColumns ? n % perColumn : n
            guard row < perColumn, column < 2 else { break }
            let style = line.hasPrefix(" ") ? CellStyle.normal : CellStyle(.accent, bold: true)
            let left = f.x + 2 + column * (columnWidth + 1)
            screen.put(DisplayWidth.truncate(line, to: columnWidth), x: left, y: f.y + 1 + row, style: style, maxX: left + columnWidth)
        }
    }
}

/// A list of choices with a cursor, scrolled to keep it in view.
enum MenuList {
    static func render(_ labels: [String], cursor: Int, frame f: PopupFrame, top: Int, rows: Int, glyphs: GlyphSet = .symbols,
                       into screen: inout Screen) -> [Int: Int] {
        let first = PopupFrame.scroll(cursor: cursor, rows: rows, count: labels.count)
        var hits: [Int: Int] = [:]
        for (i, label) in labels.enumerated().dropFirst(first).prefix(rows) {
            let line = top + i - first
            hits[line] = i
            let style = i == cursor ? CellStyle(.selected) : .normal
            // The cursor's row starts with ▸ (its place is the labels' leading blank), not in reverse video alone.
            let shown = i == cursor && label.first == " " ? "▸" + label.dropFirst() : label
            screen.put(DisplayWidth.truncate(shown, to: f.width - 3), x: f.innerX, y: line, style: style, maxX: f.innerRight)
            if i == cursor {
                screen.fill(y: line, from: f.innerX, to: f.innerRight, style: style)
                screen.markFocus(.popup, x: f.innerX + (shown.prefix { " •●▸".contains($0) }.count), y: line)
            }
        }
        f.drawScrollMarks(&screen, more: first > 0, below: first + rows < labels.count, glyphs: glyphs)
        return hits
    }
}

enum SortMenuView {
    static func render(selected: Int, current: SortSpec?, keys: Keymap, glyphs: GlyphSet = .symbols, into screen: inout Screen) -> PopupHits {
        let all = SortField.allCases
        let title = keys.titled("Sort by", [("sort-choose", "choose"), ("sort-close", "close")], in: [.sortMenu])
        let f = PopupFrame.open(&screen, width: 44, height: all.count + 2, title: title)
        // The sort in use: `•` before it (not the `●` of a marked task), or "[current]" after it in words (its name first).
        let labels = all.map { field -> String in
            let chosen = current?.sortField == field
            if glyphs == .words { return "   " + field.label + (chosen ? " " + glyphs.text(.current) : "") }
            return " \(chosen ? glyphs.text(.current) : " ") \(field.label)"
        }
        return f.hits(MenuList.render(labels, cursor: selected, frame: f, top: f.y + 1, rows: f.innerHeight, glyphs: glyphs, into: &screen))
    }
}

enum SettingsView {
    static func render(_ state: AppState, row: Int, into screen: inout Screen) -> PopupHits {
        let keys = state.keymap
        let change = keys.phrase(["setting-previous", "setting-next"], "change", in: [.settings]).map { $0.replacingOccurrences(of: "/", with: " ") }
        let title = (["Settings", change] + [keys.phrase("settings-close", "save", in: [.settings])]).compactMap { $0 }.joined(separator: " · ")
        let f = PopupFrame.open(&screen, width: 50, height: 6, title: title)
        let items = [("Theme", state.themeName), ("Density", state.density.rawValue)]
        var hits: [Int: Int] = [:]
        for (i, (label, value)) in items.enumerated() {
            let style = i == row ? CellStyle(.selected) : .normal
            hits[f.y + 1 + i] = i
            screen.putRow(left: (i == row ? "▸ " : "  ") + label, right: state.glyphs.choice(value) + " ", x: f.innerX, y: f.y + 1 + i, width: f.width - 2, style: style)
            if i == row {
                screen.fill(y: f.y + 1 + i, from: f.innerX, to: f.innerRight, style: style)
                screen.markFocus(.popup, x: f.innerX + 2, y: f.y + 1 + i)
            }
        }
        let note = "Saved in config.yaml; a perspective's layout other than default overrides the density."
        screen.putWrapped(note, x: f.x + 2, y: f.y + 3, width: f.innerRight - f.x - 3, rows: 2, style: CellStyle(.dim))
        return f.hits(hits)
    }
}

enum OverlayView {
    static func render(_ o: Overlay, keys: Keymap, glyphs: GlyphSet = .symbols, into screen: inout Screen) {
        let longest = o.lines.map(DisplayWidth.of).max() ?? 20
        let f = PopupFrame.open(&screen, width: max(40, longest + 4), height: o.lines.count + 2,
                                title: keys.titled(o.title, [("overlay-close", "closes")], in: [.overlay]))
        let rows = f.innerHeight
        let scroll = max(0, min(o.scroll, o.lines.count - rows))
        screen.markFocus(.popup, x: f.x + 2, y: f.y + 1)  // (a text to read: its first line shown)
        for (i, line) in o.lines.dropFirst(scroll).prefix(rows).enumerated() {
            let style: CellStyle = line.hasPrefix("⚠") || line.hasPrefix("unreadable") ? CellStyle(.warning) : .normal
            screen.put(DisplayWidth.truncate(glyphs.spelled(line), to: f.width - 4), x: f.x + 2, y: f.y + 1 + i, style: style, maxX: f.innerRight - 1)
        }
        f.drawScrollMarks(&screen, more: scroll > 0, below: scroll + rows < o.lines.count, glyphs: glyphs)
    }
}

enum QuickFilterView {
    static func render(_ state: AppState, row: Int, into screen: inout Screen) -> PopupHits {
        let rows = QuickFilterReducer.rows(state)
        let f = state.quickFilter
        // Section headers and rows as the lines they take, then the window
        // that keeps the cursor's line in view.
        var display: [(row: Int?, text: String)] = []
        var lastSection = ""
        for (i, r) in rows.enumerated() {
            let (section, label, on): (String, String, Bool)
            switch r {
            case .project(let p): (section, label, on) = ("Projects", p.isEmpty ? "No project" : p, !f.hiddenProjects.contains(TextFold.key(p)))
            case .status(let st): (section, label, on) = ("Status", st.rawValue, !f.hiddenStatuses.contains(st.rawValue))
            case .priority(let pr): (section, label, on) = ("Priority", pr.rawValue, !f.hiddenPriorities.contains(pr.rawValue))
            }
            if section != lastSection {
                display.append((nil, section))
                lastSection = section
            }
            display.append((i, "  [\(on ? "x" : " ")] \(label)"))
        }
        // (Its keys are in the status line, from the keymap.)
        let frame = PopupFrame.open(&screen, width: 40, height: display.count + 2, anchor: .topRight, title: state.keymap.titled("Quick filter", [("filter-close", "saves")], in: [.quickFilter]))
        let visible = max(1, frame.innerHeight)
        let cursorLine = display.firstIndex { $0.row == row } ?? 0
        let first = PopupFrame.scroll(cursor: cursorLine, rows: visible, count: display.count)
        var hits: [Int: Int] = [:]
        for (n, entry) in display.dropFirst(first).prefix(visible).enumerated() {
            let line = frame.y + 1 + n
            guard let i = entry.row else {
                screen.put(entry.text, x: frame.x + 2, y: line, style: CellStyle(.dim, bold: true), maxX: frame.innerRight)
                continue
            }
            hits[line] = i
            let style = i == row ? CellStyle(.selected) : .normal
            let text = i == row ? "▸" + entry.text.dropFirst() : entry.text
            screen.put(DisplayWidth.truncate(text, to: frame.width - 4), x: frame.x + 2, y: line, style: style, maxX: frame.innerRight)
            if i == row {
                screen.fill(y: line, from: frame.innerX, to: frame.innerRight, style: style)
                screen.markFocus(.popup, x: frame.x + 4, y: line)  // (on the box, "[x]", which says whether it is shown)
            }
        }
        if first > 0 { screen.put(state.glyphs.text(.moreAbove), x: frame.innerRight - 1, y: frame.y + 1, style: CellStyle(.dim)) }
        if first + visible < display.count { screen.put(state.glyphs.text(.moreBelow), x: frame.innerRight - 1, y: frame.y + visible, style: CellStyle(.dim)) }
        return frame.hits(hits)
    }
}

enum ConflictView {
    /// The two versions as one diff, as `git diff` shows it: the lines only
    /// the original has (`-`, kept by 1), the ones only the copy has (`+`, kept
    /// by 2), the rest once; line numbers of both sides; a summary on top.
    static func render(_ state: AppState, _ panel: ConflictPanel, into screen: inout Screen) {
        let c = state.conflicts[panel.index]
        let f = PopupFrame.open(&screen, width: screen.width, height: screen.height, anchor: .full,
                                title: state.keymap.titled("Sync conflict \(panel.index + 1) of \(state.conflicts.count)", [("conflicts-close", "closes")], in: [.conflicts]),
                                style: CellStyle(.warning))
        let x = f.x + 2, right = f.innerRight - 1  // (the last column inside is the scroll marks')
        let keys = state.keymap
        let minus = state.glyphs.text(.removedLine)
        let original = keys.phrase("keep-original", "keeps \(minus) ", in: [.conflicts]) ?? "\(minus) ", copy = keys.phrase("keep-copy", "keeps + ", in: [.conflicts]) ?? "+ "
        screen.put(DisplayWidth.truncate(original + c.original, to: right - x), x: x, y: f.y + 1, style: CellStyle(.warning, bold: true), maxX: right)
        screen.markFocus(.popup, x: x, y: f.y + 1)
        screen.put(DisplayWidth.truncate(copy + c.copy, to: right - x), x: x, y: f.y + 2, style: CellStyle(.accent, bold: true), maxX: right)
        let removed = panel.diff.filter { $0.kind == .removed }.count, added = panel.diff.filter { $0.kind == .added }.count
        let summary = removed + added == 0 ? "The two versions are the same: either key keeps the same text."
            : "\(removed) line\(removed == 1 ? "" : "s") only in the original, \(added) only in the copy"
        screen.put(DisplayWidth.truncate(summary, to: right - x), x: x, y: f.y + 3, style: CellStyle(.dim), maxX: right)
        let rows = max(0, f.height - 7)
        let width = String(panel.diff.reduce(0) { max($0, $1.old ?? 0, $1.new ?? 0) }).count
        func number(_ n: Int?) -> String { n.map { String(repeating: " ", count: max(0, width - String($0).count)) + String($0) } ?? String(repeating: " ", count: width) }
        let first = max(0, min(panel.scroll, panel.diff.count - rows))
        for (row, line) in panel.diff.dropFirst(first).prefix(rows).enumerated() {
            let y = f.y + 4 + row
            let (mark, style): (String, CellStyle) = switch line.kind {
            case .same: (" ", .normal)
            case .removed: (minus, CellStyle(.warning, bold: true))
            case .added: ("+", CellStyle(.accent, bold: true))
            }
            let gutter = "\(number(line.old)) \(number(line.new)) \(mark) "
            let end = screen.put(gutter, x: x, y: y, style: line.kind == .same ? CellStyle(.dim) : style, maxX: right)
            screen.put(line.text, x: end, y: y, style: style, maxX: right)
        }
        f.drawScrollMarks(&screen, more: first > 0, below: first + rows < panel.diff.count, glyphs: state.glyphs)
        let footer = [keys.phrase("keep-original", "keep the original (\(minus))", in: [.conflicts]), keys.phrase("keep-copy", "keep the copy (+)", in: [.conflicts]),
                      keys.phrase("keep-both", "keep both", in: [.conflicts]), keys.phrase(["menu-down", "menu-up"], "scroll", in: [.conflicts, .menu]),
                      keys.phrase(["conflict-next", "conflict-previous"], "other conflicts", in: [.conflicts]), keys.phrase("undo", "undoes")]
        screen.put(footer.compactMap { $0 }.joined(separator: " · "), x: x, y: f.y + f.height - 2, style: CellStyle(.dim), maxX: right)
    }
}
