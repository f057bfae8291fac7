/// Dates as a person types them in the form and the CLI:
/// `2026-11-25`, `today`, `tomorrow`, `yesterday`, a weekday (`fri`, `friday`:
/// the next such day, today included), or an offset (`+3d`, `+2w`, `+1m`, `-1d`).
public enum DateInput {
    private static let weekdays: [(String, Int)] = [
        ("monday", 1), ("tuesday", 2), ("wednesday", 3), ("thursday", 4),
        ("friday", 5), ("saturday", 6), ("sunday", 7),
    ]

    public static func parse(_ text: String, today: Day) -> Day? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t.isEmpty { return nil }
        if let d = Day.parseISO(t) { return d }
        switch t {
        case "today", "tod": return today
        case "tomorrow", "tom", "tmr": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if t.count >= 3, let (_, iso) = weekdays.first(where: { $0.0.hasPrefix(t) }) {
            let ahead = (iso - today.isoWeekday + 7) % 7
            return today.adding(days: ahead)
        }
        if let first = t.first, first == "+" || first == "-" {
            let sign = first == "-" ? -1 : 1
            var rest = t.dropFirst()
            var unit: Character = "d"
            if let last = rest.last, "dwmy".contains(last) {
                unit = last
                rest = rest.dropLast()
            }
            guard let n = Int(rest), n >= 0, n <= 100_000 else { return nil }
            let day: Day
            switch unit {
            case "d": day = today.adding(days: sign * n)
            case "w": day = today.adding(days: sign * n * 7)
            case "m": day = today.adding(months: sign * n)
            default: day = today.adding(months: sign * n * 12)
            }
            // `+100000y` is no date a file can hold (four-digit years).
            return (0...9999).contains(day.year) ? day : nil
        }
        return nil
    }
}
