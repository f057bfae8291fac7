/// The days ahead, as OmniFocus's Forecast shows them: how many open tasks
/// fall on each of the next days, on days already past ("Overdue") and after
/// the last day shown ("Later").
///
/// A task counts on the day it is due and on the day it is scheduled, once
/// per day (due and scheduled the same day: once). Overdue holds the tasks
/// due before today; a task only scheduled before today is in no slot (it is
/// late to start, not late). Open means not done and not cancelled (someday
/// counts); a blocked task counts like any other (the list marks it ⊘); a
/// Backlog.md draft counts nowhere, as in every view that does not ask for drafts.
/// Days are the local days `TaskDate.day` gives (a date-time counts on the
/// day its local time falls on).
public enum Forecast {
    /// The built-in perspective's id.
    public static let id = "forecast"
    public static let defaultDays = 14
    /// How many days a forecast may show (at most a leap year's).
    public static let dayRange = 1...366

    /// One place of the strip: the past, a day ahead (0 is today), or after the last day.
    public enum Slot: Hashable, Sendable {
        case overdue
        case day(Int)
        case later
    }

    /// The number of tasks in each slot.
    public struct Counts: Equatable, Sendable {
        public var today: Day
        public var overdue = 0
        /// One per day, from today.
        public var days: [Int]
        public var later = 0

        public init(today: Day, days: Int) {
            self.today = today
            self.days = Array(repeating: 0, count: days)
        }

        /// Every slot, in order: Overdue, each day, Later.
        public var slots: [Slot] { [.overdue] + days.indices.map(Slot.day) + [.later] }

        public func count(_ slot: Slot) -> Int {
            switch slot {
            case .overdue: return overdue
            case .day(let d): return days.indices.contains(d) ? days[d] : 0
            case .later: return later
            }
        }
    }

    /// The counts of `index`'s open tasks over `days` days from `today`;
    /// with `among`, of those tasks only (a perspective's or `--where`'s
    /// matches). One pass over the index's columns: no task is touched.
    public static func counts(in index: TaskIndex, today: Day, days: Int = defaultDays, among: TaskBits? = nil) -> Counts {
        let days = min(max(days, dayRange.lowerBound), dayRange.upperBound)
        let closed = statusBit(.done) | statusBit(.cancelled)
        return index.evaluation.withColumns(index) { c in
            var out = Counts(today: today, days: days)
            let now = Int32(clamping: today.ordinal), last = Int32(clamping: today.ordinal + days - 1)
            let noDay = TaskColumns.noDay, laterSlot = days + 2
            // Each task's slots as numbers: 0 none, 1 overdue, 2 + d day d, days + 2 later.
            var tally = [Int](repeating: 0, count: days + 3)
            // (Plain buffers: the loop runs over every task of the vault at each change while the Forecast is shown.)
            c.days[TaskField.dateFields.firstIndex(of: .due)!].withUnsafeBufferPointer { due in
                c.days[TaskField.dateFields.firstIndex(of: .scheduled)!].withUnsafeBufferPointer { scheduled in
                    c.status.withUnsafeBufferPointer { status in
                        c.draft.withUnsafeBufferPointer { draft in
                            tally.withUnsafeMutableBufferPointer { tally in
                                for row in 0..<c.count where status[row] & closed == 0 && !draft[row] && (among?[row] ?? true) {
                                    let d = due[row], s = scheduled[row]
                                    let dueSlot = d == noDay ? 0 : d < now ? 1 : d > last ? laterSlot : Int(d - now) + 2
                                    let scheduledSlot = s == noDay || s < now ? 0 : s > last ? laterSlot : Int(s - now) + 2
                                    tally[dueSlot] += 1
                                    if scheduledSlot != dueSlot { tally[scheduledSlot] += 1 }
                                }
                            }
                        }
                    }
                }
            }
            out.overdue = tally[1]
            for d in 0..<days { out.days[d] = tally[d + 2] }
            out.later = tally[laterSlot]
            return out
        }
    }

    static func statusBit(_ s: TaskStatus) -> UInt8 { UInt8(1) << TaskStatus.allCases.firstIndex(of: s)! }

    /// Not done, not cancelled.
    static let open: RuleNode = .none([.cond("status", "in", .strings(["done", "cancelled"]))])

    /// The rules of the tasks one slot lists: the same tasks `counts` counts
    /// there (the Forecast's list below the strip, and `count --where` in scripts).
    public static func rules(for slot: Slot, today: Day, days: Int = defaultDays) -> RuleGroup {
        switch slot {
        case .overdue:
            return RuleGroup(.and, [open, .cond("due", "before", .string(today.iso))])
        case .day(let d):
            let day = JSONValue.string(today.adding(days: d).iso)
            return RuleGroup(.and, [open, .any([.cond("due", "on", day), .cond("scheduled", "on", day)])])
        case .later:
            let last = JSONValue.string(today.adding(days: days - 1).iso)
            return RuleGroup(.and, [open, .any([.cond("due", "after", last), .cond("scheduled", "after", last)])])
        }
    }

    /// Every task the Forecast shows somewhere: open, with a due day, or
    /// scheduled today or later (the sidebar's count).
    static let shownRules: [RuleNode] = [
        open,
        .any([.cond("due", "is_not_nil"), .cond("scheduled", "on_or_after", .string("today"))]),
    ]
}

extension Forecast {
    /// "Mon" … "Sun".
    public static func weekday(_ d: Day) -> String { DayLabel.weekdayNames[d.isoWeekday - 1] }
}
