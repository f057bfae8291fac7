import Foundation
import TaskEngine

/// The whole screen as a pure function of the state: header, sidebar, task
/// list, status line, and the help or a dialog on top.
public enum AppView {
    public static let minWidth = 40
    public static let minHeight = 10

    public static func render(_ state: inout AppState, width: Int, height: Int) -> Screen {
        var screen = Screen(width: width, height: height)
        state.screenTooSmall = width < minWidth || height < minHeight
        guard !state.screenTooSmall else {
            let text = "Terminal too small (\(width)×\(height)); todomd needs \(minWidth)×\(minHeight) · q quits"
            screen.put(DisplayWidth.truncate(text, to: width), x: 0, y: 0, style: CellStyle(.warning))
            return screen
        }
        let date = DayLabel.long(state.today, today: state.today)
        screen.putRow(left: " todomd · \(state.vaultRoot)", right: date + " ", x: 0, y: 0, width: width, style: CellStyle(.header, bold: true))
        screen.fill(y: 0, style: CellStyle(.header, bold: true))
        let sidebarWidth = min(30, max(18, width / 4))
        state.sidebarWidth = sidebarWidth
        SidebarView.render(&state, into: &screen, x: 0, y: 1, width: sidebarWidth, height: height - 2)
        let paneHeight = height - 2
        let listPane = state.editor == nil ? paneHeight : max(4, paneHeight / 2)
        state.listHeight = listPane - 2
        TaskListView.render(&state, into: &screen, x: sidebarWidth, y: 1, width: width - sidebarWidth, height: listPane)
        if state.editor != nil {
            RuleEditorView.render(state, into: &screen, x: sidebarWidth, y: 1 + listPane, width: width - sidebarWidth, height: paneHeight - listPane)
        }
        StatusLine.render(state, into: &screen, y: height - 1)
        if let i = state.sortMenu { SortMenuView.render(selected: i, current: state.perspective?.sort, into: &screen) }
        if let form = state.form { FormView.render(form, index: state.index, into: &screen) }
        if let row = state.settingsRow { SettingsView.render(state, row: row, into: &screen) }
        if let row = state.filterPanel { QuickFilterView.render(state, row: row, into: &screen) }
        if let i = state.conflictPanel, state.conflicts.indices.contains(i) { ConflictView.render(state, index: i, into: &screen) }
        if let o = state.overlay { OverlayView.render(o, into: &screen) }
        if state.showHelp { HelpView.render(state, into: &screen) }
        if let d = state.dialog { DialogView.render(d, into: &screen) }
        return screen
    }
}

enum SidebarView {
    static func render(_ state: inout AppState, into screen: inout Screen, x: Int, y: Int, width: Int, height: Int) {
        state.sidebarHits = [:]
        let focused = state.focus == .sidebar
        screen.box(x: x, y: y, width: width, height: height, title: "Perspectives", style: CellStyle(focused ? .accent : .dim))
        var lines: [(Perspective?, String)] = []
        var shownCustomHeader = false
        // The perspective open in the editor shows its working copy: name, icon, color update at once.
        let shown = state.perspectives.map { p in state.editor.map { $0.perspective.id == p.id ? $0.perspective : p } ?? p }
        for p in shown {
            if !p.isBuiltin && !shownCustomHeader {
                lines.append((nil, "─ Custom " + String(repeating: "─", count: max(0, width - 11))))
                shownCustomHeader = true
            }
            lines.append((p, ""))
        }
        let inner = width - 2, rows = height - 2
        let selectedLine = lines.firstIndex { $0.0?.id == state.selectedPerspectiveID } ?? 0
        let scroll = max(0, min(selectedLine - rows + 1, lines.count - rows)) > 0 ? selectedLine - rows + 1 : 0
        for (i, line) in lines.dropFirst(scroll).prefix(rows).enumerated() {
            let row = y + 1 + i
            guard let p = line.0 else {
                screen.put(DisplayWidth.truncate(line.1, to: inner), x: x + 1, y: row, style: CellStyle(.dim), maxX: x + 1 + inner)
                continue
            }
            state.sidebarHits[row] = p.id
            let selected = p.id == state.selectedPerspectiveID
            let marker = selected ? "▸" : " "
            let style = selected ? (focused ? CellStyle(.selected) : CellStyle(.accent, bold: true)) : .normal
            screen.putRow(left: "\(marker)\(Glyphs.icon(p.icon)) \(p.name)", right: "\(state.counts[p.id] ?? 0) ",
                          x: x + 1, y: row, width: inner, style: style)
            if selected { screen.fill(y: row, from: x + 1, to: x + 1 + inner, style: style) }
            // The icon in the perspective's color (`#RRGGBB`, drawn as the nearest the terminal has).
            if let hex = p.color, case .index(let c)? = TermColor(hex), !selected {
                screen.put(Glyphs.icon(p.icon), x: x + 2, y: row, style: CellStyle(.normal, bold: true, color: c))
            }
        }
    }
}

