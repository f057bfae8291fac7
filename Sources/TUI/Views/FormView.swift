import TaskEngine

/// The task form, drawn over the list.
enum FormView {
    /// `asking`: a question put in the last line (the form under it takes no keys).
    static func render(_ form: TaskForm, index: TaskIndex, keys: Keymap, glyphs: GlyphSet = .symbols, asking: Dialog? = nil, into screen: inout Screen) -> PopupHits {
        let fields = TaskForm.Field.allCases
        let title = keys.titled(form.isNew ? "New task" : "Edit task", [("form-save", "save"), ("form-cancel", "cancel"), ("form-next", "next")], in: [.form])
        let f = PopupFrame.open(&screen, width: 72, height: fields.count + 5, title: title)
        let x = f.x, y = f.y, width = f.width, height = f.height
        var hits: [Int: Int] = [:]
        let labelWidth = 12, valueX = x + 2 + labelWidth, valueWidth = width - labelWidth - 4
        let visible = height - 4
        let focusIndex = fields.firstIndex(of: form.focus)!
        let first = max(0, min(focusIndex - visible + 1, fields.count - visible))
        for (row, field) in fields.dropFirst(first).prefix(visible).enumerated() {
            let line = y + 1 + row
            hits[line] = first + row
            let focused = field == form.focus
            let label = (field == .title ? "Title *" : field.rawValue).padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            screen.put(label, x: x + 2, y: line, style: focused ? CellStyle(.accent, bold: true) : CellStyle(.dim))
            if focused { screen.put("▸", x: x + 1, y: line, style: CellStyle(.accent, bold: true)) }  // (not by colour alone)
            let value = field.choices != nil ? glyphs.choice(form[field]) : form[field]
            let style = focused ? CellStyle(.selected) : CellStyle.normal
            if focused && field.choices == nil {
                // The line editor: scrolled so the cursor stays in view, the cursor's cell marked.
                let (shown, column) = form.field.visible(width: valueWidth - 1)
                let end = screen.put(shown, x: valueX, y: line, style: style, maxX: valueX + valueWidth)
                if asking == nil { screen.markFocus(.popup, x: valueX + column, y: line, typing: true) }
                var after = end
                if !form.field.isAtEnd {
                    screen.fill(y: line, from: valueX + column, to: valueX + column + 1, style: CellStyle(.accent, bold: true))
                } else {
                    // The caret where typing goes, the completion after it bracketed: not by its dim colour alone.
                    let caretEnd = screen.put("▏", x: end, y: line, style: CellStyle(.accent), maxX: valueX + valueWidth)
                    if let rest = form.completion(from: index) {
                        after = screen.put(QuickAddView.suggestion(rest), x: caretEnd, y: line, style: CellStyle(.dim), maxX: valueX + valueWidth) - 1
                    }
                }
                if form[field].isEmpty && !field.hint(keys).isEmpty {
                    screen.put(field.hint(keys), x: after + 2, y: line, style: CellStyle(.dim), maxX: valueX + valueWidth)
                }
            } else {
                screen.put(DisplayWidth.truncate(value, to: valueWidth - 1), x: valueX, y: line, style: style, maxX: valueX + valueWidth)
                // A choice: the cursor on the chosen value, after "‹ ".
                if focused, asking == nil { screen.markFocus(.popup, x: valueX + 2, y: line) }
            }
            if field == .recurrence, let words = form.recurrenceWords(glyphs) {
                let at = DisplayWidth.of(DisplayWidth.truncate(value, to: valueWidth - 1)) + valueX + 3
                screen.put(words, x: at, y: line, style: CellStyle(words.hasPrefix(glyphs.text(.warning)) ? .warning : .dim), maxX: valueX + valueWidth)
            }
        }
        let footer: String
        if let asking { footer = asking.question(keys) + " " + asking.choices(keys) } else if let error = form.error { footer = glyphs.text(.warning) + " " + error } else { footer = form.focus.hint(keys) }
        screen.put(DisplayWidth.truncate(footer, to: width - 4), x: x + 2, y: y + height - 2,
                   style: CellStyle(form.error == nil ? .dim : .warning, bold: form.error != nil))
        if let asking {
            // The question in the last line has the focus: on its default answer's words where they show, else on its start.
            let column = asking.defaultColumn(keys).map { DisplayWidth.of(asking.question(keys) + " ") + $0 }
            let shown = DisplayWidth.of(DisplayWidth.truncate(footer, to: width - 4))
            screen.markFocus(.popup, x: x + 2 + (column.flatMap { $0 < shown - 1 ? $0 : nil } ?? 0), y: y + height - 2)
        }
        f.drawScrollMarks(&screen, more: first > 0, below: first + visible < fields.count, glyphs: glyphs)
        return f.hits(hits)
    }
}
