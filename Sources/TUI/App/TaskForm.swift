import TaskEngine

/// The add / edit form: every field of a task as text the user types, and the
/// rules that turn it back into a task (title required and trimmed; typed
/// dates; a new task cannot be due in the past).
public struct TaskForm: Hashable, Sendable {
    public enum Field: String, CaseIterable, Sendable {
        case title = "Title", status = "Status", priority = "Priority", flagged = "Flagged"
        case area = "Area", project = "Project", tags = "Tags"
        case due = "Due", scheduled = "Scheduled", deferDate = "Defer"
        case estimate = "Estimate", recurrence = "Recurrence", source = "Source"
        // (Last, so the keys that reach the fields above are as they were.)
        case contexts = "Contexts", assignees = "Assignees"
        case reminders = "Remind"
        case waitsFor = "Waits for"

        /// Fields picked from a fixed list with Space / ← / →.
        var choices: [String]? {
            switch self {
            case .status: return TaskStatus.allCases.map(\.rawValue)
            case .priority: return Priority.allCases.map(\.rawValue)
            case .flagged: return ["no", "yes"]
            default: return nil
            }
        }

        /// What to type in the field, and the keys that help (as the keymap in use has them).
        func hint(_ keys: Keymap) -> String {
            let completes = keys.clause(" · ", "text-right", "completes", in: [.text])
            switch self {
            case .due, .scheduled, .deferDate: return "2026-11-25, 2026-11-25T15:00, today, tomorrow, fri, +3d"
            case .tags: return "comma separated"
            case .contexts: return "comma separated: @home, @phone"
            case .assignees: return "comma separated: @alice, @bob"
            case .waitsFor: return "task titles, comma separated" + completes
            case .reminders: return "-1h (before due), scheduled-1d, 9am, 9am 25 Nov"
            case .estimate: return "minutes"
            case .area: return "/ nests: Work/Clients" + completes
            case .project: return "/ nests: Work/Clients · commas separate projects" + completes
            case .recurrence:
                let presets = keys.phrase(["preset-previous", "preset-next"], "presets · or type", in: [.formPresets])
                return (presets ?? "type") + ": daily, every 2 weeks on mon, FREQ=MONTHLY;BYDAY=-1FR"
            default: return choices.map { _ in keys.phrase(["choice-previous", "choice-next"], "change", in: [.formChoice]) ?? "" } ?? ""
            }
        }
    }

    /// Nil for a new task.
    public var original: TaskItem?
    /// Every field's text with its cursor (the focused field's is the one shown).
    var fields: [Field: TextField]
    /// The values the form opened with: a field still showing them is not
    /// written (so Enter on an untouched form writes nothing, and a padded
    /// title or a missing `status` stays as the file has it).
    public var initialValues: [Field: String] = [:]
    /// The field typed into; a field moved to has its cursor at its end.
    public var focus: Field = .title {
        didSet { if focus != oldValue { _ = fields[focus]?.apply(.end) } }
    }
    public var error: String?

    public var isNew: Bool { original == nil }

    /// `today`: the day the Remind field's days are said from (`9am 2 Dec`, the year when it is past).
    public init(editing task: TaskItem?, today: Day = .today()) {
        original = task
        let t = task ?? TaskItem(id: "", title: "")
        var values: [Field: String] = [
            .title: t.title, .status: t.status.rawValue, .priority: t.priority.rawValue, .flagged: t.flagged ? "yes" : "no",
            .area: t.area ?? "", .project: t.projects.joined(separator: ", "), .tags: t.tags.joined(separator: ", "),
            .due: t.due?.raw ?? "", .scheduled: t.scheduled?.raw ?? "", .deferDate: t.defer_?.raw ?? "",
            .estimate: t.estimatedMinutes.map(String.init) ?? "", .recurrence: t.recurrence ?? "", .source: t.source ?? "",
            .contexts: t.contexts.map { "@" + $0 }.joined(separator: ", "), .assignees: t.assignees.joined(separator: ", "),
            .waitsFor: "",  // (the titles take the vault: `TaskForm.editing(_:index:)`)
            .reminders: t.reminders.map { TaskForm.typed($0, today: today) }.joined(separator: ", "),
        ]
        if let task, task.statusText != nil, TaskStatus(rawValue: task.statusText!) == nil { values[.status] = task.status.rawValue }
        // A value the file holds that its field cannot is shown as written, to be fixed or cleared.
        for bad in t.badValues { if let f = Self.formField[bad.field] { values[f] = bad.raw } }
        initialValues = values
        fields = values.mapValues { TextField($0) }
    }