enum StatusLine {
    static func render(_ state: AppState, into screen: inout Screen, y: Int) {
        let unreadable = state.problems.filter { $0.kind == .unreadable }.count
        var text: String
        var role = CellStyle.Role.dim
        if let m = state.message {
            text = m
            role = .accent
        } else if state.searchEditing {
            text = "Search: type to narrow · Enter keep · Esc clear"
        } else if state.focus == .sidebar {
            text = state.sidebarHints
        } else {
            text = state.listHints
        }
        if state.editor != nil && state.message == nil {
            text = "a add rule · A add group · Enter edit value · o All/Any/None · t off/on · d delete · J/K move · >/< indent · Esc save"
        }
        if state.message == nil {
            if let p = state.perspectivesProblem {
                // The reason comes with its JSON path; `!` shows it whole, with the key that replaces the file.
                let unreadable = p.hasPrefix(PerspectiveStore.unreadableMessage)
                text = "⚠ " + p.replacingOccurrences(of: "(does not fit the format: ", with: "(") + (unreadable ? " · ! then W replaces it" : "") + " · " + text
                role = .warning
            }
            if !state.conflicts.isEmpty {
                text = "⚠ \(state.conflicts.count) sync conflict\(state.conflicts.count == 1 ? "" : "s") (C resolves) · " + text
                role = .warning
            }
            if unreadable > 0 {
                text = "⚠ \(unreadable) unreadable file\(unreadable == 1 ? "" : "s") (! lists them) · " + text
                role = .warning
            }
        }
        screen.put(DisplayWidth.truncate(" " + text, to: screen.width), x: 0, y: y, style: CellStyle(role))
    }
}

enum DialogView {
    static func render(_ d: Dialog, into screen: inout Screen) {
        let text = d.question
        let width = min(screen.width - 4, max(30, DisplayWidth.of(text) + 4, DisplayWidth.of(d.choices) + 4))
        let x = (screen.width - width) / 2, y = screen.height / 2 - 2
        screen.clear(x: x, y: y, width: width, height: 5)
        screen.box(x: x, y: y, width: width, height: 5, title: d.title, style: CellStyle(.warning))
        screen.put(DisplayWidth.truncate(text, to: width - 4), x: x + 2, y: y + 1, style: CellStyle(.normal, bold: true))
        screen.put(DisplayWidth.truncate(d.choices, to: width - 4), x: x + 2, y: y + 3, style: CellStyle(.accent))
    }
}

