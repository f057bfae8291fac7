import TaskEngine

/// The editor's controls: the rule-type list, how a rule compares, its value
/// (a list to choose from, or the date picker's calendar).
extension RuleEditorReducer {
    /// Opens what edits the rule's value; false when it has none to edit.
    @discardableResult
    static func openValueControl(_ s: inout AppState, _ e: inout RuleEditor, _ c: RuleCondition, at path: [Int]) -> Bool {
        guard let picker = RuleCatalog.valuePicker(for: c, index: s.index, today: s.today) else { return false }
        if RuleCatalog.usesDatePicker(c) {
            e.control = .calendar(DatePicker(c, today: s.today, relative: picker), path: path)
        } else {
            e.control = .picker(picker, for: .value(path: path))
        }
        return true
    }

    static func openComparison(_ e: inout RuleEditor, _ c: RuleCondition, at path: [Int]) {
        guard let p = RuleCatalog.operatorPicker(for: c) else { return }
        e.control = .picker(p, for: .comparison(path: path))
    }

    static func pick(_ s: inout AppState, _ e: inout RuleEditor, _ picker: inout Picker, for target: RuleEditor.Target, _ action: Action) {
        let outcome: Picker.Outcome
        switch action {
        case .picker(let a): outcome = picker.apply(a)
        case .text(let edit): picker.edit(edit); outcome = .open
        case .insert(let text): picker.insert(text); outcome = .open
        default: return
        }
        e.control = .picker(picker, for: target)
        guard outcome != .open else { return }
        e.control = .none
        if outcome == .cancelled { return }
        switch target {
        case .addRule(let after):
            guard case .picked(let v) = outcome, let i = v.first?.int, RuleTypes.kinds.indices.contains(i) else { break }
            let node = RuleTypes.kinds[i].make()
            let at = RuleTreeEditing.insert(node, into: &e.perspective.rules, after: after)
            e.select(path: at)
            if case .condition(let condition) = node { openValueControl(&s, &e, condition, at: at) }
        case .comparison(let path):
            guard case .picked(let v) = outcome, let i = v.first?.int,
                  case .condition(let c)? = RuleTreeEditing.node(e.perspective.rules, at: path) else { break }
            let ops = RuleTypes.operators(field: c.field)
            guard ops.indices.contains(i) else { break }
            let updated = RuleTypes.reshape(c, to: ops[i])
            RuleTreeEditing.update(&e.perspective.rules, at: path) { $0 = .condition(updated) }
            // A comparison that needs a value goes straight on to choosing it.
            switch ops[i].shape {
            case .none, .fixed: break
            default: openValueControl(&s, &e, updated, at: path)
            }
        case .value(let path):
            guard case .condition(let c)? = RuleTreeEditing.node(e.perspective.rules, at: path) else { break }
            if let updated = RuleCatalog.apply(outcome, to: c) {
                RuleTreeEditing.update(&e.perspective.rules, at: path) { $0 = .condition(updated) }
            } else {
                s.message = "That value does not fit this rule; nothing changed."
            }
        case .header(let h):
            if let problem = e.applyHeader(h, outcome) { s.message = problem }
        }
    }

    /// The date picker: the calendar's keys, or the relative choices' (a picker of its own).
    static func pickDate(_ s: inout AppState, _ e: inout RuleEditor, _ d: inout DatePicker, at path: [Int], _ action: Action) {
        var outcome = DatePicker.Outcome.open
        switch action {
        case .calendar(let a): outcome = d.apply(a, today: s.today)
        case .picker(let a) where d.side == .relative:
            switch d.relative.apply(a) {
            case .cancelled: outcome = .cancelled
            case .picked: outcome = d.candidate(today: s.today).map(DatePicker.Outcome.condition) ?? .open
            case .typed(let text):
                if case .condition(let c)? = RuleTreeEditing.node(e.perspective.rules, at: path),
                   let typed = RuleCatalog.typedDate(text, c, today: s.today) {
                    outcome = .condition(typed)
                } else {
                    d.problem = "Not a date or range: try 2026-12-24, before today, next 10 days, between 2026-12-01 2026-12-24."
                }
            case .open: break
            }
        case .text(let edit) where d.side == .relative: d.relative.edit(edit)
        case .insert(let text) where d.side == .relative: d.relative.insert(text)
        default: return
        }
        e.control = .calendar(d, path: path)
        guard outcome != .open else { return }
        e.control = .none
        guard case .condition(let picked) = outcome, case .condition(var c)? = RuleTreeEditing.node(e.perspective.rules, at: path) else { return }
        c.op = picked.op
        c.value = picked.value
        c.unit = picked.unit
        RuleTreeEditing.update(&e.perspective.rules, at: path) { $0 = .condition(c) }
    }
}
