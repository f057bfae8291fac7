import ArgumentParser
import Foundation
import TaskEngine
import TUI

struct ForecastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast", abstract: "Count the open tasks due or scheduled on each of the next days.",
        discussion: """
            A task counts on the day it is due and on the day it is scheduled (once when both are the same day); \
            Overdue holds the tasks due before today, Later those after the last day shown. Blocked tasks count too. \
            A day with more tasks than forecast_busy (config.yaml, default 8) is marked ▲ (^ in a locale that is not UTF-8), \
            as the app marks it.
            """)
    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: "How many days from today (1–366).") var days = Forecast.defaultDays
    @Option(name: .long, help: "Count only the tasks of this perspective (name or id).") var perspective: String?
    @Option(name: .customLong("where"), help: "Count only the tasks these rules (as text) match; with --perspective, both.") var rules: String?
    @Flag(name: .long, help: "Print JSON.") var json = false

    func validate() throws {
        guard Forecast.dayRange.contains(days) else {
            throw ValidationError("--days must be between \(Forecast.dayRange.lowerBound) and \(Forecast.dayRange.upperBound), not \(days)")
        }
    }

    func run() throws {
        let root = try global.vaultRoot()
        let (store, opening) = perspectivesAndCache(root: root)
        // (A bad --where or an unknown perspective fails before the vault is read.)
        let narrowing = perspective != nil || rules != nil ? try LoadedVault.perspective(perspective, where: rules, in: store) : nil
        let vault = try LoadedVault(global, root: root, store: store, cache: opening.wait())
        var among: TaskBits?
        if let p = narrowing {
            let (bits, warnings) = RuleBits.matching(p.rules, in: vault.index, today: vault.today)
            for w in warnings { warn("\(p.name): \(w)") }
            among = bits
        }
        let counts = Forecast.counts(in: vault.index, today: vault.today, days: days, among: among)
        // Busy as the app's strip says it: config.yaml's forecast_busy, read and bounded the same way.
        let (config, configProblem) = AppConfig.load(from: AppConfig.path())
        var strip = ForecastState()
        let busyProblem: String?
        (strip.busy, busyProblem) = ForecastState.busy(config.forecastBusy)
        for problem in [configProblem, busyProblem].compactMap({ $0 }) { warn(problem) }
        finish(json ? ForecastOutput.json(counts, strip: strip) : ForecastOutput.table(counts, strip: strip))
    }
}

/// `forecast`'s two outputs.
enum ForecastOutput {
    /// One line a slot: its name, its count (a busy day's marked after it, as the app's strip marks
    /// it) and a bar (as long as the count, scaled down to fit 40 columns).
    static func table(_ c: Forecast.Counts, strip: ForecastState) -> String {
        let rows: [(String, Int)] = c.slots.map { slot in
            switch slot {
            case .overdue: return ("Overdue", c.overdue)
            case .later: return ("Later", c.later)
            case .day(let d):
                let day = c.today.adding(days: d)
                return ("\(Forecast.weekday(day)) \(day.iso)" + (d == 0 ? " today" : ""), c.days[d])
            }
        }
        let most = rows.map(\.1).max() ?? 0
        let width = String(most).count
        let label = rows.map(\.0.count).max() ?? 0
        let busy = c.slots.map { strip.isBusy($0, count: c.count($0)) }
        // (A column for the mark only when a day has it: the bars stay in line.)
        let markColumn = busy.contains(true)
        let mark = OutputGlyphs.symbol(ForecastStripView.busyMark)
        return zip(rows, busy).map { row, isBusy in
            let (name, n) = row
            let bar = most <= 40 ? n : (n * 40 + most - 1) / most
            let line = name.padding(toLength: label, withPad: " ", startingAt: 0) + "  " + String(n).leftPad(width)
                + (markColumn ? (isBusy ? mark : " ") : "") + (n > 0 ? "  " + OutputGlyphs.bar(bar) : "")
            return String(line.reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }

    static func json(_ c: Forecast.Counts, strip: ForecastState) -> String {
        let days: [[String: Any]] = c.days.indices.map { d in
            let day = c.today.adding(days: d)
            return ["date": day.iso, "weekday": Forecast.weekday(day), "count": c.days[d], "busy": strip.isBusy(.day(d), count: c.days[d])]
        }
        let object: [String: Any] = ["today": c.today.iso, "overdue": c.overdue, "days": days, "later": c.later,
                                     "later_from": c.today.adding(days: c.days.count).iso, "busy_above": strip.busy]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
