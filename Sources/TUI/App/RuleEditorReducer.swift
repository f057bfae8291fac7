import TaskEngine

/// The rule editor's actions. Every change lands in the working copy at
/// once, so the list and the counts re-filter as you type; closing saves.
enum RuleEditorReducer {
    static func reduce(_ s: inout AppState, _ action: Action) -> [Effect] {
        guard case .ruleEditor(var e) = s.mode else { return [] }
        let before = e.perspective
        var effects: [Effect] = []
        var nameStart: Perspective?
        switch e.control {
        case .none: if case .editor(let a) = action { effects = edit(&s, &e, a) }
        case .name(let field, let start):
            nameStart = start
            name(&e, field, start: start, action)
        case .text(let line): text(&e, line, action)
        case .picker(var picker, let target): pick(&s, &e, &picker, for: target, action)
        case .calendar(var calendar, let path): pickDate(&s, &e, &calendar, at: path, action)
        }
        // Groups nested past what a perspectives file may hold are not made (saved, the file
        // could not be read back): the step is not taken.
        if e.perspective.rules != before.rules, RuleStats.measure(e.perspective.rules).depth > RuleStats.maxDepth {
            e.perspective = before
            e.cursor = min(e.cursor, e.lineCount - 1)
            s.message = tooDeep
        }
        // Each change of the working copy is a step undo can take back (typing a name is one step, taken when it ends).
        var step: Perspective?
        if let start = nameStart {
            switch e.control {
            case .name: break
            case .none, .text, .picker, .calendar: if start != e.perspective { step = start }
            }
        } else if e.perspective != before, action != .editor(.undo), action != .editor(.redo) {
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
                if h == .name {
                    e.control = .name(TextField(e.perspective.name), start: e.perspective)
                } else if let picker = e.headerPicker(h) {
                    e.control = .picker(picker, for: .header(h))
                }
            } else if case .condition(let c)? = RuleTreeEditing.node(e.perspective.rules, at: path) {
                // A rule with nothing to choose (Is untagged, Has a due date) is edited by how it compares.
                if !openValueControl(&s, &e, c, at: path) { openComparison(&e, c, at: path) }
            } else {
                RuleTreeEditing.cycleOperator(&e.perspective.rules, at: path)
            }
        case .addRule:
            e.control = .picker(RuleCatalog.typePicker, for: .addRule(after: e.header == nil ? path : []))
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
        case .moveRuleDown, .moveRuleUp:
            let down = a == .moveRuleDown
            let before = e.perspective.rules
            let to = down ? RuleTreeEditing.moveDown(&e.perspective.rules, at: path) : RuleTreeEditing.moveUp(&e.perspective.rules, at: path)
            // Only the top group's ends stop a rule (a nested one leaves its group there): said, not silently skipped.
            if e.perspective.rules == before { s.message = "Already \(down ? "last" : "first") of the rules: " + named(s, e, path) }
            e.select(path: to)
        case .indent: e.select(path: RuleTreeEditing.indent(&e.perspective.rules, at: path))
        case .outdent:
            guard path.count >= 2 else {
                s.message = "Already in the top group, no group to move out of: " + named(s, e, path)
                break
            }
            e.select(path: RuleTreeEditing.outdent(&e.perspective.rules, at: path))
        case .editAsText: e.control = .text(e.openTextLine())
        case .finishName, .applyText, .cancelText: break
        }
        return []
    }

    /// A rule or group in a message: its words, last on the line, so that a narrow status line cuts them, not what happened.
    static func named(_ s: AppState, _ e: RuleEditor, _ path: [Int]) -> String {
        RuleTreeEditing.node(e.perspective.rules, at: path).map { RuleDescriber.describe($0, today: s.today) } ?? "this rule"
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
    static func text(_ e: inout RuleEditor, _ line: RuleTextLine, _ action: Action) {
        var line = line
        switch action {
        case .editor(.cancelText):
            e.control = .none
            return
        case .editor(.applyText):
            do {
                let parsed = try RuleTextParser.parse(line.text)
                // A rule typed here that cannot be read is refused at once, not saved to be skipped (⚠); one the
                // perspective already held (a newer version's field, printed back as text) goes through as it was.
                let held = Set(RuleCompiler.compile(e.perspective.rules, today: .today()).warnings.map(\.message))
                if let w = RuleCompiler.compile(parsed, today: .today()).warnings.first(where: { !held.contains($0.message) }) {
                    line.error = w.message.replacingOccurrences(of: "; rule skipped", with: "")
                    e.control = .text(line)
                    return
                }
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
                    e.control = .text(line)
                    return
                }
                e.perspective.rules = rules
                if !line.path.isEmpty { e.select(path: line.path) }
                e.control = .none
            } catch let f as RuleTextParser.Failure {
                line.error = f.description
                _ = line.field.move(to: f.column - 1)
                e.control = .text(line)
            } catch {
                line.error = "\(error)"
                e.control = .text(line)
            }
            return
        case .text(let edit): if line.field.apply(edit) == .edited { line.error = nil }
        case .insert(let text):
            line.field.insert(text)
            if !text.isEmpty { line.error = nil }
        default: return
        }
        e.control = .text(line)
    }

    /// The name typed in place: it changes the working copy at once (the sidebar follows).
    static func name(_ e: inout RuleEditor, _ field: TextField, start: Perspective, _ action: Action) {
        var field = field
        switch action {
        case .editor(.finishName):
            e.control = .none
            return
        case .text(let edit): _ = field.apply(edit)
        case .insert(let text): field.insert(text)
        default: return
        }
        guard field.text.count <= Perspective.maxNameLength else { return }
        e.perspective.name = field.string
        e.control = .name(field, start: start)
    }
}
