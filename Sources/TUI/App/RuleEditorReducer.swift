import TaskEngine

/// The rule editor's actions. Every change lands in the working copy at
/// once, so the list and the counts re-filter as you type; closing saves.
enum RuleEditorReducer {
    static func reduce(_ s: inout AppState, _ action: Action) -> [Effect] {
        guard case .ruleEditor(var e) = s.mode else { return [] }
        let before = e.perspective
        var effects: [Effect] = []
        if e.editingName {
            name(&e, action)
        } else if e.textLine != nil {
            text(&e, action)
        } else if var calendar = e.datePicker {
            pickDate(&s, &e, &calendar, action)
        } else if var picker = e.picker {
            pick(&s, &e, &picker, action)
        } else if case .editor(let a) = action {
            effects = edit(&s, &e, a)
        }
        // Groups nested past what a perspectives file may hold are not made (saved, the file
        // could not be read back): the step is not taken.
        if e.perspective.rules != before.rules, RuleStats.measure(e.perspective.rules).depth > RuleStats.maxDepth {
            e.perspective = before
            e.cursor = min(e.cursor, e.lineCount - 1)
            s.message = tooDeep
        }
        // Each change of the working copy is a step undo can take back (typing a name is one step).
        var step: Perspective?
        if !e.editingName, let start = e.nameStart {
            if start != e.perspective { step = start }
            e.nameStart = nil
        } else if e.perspective != before, action != .editor(.undo), action != .editor(.redo), !e.editingName {
            step = before
        }
        if let step {
            e.undoStack.append(step)
            if e.undoStack.count > RuleEditor.undoLimit { e.undoStack.removeFirst() }
            e.redoStack = []
        }
        if case .ruleEditor = s.mode { s.mode = .ruleEditor(e) }
        if case .dialog(let d, .ruleEditor) = s.mode { s.mode = .dialog(d, over: .ruleEditor(e)) }
        // Re-filter (list, counts) only when the rules or settings changed, not on cursor moves.
        if e.perspective != before || s.editor == nil { s.refresh() }
        return effects
    }

    static let tooDeep = "Groups nest at most \(RuleStats.maxDepth) levels; not nested further."

    static func edit(_ s: inout AppState, _ e: inout RuleEditor, _ a: EditorAction) -> [Effect] {
        let path = e.path
        switch a {
        case .down: e.cursor = min(e.lineCount - 1, e.cursor + 1)
        case .up: e.cursor = max(0, e.cursor - 1)
        case .first: e.cursor = 0
        case .last: e.cursor = e.lineCount - 1
        case .selectLine(let i): if (0..<e.lineCount).contains(i) { e.cursor = i }
        case .close:
            s.mode = .browse
            return [.savePerspective(e.perspective)]
        case .undo:
            guard let last = e.undoStack.popLast() else { s.message = "Nothing to undo in the editor."; break }
            e.redoStack.append(e.perspective)
            e.perspective = last
            e.cursor = min(e.cursor, e.lineCount - 1)
        case .redo:
            guard let next = e.redoStack.popLast() else { s.message = "Nothing to redo in the editor."; break }
            e.undoStack.append(e.perspective)
            e.perspective = next
            e.cursor = min(e.cursor, e.lineCount - 1)
        case .discard:
            if e.perspective == e.original {
                leaveWithoutSaving(&s)
            } else {
                s.mode = .dialog(.discardEditor, over: .ruleEditor(e))
            }
        case .edit:
            if let h = e.header {
                if h == .name { e.editingName = true; e.nameStart = e.perspective } else { e.picker = e.headerPicker(h); e.target = .header(h) }
            } else if case .condition(let c)? = RuleTreeEditing.node(e.perspective.rules, at: path) {
                // A rule with nothing to choose (Is untagged, Has a due date) is edited by how it compares.
                if !openValueControl(&s, &e, c, at: path) { openComparison(&e, c, at: path) }
            } else {
                RuleTreeEditing.cycleOperator(&e.perspective.rules, at: path)
            }
        case .addRule:
            e.picker = RuleCatalog.typePicker
            e.target = .addRule(after: e.header == nil ? path : [])
        case .addGroup:
            e.select(path: RuleTreeEditing.insert(.group(RuleGroup(.and)), into: &e.perspective.rules, after: e.header == nil ? path : []))
        case .cycleOperator:
            if e.header == nil, case .condition(let c)? = RuleTreeEditing.node(e.perspective.rules, at: path) {
                openComparison(&e, c, at: path)
            } else {
                RuleTreeEditing.cycleOperator(&e.perspective.rules, at: path)
            }
        case .toggleRule: RuleTreeEditing.toggle(&e.perspective.rules, at: path)
        case .deleteRule:
            if case .group(let g)? = RuleTreeEditing.node(e.perspective.rules, at: path), !g.conditions.isEmpty, !path.isEmpty {
                s.mode = .dialog(.deleteGroup(path: path, rules: RuleStats.measure(g).conditions), over: .ruleEditor(e))
            } else {
                e.select(path: RuleTreeEditing.delete(&e.perspective.rules, at: path))
            }
        case .moveRuleDown: e.select(path: RuleTreeEditing.moveDown(&e.perspective.rules, at: path))
        case .moveRuleUp: e.select(path: RuleTreeEditing.moveUp(&e.perspective.rules, at: path))
        case .indent: e.select(path: RuleTreeEditing.indent(&e.perspective.rules, at: path))
        case .outdent: e.select(path: RuleTreeEditing.outdent(&e.perspective.rules, at: path))
        case .editAsText: e.textLine = e.openTextLine()
        case .finishName, .applyText, .cancelText: break
        }
        return []
    }

