/// Dates and times in words, as the quick-add line reads them. Each matcher
/// looks at the words from a position and says how many it used.
///
/// Days: `today`, `tomorrow` (`tmrw`, `tmr`), a weekday (`fri`, `friday`: the next
/// such day, today included; `next fri`: that day of next week), `next week`
/// (its Monday), `next month` (its 1st), `weekend` / `this weekend` (the
/// coming Saturday), `in 3 days` / `in a week` / `in 2 months`, `+3d` /
/// `+2w`, `2026-11-25`, `25 Nov` / `Nov 25` / `25th November` with an
/// optional year (without one, the next such day). Times: `3pm`, `3:30pm`,
/// `3 pm`, `15:30`, `noon`, `midnight`, each optionally after `at`.
enum QuickAddDates {
    struct Time: Hashable, Sendable {
        var hour: Int
        var minute: Int
    }

    static let weekdays: [String: Int] = [
        "mon": 1, "monday": 1, "tue": 2, "tues": 2, "tuesday": 2, "wed": 3, "weds": 3, "wednesday": 3,
        "thu": 4, "thur": 4, "thurs": 4, "thursday": 4, "fri": 5, "friday": 5, "sat": 6, "saturday": 6,
        "sun": 7, "sunday": 7,
    ]
    static let months: [String: Int] = {
        let names = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        var out: [String: Int] = [:]
        for (i, n) in names.enumerated() {
            out[n] = i + 1
            out[String(n.prefix(3))] = i + 1
        }
        out["sept"] = 9
        return out
    }()
    static let units: [String: (days: Int, months: Int)] = [
        "d": (1, 0), "day": (1, 0), "days": (1, 0), "w": (7, 0), "wk": (7, 0), "wks": (7, 0), "week": (7, 0), "weeks": (7, 0),
        "m": (0, 1), "mo": (0, 1), "month": (0, 1), "months": (0, 1), "y": (0, 12), "yr": (0, 12), "year": (0, 12), "years": (0, 12),
    ]

    /// A day named by the words at `i` (and how many words it took).
    static func day(_ w: [String], _ i: Int, today: Day) -> (Day, Int)? {
        guard i < w.count else { return nil }
        let a = w[i]
        let b = i + 1 < w.count ? w[i + 1] : nil
        switch a {
        case "today": return (today, 1)
        case "tomorrow", "tmrw", "tmr": return (today.adding(days: 1), 1)
        case "weekend": return (coming(6, from: today), 1)
        default: break
        }
        if let wd = weekdays[a] { return (coming(wd, from: today), 1) }
        if a == "this", let b {
            if b == "weekend" { return (coming(6, from: today), 2) }
            if let wd = weekdays[b] { return (coming(wd, from: today), 2) }
        }
        if a == "next", let b {
            let monday = today.adding(days: 8 - today.isoWeekday)
            switch b {
            case "week": return (monday, 2)
            case "month":
                let (y, m, _) = today.components
                return (Day(year: y, month: m, day: 1)!.adding(months: 1), 2)
            case "year": return (Day(year: today.year + 1, month: 1, day: 1)!, 2)
            case "weekend": return (monday.adding(days: 5), 2)
            default: if let wd = weekdays[b] { return (monday.adding(days: wd - 1), 2) }
            }
        }
        if a == "in", let b, i + 2 < w.count, let unit = units[w[i + 2]] {
            let n = b == "a" || b == "an" || b == "one" ? 1 : Int(b)
            if let n, n >= 0, n <= 10_000 { return (offset(today, n, unit), 3) }
        }
        if a == "in", let b, let (n, unit) = numberWithUnit(b) { return (offset(today, n, unit), 2) }
        if a.hasPrefix("+"), let (n, unit) = numberWithUnit(String(a.dropFirst())) { return (offset(today, n, unit), 1) }
        if let d = Day.parseISO(a) { return (d, 1) }
        // 25 Nov [2027], 25th november, Nov 25 [2027], november 25th
        if let b {
            var found: (day: Int, month: Int)?
            if let d = dayOfMonth(a), let m = months[b] { found = (d, m) } else if let m = months[a], let d = dayOfMonth(b) { found = (d, m) }
            if let (d, m) = found {
                if i + 2 < w.count, let y = Int(w[i + 2]), w[i + 2].count == 4, (1900...2200).contains(y) {
                    return Day(year: y, month: m, day: d).map { ($0, 3) }
                }
                guard Day(year: 2024, month: m, day: d) != nil else { return nil }  // 2024: a leap year, so 29 Feb exists
                for y in today.year...(today.year + 8) {
                    if let day = Day(year: y, month: m, day: d), day >= today { return (day, 2) }
                }
            }
        }
        return nil
    }

    /// A time at `i` (`at 3pm`, `15:30`, `3 pm`, `noon`) and how many words it took.
    static func time(_ w: [String], _ i: Int) -> (Time, Int)? {
        guard i < w.count else { return nil }
        if w[i] == "at", let (t, n) = time(w, i + 1) { return (t, n + 1) }
        if w[i] == "noon" { return (Time(hour: 12, minute: 0), 1) }
        if w[i] == "midnight" { return (Time(hour: 0, minute: 0), 1) }
        if let t = clock(w[i]) { return (t, 1) }
        if i + 1 < w.count, w[i + 1] == "am" || w[i + 1] == "pm", let h = Int(w[i]), w[i].count <= 2 {
            return twelveHour(h, 0, pm: w[i + 1] == "pm").map { ($0, 2) }
        }
        return nil
    }

    /// `3pm`, `3:30pm`, `11am`, `15:30`, `9:05` (one word).
    static func clock(_ s: String) -> Time? {
        var text = Substring(s)
        var pm: Bool?
        if text.hasSuffix("am") || text.hasSuffix("pm") {
            pm = text.hasSuffix("pm")
            text = text.dropLast(2)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              parts[0].count <= 2, let h = Int(parts[0]) else { return nil }
        var m = 0
        if parts.count == 2 {
            guard parts[1].count == 2, let mm = Int(parts[1]), mm < 60 else { return nil }
            m = mm
        }
        if let pm { return twelveHour(h, m, pm: pm) }
        // Without am/pm only a clock with minutes is a time: "3" alone is a number.
        guard parts.count == 2, h < 24 else { return nil }
        return Time(hour: h, minute: m)
    }

    static func twelveHour(_ h: Int, _ m: Int, pm: Bool) -> Time? {
        guard (1...12).contains(h) else { return nil }
        return Time(hour: (h % 12) + (pm ? 12 : 0), minute: m)
    }

    static func dayOfMonth(_ s: String) -> Int? {
        var t = Substring(s)
        for suffix in ["st", "nd", "rd", "th"] where t.hasSuffix(suffix) { t = t.dropLast(2); break }
        guard (1...2).contains(t.count), let n = Int(t), (1...31).contains(n) else { return nil }
        return n
    }

    /// `3d`, `2w`, `1m`, `1y` (one word).
    static func numberWithUnit(_ s: String) -> (Int, (days: Int, months: Int))? {
        guard let last = s.last, let unit = units[String(last)], let n = Int(s.dropLast()), n >= 0, n <= 10_000 else { return nil }
        return (n, unit)
    }

    static func offset(_ today: Day, _ n: Int, _ unit: (days: Int, months: Int)) -> Day {
        unit.months > 0 ? today.adding(months: n * unit.months) : today.adding(days: n * unit.days)
    }

    /// The next day with ISO weekday `wd`, today included.
    static func coming(_ wd: Int, from today: Day) -> Day {
        today.adding(days: (wd - today.isoWeekday + 7) % 7)
    }
}
