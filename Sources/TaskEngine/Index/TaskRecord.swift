import Foundation

/// A parsed task as one compact byte record, the way the task cache stores it:
/// decoding a record is a few copies, where rebuilding a task from thirty
/// named columns would cost most of a warm start. Lists are length-prefixed, so any
/// text round-trips; a date is kept as a number the same in every time zone
/// (`TaskDate.zoneFreeWord`), or as its text when that is what it keeps, and
/// read back in the current time zone.
///
///     let bytes = TaskRecord.encode(task)
///     TaskRecord.decode(bytes, id: task.id, timeZone: .current) == task
public enum TaskRecord {
    /// Tasks with a body larger than this are not cached: their file is read
    /// at each start instead, so two 50 MB notes do not become hundreds of
    /// megabytes of cache.
    public static let largestCachedBody = 256 * 1024

    /// A task with a value it cannot read (`BadValue`) is not cached either: its file is read
    /// at each start, so the value's text and its problem come from the file itself (few tasks
    /// have one, and the record stays as it is).
    public static func isCacheable(_ t: TaskItem) -> Bool { t.body.utf8.count <= largestCachedBody && t.badValues.isEmpty }
    /// (The body read where it lies: handing over the task itself copied it.)
    static func isCacheable(_ t: IndexedTask) -> Bool { t.task.body.utf8.count <= largestCachedBody && t.task.badValues.isEmpty }

    public static func encode(_ t: TaskItem) -> [UInt8] {
        var w = Writer()
        encode(IndexedTask(t), into: &w)
        return w.bytes
    }

    /// Appends the task's record to `w` (a snapshot's chunk writes its records
    /// into its own bytes: one buffer grown for all, none made for each).
    /// Each field is read where it lies in the indexed task: handing over the
    /// task itself would copy it, every reference in it retained and released
    /// (a large part of a snapshot's encoding).
    static func encode(_ indexed: IndexedTask, into w: inout Writer) {
        w.string(indexed.task.title)
        w.bool(indexed.task.hasTitleKey)
        w.optional(indexed.task.statusText)
        w.byte(UInt8(indexed.statusBit.trailingZeroBitCount))  // (its place in `allCases`)
        w.optional(indexed.task.priorityText)
        w.byte(UInt8(indexed.priorityBit.trailingZeroBitCount))
        w.bool(indexed.task.flagged)
        w.date(indexed.task.due); w.date(indexed.task.scheduled); w.date(indexed.task.defer_); w.date(indexed.task.created); w.date(indexed.task.modified); w.date(indexed.task.completed)
        w.optional(indexed.task.area)
        w.optional(indexed.task.project)
        w.optional(indexed.task.source)
        w.list(indexed.task.tags)
        w.list(indexed.task.contexts)
        w.list(indexed.task.assignees)
        w.optionalInt(indexed.task.estimatedMinutes)
        w.optional(indexed.task.recurrence)
        w.optional(indexed.task.recurrenceAnchor)
        w.list(indexed.task.completeInstances)
        w.list(indexed.task.skippedInstances)
        w.string(indexed.task.body)
        w.list(indexed.task.warnings)
        w.list(indexed.task.otherProjects)
        // Each dependency as three strings: uid, relation, gap ("" for none).
        w.list(indexed.task.dependencies.flatMap { [$0.uid, $0.relation.rawValue, $0.gap ?? ""] })
        TrackingRecord.encode(indexed.task, into: &w)
        w.bool(indexed.task.fingerprint != nil)
        if let fp = indexed.task.fingerprint {
            w.varint(UInt64(fp.size))
            w.varint(fp.hash)
        }
    }

    /// Nil when the record is damaged (the file is then parsed again).
    /// Tag lists, areas, projects and sources equal to ones `shared` has
    /// seen are that one copy.
    public static func decode(_ bytes: UnsafeRawBufferPointer, id: String, timeZone: TimeZone,
                              shared: SharedNames? = nil) -> TaskItem? {
        var r = Reader(bytes: bytes)
        guard let title = r.string() else { return nil }
        var t = TaskItem(id: id, title: title)
        guard let hasTitle = r.bool(), let statusText = r.optional(), let status = r.byte(),
              status < TaskStatus.allCases.count, let priorityText = r.optional(), let priority = r.byte(),
              priority < Priority.allCases.count, let flagged = r.bool() else { return nil }
        t.hasTitleKey = hasTitle
        t.statusText = statusText
        t.status = TaskStatus.allCases[Int(status)]
        t.priorityText = priorityText
        t.priority = Priority.allCases[Int(priority)]
        t.flagged = flagged
        /// `.some(nil)` for no date; nil when damaged.
        func date() -> TaskDate?? {
            switch r.byte() {
            case 0?: return .some(nil)
            case 1?: return r.string().flatMap { TaskDate(parsing: $0, timeZone: timeZone) }.map { .some($0) }
            case 2?: return r.word().flatMap { TaskDate(zoneFreeWord: $0, timeZone: timeZone) }.map { .some($0) }
            default: return nil
            }
        }
        guard let due = date(), let scheduled = date(), let deferDate = date(), let created = date(),
              let modified = date(), let completed = date() else { return nil }
        (t.due, t.scheduled, t.defer_, t.created, t.modified, t.completed) = (due, scheduled, deferDate, created, modified, completed)
        guard let area = r.optional(), let project = r.optional(), let source = r.optional(), let tags = r.list(), let contexts = r.list(), let assignees = r.list(),
              let estimate = r.optionalInt(), let recurrence = r.optional(), let anchor = r.optional(), let complete = r.list(),
              let skipped = r.list(), let body = r.string(), let warnings = r.list(), let otherProjects = r.list(),
              let dependencyParts = r.list(), dependencyParts.count % 3 == 0, TrackingRecord.decode(&r, into: &t),
              let hasFingerprint = r.bool() else { return nil }
        if !dependencyParts.isEmpty {
            var dependencies: [TaskDependency] = []
            for i in stride(from: 0, to: dependencyParts.count, by: 3) {
                guard let relation = DependencyRelation(rawValue: dependencyParts[i + 1]) else { return nil }
                dependencies.append(TaskDependency(uid: dependencyParts[i], relation: relation, gap: dependencyParts[i + 2].isEmpty ? nil : dependencyParts[i + 2]))
            }
            t.dependencies = dependencies
        }
        (t.estimatedMinutes, t.recurrence, t.body, t.warnings) = (estimate, recurrence, body, warnings)
        if !otherProjects.isEmpty { t.otherProjects = otherProjects }
        if let shared {
            (t.areaName, t.projectName, t.sourceName, t.tagList) = shared.names(area: area, project: project, source: source, tags: tags)
        } else {
            (t.area, t.project, t.source, t.tags) = (area, project, source, tags)
        }
        (t.recurrenceAnchor, t.completeInstances, t.skippedInstances, t.contexts) = (anchor, complete, skipped, contexts)
        t.assignees = assignees
        if hasFingerprint {
            guard let size = r.varint().flatMap({ Int(exactly: $0) }), let hash = r.varint() else { return nil }
            t.fingerprint = FileFingerprint(size: size, hash: hash)
        }
        return r.atEnd ? t : nil
    }

