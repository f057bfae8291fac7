import ArgumentParser
import Foundation
import TaskEngine

struct RemindersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders", abstract: "List the reminders coming due (for cron or a status bar to notify).",
        discussion: """
            Reminders of open tasks that fire from now to now plus --within (default 1h), earliest first; a span of \
            whole minutes starts at the current minute's start. Run every minute with --within 1m, each reminder is \
            listed by exactly one run, whatever second each run starts at. A reminder relative to a whole day \
            counts from 00:00 that day.
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var clock: NowOption
    @Option(name: .long, help: "How far ahead: 15m, 1h, 2d, 1w, or an ISO 8601 duration (PT90M).") var within: String = "1h"
    @Flag(name: .long, help: "Print a JSON array: id, title, reminder, at, description.") var json = false

    func run() throws {
        let span = try Self.seconds(within)
        // A span of whole minutes starts at the minute's start: cron's runs, at whatever second
        // each one starts, then take windows that meet exactly, and each reminder is listed once.
        let now = Self.windowStart(try clock.now, span: span)
        let (_, snapshot) = try loadVault(global, root: try global.vaultRoot())
        let end = now.addingTimeInterval(TimeInterval(span))
        var due: [(task: TaskItem, reminder: Reminder, at: Date)] = []
        for t in snapshot.index.tasks.map(\.task) where !t.reminders.isEmpty && !t.status.isClosed {
            for (r, at) in ReminderTrigger.firing(t, from: now, to: end, timeZone: .current) { due.append((t, r, at)) }
        }
        due.sort { $0.at != $1.at ? $0.at < $1.at : $0.task.id != $1.task.id ? $0.task.id < $1.task.id : $0.reminder.id < $1.reminder.id }
        if json {
            finish(JSONText.render(.array(due.map { d in
                .object([("id", .string(d.task.id)), ("title", .string(d.task.title)), ("reminder", .string(d.reminder.id)),
                         ("at", .string(TimeEntry.canonical(d.at))), ("description", d.reminder.description.map(JSONValue.string) ?? .null)])
            })).trimmingCharacters(in: .newlines))
        }
        let local = DateFormatter()
        local.dateFormat = "yyyy-MM-dd HH:mm"
        finish(due.isEmpty ? nil : due.map { d in
            "\(local.string(from: d.at))  \(d.task.title) (\(d.task.id))" + (d.reminder.description.map { " · \($0)" } ?? "")
        }.joined(separator: "\n"))
    }

    static func windowStart(_ now: Date, span: Int) -> Date {
        guard span % 60 == 0 else { return now }
        return Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }

    /// `15m`, `1h`, `2d`, `1w`, or an ISO 8601 duration of hours, minutes and days: seconds, at most a year.
    static func seconds(_ text: String) throws -> Int {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        var n = 0
        if let unit = text.last.flatMap({ units[$0] }), let k = Int(text.dropLast()), k >= 0, k <= 366 * 86_400 {
            n = k * unit
        } else if let d = try? ISODuration.parse(text), !d.negative, d.years == 0, d.months == 0 {
            n = ((d.weeks * 7 + d.days) * 24 + d.hours) * 3600 + d.minutes * 60 + d.seconds
        } else {
            throw CLIError("--within: '\(text)' is not a length of time (try 15m, 1h, 2d, PT90M)")
        }
        guard n <= 366 * 86_400 else { throw CLIError("--within: at most a year ahead") }
        return n
    }
}
