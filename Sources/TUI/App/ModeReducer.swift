import TaskEngine

/// The actions of the modes other than browsing and the rule editor: text
/// fields, the search line, the form, questions, menus, panels and help.
/// Each acts only when its mode is open.
enum ModeReducer {
    static func reduce(_ s: inout AppState, _ action: Action) -> [Effect] {
        switch (s.mode, action) {
        case (.search(let field), .text(let e)): editSearch(&s, field) { _ = $0.apply(e) }
        case (.search(let field), .insert(let text)): editSearch(&s, field) { $0.insert(text) }
        case (.search, .search(let a)):
            if a == .clear { s.search = nil }
            s.mode = .browse
            s.relayout()

        case (.finder(var f), _):
            FinderReducer.reduce(&s, &f, action)
            if case .finder = s.mode { s.mode = .finder(f) }
        case (.quickAdd(var e), _):
            let effects = QuickAddReducer.reduce(&s, &e, action)
            if case .quickAdd = s.mode { s.mode = .quickAdd(e) }
            return effects
        case (.form(var f), _):
            let effects = form(&s, &f, action)
            if case .form = s.mode { s.mode = .form(f) }
            return effects
        case (.ruleEditor, .text), (.ruleEditor, .insert):
            return RuleEditorReducer.reduce(&s, action)

        case (.dialog(let d, let over), .confirm(let yes)):
            s.mode = over
            // A key that ends a question says what came of it: the dialog going says nothing to a screen reader.
            guard yes else { s.message = kept(d, over); break }
            switch d {
            case .deleteTask(let t, _): return [.deleteTask(t)]
            case .deleteTasks(let ts, _): return [.deleteTasks(ts)]
            case .deleteGroup, .discardEditor: RuleEditorReducer.answer(&s, d, yes: true)
            case .discardForm:
                s.message = discarded(over)
                s.mode = .browse
            case .deletePerspective(let p): return [.deletePerspective(p.id)]
            case .formConflict: break
            }
        case (.dialog(.discardForm, let over), .discard(let yes)):
            s.message = yes ? discarded(over) : kept(.discardForm, over)
            s.mode = yes ? .browse : over
        case (.dialog(.formConflict(let mine), let over), .formConflict(let choice)):
            switch choice {
            case .keepMineAsCopy:
                // A new file next to the original, with the form's values; the disk version stays as it is.
                s.mode = over
                var copy = mine
                copy.fingerprint = nil
                let folder = mine.id.split(separator: "/").dropLast().joined(separator: "/")
                return [.createTask(copy, folder: folder)]
            case .takeDisk:
                s.mode = .browse
                s.message = "Kept the version on disk; your edit was dropped."
            case .backToForm:
                s.mode = over
                s.message = "Back to the form: saving again will ask again (the file still differs)."
            }

        case (.help(let scroll, let over), .menu(let m)):
            s.mode = .help(scroll: ListKeys.step(m, index: scroll, count: s.helpLines.count), over: over)
        case (.overlay(var o), .menu(let m)):
            o.scroll = ListKeys.step(m, index: o.scroll, count: o.lines.count)
            s.mode = .overlay(o)
        case (.overlay, .overlay(let a)):
            s.mode = .browse
            switch a {
            case .close: break
            case .duplicate: return Reducer.duplicate(&s)
            case .replacePerspectivesFile: return [.replacePerspectivesFile]
            }

        case (.sortMenu(let i), .menu(let m)): s.mode = .sortMenu(cursor: ListKeys.step(m, index: i, count: SortField.allCases.count))
        case (.sortMenu, .menuSelect(let i)) where SortField.allCases.indices.contains(i): s.mode = .sortMenu(cursor: i)
        case (.sortMenu(let i), .sortMenu(let a)):
            s.mode = .browse
            guard a == .choose else { break }
            let field = SortField.allCases[i]
            return Reducer.updatePerspective(&s) { p in
                p.sort = SortSpec(field: field.rawValue)
                if field != .manual { p.manualOrder = nil; p.previousSort = nil }
            }

        case (.settings(let row), .menu(let m)): s.mode = .settings(row: ListKeys.step(m, index: row, count: 2))
        case (.settings, .menuSelect(let i)) where (0..<2).contains(i): s.mode = .settings(row: i)
        case (.settings(let row), .settings(let a)): return settings(&s, row: row, a)

        case (.quickFilter, .menu), (.quickFilter, .menuSelect): return QuickFilterReducer.reduce(&s, action)

        case (.conflicts(var panel), .menu(let m)):
            // The keys that move in menus scroll the diff.
            panel.scroll = ListKeys.step(m, index: panel.scroll, count: panel.diff.count)
            s.mode = .conflicts(panel)
        case (.conflicts(let panel), .conflict(.next(let step))):
            guard !s.conflicts.isEmpty else { break }
            return showConflict(&s, (panel.index + step + s.conflicts.count) % s.conflicts.count)
        case (.conflicts, .menuSelect(let i)): return showConflict(&s, i)
        case (.conflicts(let panel), .conflict(let a)):
            guard case .resolve(let choice) = a, s.conflicts.indices.contains(panel.index) else { s.mode = .browse; break }
            // Only what is on the screen is resolved: the versions read for this very conflict.
            guard let shown = panel.shown, panel.conflict == s.conflicts[panel.index] else {
                s.message = "The two versions are still being read; nothing was changed"
                break
            }
            return [.resolveConflict(s.conflicts[panel.index], choice, shown: shown)]
        default: break
        }
        return []
    }

