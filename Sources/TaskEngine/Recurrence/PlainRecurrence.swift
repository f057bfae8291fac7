import Foundation

/// Recurrences written as words, as people and some tools do, read as the
/// RRULE they mean: `daily`, `weekly`, `monthly`, `yearly`, `weekdays`,
/// `biweekly`, `every 3 days`, `every 2 weeks`, `every monday`,
/// `every mon, thu`. Anything else is not a phrase (nil).
enum PlainRecurrence {
    static let units = ["day": "DAILY", "week": "WEEKLY", "month": "MONTHLY", "year": "YEARLY"]
    static let fixed = [
        "daily": "FREQ=DAILY", "weekly": "FREQ=WEEKLY", "monthly": "FREQ=MONTHLY", "yearly": "FREQ=YEARLY",
        "annually": "FREQ=YEARLY", "biweekly": "FREQ=WEEKLY;INTERVAL=2", "fortnightly": "FREQ=WEEKLY;INTERVAL=2",
        "weekdays": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
        "weekends": "FREQ=WEEKLY;BYDAY=SA,SU", "every weekend": "FREQ=WEEKLY;BYDAY=SA,SU",
    ]
    static let dayNames = ["mon": "MO", "tue": "TU", "wed": "WE", "thu": "TH", "fri": "FR", "sat": "SA", "sun": "SU"]

    static func rule(_ text: String) -> String? {
        let t = text.lowercased().trimmingCharacters(in: .whitespaces)
        guard !t.contains("="), !t.isEmpty else { return nil }
        if let f = fixed[t] { return f }
        let words = t.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init).filter { $0 != "and" }
        guard words.first == "every", words.count >= 2 else { return nil }
        var rest = Array(words.dropFirst())
        var interval = 1
        if let n = Int(rest[0]) {
            // Past the largest INTERVAL the words are not a rule (a quick-add line keeps them in the title).
            guard n >= 1, n <= RecurrenceRule.maxInterval, rest.count >= 2 else { return nil }
            interval = n
            rest.removeFirst()
        } else if rest[0] == "other" {
            interval = 2
            rest.removeFirst()
        }
        guard !rest.isEmpty else { return nil }  // "every other"
        let unit = rest[0].hasSuffix("s") && rest[0].count > 3 ? String(rest[0].dropLast()) : rest[0]
        if let freq = units[unit], rest.count == 1 {
            return "FREQ=\(freq)" + (interval > 1 ? ";INTERVAL=\(interval)" : "")
        }
        // every [2 weeks on] monday, thursday
        var names = rest
        if units[unit] == "WEEKLY", rest.count >= 3, rest[1] == "on" { names = Array(rest.dropFirst(2)) } else if units[unit] != nil { return nil }
        let codes = names.compactMap { w -> String? in
            let key = String(w.prefix(3))
            return w.count >= 3 && (dayNames[key].map { _ in true } ?? false) ? dayNames[key] : nil
        }
        guard !codes.isEmpty, codes.count == names.count else { return nil }
        return "FREQ=WEEKLY" + (interval > 1 ? ";INTERVAL=\(interval)" : "") + ";BYDAY=" + codes.joined(separator: ",")
    }
}