enum HelpView {
    /// The keymap's help: one column, or two when that fits, else one column
    /// that scrolls (`j`/`k`, `g`/`G`, `PgUp`/`PgDn`) with arrows saying there is more.
    static func render(_ state: AppState, into screen: inout Screen) {
        let lines = state.helpLines
        let room = screen.height - 4
        let twoColumns = lines.count > room && screen.width >= 80 && (lines.count + 1) / 2 <= room
        let scrolls = lines.count > room && !twoColumns
        let width = twoColumns ? screen.width - 2 : min(screen.width - 2, 64)
        let perColumn = twoColumns ? (lines.count + 1) / 2 : min(lines.count, room)
        let height = perColumn + 2
        let x = (screen.width - width) / 2, y = (screen.height - height) / 2
        let first = scrolls ? max(0, min(state.helpScroll, lines.count - perColumn)) : 0
        screen.clear(x: x, y: y, width: width, height: height)
        var title = "Keys · ? or Esc closes"
        if scrolls { title += " · j/k scroll" + (first > 0 ? " ↑" : "") + (first + perColumn < lines.count ? " ↓" : "") }
        screen.box(x: x, y: y, width: width, height: height, title: title, style: CellStyle(.accent))
        let columnWidth = twoColumns ? (width - 4) / 2 : width - 4
        for (i, line) in lines.enumerated().dropFirst(first) {
            let n = i - first
            let column = twoColumns ? n / perColumn : 0
            let row = twoColumns ? n % perColumn : n
            guard row < perColumn, column < 2 else { break }
            let style = line.hasPrefix(" ") ? CellStyle.normal : CellStyle(.accent, bold: true)
            let left = x + 2 + column * (columnWidth + 1)
            screen.put(DisplayWidth.truncate(line, to: columnWidth), x: left, y: y + 1 + row, style: style, maxX: left + columnWidth)
        }
    }
}

enum SortMenuView {
    static func render(selected: Int, current: SortSpec?, into screen: inout Screen) {
        let all = SortField.allCases
        let width = min(screen.width - 2, 44), height = min(screen.height - 2, all.count + 2)
        let x = (screen.width - width) / 2, y = max(1, (screen.height - height) / 2)
        screen.clear(x: x, y: y, width: width, height: height)
        screen.box(x: x, y: y, width: width, height: height, title: "Sort by · Enter choose · Esc close", style: CellStyle(.accent))
        let first = max(0, selected - (height - 3))
        for (row, field) in all.enumerated().dropFirst(first).prefix(height - 2) {
            let line = y + 1 + row - first
            let mark = current?.sortField == field ? "●" : " "
            let style = row == selected ? CellStyle(.selected) : .normal
            screen.put(" \(mark) \(field.label)", x: x + 1, y: line, style: style, maxX: x + width - 1)
            if row == selected { screen.fill(y: line, from: x + 1, to: x + width - 1, style: style) }
        }
    }
}

enum SettingsView {
    static func render(_ state: AppState, row: Int, into screen: inout Screen) {
        let width = min(screen.width - 2, 50), height = 6
        let x = (screen.width - width) / 2, y = max(1, (screen.height - height) / 2)
        screen.clear(x: x, y: y, width: width, height: height)
        screen.box(x: x, y: y, width: width, height: height, title: "Settings · ← → change · Esc save", style: CellStyle(.accent))
        let items = [("Theme", state.themeName), ("Density", state.density.rawValue)]
        for (i, (label, value)) in items.enumerated() {
            let style = i == row ? CellStyle(.selected) : .normal
            screen.putRow(left: "  " + label, right: "‹ \(value) › ", x: x + 1, y: y + 1 + i, width: width - 2, style: style)
            if i == row { screen.fill(y: y + 1 + i, from: x + 1, to: x + width - 1, style: style) }
        }
        screen.put("Saved in config.yaml; a perspective's layout", x: x + 2, y: y + 3, style: CellStyle(.dim), maxX: x + width - 1)
        screen.put("other than default overrides the density.", x: x + 2, y: y + 4, style: CellStyle(.dim), maxX: x + width - 1)
    }
}

enum OverlayView {
    static func render(_ o: Overlay, into screen: inout Screen) {
        let longest = o.lines.map(DisplayWidth.of).max() ?? 20
        let width = min(screen.width - 2, max(40, longest + 4)), height = min(screen.height - 2, o.lines.count + 2)
        let x = (screen.width - width) / 2, y = max(1, (screen.height - height) / 2)
        screen.clear(x: x, y: y, width: width, height: height)
        screen.box(x: x, y: y, width: width, height: height, title: o.title + " · Esc closes", style: CellStyle(.accent))
        let scroll = max(0, min(o.scroll, o.lines.count - (height - 2)))
        for (i, line) in o.lines.dropFirst(scroll).prefix(height - 2).enumerated() {
            let style: CellStyle = line.hasPrefix("⚠") || line.hasPrefix("unreadable") ? CellStyle(.warning) : .normal
            screen.put(DisplayWidth.truncate(line, to: width - 4), x: x + 2, y: y + 1 + i, style: style, maxX: x + width - 2)
        }
    }
}