    /// What "Discard your changes?" answered yes did: "Discarded changes to 'Call Anna'" (a new task: its typed title).
    static func discarded(_ over: Mode) -> String {
        guard case .form(let f) = over else { return "Discarded your changes" }
        if let t = f.original { return "Discarded changes to '\(t.title)'" }
        let typed = f.fields[.title]?.string.trimmingCharacters(in: .whitespaces) ?? ""
        return typed.isEmpty ? "Discarded the new task" : "Discarded the new task '\(typed)'"
    }

    /// What a question answered no kept: "Kept 'Call Anna'", or that the form or editor is still open with its changes.
    static func kept(_ d: Dialog, _ over: Mode? = nil) -> String? {
        switch d {
        case .deleteTask(let t, _): return "Kept '\(t.title)'"
        case .deleteTasks(let ts, _): return "Kept the \(ts.count) marked tasks"
        case .deletePerspective(let p): return "Kept '\(p.name)'"
        case .deleteGroup(_, let n): return "Kept the group and its \(n) rule\(n == 1 ? "" : "s")"
        case .discardEditor: return "Back to the editor: your changes are kept, not saved yet"
        case .discardForm:
            guard case .form(let f)? = over else { return "Back to the form: your changes are kept" }
            return "Back to the form: your changes\(f.original.map { " to '\($0.title)'" } ?? "") are kept, not saved yet"
        case .formConflict: return nil
        }
    }

    static func editSearch(_ s: inout AppState, _ field: TextField, _ change: (inout TextField) -> Void) {
        var field = field
        change(&field)
        let before = s.search ?? ""
        s.search = field.string
        s.mode = .search(field)
        if field.string != before { s.relayout() }
    }

    static func form(_ s: inout AppState, _ f: inout TaskForm, _ action: Action) -> [Effect] {
        switch action {
        case .form(.cancel):
            // Half-typed work is never thrown away on one key: ask first.
            s.mode = f.hasChanges ? .dialog(.discardForm, over: .form(f)) : .browse
        case .form(.save):
            switch f.task(today: s.today, nowMinute: s.nowMinute).flatMap({ f.waits($0, in: s) }).flatMap({ f.reminders($0, in: s) }) {
            case .success(let t): return [f.isNew ? .createTask(t, folder: "") : .writeTask(t)]  // the form stays until the write succeeds
            case .failure(let e):
                f.error = e.message
                f.focus = e.field
                // Also on the status line, where every refusal is said (and read by a screen reader: the cursor stays in the field).
                s.message = "Not saved: " + e.message
            }
        case .form(.nextField): f.moveFocus(1)
        case .form(.previousField): f.moveFocus(-1)
        case .form(.focusField(let i)):
            if TaskForm.Field.allCases.indices.contains(i) { f.focus = TaskForm.Field.allCases[i] }
        case .form(.choice(let n)):
            if f.focus == .recurrence { f.cycleRecurrence(n, today: s.today) } else { f.cycleChoice(n) }
        case .text(let e):
            // → at the end of a field with a completion takes the completion.
            if e == .right, f.field.isAtEnd, f.completion(from: s.index) != nil { f.acceptCompletion(from: s.index) } else { f.apply(e) }
        case .insert(let text): f.insert(text)
        case .menu(let m):
            // The mouse wheel moves between fields.
            f.moveFocus(m == .down ? 1 : m == .up ? -1 : 0)
        default: break
        }
        return []
    }

    static func settings(_ s: inout AppState, row: Int, _ a: SettingsAction) -> [Effect] {
        switch a {
        case .close:
            s.mode = .browse
            return [.saveSettings]
        case .change(let step):
            if row == 0 {
                let themes = s.availableThemes.isEmpty ? [s.themeName] : s.availableThemes
                let i = themes.firstIndex(of: s.themeName) ?? 0
                s.themeName = themes[(i + step + themes.count) % themes.count]
                return [.applyTheme(s.themeName)]
            }
            let all = Density.allCases
            s.density = all[(all.firstIndex(of: s.density)! + step + all.count) % all.count]
        }
        return []
    }

    static func showConflict(_ s: inout AppState, _ i: Int) -> [Effect] {
        guard s.conflicts.indices.contains(i) else { return [] }
        if case .conflicts(let p) = s.mode, p.index == i { return [] }
        s.mode = .conflicts(ConflictPanel(index: i, conflict: s.conflicts[i]))
        return [.readConflict(s.conflicts[i])]
    }
}

extension AppState {
    /// Help as the keymap in use describes it: the current mode's keys first,
    /// each saying why when it cannot act now.
    public var helpLines: [String] {
        let now = mode.underHelp
        var under = self
        under.mode = now
        return keymap.helpLines(first: now.contexts(focus: focus)) { action in action.requirement?.reason(under) }
    }

    /// Hints of the open mode that would not be true now: Space chooses only in a
    /// list of many, and in a list of one choice types a space.
    var untrueHints: Set<String> {
        // (The day keys mean nothing outside the Forecast.)
        let forecastKeys: Set<String> = showsForecast ? [] : ["forecast-previous-day", "forecast-next-day", "forecast-previous-week", "forecast-next-week"]
        let list: Picker?
        switch editor?.control {
        case .picker(let p, _)?: list = p
        case .calendar(let d, _)?: list = d.side == .relative ? d.relative : nil
        case .none?, .name?, .text?, nil: list = nil
        }
        guard let list, !list.multi else { return forecastKeys }
        return forecastKeys.union(["picker-toggle"])
    }
}