    /// The form's field for each task field it shows.
    static let formField: [TaskField: Field] = [.title: .title, .status: .status, .priority: .priority, .flagged: .flagged, .area: .area,
                                                 .project: .project, .tags: .tags, .due: .due, .scheduled: .scheduled, .defer: .deferDate,
                                                 .estimatedMinutes: .estimate, .recurrence: .recurrence, .source: .source,
                                                 .contexts: .contexts, .assignees: .assignees]

    /// The first field still showing a value the file holds that its field cannot read.
    public var unfixedBadValue: (field: Field, value: BadValue)? {
        guard let original else { return nil }
        for bad in original.badValues {
            if let f = Self.formField[bad.field], !changed(f) { return (f, bad) }
        }
        return nil
    }

    /// True when the user changed `f` since the form opened.
    public func changed(_ f: Field) -> Bool { isNew || self[f] != (initialValues[f] ?? "") }

    /// A field's text (set: its cursor goes to the end).
    public subscript(_ f: Field) -> String {
        get { fields[f]?.string ?? "" }
        set { fields[f] = TextField(newValue) }
    }

    // MARK: editing

    public mutating func moveFocus(_ by: Int) {
        let all = Field.allCases
        let i = all.firstIndex(of: focus)!
        focus = all[(i + by + all.count) % all.count]
    }

    public mutating func cycleChoice(_ by: Int) {
        guard let choices = focus.choices, let i = choices.firstIndex(of: self[focus]) ?? Optional(0) else { return }
        self[focus] = choices[(i + by + choices.count) % choices.count]
    }

    /// The presets ← / → step through in the Recurrence field, for the task's
    /// day (`scheduled`, else `due`, else `today`).
    public func recurrencePresets(today: Day) -> [String] {
        let day = [self[.scheduled], self[.due]].lazy.compactMap { DateInput.parse($0, today: today) }.first ?? today
        let weekday = RecurrenceRule.weekdayCode(day.isoWeekday)
        return ["", "FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "FREQ=WEEKLY;BYDAY=\(weekday)",
                "FREQ=WEEKLY;INTERVAL=2;BYDAY=\(weekday)", "FREQ=MONTHLY;BYMONTHDAY=\(day.dayOfMonth)", "FREQ=YEARLY"]
    }

    public mutating func cycleRecurrence(_ by: Int, today: Day) {
        let presets = recurrencePresets(today: today)
        let i = presets.firstIndex(of: self[.recurrence]) ?? 0
        self[.recurrence] = presets[(i + by + presets.count) % presets.count]
        error = nil
    }

    /// The Recurrence field in words ("every week on Mon"), or why it is not a rule.
    public var recurrenceWords: String? { recurrenceWords(.symbols) }

    /// The same, led by `glyphs`' mark of a repeat or a warning.
    func recurrenceWords(_ glyphs: GlyphSet) -> String? {
        let text = self[.recurrence].trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        do { return glyphs.text(.repeats) + " " + RecurrenceWords.describe(try RecurrenceRule(parsing: text)) } catch { return glyphs.text(.warning) + " \(error)" }
    }

    /// The focused text field as a line editor.
    public var field: TextField { fields[focus] ?? TextField() }

    /// A line-editing command on the focused text field; false on a choice field.
    @discardableResult
    public mutating func apply(_ e: TextField.Edit) -> Bool {
        guard focus.choices == nil else { return false }
        var f = field
        if f.apply(e) == .edited { error = nil }
        fields[focus] = f
        return true
    }