enum QuickFilterView {
    static func render(_ state: AppState, row: Int, into screen: inout Screen) {
        let rows = QuickFilterReducer.rows(state)
        let width = min(screen.width - 2, 40), height = min(screen.height - 2, rows.count + 5)
        let x = screen.width - width - 1, y = 1
        screen.clear(x: x, y: y, width: width, height: height)
        screen.box(x: x, y: y, width: width, height: height, title: "Quick filter · Esc saves", style: CellStyle(.accent))
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
        let visible = max(1, height - 3)
        let cursorLine = display.firstIndex { $0.row == row } ?? 0
        let first = max(0, min(cursorLine - visible + 1, display.count - visible))
        let start = first
        for (n, entry) in display.dropFirst(start).prefix(visible).enumerated() {
            let line = y + 1 + n
            guard let i = entry.row else {
                screen.put(entry.text, x: x + 2, y: line, style: CellStyle(.dim, bold: true), maxX: x + width - 1)
                continue
            }
            let style = i == row ? CellStyle(.selected) : .normal
            screen.put(DisplayWidth.truncate(entry.text, to: width - 4), x: x + 2, y: line, style: style, maxX: x + width - 1)
            if i == row { screen.fill(y: line, from: x + 1, to: x + width - 1, style: style) }
        }
        if start > 0 { screen.put("↑", x: x + width - 3, y: y + 1, style: CellStyle(.dim)) }
        if start + visible < display.count { screen.put("↓", x: x + width - 3, y: y + visible, style: CellStyle(.dim)) }
        screen.put("space on/off · o only · a all · n none · J/K order", x: x + 2, y: y + height - 2, style: CellStyle(.dim), maxX: x + width - 1)
    }
}

enum ConflictView {
    /// Both versions side by side, and the keys that resolve.
    static func render(_ state: AppState, index: Int, into screen: inout Screen) {
        let c = state.conflicts[index]
        let width = screen.width - 2, height = screen.height - 2
        let x = 1, y = 1
        screen.clear(x: x, y: y, width: width, height: height)
        screen.box(x: x, y: y, width: width, height: height, title: "Sync conflict \(index + 1) of \(state.conflicts.count) · Esc closes",
                   style: CellStyle(.warning))
        let half = (width - 4) / 2
        func lines(_ id: String) -> [String] {
            let text = FileManager.default.contents(atPath: state.vaultRoot + "/" + id).map { String(decoding: $0, as: UTF8.self) } ?? "(missing)"
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let left = lines(c.original), right = lines(c.copy)
        screen.put(DisplayWidth.truncate("1  keep this: " + c.original, to: half), x: x + 2, y: y + 1, style: CellStyle(.accent, bold: true))
        screen.put(DisplayWidth.truncate("2  keep this: " + c.copy, to: half), x: x + 3 + half, y: y + 1, style: CellStyle(.accent, bold: true))
        for row in 0..<max(0, height - 5) {
            let l = row < left.count ? left[row] : "", r = row < right.count ? right[row] : ""
            let differs = l != r
            let style = differs ? CellStyle(.warning) : CellStyle.normal
            screen.put(DisplayWidth.truncate(l, to: half), x: x + 2, y: y + 2 + row, style: style, maxX: x + 2 + half)
            screen.put("│", x: x + 2 + half, y: y + 2 + row, style: CellStyle(.dim))
            screen.put(DisplayWidth.truncate(r, to: half), x: x + 3 + half, y: y + 2 + row, style: style, maxX: x + width - 1)
        }
        screen.put("1 keep the left · 2 keep the right · b keep both · j/k other conflicts · u undoes", x: x + 2, y: y + height - 2,
                   style: CellStyle(.dim), maxX: x + width - 1)
    }
}