    /// Back to browsing with the perspective as saved (the working copy dropped).
    static func leaveWithoutSaving(_ s: inout AppState) {
        s.mode = .browse
        s.message = "Left the editor; nothing was saved."
        s.refresh()
    }

    /// The answer to "Delete this group …?" or "Leave … without saving?" (the editor is under the question).
    static func answer(_ s: inout AppState, _ d: Dialog, yes: Bool) {
        guard yes, case .ruleEditor(var e) = s.mode else { return }
        switch d {
        case .deleteGroup(let path, _):
            e.undoStack.append(e.perspective)
            e.redoStack = []
            e.select(path: RuleTreeEditing.delete(&e.perspective.rules, at: path))
            s.mode = .ruleEditor(e)
            s.refresh()
        case .discardEditor: leaveWithoutSaving(&s)
        default: break
        }
    }

    /// The line of text: edited as any field; Enter parses it and puts it in
    /// place of what it was opened on (a mistake stays, with its column).
    static func text(_ e: inout RuleEditor, _ action: Action) {
        guard var line = e.textLine else { return }
        var field = TextField(line.text, cursor: line.cursor)
        switch action {
        case .editor(.cancelText):
            e.textLine = nil
            return
        case .editor(.applyText):
            do {
                let parsed = try RuleTextParser.parse(line.text)
                var rules = parsed
                if !line.path.isEmpty {
                    // One rule typed in place of a rule stays a rule; anything else is a group.
                    let single: RuleNode? = parsed.enabled && parsed.kind == .and && parsed.conditions.count == 1 ? parsed.conditions[0] : nil
                    let replacement: RuleNode
                    if case .condition? = single { replacement = single! } else { replacement = .group(parsed) }
                    rules = e.perspective.rules
                    RuleTreeEditing.update(&rules, at: line.path) { $0 = replacement }
                }
                // In its place the text may nest deeper than on its own.
                guard RuleStats.measure(rules).depth <= RuleStats.maxDepth else {
                    line.error = tooDeep
                    e.textLine = line
                    return
                }
                e.perspective.rules = rules
                if !line.path.isEmpty { e.select(path: line.path) }
                e.textLine = nil
            } catch let f as RuleTextParser.Failure {
                line.error = f.description
                line.cursor = min(max(0, f.column - 1), line.text.count)
                e.textLine = line
            } catch {
                line.error = "\(error)"
                e.textLine = line
            }
            return
        case .text(let edit): _ = field.apply(edit)
        case .insert(let text): field.insert(text)
        default: return
        }
        if field.string != line.text { line.error = nil }
        line.text = field.string
        line.cursor = field.cursor == field.text.count ? nil : field.cursor
        e.textLine = line
    }

    static func name(_ e: inout RuleEditor, _ action: Action) {
        var field = TextField(e.perspective.name, cursor: e.nameCursor)
        switch action {
        case .editor(.finishName):
            e.editingName = false
            e.nameCursor = nil
            return
        case .text(let edit): _ = field.apply(edit)
        case .insert(let text): field.insert(text)
        default: return
        }
        guard field.text.count <= Perspective.maxNameLength else { return }
        e.perspective.name = field.string
        e.nameCursor = field.cursor == field.text.count ? nil : field.cursor
    }
}
