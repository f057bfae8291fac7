import Synchronization
import XCTest
@testable import TaskEngine

/// Date-times in the shapes the app writes are kept as their value and
/// rendered back when written; every other shape keeps its text. Either way
/// `raw` is the text as written, and the value is what Foundation computes.
final class TaskDateShapeTests: XCTestCase {
    static let zones = ["UTC", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Chatham",
                 "Europe/Dublin", "America/St_Johns", "Pacific/Kiritimati", "Europe/Amsterdam"].map { TimeZone(identifier: $0)! }

    /// A random date-time text of one of the accepted shapes (or a near miss).
    static func randomText(_ rng: inout SeededRandom) -> String {
        let year = [1, 1899, 1900, 1937, 1970, 2000, 2026, 2038, 9999][rng.below(9)]
        let month = 1 + rng.below(12), day = 1 + rng.below(28)
        var s = String(format: "%04d-%02d-%02d", year, month, day)
        if rng.below(6) == 0 { return [s, " " + s, s + "\t"][rng.below(3)] }
        s += ["T", "T", "T", " ", "t"][rng.below(5)]
        s += String(format: "%02d:%02d", rng.below(24), rng.below(60))
        switch rng.below(5) {
        case 0: break
        case 1: s += String(format: ":%02d", rng.below(61))
        case 2: s += String(format: ":%02d.%03d", rng.below(60), rng.below(1000))
        default: s += String(format: ":%02d", rng.below(60))
        }
        s += ["", "", "Z", "Z", "Z", "z", "+05:30", "-03:30", "+0545", "-11", " Z"][rng.below(11)]
        if rng.below(10) == 0 { s = " " + s + " " }
        return s
    }

