import Foundation

/// When the input loop of an idle app wakes: at the first instant anything is
/// due (a reminder, the running timer's next minute, the minute or day rolling
/// over, the watcher's settled burst), and never later than `longestSleep`
/// after `now`. Between those it sleeps on the terminal and the watcher.
enum IdleWake {
    /// The bound on a sleep: a signal taken by another thread, or a clock that
    /// jumped (a laptop waking, whose monotonic sleep did not count the time
    /// away), is caught within it. Waking once a second costs nothing measurable.
    static let longestSleep: TimeInterval = 1

    static func deadline(now: Date, dueAt candidates: [Date?]) -> Date {
        candidates.reduce(now.addingTimeInterval(longestSleep)) { earliest, due in
            guard let due else { return earliest }
            return min(earliest, due)
        }
    }

    /// The start of the next wall-clock minute after `now` (the minute tick; a new day starts on one).
    static func nextMinute(after now: Date) -> Date {
        let seconds = now.timeIntervalSince1970
        return Date(timeIntervalSince1970: (seconds / 60).rounded(.down) * 60 + 60)
    }
}
