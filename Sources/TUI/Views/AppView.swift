import Foundation
import TaskEngine

/// The whole screen as a pure function of the state: header, sidebar, task
/// list, status line, and the help or a dialog on top.
public enum AppView {
    public static let minWidth = 40
    public static let minHeight = 10

    /// Draws `state`; `layout` keeps what drawing measured (scroll, hit maps,
    /// pane sizes) and is the only thing rendering changes.
    public static func render(_ state: AppState, layout: inout ViewLayout, width: Int, height: Int) -> Screen {
        var screen = Screen(width: width, height: height)
        layout.screenTooSmall = width < minWidth || height < minHeight
        layout.popup = nil
        guard !layout.screenTooSmall else {
            for (y, line) in tooSmallMessage(width: width, height: height, keys: state.keymap, glyphs: state.glyphs).enumerated() { screen.put(line, x: 0, y: y, style: CellStyle(.warning)) }
            return screen
        }
        let date = DayLabel.long(state.today, today: state.today)
        let format = state.vaultFormat.map { " · \($0) vault" } ?? ""
        screen.putRow(left: " todomd · \(state.vaultRoot)\(format)", right: date + " ", x: 0, y: 0, width: width, style: CellStyle(.header, bold: true))
        screen.fill(y: 0, style: CellStyle(.header, bold: true))
        let sidebarWidth = SidebarView.width(state, screenWidth: width)
        layout.sidebarWidth = sidebarWidth
        // A reminder's banner takes a row of its own above the status line: the panes end above it.
        let bannerRows = state.reminders.current == nil ? 0 : 1
        let paneHeight = height - 2 - bannerRows
        screen.footRows = 1 + bannerRows  // (and a popup ends above it too)
        // Each pane and popup clips what it draws to the inside of its frame; the clip is put back after it.
        screen.keepingClip { SidebarView.render(state, layout: &layout, into: &$0, x: 0, y: 1, width: sidebarWidth, height: paneHeight) }
        let editor = state.editor
        let detail = state.detailShown && editor == nil
        // The detail pane beside the list when there is room, else below it.
        let beside = detail && width - sidebarWidth >= 90
        let listWidth = beside ? (width - sidebarWidth) * 11 / 20 : width - sidebarWidth
        let listPane = editor == nil && !(detail && !beside) ? paneHeight : max(4, paneHeight / 2)
        layout.listHeight = listPane - 2
        screen.keepingClip { TaskListView.render(state, layout: &layout, into: &$0, x: sidebarWidth, y: 1, width: listWidth, height: listPane) }
        if detail {
            if beside {
                screen.keepingClip { DetailPaneView.render(state, into: &$0, x: sidebarWidth + listWidth, y: 1, width: width - sidebarWidth - listWidth, height: paneHeight) }
            } else {
                screen.keepingClip { DetailPaneView.render(state, into: &$0, x: sidebarWidth, y: 1 + listPane, width: width - sidebarWidth, height: paneHeight - listPane) }
            }
        }
        if let editor {
            screen.keepingClip {
                RuleEditorView.render(state, editor, layout: &layout, into: &$0, x: sidebarWidth, y: 1 + listPane,
                                      width: width - sidebarWidth, height: paneHeight - listPane)
            }
        }
        StatusLine.render(state, into: &screen, y: height - 1)
        ReminderBannerView.render(state, into: &screen, y: height - 2)
        drawPopups(state.mode, state, layout: &layout, into: &screen)
        let area = state.focusArea
        screen.focus = screen.focus(in: area)
        screen.caret = screen.caretPoints[area]
        return screen
    }

