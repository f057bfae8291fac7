import Foundation
import TaskEngine

/// The reminder that came due, in a row of its own above the status line
/// (the panes end above it: no border is drawn over, no row of a list
/// hidden). Its keys always show: a long title is cut, and before it the due
/// time, the count of others and the long wording go. While it is what is
/// answered (`ReminderBanner.asking`) the terminal's cursor is on it: on its
/// words after the ⏰ (`[reminder]`), or on the snooze choice's first answer.
enum ReminderBannerView {
    static func render(_ state: AppState, into screen: inout Screen, y: Int) {
        guard let text = line(state, width: screen.width - 1) else { return }
        screen.fill(y: y, style: CellStyle(.warning, bold: true))
        let drawn = DisplayWidth.truncate(" " + text, to: screen.width)
        _ = screen.put(drawn, x: 0, y: y, style: CellStyle(.warning, bold: true))
        screen.markFocus(.banner, x: focusColumn(in: drawn, state), y: y)
    }

    /// Where the cursor goes in the line as drawn: the first snooze answer while they are offered, else
    /// the words after the ⏰ (the start of the line when what it looks for was cut off).
    static func focusColumn(in drawn: String, _ state: AppState) -> Int {
        // (The choices are in words or, on a narrow line, in short.)
        let choice = state.reminders.choosingSnooze
            ? [false, true].lazy.compactMap { snoozeChoices(state.keymap, short: $0).first.map { "  " + $0 } }.first { drawn.contains($0) }
            : nil
        let lead = choice ?? state.glyphs.text(.reminder) + " "
        guard let found = drawn.range(of: lead) else { return 1 }
        // (the answer after its two spaces; the words after the ⏰ and its space)
        return DisplayWidth.of(String(drawn[..<found.lowerBound])) + (choice != nil ? 2 : DisplayWidth.of(lead))
    }

