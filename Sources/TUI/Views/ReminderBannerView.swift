import Foundation
import TaskEngine

/// The reminder that came due, on the line above the status line (over the
/// panes' bottom border, so no row of a list is hidden). It is text only: the
/// terminal's cursor stays on the focused item, never jumps here.
enum ReminderBannerView {
    static func render(_ state: AppState, into screen: inout Screen, y: Int) {
        guard let text = line(state) else { return }
        screen.fill(y: y, style: CellStyle(.warning, bold: true))
        _ = screen.put(DisplayWidth.truncate(" " + text, to: screen.width), x: 0, y: y, style: CellStyle(.warning, bold: true))
    }

    /// The banner's words, with its keys as the keymap in use has them (nil: no banner).
    static func line(_ state: AppState, timeZone: TimeZone = .current) -> String? {
        let banner = state.reminders
        guard let item = banner.current else { return nil }
        let keys = state.keymap
        let f = item.firing
        let more = banner.items.count - 1 + banner.untold
        let bell = state.glyphs.text(.reminder) + " "
        if banner.choosingSnooze {
            let choices = SnoozeLength.allCases.compactMap { length -> String? in
                keys.key(["snooze-10-minutes", "snooze-hour", "snooze-tomorrow"][length.rawValue - 1], in: [.snoozeChoice]).map { "\($0) \(length.words)" }
            }
            return (["\(bell)Snooze '\(f.title)':"] + choices).joined(separator: "  ") + keys.clause(" · ", "snooze-back", "back", in: [.snoozeChoice])
        }
        let lead = item.missed
            ? "\(bell)\(banner.items.filter(\.missed).count + banner.untold) reminder\(banner.items.filter(\.missed).count + banner.untold == 1 ? "" : "s") came due while todomd was closed: "
            : state.glyphs == .words ? bell : "⏰ Reminder: "
        var parts = [lead + f.title + " (" + ReminderText.due(f, today: state.today, timeZone: timeZone) + ")"]
        if more > 0 && !item.missed { parts.append("\(more) more") }
        if let snooze = keys.key("reminder-snooze", in: [.reminder]) { parts.append("\(snooze) snooze") }
        if let dismiss = keys.key("reminder-dismiss", in: [.reminder]) { parts.append("\(dismiss) dismiss") }
        return parts.joined(separator: " · ")
    }
}
