import Foundation
import XCTest
@testable import TaskEngine

/// The task cache's byte records give back exactly the task they were made from.
final class TaskRecordTests: XCTestCase {
    func roundTrip(_ t: TaskItem, tz: TimeZone = utc) -> TaskItem? {
        TaskRecord.encode(t).withUnsafeBytes { TaskRecord.decode($0, id: t.id, timeZone: tz) }
    }

    func testEveryDemoTaskAndEveryHandWrittenFileRoundTrips() throws {
        let demo = DemoVaultGenerator(count: 600, seed: 11, today: pinnedToday, timeZone: utc).taskItems()
        let hand = try HandWrittenFiles.all.map { try parse($0.text, id: $0.name + ".md").task }
        for t in demo + hand {
            XCTAssertEqual(roundTrip(t), t, t.id)
        }
    }

    /// Every status with every priority, each kept as its place in `allCases`
    /// (read from the indexed task's bits when a snapshot is written).
    func testEveryStatusAndPriorityRoundTrips() {
        for status in TaskStatus.allCases {
            for priority in Priority.allCases {
                var t = TaskItem(id: "s.md", title: "S")
                (t.status, t.priority) = (status, priority)
                XCTAssertEqual(roundTrip(t)?.status, status)
                XCTAssertEqual(roundTrip(t)?.priority, priority)
            }
        }
    }

    func testOddValuesRoundTrip() throws {
        var t = TaskItem(id: "deep/ü 東京.md", title: "")
        t.tags = ["", "a\u{1F}b", "🎉", String(repeating: "x", count: 300)]
        t.warnings = ["status 'blocked' is not a known status"]
        t.statusText = "doing"
        t.status = .inProgress
        t.priorityText = "!!"
        t.priority = .high
        t.estimatedMinutes = -5
        t.body = String(repeating: "line\r\n", count: 5000)
        t.due = TaskDate(parsing: "2026-11-25T09:30:00+09:00", timeZone: utc)
        t.fingerprint = FileFingerprint(size: Int(Int32.max) * 4, hash: .max)
        XCTAssertEqual(roundTrip(t), t)
        XCTAssertEqual(roundTrip(t)?.due?.sortKey, t.due?.sortKey)
        XCTAssertEqual(roundTrip(TaskItem(id: "bare.md", title: "Bare")), TaskItem(id: "bare.md", title: "Bare"))
    }

    func testADamagedRecordIsRefusedNotMisread() throws {
        var t = TaskItem(id: "a.md", title: "Alpha")
        t.tags = ["one", "two"]
        t.due = TaskDate(parsing: "2026-11-25")
        let bytes = TaskRecord.encode(t)
        for cut in 0..<bytes.count {
            let shorter = Array(bytes[0..<cut])
            XCTAssertNil(shorter.withUnsafeBytes { TaskRecord.decode($0, id: "a.md", timeZone: utc) }, "cut at \(cut)")
        }
        XCTAssertNil((bytes + [0]).withUnsafeBytes { TaskRecord.decode($0, id: "a.md", timeZone: utc) }, "trailing bytes")
        var badStatus = bytes
        badStatus[1 + 5 + 1 + 1] = 99  // title "Alpha" (len + 5), hasTitle, statusText nil, then the status byte
        XCTAssertNil(badStatus.withUnsafeBytes { TaskRecord.decode($0, id: "a.md", timeZone: utc) })
    }

