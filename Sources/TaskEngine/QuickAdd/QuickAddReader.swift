/// Walks the words of a quick-add line left to right: a word (or phrase)
/// that names a field sets it and leaves the title; everything else is the
/// title. A single-valued field takes its first mention; a later one stays
/// in the title as typed, so nothing typed is lost without showing.
struct QuickAddReader {
    let words: [QuickAddWord]
    let today: Day
    /// As typed and lowercased, each with a trailing `,` `.` `;` `:` dropped (`tomorrow,`).
    let texts: [String]
    let keys: [String]
    var out = QuickAdd(title: "")
    var titleWords: [String] = []
    /// `@name` assigns (`QuickAdd.parse`).
    var atAssigns = false

    init(words: [QuickAddWord], today: Day) {
        self.words = words
        self.today = today
        texts = words.map { w in
            var k = w.text
            while let last = k.last, ",.;:".contains(last), k.count > 1 { k.removeLast() }
            return k
        }
        keys = texts.map { $0.lowercased() }
    }

    mutating func read() -> QuickAdd {
        var i = 0
        while i < words.count {
            let used = recognise(at: i)
            if used == 0 {
                titleWords.append(literal(words[i].text))
                i += 1
            } else {
                i += used
            }
        }
        out.title = titleWords.joined(separator: " ")
        // A repeating task needs a day to repeat from: its first occurrence, scheduled.
        if let rule = out.recurrence, out.scheduled == nil, out.due == nil, let r = try? RecurrenceRule(parsing: rule),
           let first = RecurrenceExpansion.next(r, start: today, after: today.adding(days: -1)) {
            out.scheduled = TaskDate(day: first)
        }
        return out
    }

    /// `\word` is the word; anything else as typed.
    func literal(_ text: String) -> String {
        text.hasPrefix("\\") && text.count > 1 ? String(text.dropFirst()) : text
    }

    /// How many words from `i` name a field (0: the word is title).
    mutating func recognise(at i: Int) -> Int {
        let text = texts[i]
        guard let first = text.first, first != "\\", first != "\"" else { return 0 }
        switch first {
        case "#":
            guard let tag = QuickAddReader.tag(String(text.dropFirst())) else { return 0 }
            if !out.tags.contains(tag) { out.tags.append(tag) }
            return mark(i, 1, .tag)
        case "+" where out.project == nil:
            guard let name = QuickAddReader.name(String(text.dropFirst())) else { break }
            out.project = name
            return mark(i, 1, .project)
        case "@" where atAssigns:
            guard let name = QuickAddReader.name(String(text.dropFirst())) else { return 0 }
            if !out.assignees.contains(where: { Assignee.key($0) == Assignee.key(name) }) { out.assignees.append("@" + name) }
            return mark(i, 1, .assignee)
        case "@" where out.area == nil:
            guard let name = QuickAddReader.name(String(text.dropFirst())) else { return 0 }
            out.area = name
            return mark(i, 1, .area)
        case "!":
            let rest = keys[i].dropFirst()
            if rest == "flag" || rest == "flagged" { out.flagged = true; return mark(i, 1, .flag) }
            guard out.priority == nil, let p = QuickAddReader.priority(String(rest)) else { return 0 }
            out.priority = p
            return mark(i, 1, .priority)
        case "*" where text == "*":
            out.flagged = true
            return mark(i, 1, .flag)
        case "~" where out.estimatedMinutes == nil:
            guard let m = QuickAddReader.minutes(String(keys[i].dropFirst())) else { return 0 }
            out.estimatedMinutes = m
            return mark(i, 1, .estimate)
        default: break
        }
        // `after:Title` or `after:"Long title"`: the task waits for that one (any number of them).
        if keys[i].hasPrefix("after:"), let name = QuickAddReader.name(String(text.dropFirst(6))) {
            if !out.after.contains(where: { $0.lowercased() == name.lowercased() }) { out.after.append(name) }
            return mark(i, 1, .after)
        }
        // `remind 9am`, `remind at 9am`, `remind -1h` (as `modify --remind` reads it).
        if keys[i] == "remind" {
            let at = i + 1 < keys.count && keys[i + 1] == "at" ? i + 2 : i + 1
            guard at < keys.count else { return 0 }
            guard let r = ReminderRequest.parse(texts[at], timeZone: .current) else {
                // A word meant as a reminder (`+1h`, `25:00`) is kept out of the title and refused by name, as
                // `modify --remind` refuses it; a plain word (`remind me later`) stays title.
                guard ReminderRequest.looksMeant(keys[at]) else { return 0 }
                out.badReminders.append(texts[at])
                return mark(i, at + 1 - i, .reminder)
            }
            if !out.reminders.contains(r) { out.reminders.append(r) }
            return mark(i, at + 1 - i, .reminder)
        }
        if out.recurrence == nil, let (rule, n) = QuickAddRecurrence.match(keys, i) {
            out.recurrence = rule
            return mark(i, n, .recurrence)
        }
        return date(at: i)
    }