    /// What a screen under the minimum says, one line a row: the sentence
    /// whole when it fits, else wrapped at its words, else a shorter wording,
    /// so the sizes and the way out are never cut off.
    /// (Without a key left to quit, the way out is not named.)
    static func tooSmallMessage(width: Int, height: Int, keys: Keymap, glyphs: GlyphSet = .symbols) -> [String] {
        let by = glyphs == .words ? " by " : "×"  // (a reader says "×" as "multiplication sign")
        let size = "\(width)\(by)\(height)", least = "\(minWidth)\(by)\(minHeight)"
        let quits = keys.phrase("quit", "quits")
        let sentence = "Terminal too small (\(size)); todomd needs \(least)" + (quits.map { " · " + $0 } ?? "")
        var lines: [String] = []
        for word in sentence.split(separator: " ").map(String.init) {
            if let last = lines.last, DisplayWidth.of(last) + 1 + DisplayWidth.of(word) <= width { lines[lines.count - 1] += " " + word } else { lines.append(word) }
        }
        if lines.count <= height, lines.allSatisfy({ DisplayWidth.of($0) <= width }) { return lines }
        let shorter = quits.map { ["Too small: \(size) < \(least) · \($0)", "\(size) < \(least) · \($0)", "Too small · \($0)", $0] }
            ?? ["Too small: \(size) < \(least)", "\(size) < \(least)", "Too small"]
        return [shorter.first { DisplayWidth.of($0) <= width } ?? DisplayWidth.truncate(shorter.last!, to: width)]
    }

    /// The open mode's popup, over what it was opened from.
    static func drawPopups(_ mode: Mode, _ state: AppState, layout: inout ViewLayout, into screen: inout Screen) {
        let outside = screen.clip
        defer { screen.clip = outside }
        switch mode {
        case .browse, .search: break
        case .ruleEditor(let e):
            switch e.control {
            case .none, .name, .text: break  // drawn in the editor's pane
            case .picker(let picker, _): layout.popup = PickerView.render(picker, keys: state.keymap, glyphs: state.glyphs, into: &screen)
            case .calendar(let calendar, _): layout.popup = DatePickerView.render(calendar, state, into: &screen)
            }
        case .form(let f): layout.popup = FormView.render(f, index: state.index, keys: state.keymap, glyphs: state.glyphs, into: &screen)
        case .quickAdd(let e): QuickAddView.render(e, state, into: &screen)
        case .finder(let f): layout.popup = FinderView.render(f, state, into: &screen)
        case .dialog(.discardForm, .form(let f)):
            // The form asks in its own last line, so what would be dropped stays in view.
            _ = FormView.render(f, index: state.index, keys: state.keymap, glyphs: state.glyphs, asking: .discardForm, into: &screen)
        case .dialog(let d, let over):
            drawPopups(over, state, layout: &layout, into: &screen)
            screen.clip = outside
            DialogView.render(d, keys: state.keymap, into: &screen)
            layout.popup = nil
        case .sortMenu(let i): layout.popup = SortMenuView.render(selected: i, current: state.perspective?.sort, keys: state.keymap, glyphs: state.glyphs, into: &screen)
        case .settings(let row): layout.popup = SettingsView.render(state, row: row, into: &screen)
        case .quickFilter(let row): layout.popup = QuickFilterView.render(state, row: row, into: &screen)
        case .conflicts(let panel):
            if state.conflicts.indices.contains(panel.index) { ConflictView.render(state, panel, into: &screen) }
        case .overlay(let o): OverlayView.render(o, keys: state.keymap, glyphs: state.glyphs, into: &screen)
        case .help(let scroll, let over):
            drawPopups(over, state, layout: &layout, into: &screen)
            screen.clip = outside
            HelpView.render(state.helpLines, scroll: scroll, keys: state.keymap, glyphs: state.glyphs, into: &screen)
            layout.popup = nil
        }
    }
}

