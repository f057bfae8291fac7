import XCTest
@testable import TaskEngine

/// A task's rare fields live in a shared box (an estimate beside its
/// one-byte fields when it fits in 32 bits, a status or priority word as a
/// code when it is a common one): a task is still a value (a
/// copy changed leaves the original as it was), two tasks with the same
/// fields are equal and hash alike however they got them, and a task whose
/// rare fields are all emptied again equals one that never had any.
final class TaskItemRareFieldsTests: XCTestCase {
    /// The same fields, plainly stored: what the task must behave like.
    struct Plain: Equatable {
        var source: String?, contexts: [String] = [], estimatedMinutes: Int?, recurrence: String?, recurrenceAnchor: String?
        var completeInstances: [String] = [], skippedInstances: [String] = [], warnings: [String] = []
        var statusText: String?, priorityText: String?
        var fingerprint: FileFingerprint?

        init() {}
        init(_ t: TaskItem) {
            (source, contexts, estimatedMinutes, recurrence) = (t.source, t.contexts, t.estimatedMinutes, t.recurrence)
            (recurrenceAnchor, completeInstances, skippedInstances, warnings) = (t.recurrenceAnchor, t.completeInstances, t.skippedInstances, t.warnings)
            (statusText, priorityText, fingerprint) = (t.statusText, t.priorityText, t.fingerprint)
        }
    }

    func randomEdit(_ t: inout TaskItem, _ p: inout Plain, _ rng: inout SeededRandom) {
        let words = ["", "home", "FREQ=DAILY", "completion", "2026-11-20"]
        let w = words[rng.int(0...words.count - 1)]
        let list = w.isEmpty ? [] : Array(repeating: w, count: rng.int(1...2))
        // Status and priority words: common ones are kept as a code, others in the box.
        let status = [nil, "todo", "doing", "In Progress", "blocked", "À faire", "todo ", ""][rng.int(0...7)]
        let priority = [nil, "high", "High", "p1", "none", "ⓗ"][rng.int(0...5)]
        switch rng.int(0...10) {
        case 10:  // (a size that fits in 32 bits beside the estimate, else in the box)
            let sizes = [0, 1, 4_096, Int(Int32.max), Int(Int32.max) + 1, Int.max, -1, -2, Int(Int32.min)]
            let f = rng.int(0...4) == 0 ? nil : FileFingerprint(size: sizes[rng.int(0...sizes.count - 1)], hash: UInt64(rng.int(0...3)))
            (t.fingerprint, p.fingerprint) = (f, f)
        case 8: (t.statusText, p.statusText) = (status, status)
        case 9: (t.priorityText, p.priorityText) = (priority, priority)
        case 0: (t.source, p.source) = (w.isEmpty ? nil : w, w.isEmpty ? nil : w)
        case 1: (t.contexts, p.contexts) = (list, list)
        case 2:  // (kept beside the one-byte fields when it fits in 32 bits, else in the box)
            let big = [Int.max, Int.min, Int(Int32.max), Int(Int32.max) + 1, Int(Int32.min), Int(Int32.min) + 1, Int(Int32.min) + 2, -5]
            let m = w.isEmpty ? nil : rng.int(0...3) == 0 ? big[rng.int(0...big.count - 1)] : rng.int(0...600)
            (t.estimatedMinutes, p.estimatedMinutes) = (m, m)
        case 3: (t.recurrence, p.recurrence) = (w.isEmpty ? nil : w, w.isEmpty ? nil : w)
        case 4: (t.recurrenceAnchor, p.recurrenceAnchor) = (w.isEmpty ? nil : w, w.isEmpty ? nil : w)
        case 5: (t.completeInstances, p.completeInstances) = (list, list)
        case 6: (t.skippedInstances, p.skippedInstances) = (list, list)
        default: (t.warnings, p.warnings) = (list, list)
        }
    }

    func testCopiesAreIndependentAndEqualityIsByValue() {
        var rng = SeededRandom(seed: 11)
        var tasks: [(TaskItem, Plain)] = [(TaskItem(id: "a.md", title: "A"), Plain())]
        for _ in 0..<4_000 {
            let k = rng.int(0...tasks.count - 1)
            var (t, p) = tasks[k]  // a copy sharing the original's box
            let before = tasks[k]
            randomEdit(&t, &p, &rng)
            XCTAssertEqual(Plain(t), p)
            XCTAssertEqual(Plain(tasks[k].0), before.1, "the original is unchanged")
            XCTAssertEqual(tasks[k].0, before.0)
            if tasks.count < 40 { tasks.append((t, p)) } else { tasks[rng.int(0...39)] = (t, p) }
        }
        // Equal fields: equal tasks and equal hashes, whatever edits led there.
        for (a, pa) in tasks {
            for (b, pb) in tasks {
                XCTAssertEqual(a == b, pa == pb)
                if pa == pb { XCTAssertEqual(a.hashValue, b.hashValue) }
            }
        }
    }

    func testEmptiedFieldsEqualATaskThatNeverHadThem() {
        var t = TaskItem(id: "a.md", title: "A")
        t.recurrence = "FREQ=WEEKLY"
        t.completeInstances = ["2026-11-20"]
        t.estimatedMinutes = 30
        t.statusText = "blocked"
        t.priorityText = "high"
        t.fingerprint = FileFingerprint(size: 1 << 40, hash: 7)
        XCTAssertNotEqual(t, TaskItem(id: "a.md", title: "A"))
        (t.recurrence, t.completeInstances, t.estimatedMinutes, t.statusText, t.priorityText) = (nil, [], nil, nil, nil)
        XCTAssertNotEqual(t, TaskItem(id: "a.md", title: "A"), "the fingerprint is still set")
        t.fingerprint = nil
        XCTAssertEqual(t, TaskItem(id: "a.md", title: "A"))
        XCTAssertEqual(t.hashValue, TaskItem(id: "a.md", title: "A").hashValue)
        // Through the cache's record and back.
        t.contexts = ["phone"]
        t.estimatedMinutes = Int.max
        t.warnings = ["status 'doing' counts as in-progress"]
        (t.statusText, t.priorityText) = ("Blocked", "low")
        t.fingerprint = FileFingerprint(size: Int(Int32.max) + 1, hash: .max)
        let back = TaskRecord.encode(t).withUnsafeBytes { TaskRecord.decode($0, id: "a.md", timeZone: .current) }
        XCTAssertEqual(back, t)
    }
}