    /// Typed or pasted text at the cursor of the focused text field (a choice field ignores it).
    public mutating func insert(_ text: String) {
        guard focus.choices == nil else { return }
        var f = field
        f.insert(text)
        fields[focus] = f
        error = nil
    }

    /// Whether anything differs from what the form opened with.
    public var hasChanges: Bool { Field.allCases.contains { self[$0] != (initialValues[$0] ?? "") } }

    /// The completion for the focused field from existing values ("Wo" → "Work"),
    /// for tags and the waits the last item typed.
    public func completion(from index: TaskIndex) -> String? {
        completing(from: index).map { String($0.match.dropFirst($0.typed.count)) }
    }

    /// Takes the completion, the typed part too in the value's own case (`caf` → `Café`).
    public mutating func acceptCompletion(from index: TaskIndex) {
        guard let c = completing(from: index) else { return }
        self[focus] = String(self[focus][..<c.start]) + c.match
    }

    /// Where the value being typed starts (the last item of a list field), what it is, and the
    /// existing value (an open task's title for the waits) it completes to.
    private func completing(from index: TaskIndex) -> (start: String.Index, typed: String, match: String)? {
        let text = self[focus]
        let listed = focus == .tags || focus == .waitsFor
        var start = listed ? text.lastIndex(of: ",").map { text.index(after: $0) } ?? text.startIndex : text.startIndex
        while start < text.endIndex, text[start] == " " { start = text.index(after: start) }
        let typed = String(text[start...])
        guard !typed.isEmpty else { return nil }
        let field: TaskField
        switch focus {
        case .waitsFor:
            // (A title holding a comma completes quoted, so that the field reads it as one.)
            let bare = typed.hasPrefix("\"") ? String(typed.dropFirst()) : typed
            return index.title(completing: bare, excluding: Set([original?.id].compactMap { $0 })).map { (start, typed, Self.waitTitles([$0])) }
        case .area: field = .area
        case .project: field = .project
        case .tags: field = .tags
        case .source: field = .source
        default: return nil
        }
        let key = TextFold.key(typed)
        return index.values(of: field).first { TextFold.key($0).hasPrefix(key) && TextFold.key($0) != key }.map { (start, typed, $0) }
    }

    // MARK: validation

    /// The task to write, or the reason it cannot be saved (`nowMinute`: the
    /// clock, for a new task's due time today; nil when the day is pinned).
    public func task(today: Day, nowMinute: Int64? = nil) -> Result<TaskItem, FormError> {
        guard let original, !isNew else { return typedTask(today: today, nowMinute: nowMinute) }
        // A field still holding what the file wrote and its field cannot read is not saved as it is.
        if let (field, bad) = unfixedBadValue {
            return .failure(FormError(field: field, message: "\(field.rawValue): '\(bad.raw)' is not \(bad.expected): fix it or clear it to save."))
        }
        return typedTask(today: today).map { typed in
            var t = original
            for bad in original.badValues { if let f = Self.formField[bad.field], changed(f) { t.settle(bad.field) } }
            if changed(.title) { t.title = typed.title }
            if changed(.status) { t.status = typed.status; t.statusText = typed.statusText }
            if changed(.priority) { t.priority = typed.priority; t.priorityText = typed.priorityText }
            if changed(.flagged) { t.flagged = typed.flagged }
            if changed(.area) { t.area = typed.area }
            if changed(.project) {
                // Each project named as before keeps its text (`[[Home|h]]`); a new one is a name the writer links.
                let before = [original.projectItems(asLinks: false).first].compactMap { $0 } + original.otherProjects
                t.setProjects(projectNames.map { name in before.first { VaultProfile.plain($0).lowercased() == name.lowercased() } ?? name })
            }
            if changed(.tags) { t.tags = typed.tags }
            if changed(.due) { t.due = typed.due }
            if changed(.scheduled) { t.scheduled = typed.scheduled }
            if changed(.deferDate) { t.defer_ = typed.defer_ }
            if changed(.estimate) { t.estimatedMinutes = typed.estimatedMinutes }
            if changed(.recurrence) { t.recurrence = typed.recurrence }
            if changed(.source) { t.source = typed.source }
            if changed(.contexts) { t.contexts = typed.contexts }
            if changed(.assignees) {
                // Each assignee named as before keeps its text (`@alice`); a new one is as typed.
                t.assignees = typed.assignees.map { name in original.assignees.first { Assignee.key($0) == Assignee.key(name) } ?? name }
            }
            return t
        }
    }

