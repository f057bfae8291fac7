import TaskEngine

/// The fields on the right of a task row, and which of them give way when the
/// row is too narrow for all of them and the title.
enum TaskRowFields {
    enum Field: CaseIterable {
        case place, assignees, recurrence, checklist, due, priority, flag, blocked, timer
    }

    /// The order fields give way in, least important first: each is left out
    /// in turn until the title keeps `minTitle` cells. The due date (with its
    /// overdue ⚠) is the last to go but for a running timer's time, which is seen nowhere else in the list.
    static let givingWay: [Field] = [.place, .assignees, .recurrence, .checklist, .flag, .blocked, .priority, .due, .timer]

    /// The title keeps this many cells (or all of it when shorter) before any
    /// field is shown.
    static let minTitle = 8

    /// Columns a task row's first line spends before its title with symbols:
    /// the cursor or mark, a space, the status glyph, a space (words take more).
    static let lead = 4

    /// One field as drawn: its text, and a style of its own for some of it.
    struct Shown {
        var field: Field
        var text: String
        var style: CellStyle?
        /// Whether it says the task's state (overdue, priority, flag, blocked, a running timer) in words:
        /// such a field outranks the title's tail and every other field, for a state said by nothing is lost.
        var state = false
        /// A shorter way to say the same state (`[overdue]` for `[overdue 3d]`), used before the state gives way.
        var short: String? = nil
    }

    /// The title keeps at least this many cells beside the words of a state: its first letters and the `…`.
    static let minTitleBesideStates = 5

    /// The fields that fit beside a title `titleWidth` wide in a row `width`
    /// wide (drawn in `Field` order), and the right-hand text with the styled
    /// columns, counted from its start.
    static func fit(_ all: [Shown], titleWidth: Int, width: Int, lead: Int = lead)
        -> (text: String, marks: [(columns: Range<Int>, style: CellStyle)], statesLeftOut: Int) {
        var kept = all
        let title = min(titleWidth, minTitle)
        // The fields' cells, two spaces between them, one after the last and one between the title and them.
        var need = all.isEmpty ? 0 : all.reduce(0) { $0 + DisplayWidth.of($1.text) } + 2 * all.count
        // Other fields give way first; states are said shorter, then beside a shorter title, and give way last.
        for field in givingWay where lead + title + need > width {
            guard let i = kept.firstIndex(where: { $0.field == field && !$0.state }) else { continue }
            need -= DisplayWidth.of(kept[i].text) + 2
            kept.remove(at: i)
        }
        for field in givingWay where lead + title + need > width {
            guard let i = kept.firstIndex(where: { $0.field == field }), let short = kept[i].short else { continue }
            need -= DisplayWidth.of(kept[i].text) - DisplayWidth.of(short)
            kept[i].text = short
        }
        let least = min(titleWidth, minTitleBesideStates)
        for field in givingWay where lead + least + need > width {
            guard let i = kept.firstIndex(where: { $0.field == field }) else { continue }
            need -= DisplayWidth.of(kept[i].text) + 2
            kept.remove(at: i)
        }
        var text = "", marks: [(columns: Range<Int>, style: CellStyle)] = []
        for (n, f) in kept.enumerated() {
            if n > 0 { text += "  " }
            if let style = f.style {
                let at = DisplayWidth.of(text)
                marks.append((at..<(at + DisplayWidth.of(f.text)), style))
            }
            text += f.text
        }
        return (kept.isEmpty ? "" : text + " ", marks, all.filter(\.state).count - kept.filter(\.state).count)
    }
}
