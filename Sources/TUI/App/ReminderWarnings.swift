import Foundation
import TaskEngine

/// After a write from quick add, the change line or the form: a reminder the
/// task now holds that will never fire (its due date gone, its time past) is
/// said on the status line, after what the write said, as are entries that
/// cannot be read and were kept as written. The write stands.
extension ReminderReducer {
    /// `naming`: each warning names its task (a write of several).
    static func warn(_ s: inout AppState, before: TaskItem?, saved: TaskItem, naming: Bool = false) {
        var warnings = ReminderFireCheck.warnings(before: before, after: saved, now: s.nowInstant, timeZone: .current)
        // A reminder added or removed beside entries todomd cannot read left them as written: said, as they never ring.
        if saved.badReminders > 0, let before, before.reminders != saved.reminders {
            warnings.append(ReminderFireCheck.unreadKept(saved.badReminders) + " (remind none on the change line removes every reminder)")
        }
        guard !warnings.isEmpty else { return }
        let said = warnings.map { naming ? "'\(saved.title)': " + $0 : $0 }.joined(separator: "; ")
        s.message = s.message.map { $0 + "; " + said } ?? said.prefix(1).uppercased() + said.dropFirst()
    }
}
