/// What the finder reads of every task of one index, laid out for a scan: the
/// folded titles one after another in one buffer (row `i`'s are
/// `titles[starts[i]..<starts[i + 1]]`, capitals already lowered), whether
/// each task has notes, and its area, project and tags as the rule columns
/// number them (a query scores each distinct name once, not once per task).
/// A key typed then reads a few megabytes in order instead of following two
/// pointers per task into objects spread over the heap; the notes, read only
/// for a task nothing else matched, stay where they are. Made when the finder
/// opens (for one index generation) and dropped when it closes.
public final class FinderText: Sendable {
    public let generation: UInt64
    let titles: [UInt8]
    let starts: [Int32]
    let hasNotes: [Bool]
    let area: [Int32], areaKeys: [String]
    let project: [Int32], projectKeys: [String]
    /// Row `i`'s tags are the words `tagWords[tagStarts[i]..<tagStarts[i + 1]]`, in the task's order.
    let tagStarts: [Int32], tagWords: [Int32], tagKeys: [String]

    var count: Int { hasNotes.count }

    public init(_ index: TaskIndex) {
        generation = index.generation
        let tasks = index.tasks
        // Shares of rows folded on every core (a task's lazy folds made by one thread, as when the
        // index is built), then put end to end.
        let share = 2_048
        let parts = Parallel.map((tasks.count + share - 1) / share, chunk: 1) { c -> (bytes: [UInt8], ends: [Int32], notes: [Bool]) in
            let rows = (c * share)..<min(tasks.count, (c + 1) * share)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(rows.count * 32)
            var ends: [Int32] = []
            ends.reserveCapacity(rows.count)
            var notes: [Bool] = []
            notes.reserveCapacity(rows.count)
            for row in rows {
                let entry = tasks[row]
                var title = entry.task.title
                // (ASCII, nearly every title, lowered as it is copied; other text through its fold.)
                let ascii = title.withUTF8 { text in
                    guard !text.contains(where: { $0 >= 0x80 }) else { return false }
                    bytes.append(contentsOf: text.lazy.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 })
                    return true
                }
                if !ascii {
                    entry.withTitleSearch { text, lowering in
                        let from = bytes.count
                        bytes.append(contentsOf: text)
                        if lowering {
                            for i in from..<bytes.count where bytes[i] &- 0x41 < 26 { bytes[i] |= 0x20 }
                        }
                    }
                }
                ends.append(Int32(bytes.count))
                notes.append(!entry.task.body.isEmpty)
            }
            return (bytes, ends, notes)
        }
        var titles: [UInt8] = []
        titles.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count })
        var starts: [Int32] = [0]
        starts.reserveCapacity(tasks.count + 1)
        var hasNotes: [Bool] = []
        hasNotes.reserveCapacity(tasks.count)
        for part in parts {
            let base = Int32(titles.count)
            titles.append(contentsOf: part.bytes)
            starts.append(contentsOf: part.ends.lazy.map { $0 + base })
            hasNotes.append(contentsOf: part.notes)
        }
        (self.titles, self.starts, self.hasNotes) = (titles, starts, hasNotes)
        (area, areaKeys, project, projectKeys, tagStarts, tagWords, tagKeys) = index.evaluation.withColumns(index) { c in
            (c.area.rows, c.area.values, c.project.rows, c.project.values, c.tags.starts, c.tags.items, c.tags.words.values)
        }
    }

    /// Each name's score for `q` (`none`: not matched), with the field's bonus.
    static func scores(_ q: UnsafeBufferPointer<UInt8>, _ keys: [String], bonus: Int) -> [Int32] {
        keys.map { key in
            var key = key
            return key.withUTF8 { FuzzyMatch.window(q, in: FuzzyMatch.Lowered(bytes: $0, lowering: false)) }.map { Int32($0.score + bonus) } ?? none
        }
    }

    static let none = Int32.min
}
