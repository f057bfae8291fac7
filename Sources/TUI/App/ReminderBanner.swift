import Foundation
import TaskEngine

/// How long `z` puts a reminder off.
public enum SnoozeLength: Int, Hashable, Sendable, CaseIterable {
    case tenMinutes = 1, hour, tomorrow

    var words: String {
        switch self {
        case .tenMinutes: return "10 minutes"
        case .hour: return "1 hour"
        case .tomorrow: return "tomorrow 09:00"
        }
    }

    /// What a snooze says: how long and when the reminder comes back ("for 10 minutes, until 09:10";
    /// tomorrow's with its day), so that it is known without watching for the banner.
    func said(_ title: String, until: Date, today: Day, timeZone: TimeZone = .current) -> String {
        let back = ReminderText.when(until, today: today, timeZone: timeZone)
        return self == .tomorrow ? "Snoozed '\(title)' until \(back)." : "Snoozed '\(title)' for \(words), until \(back)."
    }

    /// When the snooze runs out, from `now`: tomorrow is 09:00 local time the next day.
    func until(from now: Date, timeZone: TimeZone = .current) -> Date {
        switch self {
        case .tenMinutes: return now.addingTimeInterval(600)
        case .hour: return now.addingTimeInterval(3600)
        case .tomorrow:
            let tomorrow = Day.containing(now, in: timeZone).adding(days: 1)
            return ReminderTrigger.instant(of: TaskDate(day: tomorrow), anchor: .init(hour: 9, minute: 0), timeZone: timeZone)
                ?? now.addingTimeInterval(86_400)
        }
    }
}

/// The reminders that came due and wait to be seen: the banner shows the
/// first, `z` snoozes it, Esc dismisses it (and the next one shows).
public struct ReminderBanner: Hashable, Sendable {
    public struct Item: Hashable, Sendable {
        public var firing: ReminderFiring
        /// It came due while todomd was closed (found by the first look of the run).
        public var missed: Bool
    }

    public var items: [Item] = []
    /// Firings found past what one look hands over (after a long time closed): said, not listed.
    public var untold = 0
    /// The snooze lengths are offered (after `z`).
    public var choosingSnooze = false
    /// The banner is what the user answers now: it came, or its answer showed the next one, and no
    /// other key was pressed over it since. The terminal's cursor is on it then (a screen reader reads it);
    /// another key gives the cursor back to the list, so browsing under the banner still reads.
    public var asking = false
    /// Most firings waiting at once: the banner says how many more there were.
    static let maxItems = 500

    public var current: Item? { items.first }
    public var isShown: Bool { !items.isEmpty }
}

public enum ReminderAction: Hashable, Sendable {
    /// Offers the snooze lengths for the reminder shown.
    case snooze
    case snoozeFor(SnoozeLength)
    /// Leaves the snooze choice without snoozing.
    case back
    /// The reminder shown is seen: the next one (if any) shows.
    case dismiss
}

enum ReminderReducer {
    /// Firings a look found: added to the banner; the bell (and the command) once for them all.
    static func due(_ s: inout AppState, _ found: ReminderWatch.Found, missed: Bool) -> [Effect] {
        guard !found.firings.isEmpty else { return [] }
        let shown = Set(s.reminders.items.map(\.firing.key))
        let fresh = found.firings.filter { !shown.contains($0.key) }
        let room = max(0, ReminderBanner.maxItems - s.reminders.items.count)
        s.reminders.items += fresh.prefix(room).map { ReminderBanner.Item(firing: $0, missed: missed) }
        s.reminders.untold += found.more + max(0, fresh.count - room)
        guard !fresh.isEmpty else { return [] }
        s.reminders.asking = true
        // The bell once; the command for each reminder that came due (a few: the banner counts the rest).
        return [.alertReminder(titles: fresh.prefix(ReminderRunner.maxCommandsAtOnce).map(\.title))]
    }

    /// The reminders a quick-add or change line names, added to `t`; why not, else nil.
    static func add(_ line: QuickAdd, to t: inout TaskItem, _ s: AppState) -> String? {
        guard !line.reminders.isEmpty else { return nil }
        guard s.keepsReminders else { return "This vault's format keeps no reminders (name a key for them in .todomd-profile.yaml)." }
        do { try line.addReminders(to: &t, now: s.nowInstant, localTimes: s.reminderTimesLocal) } catch {
            return "Remind: " + error.said { $0 == .due ? "give it a due date on the line first, like fri 10am" : "give it a scheduled date on the line first, like sched fri" } + "."
        }
        return nil
    }

    static func reduce(_ s: inout AppState, _ action: ReminderAction) -> [Effect] {
        guard let item = s.reminders.current else { s.reminders.choosingSnooze = false; return [] }
        s.reminders.asking = true
        switch action {
        case .snooze: s.reminders.choosingSnooze = true
        case .back: s.reminders.choosingSnooze = false
        case .snoozeFor(let length):
            s.reminders.choosingSnooze = false
            s.reminders.items.removeFirst()
            s.message = "Snoozed '\(item.firing.title)' for \(length.words)."
            return [.snoozeReminder(item.firing, length)]
        case .dismiss:
            s.reminders.choosingSnooze = false
            s.reminders.items.removeFirst()
            if s.reminders.items.isEmpty { s.reminders.untold = 0 }
            // Said, as the snooze is: the banner's line changing says nothing to a screen reader.
            s.message = "Reminder dismissed: \(item.firing.title)"
        }
        return []
    }

    /// A key over the banner that is not its own: the banner stops being what is answered
    /// (it stays shown, and its keys still work, but the cursor goes back to what was focused).
    static func passedOver(_ s: inout AppState, _ action: Action) {
        guard s.reminders.asking, action.isUserAction, s.mode == .browse else { return }
        if case .reminder = action { return }
        s.reminders.asking = false
    }
}

extension AppState {
    /// The time now as the state knows it (its minute; the start of today when today is pinned).
    var nowInstant: Date {
        guard let minute = nowMinute else { return ReminderTrigger.instant(of: TaskDate(day: today), timeZone: .current) ?? Date() }
        let wall = Date(timeIntervalSince1970: TimeInterval(minute * 60))  // (local time read as UTC)
        return wall.addingTimeInterval(-TimeInterval(TimeZone.current.secondsFromGMT(for: wall)))
    }

    /// The part of the screen holding the focus: the banner while it is what is answered
    /// over browsing (`ReminderBanner.asking`), else the mode's.
    public var focusArea: FocusArea {
        reminders.isShown && reminders.asking && mode == .browse ? .banner : mode.focusArea(focus: focus)
    }

    /// The keymap contexts that read keys now: the mode's, with the banner's
    /// first while one shows over browsing (in a form or a popup, `z` and Esc keep their meaning there).
    public var keyContexts: [KeyContext] {
        let contexts = mode.contexts(focus: focus)
        guard reminders.isShown, mode == .browse else { return contexts }
        return (reminders.choosingSnooze ? [.snoozeChoice] : [.reminder]) + contexts
    }
}