    /// A date with an optional time (or a time alone: today), after an
    /// optional keyword that names the field (`due`/`by`, `sched`, `defer`).
    mutating func date(at i: Int) -> Int {
        var part = QuickAdd.Part.due
        var start = i
        switch keys[i] {
        case "due", "by": start = i + 1
        case "sched", "scheduled": part = .scheduled; start = i + 1
        case "defer", "deferred": part = .deferDate; start = i + 1
        default: break
        }
        if start > i, start < keys.count, keys[start] == "for" || keys[start] == "until" || keys[start] == "on" { start += 1 }
        guard current(part) == nil else { return 0 }
        var day: Day
        var end: Int
        if let (d, n) = QuickAddDates.day(keys, start, today: today) {
            day = d
            end = start + n
        } else if let (t, n) = QuickAddDates.time(keys, start) {
            // A time alone is today (a bare number is never one: "3" stays).
            set(part, TaskDate(parsing: QuickAddReader.stamp(today, t)))
            return mark(i, start + n - i, part)
        } else {
            return 0
        }
        var value = TaskDate(day: day)
        if let (t, n) = QuickAddDates.time(keys, end), let stamped = TaskDate(parsing: QuickAddReader.stamp(day, t)) {
            value = stamped
            end += n
        }
        set(part, value)
        return mark(i, end - i, part)
    }

    func current(_ part: QuickAdd.Part) -> TaskDate? {
        switch part {
        case .due: return out.due
        case .scheduled: return out.scheduled
        default: return out.defer_
        }
    }

    mutating func set(_ part: QuickAdd.Part, _ value: TaskDate?) {
        switch part {
        case .due: out.due = value
        case .scheduled: out.scheduled = value
        default: out.defer_ = value
        }
    }

    mutating func mark(_ i: Int, _ n: Int, _ part: QuickAdd.Part) -> Int {
        out.tokens.append(QuickAdd.Token(range: words[i].range.lowerBound..<words[i + n - 1].range.upperBound, part: part))
        return n
    }

    // MARK: single words

    /// `2026-11-24T15:00` (local time).
    static func stamp(_ day: Day, _ t: QuickAddDates.Time) -> String {
        day.iso + "T" + String(format: "%02d:%02d", t.hour, t.minute)
    }

    /// A tag after `#`: letters, digits, `_`, `-`, `/` (nesting), not only
    /// digits (`#123` is an issue number) and not starting or ending with `/`.
    static func tag(_ s: String) -> String? {
        guard !s.isEmpty, !s.hasPrefix("/"), !s.hasSuffix("/"), !s.contains("//"),
              s.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "/" }),
              s.contains(where: { !$0.isNumber }) else { return nil }
        return s
    }

    /// A name after `+` or `@`: a word starting with a letter, or a quoted phrase.
    static func name(_ s: String) -> String? {
        if s.hasPrefix("\"") {
            guard s.count > 2, s.hasSuffix("\"") else { return nil }
            let inner = String(s.dropFirst().dropLast()).trimmedSpaces()
            return inner.isEmpty || inner.contains("\"") ? nil : inner
        }
        guard let first = s.first, first.isLetter, !s.contains("\"") else { return nil }
        return s
    }

    static func priority(_ rest: String) -> Priority? {
        switch rest {
        case "": return .low
        case "!": return .medium
        case "!!": return .high
        case "high", "hi", "h": return .high
        case "medium", "med", "m": return .medium
        case "low", "lo", "l": return .low
        case "none": return Priority.none
        default: return nil
        }
    }

    /// `15m`, `1h`, `1h30m`, `1h30`, `90min`, `2hrs`.
    static func minutes(_ s: String) -> Int? {
        var total = 0
        var number = ""
        var sawUnit = false
        var rest = Substring(s)
        while let c = rest.first {
            if c.isASCII, c.isNumber {
                number.append(c)
                rest = rest.dropFirst()
                continue
            }
            guard let n = Int(number) else { return nil }
            let units: [(String, Int)] = [("hours", 60), ("hour", 60), ("hrs", 60), ("hr", 60), ("h", 60), ("mins", 1), ("min", 1), ("m", 1)]
            guard let (u, scale) = units.first(where: { rest.hasPrefix($0.0) }) else { return nil }
            // At most 100,000 minutes, checked at each part so the sum never overflows.
            guard n <= 100_000 else { return nil }
            total += n * scale
            guard total <= 100_000 else { return nil }
            number = ""
            sawUnit = true
            rest = rest.dropFirst(u.count)
        }
        if !number.isEmpty {
            guard sawUnit, let n = Int(number), n < 60 else { return nil }  // 1h30: minutes after hours
            total += n
        }
        return sawUnit && total > 0 && total <= 100_000 ? total : nil
    }
}