    /// The Project field's names, comma separated.
    var projectNames: [String] {
        self[.project].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A comma-separated field's items, blanks dropped.
    func items(_ f: Field) -> [String] {
        self[f].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Every field as typed.
    func typedTask(today: Day, nowMinute: Int64? = nil) -> Result<TaskItem, FormError> {
        let title = self[.title].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { return .failure(FormError(field: .title, message: "A title is required: type one to save the task.")) }
        var t = original ?? TaskItem(id: "", title: title)
        t.title = title
        // A new task whose status was left as the form opened gets the vault's default (the writer's choice).
        let statusLeft = isNew && self[.status] == (initialValues[.status] ?? "")
        if !statusLeft, let s = TaskStatus(rawValue: self[.status]), s != t.status || t.statusText == nil { t.setStatus(s) }
        if let p = Priority(rawValue: self[.priority]), p != t.priority { t.setPriority(p) }
        t.flagged = self[.flagged] == "yes"
        func text(_ f: Field) -> String? {
            let v = self[f].trimmingCharacters(in: .whitespaces)
            return v.isEmpty ? nil : v
        }
        t.area = text(.area)
        if isNew || changed(.project) { t.setProjects(projectNames) }
        t.source = text(.source)
        t.recurrence = text(.recurrence)
        if let r = t.recurrence, changed(.recurrence) {
            do { _ = try RecurrenceRule(parsing: r) } catch {
                return .failure(FormError(field: .recurrence, message: "Recurrence: \(error) (try daily, every 2 weeks on mon, FREQ=MONTHLY;BYDAY=-1FR)."))
            }
        }
        t.tags = self[.tags].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if isNew || changed(.contexts) {
            // Contexts are kept without their `@` (the writer adds it where the vault writes one).
            t.contexts = items(.contexts).map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
        }
        if isNew || changed(.assignees) {
            var seen = Set<String>()
            t.assignees = items(.assignees).filter { !Assignee.key($0).isEmpty && seen.insert(Assignee.key($0)).inserted }
        }
        if let e = text(.estimate) {
            guard let n = Int(e), n >= 0 else { return .failure(FormError(field: .estimate, message: "Estimate: '\(e)' is not a number of minutes.")) }
            t.estimatedMinutes = n
        } else {
            t.estimatedMinutes = nil
        }
        for (field, current) in [(Field.due, t.due), (.scheduled, t.scheduled), (.deferDate, t.defer_)] {
            var value: TaskDate?
            if let typed = text(field) {
                if let current, current.raw == typed {
                    value = current  // unchanged, kept as written (a date-time stays one)
                } else if let exact = TaskDate(parsing: typed) {
                    value = exact  // 2026-11-25 or 2026-11-25T15:00, as typed
                } else if let day = DateInput.parse(typed, today: today) {
                    value = TaskDate(day: day)
                } else {
                    return .failure(FormError(field: field, message: "\(field.rawValue): '\(typed)' is not a date (try 2026-11-25, today, fri, +3d)."))
                }
            }
            if field == .due, isNew, let d = value, let refusal = NewTaskDue.refusal(d, today: today, nowMinute: nowMinute) {
                return .failure(FormError(field: .due, message: refusal))
            }
            switch field {
            case .due: t.due = value
            case .scheduled: t.scheduled = value
            default: t.defer_ = value
            }
        }
        return .success(t)
    }
}

public struct FormError: Error, Hashable, Sendable {
    public var field: TaskForm.Field
    public var message: String
}
