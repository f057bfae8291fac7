/// One line of changes for tasks that exist (the app's `c`, on the selected
/// or marked tasks): the quick-add syntax for what to set (`+Home`, `@Work`,
/// `#tag`, `!high`, `*`, `fri`, `sched mon 9am`, `~30m`, `every mon`), and
/// for what only a change needs: `-#tag` removes a tag, `+none` / `@none`
/// clear the project / area, `due none` / `sched none` / `defer none` clear a
/// date, and an offset (`+1w`, `-2d`, `sched +3d`) shifts each task's own
/// date (from today for a task without one). Pure.
public struct TaskChanges: Hashable, Sendable {
    public enum DateField: String, Hashable, Sendable, CaseIterable { case due, scheduled, deferDate = "defer" }

    /// What to set, as quick add reads it (its title must stay empty).
    public var fields: QuickAdd
    public var removeTags: [String] = []
    public var clearProject = false
    public var clearArea = false
    public var clearDates: [DateField] = []
    /// Days (or months) to move each date by.
    public var shifts: [DateField: Shift] = [:]

    public struct Shift: Hashable, Sendable {
        public var days: Int
        public var months: Int
    }
    /// Words that mean nothing here (the line cannot be applied while there are any).
    public var leftover: String { fields.title }


    public static func parse(_ line: String, today: Day) -> TaskChanges {
        var out = TaskChanges(fields: QuickAdd(title: ""))
        var rest: [String] = []
        let words = QuickAddWords.split(line).map(\.text)
        var i = 0
        while i < words.count {
            let w = words[i], key = w.lowercased()
            let next = i + 1 < words.count ? words[i + 1].lowercased() : nil
            let field: DateField? = ["due": .due, "sched": .scheduled, "scheduled": .scheduled, "defer": .deferDate][key]
            if key == "remind", next != nil {
                // (Read by quick add below: its offset `-1h` is no shift of the due date.)
                rest += [w, words[i + 1]]
                i += 1
            } else if key.hasPrefix("-#"), let tag = QuickAddReader.tag(String(w.dropFirst(2))) {
                out.removeTags.append(tag)
            } else if key == "+none" {
                out.clearProject = true
            } else if key == "@none" {
                out.clearArea = true
            } else if let field, next == "none" {
                out.clearDates.append(field)
                i += 1
            } else if let field, let next, let shift = offset(next) {
                out.shifts[field] = shift
                i += 1
            } else if let shift = offset(key) {
                out.shifts[.due] = shift
            } else {
                rest.append(w)
            }
            i += 1
        }
        out.fields = QuickAdd.parse(rest.joined(separator: " "), today: today)
        // A repeat set on a task keeps the task's own dates: no first occurrence is added.
        if out.fields.recurrence != nil, !out.fields.tokens.contains(where: { $0.part == .scheduled }) {
            out.fields.scheduled = nil
        }
        return out
    }

    /// `+3d`, `-1w`, `+2m`, `+1y`.
    static func offset(_ s: String) -> Shift? {
        guard let sign = s.first, sign == "+" || sign == "-", let (n, unit) = QuickAddDates.numberWithUnit(String(s.dropFirst())) else { return nil }
        let k = sign == "-" ? -n : n
        return Shift(days: unit.days * k, months: unit.months * k)
    }

    public var isEmpty: Bool {
        fields.isPlain && fields.priority == nil && removeTags.isEmpty && !clearProject && !clearArea && clearDates.isEmpty && shifts.isEmpty
    }

    /// `t` with the changes made.
    public func apply(to t: TaskItem, today: Day) -> TaskItem {
        var out = t
        fields.fill(&out)
        out.title = t.title
        if !removeTags.isEmpty { out.tags.removeAll { tag in removeTags.contains { $0.lowercased() == tag.lowercased() } } }
        if clearProject { out.setProjects([]) }
        if clearArea { out.area = nil; out.settle(.area) }
        // Clearing a date clears a value the file held that was not one, too.
        for field in clearDates { Self.setDate(&out, field, nil); out.settle(field == .due ? .due : field == .scheduled ? .scheduled : .defer) }
        for (field, shift) in shifts {
            let current = Self.date(out, field)
            let from = current?.day ?? today
            let moved = shift.months != 0 ? from.adding(months: shift.months) : from.adding(days: shift.days)
            // A date-time keeps its time of day.
            let raw = current.map { moved.iso + $0.raw.dropFirst(10) } ?? moved.iso
            Self.setDate(&out, field, TaskDate(parsing: raw) ?? TaskDate(day: moved))
        }
        return out
    }

    static func date(_ t: TaskItem, _ f: DateField) -> TaskDate? {
        switch f {
        case .due: return t.due
        case .scheduled: return t.scheduled
        case .deferDate: return t.defer_
        }
    }

    static func setDate(_ t: inout TaskItem, _ f: DateField, _ d: TaskDate?) {
        switch f {
        case .due: t.due = d
        case .scheduled: t.scheduled = d
        case .deferDate: t.defer_ = d
        }
    }

    /// "+House · due Fri 27 Nov · -#old · sched +1w".
    public func summary(today: Day) -> String {
        var parts: [String] = []
        var shown = fields
        shown.title = ""
        if !shown.isPlain || shown.priority != nil {
            parts.append(shown.summary(today: today).replacingOccurrences(of: "(no title yet) · ", with: ""))
        }
        parts += removeTags.map { "-#" + $0 }
        if clearProject { parts.append("no project") }
        if clearArea { parts.append("no area") }
        parts += clearDates.map { "no \($0.rawValue) date" }
        for f in DateField.allCases {
            guard let s = shifts[f] else { continue }
            let (n, unit) = s.months != 0 ? (s.months, "month") : (s.days % 7 == 0 && s.days != 0 ? (s.days / 7, "week") : (s.days, "day"))
            parts.append("\(f.rawValue) \(n >= 0 ? "+" : "")\(n) \(unit)\(abs(n) == 1 ? "" : "s")")
        }
        return parts.joined(separator: " · ")
    }
}