    /// Local seconds by Foundation: the wall time (in the written zone, else local) seen from `zone`.
    func referenceSortKey(_ text: String, _ zone: TimeZone) -> Int64? {
        let t = text.trimmingCharacters(in: .whitespaces)
        let u = Array(t.utf8)
        func num(_ a: Int, _ n: Int) -> Int { Int(String(decoding: u[a..<(a + n)], as: UTF8.self))! }
        var c = DateComponents(year: num(0, 4), month: num(5, 2), day: num(8, 2))
        guard u.count > 10 else { return Int64(Day(year: c.year!, month: c.month!, day: c.day!)!.ordinal) * 86_400 }
        c.hour = num(11, 2)
        c.minute = num(14, 2)
        var i = 16
        if u.count > 16, u[16] == 0x3A { c.second = num(17, 2); i = 19 }
        while i < u.count, u[i] == 0x2E || (u[i] >= 0x30 && u[i] <= 0x39) { i += 1 }
        while i < u.count, u[i] == 0x20 { i += 1 }
        let wall = Int64(Day(year: c.year!, month: c.month!, day: c.day!)!.ordinal) * 86_400
            + Int64(c.hour! * 3600 + c.minute! * 60 + (c.second ?? 0))
        guard i < u.count else { return wall }
        var offset = 0
        if u[i] != 0x5A, u[i] != 0x7A {
            let sign = u[i] == 0x2D ? -1 : 1
            let digits = u[(i + 1)...].filter { $0 != 0x3A }
            let h = Int(String(decoding: digits.prefix(2), as: UTF8.self))!
            let m = digits.count > 2 ? Int(String(decoding: digits.dropFirst(2), as: UTF8.self))! : 0
            offset = sign * (h * 3600 + m * 60)
        }
        let utc = wall - Int64(offset)
        return utc + Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc))))
    }

    func testEveryShapeKeepsItsTextAndItsValueInEveryZone() {
        var rng = SeededRandom(seed: 23)
        var kept = 0
        for _ in 0..<6_000 {
            let text = Self.randomText(&rng)
            let zone = Self.zones[rng.below(Self.zones.count)]
            guard let d = TaskDate(parsing: text, timeZone: zone) else {
                XCTAssertTrue(text.contains(":60"), "only a leap second is refused here: \(text)")
                continue
            }
            kept += 1
            XCTAssertEqual(d.raw, text.trimmingCharacters(in: .whitespaces), "\(text) in \(zone.identifier)")
            XCTAssertEqual(d.sortKey, referenceSortKey(text, zone), "\(text) in \(zone.identifier)")
            XCTAssertEqual(d.hasTime, text.trimmingCharacters(in: .whitespaces).count > 10)
            // Read in another zone: the same date as written, whatever its value there.
            let other = TaskDate(parsing: text, timeZone: Self.zones[rng.below(Self.zones.count)])!
            XCTAssertEqual(other, d)
            XCTAssertEqual(other.hashValue, d.hashValue)
            // Through the cache's record.
            var t = TaskItem(id: "x.md", title: "x")
            t.created = d
            let bytes = TaskRecord.encode(t)
            let back = bytes.withUnsafeBytes { TaskRecord.decode($0, id: "x.md", timeZone: zone) }
            XCTAssertEqual(back?.created?.raw, d.raw)
            XCTAssertEqual(back?.created?.sortKey, d.sortKey)
        }
        XCTAssertGreaterThan(kept, 5_000)
    }

    func testDifferentTextsAreDifferentDates() {
        let utc = TimeZone(identifier: "UTC")!
        let texts = ["2026-11-20T08:30:00Z", "2026-11-20T08:30:00+00:00", "2026-11-20T08:30:00", "2026-11-20T08:30",
                     "2026-11-20 08:30", "2026-11-20T08:30:00z", "2026-11-20T08:30:00.000Z", "2026-11-20"]
        let dates = texts.map { TaskDate(parsing: $0, timeZone: utc)! }
        for (i, a) in dates.enumerated() {
            for (j, b) in dates.enumerated() { XCTAssertEqual(a == b, i == j, "\(texts[i]) vs \(texts[j])") }
        }
        // The app's own instants are of the kept shape and read back exactly.
        let now = TaskDate(instant: Date(timeIntervalSince1970: 1_790_000_000), timeZone: TimeZone(identifier: "Asia/Kathmandu")!)
        XCTAssertEqual(now.raw, "2026-09-21T14:13:20Z")
        XCTAssertEqual(now.sortKey, 1_790_000_000 + 5 * 3600 + 45 * 60)
    }

    /// Dates are read where their text lies: blanks around them (ASCII or not) are
    /// trimmed as Foundation trims them, and what is left is read as the bare text is.
    func testBlanksAroundADateOfEveryKind() {
        var rng = SeededRandom(seed: 61)
        let blanks = ["", " ", "\t", "\u{00A0}", "\u{3000}", " \u{2003}", "\t \u{00A0}"]
        for _ in 0..<2_000 {
            let bare = Self.randomText(&rng).trimmingCharacters(in: .whitespaces)
            let text = blanks[rng.below(blanks.count)] + bare + blanks[rng.below(blanks.count)]
            let zone = Self.zones[rng.below(Self.zones.count)]
            let d = TaskDate(parsing: text, timeZone: zone), reference = TaskDate(parsing: bare, timeZone: zone)
            XCTAssertEqual(d, reference, "\(text.debugDescription) in \(zone.identifier)")
            XCTAssertEqual(d?.sortKey, reference?.sortKey, "\(text.debugDescription)")
            XCTAssertEqual(d?.raw, reference?.raw, "\(text.debugDescription)")
        }
        // A non-ASCII character inside is no date, nor is a date cut short.
        for text in ["2026-11\u{2011}23", "2026-11-23T08\u{FF1A}30", "2026-11-2", "\u{00A0}2026-11-2\u{00A0}", "2026-11-23T08:3"] {
            XCTAssertNil(TaskDate(parsing: text, timeZone: Self.zones[0]), text.debugDescription)
        }
    }

    /// The offsets remembered by quarter hour: instants far apart whose quarters share
    /// a slot (1,024 quarters apart, so 4,096 too), read alternately and across zones, each get their own.
    func testRememberedOffsetsAreEachInstantsOwn() {
        var rng = SeededRandom(seed: 62)
        for _ in 0..<3_000 {
            let zone = Self.zones[rng.below(Self.zones.count)]
            let base = rng.int(-2_000_000_000...4_000_000_000)
            for utc in [base, base + 4_096 * 900, base - 4_096 * 900 * Int(rng.below(40))] {
                XCTAssertEqual(ZoneOffsets.offset(at: utc, in: zone),
                               zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc - ((utc % 900) + 900) % 900))),
                               "\(utc) in \(zone.identifier)")
            }
        }
    }

    /// Instants whose quarter hour does not fit the table's slots (tens of
    /// thousands of years away) are answered all the same, asked twice or more.
    func testOffsetsOfInstantsPastTheTablesReachAreRight() {
        for zone in Self.zones {
            for utc in [3_000_000_000_000, -3_000_000_000_000, Int(Int32.max) * 900 + 900, Int(Int32.min) * 900, Int(Int32.min) * 900 + 899] {
                let expected = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc - ((utc % 900) + 900) % 900)))
                for _ in 0..<3 { XCTAssertEqual(ZoneOffsets.offset(at: utc, in: zone), expected, "\(utc) in \(zone.identifier)") }
            }
        }
    }

    /// Each thread keeps its own table: threads reading dates at once, in
    /// different zones, each get every instant's own offset.
    func testOffsetsReadOnManyThreadsAtOnceAreEachRight() {
        let zones = Self.zones
        let wrong = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            var rng = SeededRandom(seed: UInt64(100 + worker))
            for i in 0..<4_000 {
                let zone = zones[(worker + i / 500) % zones.count]
                let utc = rng.int(-2_000_000_000...4_000_000_000)
                let expected = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc - ((utc % 900) + 900) % 900)))
                if ZoneOffsets.offset(at: utc, in: zone) != expected { wrong.add() }
            }
        }
        XCTAssertEqual(wrong.value, 0)
    }

    /// A zone whose offset was not on the quarter hour (Amsterdam before 1937: +00:19:32) keeps the text.
    func testAnOffsetOffTheQuarterHourKeepsTheText() {
        let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
        let d = TaskDate(parsing: "1900-06-01T12:00:00Z", timeZone: amsterdam)!
        XCTAssertEqual(d.raw, "1900-06-01T12:00:00Z")
        XCTAssertEqual(d.sortKey, referenceSortKey("1900-06-01T12:00:00Z", amsterdam))
    }

    /// A date through the cache's record, read in any zone, is the date its
    /// text reads as there: the same word and kept text as parsing it, so the
    /// same `raw`, value and order. Written as a number, the same in every zone.
    func testADateThroughTheRecordIsItsTextReadInTheReadingZone() {
        var rng = SeededRandom(seed: 31)
        var dates: [TaskDate?] = [nil]
        for _ in 0..<6_000 {
            let zone = Self.zones[rng.below(Self.zones.count)]
            dates.append(TaskDate(parsing: Self.randomText(&rng), timeZone: zone))
        }
        dates += ["2026-11-26", "2026-11-26T09:30", "2026-11-26T09:30:15", "2026-11-26T09:30:15Z", "next friday", "0001-01-01T00:00Z",
                  "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1900-06-01T12:00:00Z", "1969-12-31T23:59:59Z"]
            .map { TaskDate(parsing: $0, timeZone: Self.zones[rng.below(Self.zones.count)]) }
        XCTAssertGreaterThan(dates.compactMap { $0 }.count, 5_000, "most texts are dates")
        var asWords = 0
        for d in dates {
            if d?.zoneFreeWord != nil { asWords += 1 }
            // The word does not depend on the zone the date was read in (where it is kept as one in both).
            if let d, let a = d.zoneFreeWord, let b = TaskDate(parsing: d.raw, timeZone: Self.zones[rng.below(Self.zones.count)])?.zoneFreeWord {
                XCTAssertEqual(a, b, d.raw)
            }
            for zone in [Self.zones[rng.below(Self.zones.count)], Self.zones[rng.below(Self.zones.count)]] {
                var t = TaskItem(id: "x.md", title: "x")
                t.due = d
                let back = TaskRecord.encode(t).withUnsafeBytes { TaskRecord.decode($0, id: "x.md", timeZone: zone) }
                XCTAssertNotNil(back, d?.raw ?? "no date")
                guard let d else { XCTAssertNil(back?.due); continue }
                let read = TaskDate(parsing: d.raw, timeZone: zone)!
                XCTAssertEqual(back?.due?.word, read.word, "\(d.raw) in \(zone.identifier)")
                XCTAssertEqual(back?.due?.keptText, read.keptText, "\(d.raw) in \(zone.identifier)")
                XCTAssertEqual(back?.due?.raw, d.raw)
                XCTAssertEqual(back?.due?.sortKey, referenceSortKey(d.raw, zone), "\(d.raw) in \(zone.identifier)")
            }
        }
        XCTAssertGreaterThan(asWords, 1_500, "the shapes the app writes are kept as words")
        XCTAssertGreaterThan(dates.count - asWords, 1_000, "other shapes keep their text")
    }

    /// A damaged date in a record (an unknown kind, a word no date gives, a
    /// number cut short) makes the record unreadable, never a wrong date.
    func testADamagedDateMakesTheRecordUnreadable() {
        func record(_ date: (inout TaskRecord.Writer) -> Void) -> [UInt8] {
            var t = TaskItem(id: "x.md", title: "x")
            t.due = TaskDate(parsing: "2026-11-26T09:30:15Z")
            var good = TaskRecord.Writer()
            TaskRecord.encode(IndexedTask(t), into: &good)
            var w = TaskRecord.Writer()
            w.string("x"); w.bool(false); w.optional(nil); w.byte(0); w.optional(nil); w.byte(0); w.bool(false)
            date(&w)
            // The rest as the good record has it after its first date.
            var head = TaskRecord.Writer()
            head.string("x"); head.bool(false); head.optional(nil); head.byte(0); head.optional(nil); head.byte(0); head.bool(false)
            head.date(t.due)
            return w.bytes + good.bytes[head.bytes.count...]
        }
        func word(_ w: inout TaskRecord.Writer, _ v: Int64) {
            w.byte(2)
            withUnsafeBytes(of: v.littleEndian) { w.bytes.append(contentsOf: $0) }
        }
        let utc = TimeZone(identifier: "UTC")!
        let ok = record { $0.date(TaskDate(parsing: "2026-11-26T09:30:15Z")) }
        XCTAssertEqual(ok.withUnsafeBytes { TaskRecord.decode($0, id: "x.md", timeZone: utc) }?.due?.raw, "2026-11-26T09:30:15Z")
        let day = TaskDate(parsing: "2026-11-26")!.zoneFreeWord!, utcWord = TaskDate(parsing: "2026-11-26T09:30:15Z")!.zoneFreeWord!
        let damaged: [(String, (inout TaskRecord.Writer) -> Void)] = [
            ("kind 3", { $0.byte(3) }),
            ("a text word", { word(&$0, 0) }),
            ("a day with a time", { word(&$0, day | 1) }),
            ("a time without one", { word(&$0, utcWord & ~1) }),
            ("an offset in the word", { word(&$0, utcWord | (3 << 4)) }),
            ("a shape past the last", { word(&$0, (utcWord & ~0xE) | (6 << 1)) }),
            ("a word cut short", { $0.byte(2); $0.byte(0x80) }),
        ]
        for (what, write) in damaged {
            let bytes = record(write)
            XCTAssertNil(bytes.withUnsafeBytes { TaskRecord.decode($0, id: "x.md", timeZone: utc) }, what)
        }
    }
}

extension SeededRandom {
    /// 0 up to `n` (not included).
    mutating func below(_ n: Int) -> Int { int(0...n - 1) }
}

/// A count several threads add to.
final class LockedCounter: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
