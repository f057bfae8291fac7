/// A rule in words, for rows, the form and `show`:
/// `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH` → "every 2 weeks on Mon, Thu",
/// `FREQ=MONTHLY;BYDAY=-1FR` → "every month on the last Fri".
public enum RecurrenceWords {
    static let unit: [RecurrenceRule.Frequency: String] = [.daily: "day", .weekly: "week", .monthly: "month", .yearly: "year"]

    public static func describe(_ text: String) -> String {
        // The reason, not the text: it names the part and quotes at most the start of a long value.
        do { return describe(try RecurrenceRule(parsing: text)) } catch { return "repeats (rule not understood: \(error))" }
    }

    public static func describe(_ r: RecurrenceRule) -> String {
        let weekdays = r.byDay.filter { $0.ordinal == nil }.map(\.weekday)
        var out: String
        if r.frequency == .weekly, r.interval == 1, Set(weekdays) == Set(1...5), weekdays.count == r.byDay.count {
            out = "every weekday"
        } else {
            out = r.interval == 1 ? "every \(unit[r.frequency]!)" : "every \(r.interval) \(unit[r.frequency]!)s"
            if !r.byMonth.isEmpty { out += " in " + r.byMonth.map { DayName.months[$0 - 1] }.joined(separator: ", ") }
            var on: [String] = r.byDay.map { w in
                let name = DayName.weekdays[w.weekday - 1]
                guard let n = w.ordinal else { return name }
                return "the " + ordinal(n) + " " + name
            }
            on += r.byMonthDay.map { $0 == -1 ? "the last day" : "the " + ordinal($0) }
            if !on.isEmpty { out += " on " + on.joined(separator: ", ") }
            if !r.bySetPos.isEmpty { out += " (position " + r.bySetPos.map(String.init).joined(separator: ", ") + ")" }
        }
        if let c = r.count { out += ", \(c) time" + (c == 1 ? "" : "s") }
        if let u = r.until { out += ", until \(u.iso)" }
        return out
    }

    static func ordinal(_ n: Int) -> String {
        if n == -1 { return "last" }
        if n < -1 { return ordinal(-n) + " to last" }
        let suffix: String
        switch (n % 10, n % 100) {
        case (1, let t) where t != 11: suffix = "st"
        case (2, let t) where t != 12: suffix = "nd"
        case (3, let t) where t != 13: suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }
}
