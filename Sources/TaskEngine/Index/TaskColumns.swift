/// The rule-relevant fields of every task of an index, one plain array per
/// field (row = position in id order). Rules scan these arrays, never the
/// tasks themselves: no object is touched, retained or released in the loop.
/// Text fields are interned: a row holds a number, and a rule decides once per
/// distinct value.
struct TaskColumns: Sendable {
    /// One row's text value as a number into `values` (-1: none).
    struct Interned: Sendable {
        var rows: [Int32] = []
        var values: [String] = []
        private var numbers: [String: Int32] = [:]

        init() {}

        /// Rows numbering into `values` (as `CacheColumns` stored them).
        init(rows: [Int32], values: [String]) {
            self.rows = rows
            self.values = values
            numbers.reserveCapacity(values.count)
            for (n, v) in values.enumerated() { numbers[v] = Int32(n) }
        }

        /// The last value numbered: rows one after another (a folder's tasks) mostly hold the
        /// same, found so without hashing (the same bytes are the same value to `==`).
        private var last: (value: String, number: Int32)?

        mutating func number(_ value: String?) -> Int32 {
            guard let value else { return -1 }
            if let last, IDOrder.same(last.value, value) { return last.number }
            let n = numbers[value] ?? {
                let n = Int32(values.count)
                values.append(value)
                numbers[value] = n
                return n
            }()
            last = (value, n)
            return n
        }
    }

    /// Lists of words (tags, contexts): row `i` holds `items[starts[i]..<starts[i + 1]]`,
    /// each a number into `words`.
    struct Lists: Sendable {
        var rows = RaggedColumn<Int32>()
        var words = Interned()

        var starts: [Int32] { rows.starts }
        var items: [Int32] { rows.items }

        mutating func append(_ list: [String]) {
            for w in list { rows.appendItem(words.number(w)) }
            rows.endRow()
        }

        mutating func replace(row: Int, with list: [String]) { rows.replace(row: row, with: list.map { words.number($0) }) }

        mutating func insert(row: Int, _ list: [String]) { rows.insert(row: row, list.map { words.number($0) }) }

        mutating func remove(row: Int) { rows.remove(row: row) }
    }

    static let noDay = Int32.min
    static let noMinutes = Int.min

    var status: [UInt8] = []
    var priority: [UInt8] = []
    var flagged: [Bool] = []
    var inbox: [Bool] = []
    /// Backlog.md drafts (`TaskItem.isDraft`).
    var draft: [Bool] = []
    /// Whether the task has dependencies: a vault where none has is answered
    /// "not blocked" from the columns alone, without the dependency graph.
    var waits: [Bool] = []
    var area = Interned(), project = Interned(), source = Interned(), recurrence = Interned()
    var tags = Lists(), contexts = Lists(), assignees = Lists()
    var minutes: [Int] = []
    /// Each task's time entries (the `tracked` rule field).
    var tracked = TrackedColumn()
    /// One column per `TaskField.dateFields` entry.
    var days: [[Int32]] = Array(repeating: [], count: TaskField.dateFields.count)

    var count: Int { status.count }

    /// No rows (filled by `CacheColumns`).
    init() {}

    init(_ tasks: [IndexedTask]) {
        // Sized once: grown by doubling, the columns would keep room well beyond their rows.
        let n = tasks.count
        status.reserveCapacity(n)
        priority.reserveCapacity(n)
        flagged.reserveCapacity(n)
        inbox.reserveCapacity(n)
        draft.reserveCapacity(n)
        waits.reserveCapacity(n)
        for i in [\TaskColumns.area, \.project, \.source, \.recurrence] { self[keyPath: i].rows.reserveCapacity(n) }
        tags.rows.reserveRows(n)
        contexts.rows.reserveRows(n)
        assignees.rows.reserveRows(n)
        minutes.reserveCapacity(n)
        tracked.sessions.reserveRows(n)
        for i in days.indices { days[i].reserveCapacity(n) }
        for t in tasks { append(t) }
    }

