import TaskEngine

/// The half-pane rule editor under the task list: the header fields, then the
/// rule tree with indentation; "Showing N tasks" in its top edge.
enum RuleEditorView {
    static func render(_ state: AppState, _ e: RuleEditor, layout: inout ViewLayout, into screen: inout Screen,
                       x: Int, y: Int, width: Int, height: Int) {
        let n = state.listedCount  // what the rules match (the quick filter may narrow the list further)
        let (conditions, depth) = RuleStats.measure(e.perspective.rules)
        var limits = ""
        let warn = state.glyphs.text(.warning)
        if conditions > PerspectiveStore.maxConditions { limits += " · \(warn) \(conditions) conditions (over 25)" }
        if depth > PerspectiveStore.maxDepth { limits += " · \(warn) \(depth) levels (over 5)" }
        let inner = width - 2, rows = height - 2
        // (left text, right-aligned count, style)
        var lines: [(String, String, CellStyle)] = []
        /// Each line's columns before its text (the label, the tree's guides and the rule's glyph): where the cursor goes.
        var textStarts: [Int] = []
        /// Each line's last words that are never cut (a turned-off rule's "(off)"): the rest gives way first.
        var kept: [String] = []
        var nameCaret: Int?
        let p = e.perspective
        for h in RuleEditor.Header.allCases {
            let value: String
            switch h {
            case .name:
                if case .name(let field, _) = e.control { value = field.withCaret(width: width - 12) } else { value = p.name }
            case .icon: value = state.glyphs.iconLead(p.icon) + (p.icon ?? Perspective.defaultIcon)
            case .color: value = p.color.map(ColorName.described) ?? "theme accent"
            case .sort: value = "\(p.sort.sortField?.label ?? p.sort.field) \(state.glyphs.direction(ascending: p.sort.ascending))"
            case .group: value = p.groupBy
            case .layout: value = p.layout
            }
            lines.append(((h.rawValue + ":").padding(toLength: 8, withPad: " ", startingAt: 0) + value, "", .normal))
            // The name being typed: the cursor on its caret, where typing goes.
            if case .name(let field, _) = e.control, h == .name { nameCaret = 8 + DisplayWidth.of(String(field.withCaret(width: width - 12).prefix { $0 != "▏" })) }
            textStarts.append(8)
            kept.append("")
        }
        let warnings = Set(state.result.warnings.map(\.path))
        let counts = state.ruleCounts
        // Drawn as `todomd explain` draws it: guides at every level; what a
        // turned-off group holds is dimmed with it; counts in one column.
        // In words: indented by spaces, no glyphs (the description says what a rule is), a skipped one "[warning]".
        let words = state.glyphs == .words
        let guides = treeGuides(e.perspective.rules, words: words)
        for (line, guide) in zip(e.treeLines, guides) {
            let treePath = "rules" + line.path.map { ".conditions[\($0)]" }.joined()
            let mark = warnings.contains(treePath) ? state.glyphs.text(.warning) + " " : ""
            // The rule type's glyph; a skipped rule's is the warning.
            let glyphs = guide.prefix + (mark.isEmpty ? (words ? "" : RuleTypes.icon(line.node) + " ") : mark)
            textStarts.append(DisplayWidth.of(glyphs))
            // A rule in a turned-off group says so in words, not by being dimmed alone.
            let off = guide.insideOff && line.node.enabled ? " (group off)" : ""
            // (The description ends in " (off)" when the rule is off: kept whole with the group's.)
            var described = state.glyphs.spelled(RuleDescriber.describe(line.node, today: state.today))
            let ownOff = !line.node.enabled && described.hasSuffix(" (off)") ? " (off)" : ""
            described.removeLast(ownOff.count)
            kept.append(ownOff + off)
            let text = glyphs + described
            let count = mark.isEmpty ? counts[line.path].map { "· \($0) " } ?? "" : ""
            var style = CellStyle.normal
            if !line.node.enabled || guide.insideOff { style = CellStyle(.dim) }
            if warnings.contains(treePath) { style = CellStyle(.warning) }
            lines.append((text, count, style))
        }
        let cursor = e.cursor
        // With nothing matching, the last row says so even when the tree fills the pane.
        let treeRows = n == 0 && lines.count >= rows ? max(1, rows - 1) : rows
        let first = max(0, min(cursor - treeRows / 2, lines.count - treeRows))
        // Where the view is in a long tree ("12–30 of 41") goes in the title: nothing is drawn on the border.
        let where_ = lines.count > treeRows ? " · \(first + 1)–\(min(lines.count, first + treeRows)) of \(lines.count)" : ""
        screen.box(x: x, y: y, width: width, height: height, title: state.glyphs.paneTitle("Rules", focused: true) + " · Showing \(n) task\(n == 1 ? "" : "s")\(limits)\(where_)" + state.keymap.clause(" · ", "close-editor", "saves", in: [.ruleEditor]),
                   style: CellStyle(.accent))
        var hits: [Int: Int] = [:]
        for (i, (text, count, style)) in lines.enumerated().dropFirst(first).prefix(treeRows) {
            let row = y + 1 + i - first
            hits[row] = i
            let selected = i == cursor
            let s = selected ? CellStyle(.selected) : style
            // (A tree that scrolls leaves the last column for its scroll marks.)
            let rowWidth = inner - (where_.isEmpty ? 0 : 1)
            // On a narrow pane the rule's words are cut before its state ("Due in the next… (off)"), and
            // where even that does not fit, its count gives way first (what an off rule would match matters less).
            func words(_ right: String) -> Int {
                rowWidth - DisplayWidth.of(right) - (right.isEmpty ? 0 : 1) - 1 - DisplayWidth.of(kept[i]) - textStarts[i]
            }
            let right = kept[i].isEmpty || words(count) >= 3 ? count : ""
            let left = kept[i].isEmpty || words(right) < 3 ? text + kept[i]
                : DisplayWidth.truncate(text, to: textStarts[i] + words(right)) + kept[i]
            screen.putRow(left: (selected ? "▸" : " ") + left, right: right, x: x + 1, y: row, width: rowWidth, style: s)
            if selected {
                screen.fill(y: row, from: x + 1, to: x + 1 + inner, style: s)
                screen.markFocus(.ruleEditor, x: x + 2 + textStarts[i], y: row)
            }
            if i == 0, let nameCaret { screen.markFocus(.ruleEditor, x: x + 2 + nameCaret, y: row, typing: true) }
        }
        if n == 0, rows > 1 {
            screen.put(DisplayWidth.truncate(" No tasks match these rules. Try adjusting your filters.", to: inner), x: x + 1,
                       y: y + 1 + min(lines.count, rows - 1), style: CellStyle(.warning))
        }
        if case .text(let line) = e.control {
            // The line of text over the pane's last rows: the text with its caret, then a mistake with a mark under its column.
            let ty = y + height - (line.error == nil ? 2 : 3)
            let prompt = " As text \(state.glyphs.text(.prompt)) "
            let (shown, column) = line.field.visible(width: max(4, inner - prompt.count - 1))
            screen.put(String(repeating: " ", count: inner), x: x + 1, y: ty, style: CellStyle(.selected))
            let fx = screen.put(prompt, x: x + 1, y: ty, style: CellStyle(.accent, bold: true), maxX: x + 1 + inner)
            let end = screen.put(shown, x: fx, y: ty, style: CellStyle(.selected), maxX: x + 1 + inner)
            screen.markFocus(.ruleEditor, x: fx + column, y: ty, typing: true)
            if line.field.isAtEnd { screen.put("▏", x: end, y: ty, style: CellStyle(.accent), maxX: x + 1 + inner) } else {
                screen.fill(y: ty, from: fx + column, to: fx + column + 1, style: CellStyle(.accent, bold: true))
            }
            if let error = line.error {
                screen.put(String(repeating: " ", count: inner), x: x + 1, y: ty + 1)
                // The mark under the column, the mistake after it; where only before it fits (a long
                // line's caret near the edge), there.
                let mark = max(0, fx + column - x - 1)
                let after = "^ " + error, before = error + " ^"
                let fitsBefore = mark + DisplayWidth.of(after) > inner && DisplayWidth.of(before) <= mark + 1
                let text = fitsBefore ? String(repeating: " ", count: mark + 1 - DisplayWidth.of(before)) + before
                    : String(repeating: " ", count: mark) + after
                screen.put(DisplayWidth.truncate(text, to: inner), x: x + 1, y: ty + 1, style: CellStyle(.warning, bold: true), maxX: x + 1 + inner)
            }
        }
        PopupFrame(x: x, y: y, width: width, height: height).drawScrollMarks(&screen, more: first > 0, below: first + treeRows < lines.count, glyphs: state.glyphs)
        layout.popup = PopupHits(x: x..<(x + width), y: y..<(y + height), rows: hits)
    }
}

