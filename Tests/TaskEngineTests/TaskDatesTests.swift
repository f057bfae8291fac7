import CMimalloc
import XCTest
@testable import TaskEngine

/// A task's six dates are kept as one word each, with the text of a date in
/// a shape not rendered back beside them: every date reads back as it was
/// set (its text as written, its value), copies stay independent, two tasks
/// whose dates are written the same are equal and hash alike (whatever zone
/// read them, whatever edits led there), and a task stays small.
final class TaskDatesTests: XCTestCase {
    let setters: [WritableKeyPath<TaskItem, TaskDate?>] = [\.due, \.scheduled, \.defer_, \.created, \.modified, \.completed]

    /// A date of any accepted shape (whole days, the app's shapes, texts kept as written), or none.
    func randomDate(_ rng: inout SeededRandom) -> TaskDate? {
        if rng.below(5) == 0 { return nil }
        let zone = TaskDateShapeTests.zones[rng.below(TaskDateShapeTests.zones.count)]
        if rng.below(4) == 0 { return TaskDate(day: Day(ordinal: rng.int(-720_000...2_900_000))) }
        return TaskDate(parsing: TaskDateShapeTests.randomText(&rng), timeZone: zone)
    }

    func testEveryDateReadsBackAsSetAndCopiesStayIndependent() {
        var rng = SeededRandom(seed: 23)
        var tasks: [(TaskItem, [TaskDate?])] = [(TaskItem(id: "a.md", title: "A"), Array(repeating: nil, count: 6))]
        for _ in 0..<6_000 {
            let k = rng.below(tasks.count)
            var (t, plain) = tasks[k]
            let before = tasks[k]
            let slot = rng.below(6), date = randomDate(&rng)
            t[keyPath: setters[slot]] = date
            plain[slot] = date
            for s in 0..<6 {
                XCTAssertEqual(t[keyPath: setters[s]]?.raw, plain[s]?.raw)
                XCTAssertEqual(t[keyPath: setters[s]]?.sortKey, plain[s]?.sortKey)
                XCTAssertEqual(t[keyPath: setters[s]]?.hasTime, plain[s]?.hasTime)
                XCTAssertEqual(t.date(TaskField.dateFields[s])?.raw, plain[s]?.raw)
                XCTAssertEqual(before.0[keyPath: setters[s]]?.raw, before.1[s]?.raw, "the original is unchanged")
            }
            if tasks.count < 40 { tasks.append((t, plain)) } else { tasks[rng.below(40)] = (t, plain) }
        }
        for (a, pa) in tasks {
            for (b, pb) in tasks {
                let same = zip(pa, pb).allSatisfy { $0?.raw == $1?.raw }
                XCTAssertEqual(a == b, same)
                if same { XCTAssertEqual(a.hashValue, b.hashValue) }
            }
        }
    }

    func testTheSameTextReadInAnotherZoneIsTheSameTask() {
        var rng = SeededRandom(seed: 5)
        for _ in 0..<500 {
            let text = TaskDateShapeTests.randomText(&rng)
            let zones = TaskDateShapeTests.zones
            var a = TaskItem(id: "a.md", title: "A"), b = a
            a.created = TaskDate(parsing: text, timeZone: zones[rng.below(zones.count)])
            b.created = TaskDate(parsing: text, timeZone: zones[rng.below(zones.count)])
            XCTAssertEqual(a, b, text)
            XCTAssertEqual(a.hashValue, b.hashValue, text)
            b.due = TaskDate(parsing: "2026-11-20")
            XCTAssertNotEqual(a, b)
        }
    }

    func testTextsGoneEqualATaskThatNeverHadThem() {
        var t = TaskItem(id: "a.md", title: "A")
        t.due = TaskDate(parsing: "2026-11-20 08:30")  // (a space for `T`: kept as written)
        t.completed = TaskDate(parsing: "2026-11-20T08:30:00+05:30")
        XCTAssertEqual(t.due?.raw, "2026-11-20 08:30")
        XCTAssertEqual(t.completed?.raw, "2026-11-20T08:30:00+05:30")
        XCTAssertNotEqual(t, TaskItem(id: "a.md", title: "A"))
        t.due = TaskDate(parsing: "2026-11-20")
        t.completed = nil
        var plain = TaskItem(id: "a.md", title: "A")
        plain.due = TaskDate(day: Day(year: 2026, month: 11, day: 20)!)
        XCTAssertEqual(t, plain)
        XCTAssertEqual(t.hashValue, plain.hashValue)
        // A day read with blanks around it is written back as the day.
        t.due = TaskDate(parsing: " 2026-11-20\t")
        XCTAssertEqual(t.due?.raw, "2026-11-20")
        XCTAssertEqual(t, plain)
    }

    func testDatesRoundTripThroughTheCachesRecord() {
        var rng = SeededRandom(seed: 8)
        for _ in 0..<400 {
            var t = TaskItem(id: "a.md", title: "A")
            for s in setters { t[keyPath: s] = randomDate(&rng) }
            let back = TaskRecord.encode(t).withUnsafeBytes { TaskRecord.decode($0, id: "a.md", timeZone: .current) }
            XCTAssertEqual(back, t)
            for s in setters { XCTAssertEqual(back?[keyPath: s]?.raw, t[keyPath: s]?.raw) }
        }
    }

    /// Six optional dates took 144 bytes of every task; one word each, 48 and a reference.
    func testATaskHoldsItsDatesInOneWordEach() {
        XCTAssertEqual(MemoryLayout<TaskDates>.size, 56)
        XCTAssertLessThanOrEqual(MemoryLayout<TaskItem>.size, 168, "with the status and priority words as codes and the file's size in 32 bits")
        // What malloc gives each indexed task (100,000 of them at a time): mimalloc's class of
        // 224 bytes (the object asks for 200; one of 192 bytes or less would take 192).
        let t = IndexedTask(TaskItem(id: "a.md", title: "A"))
        withExtendedLifetime(t) { XCTAssertLessThanOrEqual(mi_usable_size(Unmanaged.passUnretained(t).toOpaque()), 224) }
    }
}
