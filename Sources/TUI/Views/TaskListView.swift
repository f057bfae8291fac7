import TaskEngine

/// The foundation's list screen: every task of the vault in state bands, a
/// header, a selection and a status line. (The full sidebar and perspectives
/// arrive with the TUI issue.)
public struct TaskListState: Sendable {
    public var vaultRoot: String
    public var tasks: [TaskItem]
    public var problems: [VaultProblem]
    public var today: Day
    public var selection: Int = 0
    public var scroll: Int = 0
    /// A one-time message for the status line.
    public var notice: String?

    public init(vaultRoot: String, snapshot: VaultSnapshot, today: Day) {
        self.vaultRoot = vaultRoot
        tasks = PerspectiveEvaluator.evaluate(.allTasks, in: TaskIndex(snapshot.tasks), today: today).rows.map(\.task.task)
        problems = snapshot.problems
        self.today = today
    }

    public mutating func move(by delta: Int) {
        guard !tasks.isEmpty else { return }
        selection = min(max(0, selection + delta), tasks.count - 1)
    }
}

public enum TaskListView {
    public static let minWidth = 30
    public static let minHeight = 6

    public static func render(_ state: inout TaskListState, width: Int, height: Int) -> Screen {
        var screen = Screen(width: width, height: height)
        guard width >= minWidth, height >= minHeight else {
            screen.put(DisplayWidth.truncate("Terminal too small (\(width)×\(height)); need \(minWidth)×\(minHeight)", to: width), x: 0, y: 0, style: CellStyle(.warning))
            return screen
        }
        let count = state.tasks.count
        screen.put(" todomd · \(state.vaultRoot) · \(count) task\(count == 1 ? "" : "s")", x: 0, y: 0, style: CellStyle(.header, bold: true), maxX: width)
        screen.fill(y: 0, style: CellStyle(.header, bold: true))

        // Rows: band headers and tasks.
        var rows: [(text: String, task: Int?, band: Bool)] = []
        var lastBand: StateBand?
        for (i, t) in state.tasks.enumerated() {
            let band = StateBand(t.status)
            if band != lastBand {
                rows.append((band.title.uppercased(), nil, true))
                lastBand = band
            }
            rows.append((rowText(t, today: state.today), i, false))
        }
        let listTop = 1, listHeight = height - 2
        if rows.isEmpty {
            screen.put("  No tasks yet. Drop a .md file into the vault, or run `todomd add`.", x: 0, y: listTop + 1, style: CellStyle(.dim), maxX: width)
        }
        let selectedRow = rows.firstIndex { $0.task == state.selection } ?? 0
        if selectedRow < state.scroll { state.scroll = max(0, selectedRow - 1) }
        if selectedRow >= state.scroll + listHeight { state.scroll = selectedRow - listHeight + 1 }
        for (offset, row) in rows.dropFirst(state.scroll).prefix(listHeight).enumerated() {
            let y = listTop + offset
            if row.band {
                screen.put(" " + row.text, x: 0, y: y, style: CellStyle(.accent, bold: true), maxX: width)
            } else {
                let selected = row.task == state.selection
                let t = state.tasks[row.task!]
                let style: CellStyle = selected ? CellStyle(.selected) : t.status.isClosed ? CellStyle(.done) : .normal
                screen.put(DisplayWidth.truncate(row.text, to: width), x: 0, y: y, style: style, maxX: width)
                if selected { screen.fill(y: y, style: style) }
            }
        }
        let unreadable = state.problems.filter { $0.kind == .unreadable }.count
        var status = " j/k move · g/G top/bottom · q quit"
        if unreadable > 0 { status = " ⚠ \(unreadable) unreadable file\(unreadable == 1 ? "" : "s") (todomd problems) ·" + status }
        if let notice = state.notice { status = " " + notice }
        screen.put(DisplayWidth.truncate(status, to: width), x: 0, y: height - 1, style: CellStyle(unreadable > 0 ? .warning : .dim), maxX: width)
        return screen
    }

    static func glyph(_ s: TaskStatus) -> String {
        switch s {
        case .todo: return "○"
        case .inProgress: return "▶"
        case .done: return "✓"
        case .cancelled: return "✗"
        case .someday: return "◌"
        }
    }

    static func rowText(_ t: TaskItem, today: Day) -> String {
        var text = "  \(glyph(t.status)) \(t.title)"
        if let p = t.project ?? t.area { text += "  · \(p)" }
        if let due = t.due {
            let n = due.day.ordinal - today.ordinal
            let left = n == 0 ? "today" : n > 0 ? "in \(n)d" : "\(-n)d overdue"
            text += "  \(left)" + (n < 0 && !t.status.isClosed ? " !" : "")
        }
        if t.priority != .none { text += "  " + String(repeating: "!", count: t.priority.rank) }
        if t.flagged { text += "  ⚑" }
        return text
    }
}
