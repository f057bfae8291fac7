import Foundation

/// The rule columns (`TaskColumns`) of a snapshot's tasks, stored beside the
/// snapshot: a command asked which tasks a perspective matches reads these
/// few megabytes and scans them, and decodes only the tasks that match.
///
/// Layout: a version byte, then each column as a count and its values (fixed
/// width, this machine's byte order: the cache never leaves it), text as
/// length-prefixed UTF-8. Every number is checked on reading, so a damaged
/// blob is refused, never scanned.
enum CacheColumns {
    static let version: UInt8 = 4

    /// At least as many bytes as `encode(c)` writes.
    static func sizeBound(_ c: TaskColumns) -> Int {
        let texts = [c.area, c.project, c.source, c.recurrence, c.tags.words, c.contexts.words, c.assignees.words].reduce(0) { sum, column in
            sum + column.values.reduce(0) { $0 + $1.utf8.count + 10 }
        }
        let perRow = 6 + 4 * 4 + 3 * 4 + 8 + 4 + 4 * c.days.count  // flags; four text columns; three list starts; minutes; tracked starts; days
        return 512 + c.count * perRow + 4 * (c.tags.items.count + c.contexts.items.count + c.assignees.items.count) + 8 * c.tracked.bounds.count + texts
    }

    static func encode(_ c: TaskColumns) -> [UInt8] {
        var out: [UInt8] = []
        // Sized once: grown by doubling, the buffer would peak at several times its length.
        out.reserveCapacity(sizeBound(c))
        encode(c) { out.append(contentsOf: $0) }
        return out
    }

    /// How many bytes `encode(c)` writes.
    static func encodedSize(_ c: TaskColumns) -> Int {
        var n = 0
        encode(c) { n += $0.count }
        return n
    }

    /// The bytes of `encode(c)` handed to `sink` in order, a piece at a time:
    /// a column's values straight from its array, the small parts gathered.
    /// The snapshot is written this way, so its columns are never held
    /// encoded whole beside them (a big vault's would add to the peak of a first start).
    static func encode(_ c: TaskColumns, to sink: (UnsafeRawBufferPointer) -> Void) {
        var w = TaskRecord.Writer()
        func flush() {
            w.bytes.withUnsafeBytes(sink)
            w.bytes.removeAll(keepingCapacity: true)
        }
        func scalars<T: FixedWidthInteger>(_ values: [T]) {
            w.varint(UInt64(values.count))
            guard values.count * MemoryLayout<T>.size >= 4096 else { return values.withUnsafeBytes { w.bytes.append(contentsOf: $0) } }
            flush()
            values.withUnsafeBytes(sink)
        }
        func interned(_ column: TaskColumns.Interned) {
            scalars(column.rows)
            w.list(column.values)
            if w.bytes.count >= 1 << 16 { flush() }
        }
        w.byte(version)
        w.varint(UInt64(c.count))
        scalars(c.status)
        scalars(c.priority)
        scalars(c.flagged.map { $0 ? UInt8(1) : 0 })
        scalars(c.inbox.map { $0 ? UInt8(1) : 0 })
        scalars(c.draft.map { $0 ? UInt8(1) : 0 })
        scalars(c.waits.map { $0 ? UInt8(1) : 0 })
        for column in [c.area, c.project, c.source, c.recurrence] { interned(column) }
        for lists in [c.tags, c.contexts, c.assignees] {
            scalars(lists.starts)
            scalars(lists.items)
            interned(lists.words)
        }
        scalars(c.minutes.map { Int64($0) })
        scalars(c.tracked.starts)
        scalars(c.tracked.bounds)
        w.varint(UInt64(c.days.count))
        for d in c.days { scalars(d) }
        flush()
    }

    /// The columns, or nil when the bytes are damaged or of another version.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> TaskColumns? {
        var r = TaskRecord.Reader(bytes: bytes)
        guard r.byte() == version, let n64 = r.varint(), n64 <= UInt64(bytes.count) else { return nil }
        let n = Int(n64)
        var c = TaskColumns()
        guard let status = r.scalars(UInt8.self, count: n), let priority = r.scalars(UInt8.self, count: n),
              let flagged = r.scalars(UInt8.self, count: n), let inbox = r.scalars(UInt8.self, count: n),
              let draft = r.scalars(UInt8.self, count: n), let waits = r.scalars(UInt8.self, count: n),
              let area = r.interned(rows: n), let project = r.interned(rows: n),
              let source = r.interned(rows: n), let recurrence = r.interned(rows: n),
              let tags = r.lists(rows: n), let contexts = r.lists(rows: n), let assignees = r.lists(rows: n),
              let minutes = r.scalars(Int64.self, count: n),
              let trackedStarts = r.scalars(Int32.self, count: n + 1), let trackedBounds = r.scalars(Int64.self),
              let tracked = TrackedColumn(starts: trackedStarts, bounds: trackedBounds),
              r.varint() == UInt64(TaskField.dateFields.count) else { return nil }
        for i in 0..<TaskField.dateFields.count {
            guard let d = r.scalars(Int32.self, count: n) else { return nil }
            c.days[i] = d
        }
        guard r.atEnd else { return nil }
        (c.status, c.priority) = (status, priority)
        (c.flagged, c.inbox, c.draft) = (flagged.map { $0 != 0 }, inbox.map { $0 != 0 }, draft.map { $0 != 0 })
        c.waits = waits.map { $0 != 0 }
        (c.area, c.project, c.source, c.recurrence) = (area, project, source, recurrence)
        (c.tags, c.contexts, c.assignees) = (tags, contexts, assignees)
        c.minutes = minutes.map { Int(truncatingIfNeeded: $0) }
        c.tracked = tracked
        return c
    }
}

extension TaskRecord.Reader {
    /// `count` values written by `Writer.scalars` (nil when another count or past the end).
    mutating func scalars<T: FixedWidthInteger>(_: T.Type, count: Int? = nil) -> [T]? {
        guard let n = varint(), count.map({ UInt64($0) == n }) ?? true,
              n <= UInt64(bytes.count - at) / UInt64(MemoryLayout<T>.size) else { return nil }
        let length = Int(n) * MemoryLayout<T>.size
        let out = [T](unsafeUninitializedCapacity: Int(n)) { buffer, initialized in
            if length > 0 { memcpy(buffer.baseAddress!, bytes.baseAddress! + at, length) }
            initialized = Int(n)
        }
        at += length
        return out
    }

    /// A text column of `rows` rows whose every number names one of its values (or is -1).
    mutating func interned(rows: Int) -> TaskColumns.Interned? {
        guard let numbers = scalars(Int32.self, count: rows), let values = list(),
              numbers.allSatisfy({ $0 >= -1 && Int($0) < values.count }) else { return nil }
        return TaskColumns.Interned(rows: numbers, values: values)
    }

    /// Word lists of `rows` rows: starts rising from 0 to the end of the items, each item a word.
    mutating func lists(rows: Int) -> TaskColumns.Lists? {
        guard let starts = scalars(Int32.self, count: rows + 1), let items = scalars(Int32.self),
              let words = interned(rows: 0), let column = RaggedColumn(starts: starts, items: items),
              items.allSatisfy({ $0 >= 0 && Int($0) < words.values.count }) else { return nil }
        return TaskColumns.Lists(rows: column, words: words)
    }
}
