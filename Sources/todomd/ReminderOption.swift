import TaskEngine

/// `--remind` as `add` and `modify` read it: each value a reminder in
/// `ReminderRequest`'s words (`-1h`, `scheduled-30m`, `9am`, `2026-11-25T09:00`,
/// `none`). A value that is none is refused by name; `none` beside a reminder
/// is refused too (it removes them all: which was meant?), never let pass silently.
enum ReminderOption {
    static func parse(_ values: [String]) throws -> [ReminderRequest] {
        let requests = try values.map {
            guard let r = ReminderRequest.parse($0, timeZone: .current) else {
                throw CLIError("--remind: " + ReminderRequest.refusal($0) + ($0.contains("+") ? "" : "; none clears them"))
            }
            return r
        }
        if requests.contains(.clear), let other = values.first(where: { ReminderRequest.parse($0, timeZone: .current) != .clear }) {
            throw CLIError("--remind: none removes every reminder, and '\(BoundedQuote.prefix(other))' adds one: give --remind none alone, "
                + "then add the reminders in a second command")
        }
        return requests
    }
}
