/// A condition's test applied to every task at once, over the index's
/// columns: the bits of the tasks it matches. Text values are decided once
/// per distinct value, then each row looks its answer up.
enum ColumnScan {
    /// `dependencies`: the graph of the same rows (asked only by a dependency test).
    static func bits(_ test: ValueTest, columns c: TaskColumns, tasks: [IndexedTask], dependencies: () -> DependencyGraph = { .empty }) -> TaskBits {
        let n = c.count
        switch test {
        case .constant(let b): return TaskBits(count: n, allSet: b)
        case .choice(let field, let mask, let matching):
            return (field == .status ? c.status : c.priority).withUnsafeBufferPointer { col in
                TaskBits(count: n) { (col[$0] & mask != 0) == matching }
            }
        case .flag(let field, let want):
            let column: [Bool]
            switch field {  // (exhaustive: a new flag field is named here by the compiler)
            case .flagged: column = c.flagged
            case .inbox: column = c.inbox
            case .draft: column = c.draft
            }
            return column.withUnsafeBufferPointer { col in
                TaskBits(count: n) { col[$0] == want }
            }
        case .key(let field, let test):
            let column: TaskColumns.Interned
            switch field {
            case .area: column = c.area
            case .project: column = c.project
            case .source: column = c.source
            case .recurrence: column = c.recurrence
            }
            // Slot 0 answers "no value"; slot k + 1 answers value k.
            let answers = [test(nil)] + column.values.map(test)
            return answers.withUnsafeBufferPointer { a in
                column.rows.withUnsafeBufferPointer { col in TaskBits(count: n) { a[Int(col[$0]) + 1] } }
            }
        case .list(let field, let test): return list(field == .tags ? c.tags : field == .contexts ? c.contexts : c.assignees, test, count: n)
        case .minutes(let test):
            return c.minutes.withUnsafeBufferPointer { col in
                TaskBits(count: n) { test(col[$0] == TaskColumns.noMinutes ? nil : col[$0]) }
            }
        case .day(let field, let match):
            let column = c.days[TaskField.dateFields.firstIndex(of: field)!]
            return column.withUnsafeBufferPointer { col in
                switch match {
                case .range(let lo, let hi):
                    // `noDay` is below every day: an open lower end must still leave it out.
                    let low = Int32(clamping: lo ?? Int(TaskColumns.noDay) + 1), high = Int32(clamping: hi ?? Int(Int32.max))
                    return TaskBits(count: n) { col[$0] >= low && col[$0] <= high }
                case .present: return TaskBits(count: n) { col[$0] != TaskColumns.noDay }
                case .absent: return TaskBits(count: n) { col[$0] == TaskColumns.noDay }
                case .notOn(let d): return TaskBits(count: n) { Int(col[$0]) != d }
                }
            }
        case .tracked(let test):
            let column = c.tracked
            return column.bounds.withUnsafeBufferPointer { pairs in
                column.starts.withUnsafeBufferPointer { st in
                    TaskBits(count: n) { test.matches(pairs, Int(st[$0]), Int(st[$0 + 1])) }
                }
            }
        case .search:
            // Free text: each task's folded title or body, as the row predicate reads it.
            let p = test.predicate
            return TaskBits(count: n) { p(tasks[$0]) }
        case .dependency(let d):
            let graph = dependencies()
            switch d {
            case .blocked(let want):
                var out = TaskBits(count: n, allSet: !want)
                graph.forEachBlocked { row in if row < n { out[row] = want } }
                return out
            case .blocking:
                var out = TaskBits(count: n)
                graph.forEachBlocking { row in if row < n { out[row] = true } }
                return out
            }
        }
    }

    private static func list(_ lists: TaskColumns.Lists, _ test: ValueTest.ListTest, count n: Int) -> TaskBits {
        let starts = lists.starts, items = lists.items
        switch test.kind {
        case .empty: return TaskBits(count: n) { starts[$0] == starts[$0 + 1] }
        case .notEmpty: return TaskBits(count: n) { starts[$0] != starts[$0 + 1] }
        case .any, .none, .all:
            // For each distinct word, which of the wanted words it is (as a bit).
            var wantedBits = [UInt64](repeating: 0, count: lists.words.values.count)
            for (w, value) in lists.words.values.enumerated() {
                for (k, want) in test.wanted.enumerated() where want == value { wantedBits[w] |= 1 << UInt64(k & 63) }
            }
            if test.kind == .all && test.wanted.count > 64 {
                return TaskBits(count: n) { row in
                    test.matches(items[Int(starts[row])..<Int(starts[row + 1])].map { lists.words.values[Int($0)] })
                }
            }
            let all: UInt64 = test.wanted.isEmpty ? 0 : test.wanted.indices.reduce(0) { $0 | 1 << UInt64($1 & 63) }
            return wantedBits.withUnsafeBufferPointer { wb in
                items.withUnsafeBufferPointer { it in
                    starts.withUnsafeBufferPointer { st in
                        TaskBits(count: n) { row in
                            var found: UInt64 = 0
                            for i in Int(st[row])..<Int(st[row + 1]) { found |= wb[Int(it[i])] }
                            switch test.kind {
                            case .any: return found != 0
                            case .none: return found == 0
                            default: return found & all == all
                            }
                        }
                    }
                }
            }
        }
    }
}
