import TaskEngine

/// The quick-add line at the bottom of the screen (`a`): what is typed, the
/// cursor, where ↑/↓ stand in the earlier entries, and the context of the
/// perspective it was opened from (a task added there keeps to its view).
/// The change line (`c`) is the same line, naming the tasks it changes.
public struct QuickAddEntry: Hashable, Sendable {
    /// The line as typed, with its cursor.
    public var field = TextField()
    /// Which earlier entry is shown (0: the latest), nil while typing a new one.
    public var recalled: Int?
    /// The line being typed before ↑ recalled an earlier one (↓ past the latest brings it back).
    public var draft = ""
    /// What the perspective adds to every task (its simple area / project / tag / flag rules).
    public var context: QuickAdd
    /// The perspective's name, for "added to …".
    public var perspectiveName: String
    public var error: String?
    /// The vault's projects and areas when the line opened: `+cl` completes to `Clients`.
    public var projects: [String]
    public var areas: [String]
    /// The tasks the change line changes (nil: the line adds a task).
    public var changing: [String]?
    /// `@name` assigns (a Backlog.md project): `areas` then holds the assignees' names, for completion.
    public var atAssigns = false

    public init(context: QuickAdd = QuickAdd(title: ""), perspectiveName: String = "", projects: [String] = [], areas: [String] = []) {
        self.context = context
        self.perspectiveName = perspectiveName
        self.projects = projects
        self.areas = areas
    }

    /// The line as typed (set: the cursor goes to its end).
    public var text: String {
        get { field.string }
        set { field = TextField(newValue) }
    }

    /// The line as read today, with the perspective's context filled in.
    /// The rest of an existing project or area the last word starts (`+Cl` →
    /// `ients`), shown after the cursor at the end of the line; `→` takes it.
    /// Names with blanks are completed in quotes (`+"Q4 Report"`).
    public var completion: String? { completing.map { String($0.name.dropFirst($0.typed.count)) } }

    /// The last word's sigil, what follows it, and the name it starts.
    var completing: (sigil: Character, typed: String, name: String)? {
        guard field.isAtEnd, let last = text.split(separator: " ", omittingEmptySubsequences: false).last,
              let sigil = last.first, sigil == "+" || sigil == "@" else { return nil }
        var typed = String(last.dropFirst())
        if typed.hasPrefix("\"") { typed.removeFirst() }
        guard !typed.isEmpty, !typed.contains("\"") else { return nil }
        let key = typed.lowercased()
        guard let name = (sigil == "+" ? projects : areas).sorted(by: { $0.lowercased() < $1.lowercased() })
            .first(where: { $0.lowercased().hasPrefix(key) && $0.count > typed.count }) else { return nil }
        return (sigil, typed, name)
    }

    /// Takes the completion: `+cl` → `+Clients`, `+q4` → `+"Q4 Report"` (quoted when it has blanks).
    public mutating func acceptCompletion() -> Bool {
        guard let (sigil, _, name) = completing, let space = text.lastIndex(of: " ").map({ text.index(after: $0) }) ?? Optional(text.startIndex)
        else { return false }
        text.replaceSubrange(space..., with: String(sigil) + (name.contains(" ") ? "\"\(name)\"" : name))
        error = nil
        return true
    }

    /// The change line as read.
    public func changes(today: Day) -> TaskChanges {
        var c = TaskChanges.parse(text, today: today)
        c.fields = c.fields.resolving(projects: projects, areas: areas)
        return c
    }

    public func parsed(today: Day) -> QuickAdd {
        QuickAdd.parse(text, today: today, atAssigns: atAssigns).resolving(projects: projects, areas: atAssigns ? [] : areas).taking(context)
    }

    public mutating func edit(_ change: (inout TextField) -> Void) {
        let before = text
        change(&field)
        if text != before { error = nil }
    }

    /// ↑ (`older`) or ↓ through `history` (oldest first).
    public mutating func recall(older: Bool, history: [String]) {
        guard !history.isEmpty else { return }
        let next: Int?
        switch (recalled, older) {
        case (nil, true): next = 0
        case (nil, false): return
        case (let i?, true): next = min(i + 1, history.count - 1)
        case (let i?, false): next = i == 0 ? nil : i - 1
        }
        if recalled == nil { draft = text }
        recalled = next
        text = next.map { history[history.count - 1 - $0] } ?? draft
        error = nil
    }

    /// The full form with everything read so far filled in.
    public func form(today: Day) -> TaskForm {
        let q = parsed(today: today)
        var f = TaskForm(editing: nil)
        f[.title] = q.title
        if let p = q.priority { f[.priority] = p.rawValue }
        if q.flagged { f[.flagged] = "yes" }
        f[.area] = q.area ?? ""
        f[.project] = q.project ?? ""
        f[.tags] = q.tags.joined(separator: ", ")
        f[.due] = q.due?.raw ?? ""
        f[.scheduled] = q.scheduled?.raw ?? ""
        f[.deferDate] = q.defer_?.raw ?? ""
        f[.estimate] = q.estimatedMinutes.map(String.init) ?? ""
        f[.recurrence] = q.recurrence ?? ""
        f[.assignees] = q.assignees.joined(separator: ", ")
        f[.waitsFor] = TaskForm.waitTitles(q.after)
        // (A word that is no reminder goes along as typed: the form refuses it by name, it is not lost.)
        f[.reminders] = (q.reminders.filter { $0 != .clear }.map(\.typed) + q.badReminders).joined(separator: ", ")
        return f
    }

    /// Earlier entries kept, newest last.
    public static let historyLimit = 100

    public static func remember(_ line: String, in history: inout [String]) {
        let t = line.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty else { return }
        history.removeAll { $0 == t }
        history.append(t)
        if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
    }
}