enum PickerView {
    /// The columns of an option's leading glyph and the blanks after it (`◉  Status`): the
    /// screen reader's cursor goes to the words, as on a task row.
    static func glyphLead(_ label: String) -> Int {
        guard let first = label.first, !first.isLetter, !first.isNumber, !"\"'([".contains(first) else { return 0 }
        let rest = label.dropFirst()
        let blanks = rest.prefix { $0 == " " }.count
        guard blanks > 0, rest.count > blanks else { return 0 }
        return DisplayWidth.of(String(first)) + blanks
    }

    static func render(_ p: Picker, keys: Keymap, glyphs: GlyphSet = .symbols, into screen: inout Screen) -> PopupHits {
        if p.columns != nil { return IconGridView.render(p, glyphs: glyphs, into: &screen) }
        let shown = p.visible
        // A list of many says how to choose several and keep them.
        let many = p.multi ? keys.phrases([("picker-toggle", "marks"), ("picker-pick", "keeps")], in: [.picker], separator: ", ") : ""
        let f = PopupFrame.open(&screen, width: 64, height: max(5, shown.count + 4), title: many.isEmpty ? p.title : p.title + " · " + many)
        let x = f.x, y = f.y, width = f.width, height = f.height
        var hits: [Int: Int] = [:]
        let typed = p.typed.isEmpty ? (p.allowsTyped ? "type to filter or enter a value" : "type to filter") : p.typedField.withCaret(width: width - 6)
        screen.put(glyphs.text(.prompt) + " " + typed, x: x + 2, y: y + 1, style: CellStyle(p.typed.isEmpty ? .dim : .normal), maxX: x + width - 2)
        // Where typing goes (the filter's caret); an option under the cursor is the screen reader's focus.
        screen.markFocus(.popup, x: x + 4 + (p.typed.isEmpty ? 0 : p.typedField.visible(width: width - 6).cursorColumn), y: y + 1, typing: true)
        let rows = height - 3
        let first = max(0, min(p.cursor - rows + 1, shown.count - rows))
        for (row, i) in shown.enumerated().dropFirst(first).prefix(rows) {
            let line = y + 2 + row - first
            hits[line] = row
            // In words the value in use says "[current]" after its name, and an option's leading glyph (a rule type's,
            // a colour's swatch) goes: its words say what it is.
            let words = glyphs == .words
            let mark = p.multi ? (p.chosen.contains(i) ? "[x] " : "[ ] ") : p.current == nil || words ? "" : (p.current == i ? glyphs.text(.current) + " " : "  ")
            let lead = glyphLead(p.options[i].label)
            let label = words ? glyphs.spelled((lead == 0 ? p.options[i].label : String(p.options[i].label.dropFirst().drop { $0 == " " })))
                + (p.current == i && !p.multi ? " " + glyphs.text(.current) : "") : p.options[i].label
            let style = row == p.cursor ? CellStyle(.selected) : .normal
            screen.put(DisplayWidth.truncate(mark + label, to: width - 4), x: x + 2, y: line, style: style, maxX: x + width - 2)
            if row == p.cursor {
                screen.fill(y: line, from: x + 1, to: x + width - 1, style: style)
                screen.put("▸", x: x + 1, y: line, style: style)  // (in the frame's blank column: not by reverse video alone)
                screen.markFocus(.popup, x: x + 2 + DisplayWidth.of(mark) + (words ? 0 : lead), y: line, keepsCaret: true)
            }
            if let c = p.options[i].color, row != p.cursor, !words {
                screen.put("■", x: x + 2 + DisplayWidth.of(mark), y: line, style: CellStyle(.normal, bold: true, color: c))
            }
        }
        f.drawScrollMarks(&screen, more: first > 0, below: first + rows < shown.count, glyphs: glyphs)
        return f.hits(hits)
    }
}

extension RuleEditorView {
    struct Guide {
        var prefix: String
        /// Inside a turned-off group (drawn dimmed with it).
        var insideOff: Bool
    }

    /// The tree's guides (`├─ `, `└─ `, `│  `), one per line of `RuleTreeEditing.lines`, in the same order.
    /// `words`: two spaces a level instead of the lines.
    static func treeGuides(_ root: RuleGroup, words: Bool = false) -> [Guide] {
        var out: [Guide] = []
        func walk(_ node: RuleNode, prefix: String, childPrefix: String, off: Bool) {
            out.append(Guide(prefix: prefix, insideOff: off))
            guard case .group(let g) = node else { return }
            for (i, child) in g.conditions.enumerated() {
                let last = i == g.conditions.count - 1
                let (branch, through) = words ? ("  ", "  ") : (last ? "└─ " : "├─ ", last ? "   " : "│  ")
                walk(child, prefix: childPrefix + branch, childPrefix: childPrefix + through, off: off || !g.enabled)
            }
        }
        walk(.group(root), prefix: "", childPrefix: "", off: false)
        return out
    }
}
