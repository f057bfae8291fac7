import ArgumentParser
import Foundation
import TaskEngine

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Time tracked per project (area, tag or day) per day, with totals.",
        discussion: """
            Sums every time entry as written, a running one up to now, split at local midnight (closed and running \
            time: tasknotes-spec's live minutes). Default: this week, Monday to Sunday. In a terminal each row has a bar.
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var clock: NowOption
    @Flag(name: .long, help: "This week, Monday to Sunday (the default).") var week = false
    @Flag(name: .long, help: "This month.") var month = false
    @Option(name: .long, help: "The first day (2026-11-01, mon, today, …).") var from: String?
    @Option(name: .long, help: "The last day (default: today).") var to: String?
    @Option(name: .long, help: "Rows per project, area, tag or day.") var by: String = "project"
    @Flag(name: .long, help: "Print JSON: days, rows (group, seconds per day, total) and totals.") var json = false

    func run() throws {
        let today = global.todayDay
        guard let grouping = TimeReport.Grouping(rawValue: by.lowercased()) else {
            throw CLIError("--by: '\(by)' is not one of \(TimeReport.Grouping.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let (first, last) = try range(today: today)
        let now = try clock.now
        let (_, snapshot) = try loadVault(global, root: try global.vaultRoot())
        let report = TimeReport.make(snapshot.index.tasks.map(\.task), from: first, to: last, by: grouping, now: now, timeZone: .current)
        if json { finish(ReportOutput.json(report, by: grouping)) }
        let bars = isatty(STDOUT_FILENO) == 1
        finish(ReportOutput.table(report, by: grouping, bars: bars))
    }

    func range(today: Day) throws -> (Day, Day) {
        guard [week, month, from != nil || to != nil].filter({ $0 }).count <= 1 else { throw CLIError("choose one of --week, --month, or --from/--to") }
        if month {
            let (y, m, _) = today.components
            let first = Day(year: y, month: m, day: 1)!
            return (first, first.adding(months: 1).adding(days: -1))
        }
        if from != nil || to != nil {
            func day(_ text: String?, _ name: String, _ fallback: Day) throws -> Day {
                guard let text else { return fallback }
                guard let d = DateInput.parse(text, today: today) else { throw CLIError("\(name): '\(text)' is not a date (try 2026-11-25, today, mon)") }
                return d
            }
            let last = try day(to, "--to", today)
            let first = try day(from, "--from", last)
            guard first.ordinal <= last.ordinal else { throw CLIError("--from \(first.iso) is after --to \(last.iso)") }
            guard last.ordinal - first.ordinal < TimeReport.maxDays else { throw CLIError("a report spans at most \(TimeReport.maxDays) days") }
            return (first, last)
        }
        let monday = today.adding(days: 1 - today.isoWeekday)
        return (monday, monday.adding(days: 6))
    }
}

/// The report as a table (hours:minutes, a bar per row in a terminal) or as JSON.
enum ReportOutput {
    static func hm(_ seconds: Int) -> String {
        guard seconds > 0 else { return "–" }
        let minutes = seconds / 60
        return "\(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)"
    }

    static func table(_ r: TimeReport, by grouping: TimeReport.Grouping, bars: Bool) -> String {
        let title = "Time by \(grouping.rawValue), \(r.days.first?.iso ?? "") to \(r.days.last?.iso ?? "")"
        guard !r.rows.isEmpty else { return title + "\nNo time tracked." }
        // By day, the rows are the days: one column, the total. Over more than two weeks, only totals.
        let perDay = grouping != .day && r.days.count <= 14
        let head = ["" ] + (perDay ? r.days.map(dayLabel) : []) + ["Total"]
        var lines: [[String]] = [head]
        for row in r.rows { lines.append([row.group] + (perDay ? row.seconds.map(hm) : []) + [hm(row.total)]) }
        lines.append(["Total"] + (perDay ? r.dayTotals.map(hm) : []) + [hm(r.total)])
        // (Names in characters: a wide script's columns may lean, the numbers still line up among themselves.)
        let nameWidth = min(32, lines.map { $0[0].count }.max() ?? 0)
        let widths = (1..<head.count).map { c in lines.map { $0[c].count }.max() ?? 0 }
        let most = r.rows.map(\.total).max() ?? 1
        var out = [title]
        for (n, cells) in lines.enumerated() {
            let name = cells[0].count > nameWidth ? String(cells[0].prefix(nameWidth - 1)) + "…" : cells[0]
            var line = name + String(repeating: " ", count: nameWidth - name.count)
            for (c, w) in widths.enumerated() { line += "  " + String(repeating: " ", count: w - cells[c + 1].count) + cells[c + 1] }
            if bars, n > 0, n <= r.rows.count {
                line += "  " + OutputGlyphs.bar(max(1, r.rows[n - 1].total * 20 / max(most, 1)))
            }
            out.append(line)
        }
        return out.joined(separator: "\n")
    }

    static func dayLabel(_ d: Day) -> String {
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        return "\(names[d.isoWeekday - 1]) \(d.components.day)"
    }

    static func json(_ r: TimeReport, by grouping: TimeReport.Grouping) -> String {
        let rows = r.rows.map { row -> JSONValue in
            .object([("group", .string(row.group)), ("seconds", .array(row.seconds.map(JSONValue.int))), ("total", .int(row.total))])
        }
        return JSONText.render(.object([("by", .string(grouping.rawValue)), ("days", .strings(r.days.map(\.iso))), ("rows", .array(rows)),
                                        ("day_totals", .array(r.dayTotals.map(JSONValue.int))), ("total", .int(r.total))]))
            .trimmingCharacters(in: .newlines)
    }
}
