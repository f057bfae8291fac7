import Foundation
import TaskEngine

/// After a write from quick add, the change line or the form: a reminder the
/// task now holds that will never fire (its due date gone, its time past) is
/// said on the status line, after what the write said. The write stands.
extension ReminderReducer {
    static func warn(_ s: inout AppState, before: TaskItem?, saved: TaskItem) {
        let warnings = ReminderFireCheck.warnings(before: before, after: saved, now: s.nowInstant, timeZone: .current)
        guard !warnings.isEmpty else { return }
        let said = warnings.joined(separator: "; ")
        s.message = s.message.map { $0 + "; " + said } ?? said.prefix(1).uppercased() + said.dropFirst()
    }
}