    /// A chunk decoded with shared values gives the same tasks, with equal
    /// tag lists one array and equal long names one string.
    func testSharedValuesGiveTheSameTasksAndOneCopyOfEach() {
        var demo = DemoVaultGenerator(count: 800, seed: 5, today: pinnedToday, timeZone: utc).taskItems()
        for i in demo.indices where i % 3 == 0 {
            demo[i].project = "A project name longer than fifteen bytes \(i % 4)"
            demo[i].area = "Ärea \(i % 2)"
        }
        let shared = SharedNames()
        let back = demo.map { t in TaskRecord.encode(t).withUnsafeBytes { TaskRecord.decode($0, id: t.id, timeZone: utc, shared: shared)! } }
        XCTAssertEqual(back, demo)
        func storage(_ l: [String]) -> UnsafeRawPointer? { l.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        func storage(_ s: String?) -> UnsafeRawPointer? {
            guard var s else { return nil }
            return s.withUTF8 { UnsafeRawPointer($0.baseAddress) }
        }
        var lists: [[String]: Set<UnsafeRawPointer?>] = [:], names: [String: Set<UnsafeRawPointer?>] = [:]
        for t in back where !t.tags.isEmpty { lists[t.tags, default: []].insert(storage(t.tags)) }
        for t in back { if let p = t.project, p.utf8.count > 15 { names[p, default: []].insert(storage(t.project)) } }
        XCTAssertGreaterThan(lists.count, 3)
        XCTAssertGreaterThanOrEqual(names.count, 4)
        for (list, places) in lists { XCTAssertEqual(places.count, 1, "\(list)") }
        for (name, places) in names { XCTAssertEqual(places.count, 1, name) }
        // Every name, short ones too, is one object with its key folded once; so is every tag list.
        var areas: [String: Set<ObjectIdentifier>] = [:], tagLists: [[String]: Set<ObjectIdentifier>] = [:]
        for t in back {
            if let a = t.areaName { areas[a.text, default: []].insert(ObjectIdentifier(a)) }
            if let l = t.tagList { tagLists[l.tags, default: []].insert(ObjectIdentifier(l)) }
            XCTAssertEqual(t.areaName?.key, t.area.map(TextFold.key))
            XCTAssertEqual(t.projectName?.key, t.project.map(TextFold.key))
            XCTAssertEqual(t.tagList?.keys ?? [], t.tags.map(TextFold.key))
        }
        XCTAssertGreaterThanOrEqual(areas.count, 3)
        for (area, objects) in areas { XCTAssertEqual(objects.count, 1, area) }
        for (list, objects) in tagLists { XCTAssertEqual(objects.count, 1, "\(list)") }
    }

    /// Swift finds `é` and `e` + U+0301 equal: shared values must not turn
    /// one into the other (a value is kept as the file wrote it).
    func testSharedValuesKeepEachTasksOwnBytes() {
        let shared = SharedNames()
        for (i, (tag, project)) in [("caf\u{E9}", "R\u{E9}novation de la cuisine"), ("cafe\u{301}", "Re\u{301}novation de la cuisine"),
                                     ("caf\u{E9}", "R\u{E9}novation de la cuisine")].enumerated() {
            var t = TaskItem(id: "t\(i).md", title: "T")
            (t.tags, t.project, t.area) = ([tag, "x"], project, project)
            let back = TaskRecord.encode(t).withUnsafeBytes { TaskRecord.decode($0, id: t.id, timeZone: utc, shared: shared)! }
            XCTAssertEqual(back.tags.map { Array($0.utf8) }, [Array(tag.utf8), Array("x".utf8)])
            XCTAssertEqual(back.project.map { Array($0.utf8) }, Array(project.utf8))
            XCTAssertEqual(back.area.map { Array($0.utf8) }, Array(project.utf8))
        }
    }

    /// A chunk writes each record in place and puts its length before it:
    /// the bytes are those of writing each entry's id, stamp, record length
    /// and record one after the other, for records whose length takes one,
    /// two or three bytes (127/128 and 16,383/16,384 among them), and every
    /// entry reads back.
    func testAChunkIsEachEntryWrittenInTurn() {
        var random = SeededRandom(seed: 41)
        var tasks: [TaskItem] = [], files: [VaultListing.File] = []
        let bare = TaskRecord.encode(TaskItem(id: "x.md", title: "")).count
        var bodies = [0, 1, 60, 126, 127, 128, 129, 300, 16_383, 16_384, 16_385, 40_000].map { max(0, $0 - bare - 2) }
        bodies += (0..<200).map { _ in Int(random.next() % 600) }
        for (i, n) in bodies.enumerated() {
            var t = TaskItem(id: "t\(i).md", title: "")
            t.body = String(repeating: "b", count: n)
            if i % 3 == 0 { t.tags = ["x", "ü"]; t.due = TaskDate(parsing: "2026-11-25", timeZone: utc) }
            tasks.append(t)
            files.append(VaultListing.File(id: t.id, size: n * 7 + i, mtime: Int64(i) * 1_000_003))
        }
        XCTAssertTrue(bodies.map { TaskRecord.encode(TaskItem(id: "x.md", title: "")).count + $0 }.contains { $0 >= 16_384 })
        for cut in [1, 5, 12, tasks.count] {
            let part = Array(zip(files, tasks).prefix(cut))
            let chunk = CacheSnapshot.chunk(part.map { (file: $0.0, task: IndexedTask($0.1)) })
            var expected = TaskRecord.Writer()
            for (f, t) in part {
                let record = TaskRecord.encode(t)
                expected.string(t.id)
                expected.varint(UInt64(f.size))
                expected.varint(UInt64(bitPattern: f.mtime))
                expected.varint(UInt64(record.count))
                expected.bytes += record
            }
            XCTAssertEqual(chunk, expected.bytes, "\(cut) entries")
            let entries = chunk.withUnsafeBytes { CacheSnapshot.entries($0) }
            XCTAssertEqual(entries?.count, cut)
            for (e, (f, t)) in zip(entries ?? [], part) {
                XCTAssertTrue(e.size == f.size && e.mtime == f.mtime, "\(f.id)")
                let back = chunk.withUnsafeBytes { TaskRecord.decode(UnsafeRawBufferPointer(rebasing: $0[e.record]), id: t.id, timeZone: utc) }
                XCTAssertEqual(back, t)
            }
        }
    }
}
