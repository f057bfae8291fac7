/// Repeats in words, as the quick-add line reads them, written as RRULE:
/// `every day`, `every 2 weeks`, `every other week`, `every mon`,
/// `every 2 weeks on mon,thu`, `every weekday`, `weekdays`, `every weekend`,
/// `every month on the 1st` / `on the 15th` / `on the last day` /
/// `on the last fri` / `on the 2nd tue`, `every year`.
enum QuickAddRecurrence {
    static let ordinals: [String: Int] = [
        "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5, "last": -1,
    ]

    /// The rule of the longest phrase at `i` and how many words it took.
    static func match(_ w: [String], _ i: Int) -> (String, Int)? {
        guard i < w.count else { return nil }
        if w[i] == "weekdays" { return ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", 1) }
        if w[i] == "weekends" { return ("FREQ=WEEKLY;BYDAY=SA,SU", 1) }
        guard w[i] == "every" else { return nil }
        let limit = min(w.count, i + 12)
        var best: (String, Int)?
        var j = i + 2
        while j <= limit {
            let phrase = Array(w[i..<j])
            if phrase.last == "and" || phrase.last == "," { j += 1; continue }  // "every day and …": the and is the title's
            if let r = monthly(phrase) ?? PlainRecurrence.rule(phrase.joined(separator: " ")) { best = (r, j - i) }
            j += 1
        }
        return best
    }

    /// `every [N] month(s) on the 1st | last day | 2nd tue | last fri`.
    static func monthly(_ phrase: [String]) -> String? {
        var rest = phrase.dropFirst().filter { $0 != "and" && $0 != "," }
        var interval = 1
        if let n = rest.first.flatMap({ Int($0) }), n >= 1 {
            guard n <= RecurrenceRule.maxInterval else { return nil }
            interval = n
            rest.removeFirst()
        } else if rest.first == "other" {
            interval = 2
            rest.removeFirst()
        }
        guard let unit = rest.first, unit == "month" || unit == "months", rest.count >= 4, rest[1] == "on", rest[2] == "the" else { return nil }
        let what = Array(rest.dropFirst(3))
        let head = "FREQ=MONTHLY" + (interval > 1 ? ";INTERVAL=\(interval)" : "")
        if what == ["last", "day"] { return head + ";BYMONTHDAY=-1" }
        if what.count == 1, let d = QuickAddDates.dayOfMonth(what[0]) {
            return head + ";BYMONTHDAY=\(d)"
        }
        if what.count == 2, let n = ordinals[what[0]], let wd = QuickAddDates.weekdays[what[1]] {
            return head + ";BYDAY=\(n)" + RecurrenceRule.weekdayCode(wd)
        }
        return nil
    }
}