enum SidebarView {
    static func render(_ state: AppState, layout: inout ViewLayout, into screen: inout Screen, x: Int, y: Int, width: Int, height: Int) {
        layout.sidebarHits = [:]
        // (While the rule editor is open its pane has the keys, and the mark.)
        let focused = state.focus == .sidebar && state.editor == nil
        screen.box(x: x, y: y, width: width, height: height, title: state.glyphs.paneTitle("Perspectives", focused: focused), style: CellStyle(focused ? .accent : .dim))
        // (perspective, text for a header or a tree node, a tree node's count)
        var lines: [(Perspective?, String, String?)] = []
        var shownCustomHeader = false
        // The perspective open in the editor shows its working copy: name, icon, color update at once.
        let shown = state.perspectives.map { p in state.editor.map { $0.perspective.id == p.id ? $0.perspective : p } ?? p }
        for p in shown {
            if !p.isBuiltin && !shownCustomHeader {
                lines.append((nil, "─ Custom " + String(repeating: "─", count: max(0, width - 11)), nil))
                shownCustomHeader = true
            }
            lines.append((p, "", nil))
        }
        // The vault's areas and projects, under a header that says whether they are folded (z).
        if !state.vaultTree.isEmpty {
            let fold = state.keymap.key("fold-areas", in: [.sidebar]).map { "(\($0)) " } ?? ""
            let head = (state.vaultTreeCollapsed ? state.glyphs.text(.folded) + " Areas & projects \(fold)" : "─ Areas & projects ")
            lines.append((nil, head + String(repeating: "─", count: max(0, width - 2 - DisplayWidth.of(head))), nil))
            if !state.vaultTreeCollapsed {
                for node in state.vaultTree {
                    let p = state.vaultTreeEdits[node.perspective.id] ?? node.perspective
                    let sequential = !node.isArea && VaultTree.projectName(of: p.id).map(state.sequentialProjects.isSequential) == true
                    let lead = String(repeating: "  ", count: node.depth) + (node.isArea ? "@" : "+") + " "
                    // The name is cut, never the sequential mark: the marker, the count and its spaces take the rest.
                    // (In words `[in order]` is said `[seq]` where it would leave the name not even a letter and its `…`.)
                    func room(_ order: String) -> Int { width - 2 - 1 - DisplayWidth.of(lead + order) - DisplayWidth.of("\(node.open)") - 2 }
                    var order = sequential ? " " + state.glyphs.text(.sequential) : ""
                    if sequential, room(order) < min(2, DisplayWidth.of(node.label)) { order = " " + state.glyphs.sequentialShort }
                    let room = room(order)
                    let label = DisplayWidth.of(node.label) > room ? DisplayWidth.truncate(node.label, to: max(1, room)) : node.label
                    lines.append((p, lead + label + order, "\(node.open)"))
                }
            }
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
            layout.sidebarHits[row] = p.id
            let selected = p.id == state.selectedPerspectiveID
            let marker = selected ? "▸" : " "
            // In words the perspective's icon goes (its name says it): a space keeps the names where they were.
            let icon = state.glyphs == .words ? " " : Glyphs.icon(p.icon) + " "
            let style = selected ? (focused ? CellStyle(.selected) : CellStyle(.accent, bold: true)) : .normal
            if selected {
                // The cursor goes on the name, after the marker, the icon or the area/project sign and the indent.
                let glyphs = line.2 == nil ? DisplayWidth.of(marker + icon)
                    : DisplayWidth.of(marker + line.1.prefix { $0 == " " }) + 2
                screen.markFocus(.sidebar, x: x + 1 + glyphs, y: row)
            }
            if let count = line.2 {
                // An area or project: indented by depth, its count of open tasks (as its view's title says first).
                screen.putRow(left: marker + line.1, right: count + " ", x: x + 1, y: row, width: inner, style: style)
                if selected { screen.fill(y: row, from: x + 1, to: x + 1 + inner, style: style) }
                continue
            }
            // Seed 6.2: a perspective with skipped rules says so; names that would look alike when cut are cut in the middle.
            let skipped = state.skippingRules.contains(p.id) ? " " + state.glyphs.text(.warning) : ""
            let room = inner - 5 - DisplayWidth.of("\(state.counts[p.id] ?? 0)") - DisplayWidth.of(skipped)
            // (However narrow, the name is cut rather than the warning's word: at worst to its `…`.)
            let name = SidebarView.shownName(p.name, among: shown.map(\.name), room: max(1, room))
            var rowStyle = style
            if selected, let hex = p.color, case .index(let c)? = TermColor(hex) { rowStyle.color = c }  // seed 2.3: its colour tints its row
            screen.putRow(left: "\(marker)\(icon)\(name)\(skipped)", right: "\(state.counts[p.id] ?? 0) ",
                          x: x + 1, y: row, width: inner, style: rowStyle)
            if selected { screen.fill(y: row, from: x + 1, to: x + 1 + inner, style: rowStyle) }
            // The icon in the perspective's color (`#RRGGBB`, drawn as the nearest the terminal has).
            if let hex = p.color, case .index(let c)? = TermColor(hex), !selected, state.glyphs == .symbols {
                screen.put(Glyphs.icon(p.icon), x: x + 2, y: row, style: CellStyle(.normal, bold: true, color: c))
            }
        }
    }
}