    struct Writer {
        var bytes: [UInt8] = []

        mutating func byte(_ b: UInt8) { bytes.append(b) }
        mutating func bool(_ b: Bool) { bytes.append(b ? 1 : 0) }
        /// The bytes written from `start` on, preceded by their count (as `varint` writes it).
        mutating func prefixCount(from start: Int) {
            let count = UInt64(bytes.count - start)
            var width = 1
            while count >> (7 * UInt64(width)) != 0 { width += 1 }
            bytes.insert(contentsOf: repeatElement(0, count: width), at: start)
            var v = count
            for i in start..<(start + width) {
                bytes[i] = i == start + width - 1 ? UInt8(v) : UInt8(v & 0x7F) | 0x80
                v >>= 7
            }
        }
        mutating func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 {
                bytes.append(UInt8(v & 0x7F) | 0x80)
                v >>= 7
            }
            bytes.append(UInt8(v))
        }
        mutating func string(_ s: String) {
            // (Through the string's own bytes: appending its `utf8` view goes byte by byte,
            // a large part of writing a snapshot. Borrowed where they lie, as a native string's
            // are: `withUTF8` on a copy retains it and asks whether it is unique.)
            guard s.utf8.withContiguousStorageIfAvailable({ bytesOf($0) }) == nil else { return }
            var s = s
            s.withUTF8 { bytesOf($0) }
        }
        /// The length, then the bytes.
        private mutating func bytesOf(_ text: UnsafeBufferPointer<UInt8>) {
            varint(UInt64(text.count))
            bytes.append(contentsOf: text)
        }
        /// 0 for nil, else 1 + the string.
        mutating func optional(_ s: String?) {
            guard let s else { return byte(0) }
            byte(1)
            string(s)
        }
        /// 0 for nil; 2 and the date's `zoneFreeWord` (8 bytes, little-endian);
        /// else 1 and the text it keeps.
        mutating func date(_ date: TaskDate?) {
            guard let date else { return byte(0) }
            if let word = date.zoneFreeWord {
                byte(2)
                withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
            } else {
                byte(1)
                string(date.raw)
            }
        }
        mutating func list(_ items: [String]) {
            varint(UInt64(items.count))
            for s in items { string(s) }
        }
        mutating func optionalInt(_ v: Int?) {
            guard let v else { return byte(0) }
            byte(1)
            varint(UInt64(bitPattern: Int64(v)))
        }
    }

    /// Reads what `Writer` wrote; every read is bounds-checked and nil past the end.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var at = 0

        var atEnd: Bool { at == bytes.count }

        mutating func byte() -> UInt8? {
            guard at < bytes.count else { return nil }
            defer { at += 1 }
            return bytes[at]
        }
        mutating func bool() -> Bool? { byte().flatMap { $0 <= 1 ? $0 == 1 : nil } }
        mutating func varint() -> UInt64? {
            var v: UInt64 = 0, shift: UInt64 = 0
            while let b = byte() {
                guard shift < 64 else { return nil }
                v |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return v }
                shift += 7
            }
            return nil
        }
        /// 8 bytes, little-endian.
        mutating func word() -> Int64? {
            guard bytes.count - at >= 8 else { return nil }
            defer { at += 8 }
            return Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: Int64.self))
        }
        mutating func string() -> String? {
            guard let n = varint(), n <= UInt64(bytes.count - at) else { return nil }
            defer { at += Int(n) }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<(at + Int(n))]), as: UTF8.self)
        }
        /// `.some(nil)` for a stored nil; nil when damaged.
        mutating func optional() -> String?? {
            switch byte() {
            case 0?: return .some(nil)
            case 1?: return string().map { .some($0) }
            default: return nil
            }
        }
        mutating func list() -> [String]? {
            guard let n = varint(), n <= UInt64(bytes.count - at) else { return nil }
            var out: [String] = []
            out.reserveCapacity(Int(n))
            for _ in 0..<n {
                guard let s = string() else { return nil }
                out.append(s)
            }
            return out
        }
        mutating func optionalInt() -> Int?? {
            switch byte() {
            case 0?: return .some(nil)
            case 1?: return varint().map { .some(Int(Int64(bitPattern: $0))) }
            default: return nil
            }
        }
    }
}