    private mutating func append(_ t: IndexedTask) {
        status.append(t.statusBit)
        priority.append(t.priorityBit)
        flagged.append(t.task.flagged)
        inbox.append(t.task.isInbox)
        draft.append(t.task.isDraft)
        waits.append(!t.task.dependencies.isEmpty)
        area.rows.append(area.number(t.areaKey))
        project.rows.append(project.number(t.projectKey))
        source.rows.append(source.number(t.sourceKey))
        recurrence.rows.append(recurrence.number(t.recurrenceKey))
        tags.append(t.tagKeys)
        contexts.append(t.contextKeys)
        assignees.append(t.assigneeKeys)
        minutes.append(t.task.estimatedMinutes ?? Self.noMinutes)
        tracked.append(t.task)
        for (i, f) in TaskField.dateFields.enumerated() { days[i].append(Self.day(f, of: t.task)) }
    }

    static func day(_ field: TaskField, of task: TaskItem) -> Int32 {
        ValueTest.day(field)(task).map { Int32(clamping: $0) } ?? noDay
    }

    /// Row `row` now holds `t` (same id, changed fields).
    mutating func replace(row: Int, with t: IndexedTask) {
        status[row] = t.statusBit
        priority[row] = t.priorityBit
        flagged[row] = t.task.flagged
        inbox[row] = t.task.isInbox
        draft[row] = t.task.isDraft
        waits[row] = !t.task.dependencies.isEmpty
        area.rows[row] = area.number(t.areaKey)
        project.rows[row] = project.number(t.projectKey)
        source.rows[row] = source.number(t.sourceKey)
        recurrence.rows[row] = recurrence.number(t.recurrenceKey)
        tags.replace(row: row, with: t.tagKeys)
        contexts.replace(row: row, with: t.contextKeys)
        assignees.replace(row: row, with: t.assigneeKeys)
        minutes[row] = t.task.estimatedMinutes ?? Self.noMinutes
        tracked.replace(row: row, with: t.task)
        for (i, f) in TaskField.dateFields.enumerated() { days[i][row] = Self.day(f, of: t.task) }
    }

    /// A new task at `row`; the rows after it move down one.
    mutating func insert(row: Int, _ t: IndexedTask) {
        status.insert(t.statusBit, at: row)
        priority.insert(t.priorityBit, at: row)
        flagged.insert(t.task.flagged, at: row)
        inbox.insert(t.task.isInbox, at: row)
        draft.insert(t.task.isDraft, at: row)
        waits.insert(!t.task.dependencies.isEmpty, at: row)
        area.rows.insert(area.number(t.areaKey), at: row)
        project.rows.insert(project.number(t.projectKey), at: row)
        source.rows.insert(source.number(t.sourceKey), at: row)
        recurrence.rows.insert(recurrence.number(t.recurrenceKey), at: row)
        tags.insert(row: row, t.tagKeys)
        contexts.insert(row: row, t.contextKeys)
        assignees.insert(row: row, t.assigneeKeys)
        minutes.insert(t.task.estimatedMinutes ?? Self.noMinutes, at: row)
        tracked.insert(row: row, t.task)
        for (i, f) in TaskField.dateFields.enumerated() { days[i].insert(Self.day(f, of: t.task), at: row) }
    }

    mutating func remove(row: Int) {
        status.remove(at: row)
        priority.remove(at: row)
        flagged.remove(at: row)
        inbox.remove(at: row)
        draft.remove(at: row)
        waits.remove(at: row)
        area.rows.remove(at: row)
        project.rows.remove(at: row)
        source.rows.remove(at: row)
        recurrence.rows.remove(at: row)
        tags.remove(row: row)
        contexts.remove(row: row)
        assignees.remove(row: row)
        minutes.remove(at: row)
        tracked.remove(row: row)
        for i in days.indices { days[i].remove(at: row) }
    }
}