enum StatusLine {
    static func render(_ state: AppState, into screen: inout Screen, y: Int) {
        let width = screen.width - 1  // (the line starts one column in)
        let contexts = state.mode.contexts(focus: state.focus)
        let help = DisplayWidth.of(state.keymap.hintItems(contexts, skipping: state.untrueHints).last ?? "")
        if let m = state.message, !m.isEmpty {
            // A message gives way to the help key as a warning does: it is cut first, and the hints
            // that fit beside it follow after a gap (as beside quick add's preview), the help key last.
            let gap = "   "
            // A running timer stays in view beside it (`⏱ 12m`): the message is cut to leave it room.
            let timer = state.runningTimer.map { " · \(state.glyphs.text(.timer)) \(TimeTracking.duration($0.elapsed(at: state.clock)))" } ?? ""
            let cut = DisplayWidth.truncate(m, to: max(0, width - help - gap.count - DisplayWidth.of(timer)))
            let text = cut + timer
            let hints = state.keymap.hints(contexts, width: width - DisplayWidth.of(text) - gap.count, skipping: state.untrueHints)
            screen.put(" " + text, x: 0, y: y, style: CellStyle(.accent))
            screen.put(DisplayWidth.truncate(gap + hints, to: screen.width - 1 - DisplayWidth.of(text)),
                       x: 1 + DisplayWidth.of(text), y: y, style: CellStyle(.dim))
            return
        }
        // What is wrong comes first, then the keys of what is open (from the keymap in use).
        var lead: [String] = []
        let unreadable = state.problems.filter { $0.kind == .unreadable }.count
        let keys = state.keymap
        let warn = state.glyphs.text(.warning) + " "
        if unreadable > 0 { lead.append(warn + "\(unreadable) unreadable file\(unreadable == 1 ? "" : "s")" + keys.clause(" (", "problems", "lists them", ")")) }
        if !state.conflicts.isEmpty {
            lead.append(warn + "\(state.conflicts.count) sync conflict\(state.conflicts.count == 1 ? "" : "s")" + keys.clause(" (", "conflicts", "resolves", ")"))
        }
        if let p = state.perspectivesProblem {
            // The reason comes with its JSON path; `!` shows it whole, with the key that replaces the file.
            let unreadable = p.hasPrefix(PerspectiveStore.unreadableMessage)
            let replaces = keys.key("problems").flatMap { shows in keys.key("replace-perspectives", in: [.overlay]).map { " · \(shows) then \($0) replaces it" } }
            lead.append(warn + p.replacingOccurrences(of: "(does not fit the format: ", with: "(") + (unreadable ? replaces ?? "" : ""))
        }
        let role: CellStyle.Role = lead.isEmpty ? .dim : .warning
        if let r = state.runningTimer {
            lead.append("\(state.glyphs.text(.timer)) \(r.title) \(TimeTracking.duration(r.elapsed(at: state.clock)))" + (r.count > 1 ? " (+\(r.count - 1) more)" : ""))
        }
        if state.searchEditing { lead.append("Search: type to narrow") }
        var leadText = lead.joined(separator: " · ")
        if !leadText.isEmpty {
            // A long warning gives way to the help key, never the other way round.
            leadText = DisplayWidth.truncate(leadText, to: max(0, width - help - 3))
        }
        let room = leadText.isEmpty ? width : width - DisplayWidth.of(leadText) - 3
        let hints = state.keymap.hints(contexts, width: room, skipping: state.untrueHints)
        let text = leadText.isEmpty ? hints : leadText + " · " + hints
        screen.put(DisplayWidth.truncate(" " + text, to: screen.width), x: 0, y: y, style: CellStyle(role))
    }
}
