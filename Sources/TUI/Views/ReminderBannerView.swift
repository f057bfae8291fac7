import Foundation
import TaskEngine

/// The reminder that came due, on the line above the status line (over the
/// panes' bottom border, so no row of a list is hidden). While it is what is
/// answered (`ReminderBanner.asking`) the terminal's cursor is on it: on its
/// words after the ⏰, or on the snooze choice's first answer.
enum ReminderBannerView {
    static func render(_ state: AppState, into screen: inout Screen, y: Int) {
        guard let text = line(state) else { return }
        screen.fill(y: y, style: CellStyle(.warning, bold: true))
        let drawn = DisplayWidth.truncate(" " + text, to: screen.width)
        _ = screen.put(drawn, x: 0, y: y, style: CellStyle(.warning, bold: true))
        screen.markFocus(.banner, x: focusColumn(in: drawn, state), y: y)
    }

    /// Where the cursor goes in the line as drawn: the first snooze answer while they are offered, else
    /// the words after the ⏰ (the start of the line when what it looks for was cut off).
    static func focusColumn(in drawn: String, _ state: AppState) -> Int {
        let choice = state.reminders.choosingSnooze ? snoozeChoices(state.keymap).first.map { "  " + $0 } : nil
        let lead = choice ?? "⏰ "
        guard let found = drawn.range(of: lead) else { return 1 }
        // (the answer after its two spaces; the words after the ⏰ and its space)
        return DisplayWidth.of(String(drawn[..<found.lowerBound])) + (choice != nil ? 2 : DisplayWidth.of(lead))
    }

    /// The banner's words, with its keys as the keymap in use has them (nil: no banner).
    static func line(_ state: AppState, timeZone: TimeZone = .current) -> String? {
        let banner = state.reminders
        guard let item = banner.current else { return nil }
        let keys = state.keymap
        let f = item.firing
        let more = banner.items.count - 1 + banner.untold
        if banner.choosingSnooze {
            return (["⏰ Snooze '\(f.title)':"] + snoozeChoices(keys)).joined(separator: "  ") + keys.clause(" · ", "snooze-back", "back", in: [.snoozeChoice])
        }
        let lead = item.missed
            ? "⏰ \(banner.items.filter(\.missed).count + banner.untold) reminder\(banner.items.filter(\.missed).count + banner.untold == 1 ? "" : "s") came due while todomd was closed: "
            : "⏰ Reminder: "
        var parts = [lead + f.title + " (" + ReminderText.due(f, today: state.today, timeZone: timeZone) + ")"]
        if more > 0 && !item.missed { parts.append("\(more) more") }
        if let snooze = keys.key("reminder-snooze", in: [.reminder]) { parts.append("\(snooze) snooze") }
        if let dismiss = keys.key("reminder-dismiss", in: [.reminder]) { parts.append("\(dismiss) dismiss") }
        return parts.joined(separator: " · ")
    }

    /// The snooze answers with their keys ("1 10 minutes"), the unbound ones left out.
    static func snoozeChoices(_ keys: Keymap) -> [String] {
        SnoozeLength.allCases.compactMap { length -> String? in
            keys.key(["snooze-10-minutes", "snooze-hour", "snooze-tomorrow"][length.rawValue - 1], in: [.snoozeChoice]).map { "\($0) \(length.words)" }
        }
    }
}
