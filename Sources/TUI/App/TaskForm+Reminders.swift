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

    /// `t` with the reminders the field names, when it changed (or why not).
    func reminders(_ t: TaskItem, in state: AppState) -> Result<TaskItem, FormError> {
        guard changed(.reminders) else { return .success(t) }
        let typedItems = items(.reminders)
        if typedItems.isEmpty && (original?.reminders.isEmpty ?? true) { return .success(t) }
        guard state.keepsReminders else { return .failure(FormError(field: .reminders, message: "Remind: this vault's format keeps no reminders.")) }
        if t.badReminders > 0 {
            return .failure(FormError(field: .reminders, message: "Remind: the file holds \(t.badReminders) reminder(s) that cannot be read: fix them in the file first."))
        }
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
            do { try request.apply(to: &out, now: state.nowInstant, timeZone: .current) } catch {
                return .failure(FormError(field: .reminders, message: "Remind: \(error.description)."))
            }
        }
        return .success(out)
    }
}