    /// The banner's words, with its keys as the keymap in use has them, in `width` columns (nil: no banner).
    static func line(_ state: AppState, width: Int = .max, timeZone: TimeZone = .current) -> String? {
        let banner = state.reminders
        guard let item = banner.current else { return nil }
        let keys = state.keymap
        let f = item.firing
        let more = banner.items.count - 1 + banner.untold
        let bell = state.glyphs.text(.reminder) + " "
        if banner.choosingSnooze {
            // The choices in words, else in short (`10m`, `1h`); then the bell goes, then the word "Snooze" (the key just
            // pressed said it): the title keeps a few cells, cut, before it is left out, and no key ever is.
            func tail(short: Bool) -> String {
                let choices = snoozeChoices(keys, short: short)
                return (choices.isEmpty ? "" : "  " + choices.joined(separator: "  ")) + keys.clause(" · ", "snooze-back", "back", in: [.snoozeChoice])
            }
            let close = "':"
            for (lead, short) in [(bell + "Snooze '", false), (bell + "Snooze '", true), ("Snooze '", true), ("'", true)] {
                let room = width - DisplayWidth.of(lead + close + tail(short: short))
                if room >= min(8, DisplayWidth.of(f.title)) { return lead + DisplayWidth.truncate(f.title, to: room) + close + tail(short: short) }
            }
            let shortest = [bell + "Snooze:" + tail(short: true), state.glyphs.text(.reminder) + tail(short: true)]
            return shortest.first { DisplayWidth.of($0) <= width } ?? DisplayWidth.truncate(shortest[1], to: max(0, width))
        }
        let missed = banner.items.filter(\.missed).count + banner.untold
        let leads = item.missed
            ? [bell + "\(missed) reminder\(missed == 1 ? "" : "s") came due while todomd was closed: ", bell + "\(missed) missed: ", bell]
            : state.glyphs == .words ? [bell] : [bell + "Reminder: ", bell]
        var tailParts: [String] = []
        if let snooze = keys.key("reminder-snooze", in: [.reminder]) { tailParts.append("\(snooze) snooze") }
        if let dismiss = keys.key("reminder-dismiss", in: [.reminder]) { tailParts.append("\(dismiss) dismiss") }
        var tails = [tailParts.map { " · " + $0 }.joined()]
        if let until = keysWait(state.mode), !tailParts.isEmpty {
            // Its keys answer it only over the list: in a form Esc cancels the form and `z` is typed.
            // Said so, the keys named while there is room.
            tails = [" · \(until): " + tailParts.joined(separator: " · "), " · keys \(until)"]
        }
        let due = " (" + ReminderText.due(f, today: state.today, timeZone: timeZone) + ")"
        let extras = [(due, false)] + (more > 0 && !item.missed ? [(" · \(more) more", false)] : [])
        return fitted(leads: leads, title: f.title, note: f.description.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }, extras: extras, tails: tails,
                      width: width, cut: { bell + $0 })
    }

    /// When the banner's keys work again while `mode` has them ("after the form"); nil over the list, where they work now.
    static func keysWait(_ mode: Mode) -> String? {
        switch mode {
        case .browse: return nil
        case .form, .dialog(_, over: .form): return "after the form"
        case .search: return "after the search"
        default: return "once this closes"
        }
    }

    /// The banner in `width` columns, the tail (the keys) never cut: each tail (the first while any lead
    /// fits with it) with each lead (longest first) and its extras, the droppable ones going from the
    /// last, the title whole or cut to no less than `minTitle` columns and the note (the reminder's
    /// description) after it whole; then, with each lead, the title cut shorter and the note cut to what
    /// is left (a few of its words); else the shortest lead that leaves the title a few columns.
    static func fitted(leads: [String], title: String, note: String? = nil, extras: [(text: String, kept: Bool)], tails: [String], width: Int,
                       cut: (String) -> String) -> String {
        let minTitle = min(16, DisplayWidth.of(title))
        let noted = note.map { " · " + $0 } ?? ""
        let kept = extras.filter(\.kept).map(\.text).joined()
        for tail in tails {
            for lead in leads {
                var shown = extras
                while true {
                    let rest = shown.map(\.text).joined()
                    let room = width - DisplayWidth.of(lead + rest + tail) - DisplayWidth.of(noted)
                    if room >= minTitle { return lead + DisplayWidth.truncate(title, to: room) + noted + rest + tail }
                    guard let i = shown.lastIndex(where: { !$0.kept }) else { break }
                    shown.remove(at: i)
                }
            }
            guard note != nil else { continue }
            let shortTitle = min(10, minTitle)
            // The title cut shorter for the whole note, with any lead; else the note cut too.
            for lead in leads {
                let room = width - DisplayWidth.of(lead + kept + tail + noted)
                if room >= shortTitle { return lead + DisplayWidth.truncate(title, to: room) + noted + kept + tail }
            }
            for lead in leads {
                let room = width - DisplayWidth.of(lead + kept + tail) - shortTitle
                if room >= min(11, DisplayWidth.of(noted)) {
                    return lead + DisplayWidth.truncate(title, to: shortTitle) + DisplayWidth.truncate(noted, to: room) + kept + tail
                }
            }
        }
        let tail = tails.last ?? ""
        for lead in leads {
            let room = width - DisplayWidth.of(lead + kept + tail)
            if room >= min(4, minTitle) { return lead + DisplayWidth.truncate(title, to: room) + kept + tail }
        }
        return DisplayWidth.truncate(cut(title) + tail, to: max(0, width))
    }

    /// The snooze answers with their keys ("1 10 minutes", or in short "1 10m"), the unbound ones left out.
    static func snoozeChoices(_ keys: Keymap, short: Bool = false) -> [String] {
        SnoozeLength.allCases.compactMap { length -> String? in
            let words = short ? ["10m", "1h", "tomorrow"][length.rawValue - 1] : length.words
            return keys.key(["snooze-10-minutes", "snooze-hour", "snooze-tomorrow"][length.rawValue - 1], in: [.snoozeChoice]).map { "\($0) \(words)" }
        }
    }
}
