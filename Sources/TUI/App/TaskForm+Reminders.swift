import Foundation
import TaskEngine

/// The form's "Remind" field: the task's reminders as a person types them
/// (`-1h`, `scheduled-1d`, `9am 2 Dec`; `ReminderTyping`), comma separated;
/// `modify --remind`'s forms are read too (`9am`, `2026-11-25T09:00`). A
/// reminder still written as the form showed it (or as the file holds it) is
/// kept as it is (its id and description too); one typed anew is added; one
/// taken out is removed. An untouched field changes nothing.
extension TaskForm {
    /// A reminder as the field shows it.
    static func typed(_ r: Reminder, today: Day) -> String { ReminderTyping.shown(r, today: today, timeZone: .current) }

    /// A reminder as the file holds it: its offset (`scheduled` before one counting from that date), or its time.
    static func stored(_ r: Reminder) -> String {
        switch r.kind {
        case .relative: return (r.relatedTo == Reminder.Base.scheduled.rawValue ? "scheduled" : "") + (r.offset ?? "")
        case .absolute: return r.absoluteTime ?? ""
        }
    }

    /// The reminders a change line names, typed into the field after those it shows, to be saved
    /// with the rest: `none` empties it first; a word that is no reminder goes along as typed (the
    /// form refuses it by name, it is not lost).
    mutating func typeReminders(of line: QuickAdd) {
        guard !line.reminders.isEmpty || !line.badReminders.isEmpty else { return }
        var items = self.items(.reminders)
        for r in line.reminders {
            if r == .clear { items = [] } else { items.append(r.typed) }
        }
        self[.reminders] = (items + line.badReminders).joined(separator: ", ")
    }

    /// `t` with the reminders the field names, when it changed (or why not). An item naming a
    /// reminder the task has (as shown, or typed anew: `-1h` for `-PT1H`) keeps that one; entries
    /// the file holds that todomd cannot read are not in the field and stay as written.
    func reminders(_ t: TaskItem, in state: AppState) -> Result<TaskItem, FormError> {
        guard changed(.reminders) else { return .success(t) }
        let typedItems = items(.reminders)
        if typedItems.isEmpty && (original?.reminders.isEmpty ?? true) { return .success(t) }
        guard state.keepsReminders else { return .failure(FormError(field: .reminders, message: "Remind: this vault's format keeps no reminders.")) }
        var out = t
        var before = t.reminders
        out.reminders = []
        for item in typedItems {
            if let i = before.firstIndex(where: { Self.typed($0, today: state.today) == item }) ?? before.firstIndex(where: { Self.stored($0) == item }) {
                out.reminders.append(before.remove(at: i))
                continue
            }
            guard let request = ReminderTyping.request(item, today: state.today, timeZone: .current), request != .clear else {
                return .failure(FormError(field: .reminders, message: "Remind: " + ReminderRequest.refusal(item) + "."))
            }
            do {
                var bare = t
                bare.reminders = []
                if let wanted = try request.reminder(for: bare, now: state.nowInstant, timeZone: .current, localTimes: state.reminderTimesLocal),
                   let i = before.firstIndex(where: { $0.firesAs(wanted, timeZone: .current) }) {
                    out.reminders.append(before.remove(at: i))
                    continue
                }
                // (Against the items so far, so that one typed twice is refused; no id the task had is given again.)
                try request.apply(to: &out, now: state.nowInstant, timeZone: .current, localTimes: state.reminderTimesLocal, reservedIDs: Set(t.reminders.map(\.id)))
            } catch {
                return .failure(FormError(field: .reminders, message: "Remind: " + error.said { $0 == .due ? "fill in Due first" : "fill in Scheduled first" } + "."))
            }
        }
        return .success(out)
    }
}
