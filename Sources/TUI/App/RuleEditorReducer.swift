import TaskEngine

/// Keys while the rule editor is open. Every change lands in the working copy
/// at once, so the list and the counts re-filter as you type; `Esc` saves.
enum RuleEditorReducer {
    static func reduce(_ s: inout AppState, _ key: Key) -> [Effect] {
        guard var e = s.editor else { return [] }
        let before = e.perspective
        // Re-filter (list, counts) only when the rules or settings changed, not on cursor moves.
        defer {
            if s.editor != nil { s.editor = e }
            if e.perspective != before || s.editor == nil { s.refresh() }
        }
        if e.editingName { return nameKey(&e, key) }
        if var picker = e.picker { return pickerKey(&s, &e, &picker, key) }
        let path = e.path
        switch key {
        case .char("j"), .down: e.cursor = min(e.lineCount - 1, e.cursor + 1)
        case .char("k"), .up: e.cursor = max(0, e.cursor - 1)
        case .char("g"), .home: e.cursor = 0
        case .char("G"), .end: e.cursor = e.lineCount - 1
        case .escape, .char("q"):
            s.editor = nil
            return [.savePerspective(e.perspective)]
        case .enter:
            if let h = e.header {
                if h == .name { e.editingName = true } else { e.picker = e.headerPicker(h); e.target = .header(h) }
            } else if case .condition(let c)? = RuleTreeEditing.node(e.perspective.rules, at: path) {
                e.picker = RuleCatalog.valuePicker(for: c, index: s.index, today: s.today)
                e.target = .value(path: path)
            } else {
                RuleTreeEditing.cycleOperator(&e.perspective.rules, at: path)
            }
        case .char("a"):
            e.picker = RuleCatalog.typePicker
            e.target = .addRule(after: e.header == nil ? path : [])
        case .char("A"):
            e.select(path: RuleTreeEditing.insert(.group(RuleGroup(.and)), into: &e.perspective.rules, after: e.header == nil ? path : []))
        case .char("o"): RuleTreeEditing.cycleOperator(&e.perspective.rules, at: path)
        case .char("t") where !path.isEmpty: RuleTreeEditing.toggle(&e.perspective.rules, at: path)
        case .char("d") where !path.isEmpty:
            let next = RuleTreeEditing.delete(&e.perspective.rules, at: path)
            e.select(path: next)
        case .char("J"), .shiftDown where !path.isEmpty: e.select(path: RuleTreeEditing.moveDown(&e.perspective.rules, at: path))
        case .char("K"), .shiftUp where !path.isEmpty: e.select(path: RuleTreeEditing.moveUp(&e.perspective.rules, at: path))
        case .char(">") where !path.isEmpty: e.select(path: RuleTreeEditing.indent(&e.perspective.rules, at: path))
        case .char("<") where !path.isEmpty: e.select(path: RuleTreeEditing.outdent(&e.perspective.rules, at: path))
        default: break
        }
        return []
    }

    static func nameKey(_ e: inout RuleEditor, _ key: Key) -> [Effect] {
        switch key {
        case .enter, .escape, .tab:
            e.editingName = false
            e.nameCursor = nil
        default:
            var field = TextField(e.perspective.name, cursor: e.nameCursor)
            guard field.apply(key) != .ignored, field.text.count <= Perspective.maxNameLength else { break }
            e.perspective.name = field.string
            e.nameCursor = field.cursor == field.text.count ? nil : field.cursor
        }
        return []
    }

    static func pickerKey(_ s: inout AppState, _ e: inout RuleEditor, _ picker: inout Picker, _ key: Key) -> [Effect] {
        let outcome = picker.handle(key)
        e.picker = picker
        guard outcome != .open else { return [] }
        let target = e.target
        e.picker = nil
        e.target = nil
        if outcome == .cancelled { return [] }
        switch target {
        case .addRule(let after)?:
            guard case .picked(let v) = outcome, let i = v.first?.int else { break }
            let condition = RuleCatalog.entries[i].make()
            let at = RuleTreeEditing.insert(.condition(condition), into: &e.perspective.rules, after: after)
            e.select(path: at)
            if let next = RuleCatalog.valuePicker(for: condition, index: s.index, today: s.today) {
                e.picker = next
                e.target = .value(path: at)
            }
        case .value(let path)?:
            guard case .condition(let c)? = RuleTreeEditing.node(e.perspective.rules, at: path) else { break }
            if let updated = RuleCatalog.apply(outcome, to: c, today: s.today) {
                RuleTreeEditing.update(&e.perspective.rules, at: path) { $0 = .condition(updated) }
            } else {
                s.message = "That value does not fit this rule; nothing changed."
            }
        case .header(let h)?:
            if let problem = e.applyHeader(h, outcome) { s.message = problem }
        case nil: break
        }
        return []
    }
}
