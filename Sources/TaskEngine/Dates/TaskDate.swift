import Foundation

/// A date value from a task file: a whole day (`2026-11-25`) or a date-time
/// (`2026-11-25T09:30`, optional `:SS`, fraction, `Z` or `±HH:MM`; a space may
/// stand for `T`; no zone means local time). Rules use `day`, the local day the
/// value falls on; sorting uses `sortKey` (a whole day counts as its start).
public struct TaskDate: Hashable, Sendable, CustomStringConvertible {
    /// The text as written, unless it is one of the shapes a date-time is
    /// rendered back from its value (`Shape`): then "" and `raw` renders it.
    /// (Each task has `created` and `modified` date-times; kept as text,
    /// they would be a large part of all memory in a big vault.)
    private let text: String
    /// Bits 12 and up: local seconds (see `sortKey`); 4–11: for `.utc`, the
    /// zone's offset from UTC at that instant in quarter hours; 1–3: the
    /// `Shape`; 0: whether a time was written. One word instead of three.
    private let packed: Int64

    /// How `raw` is made again when the text is not kept.
    private enum Shape: Int64 {
        case text = 0
        /// `2026-11-20T08:30:00Z`, as the app writes instants.
        case utc = 1
        /// `2026-11-20T08:30`, local time.
        case localMinutes = 2
        /// `2026-11-20T08:30:00`, local time.
        case localSeconds = 3
        /// `2026-11-20`, a whole day.
        case day = 4
    }

    /// The word this date is kept as (never `TaskDates.none`) and its text
    /// ("" unless the shape is `.text`), for `TaskDates`; and back.
    var word: Int64 { packed }
    var keptText: String { text }
    init(word: Int64, keptText: String) {
        packed = word
        text = keptText
    }

    /// The text as written in the file (written back unchanged when untouched).
    public var raw: String {
        guard let r = rendering else { return text }
        return String(unsafeUninitializedCapacity: Self.longestRendering) { Self.render(r.seconds, time: r.time, seconds: r.withSeconds, zulu: r.zulu, into: $0) }
    }

    /// The date as the task cache keeps it, the same in every time zone: nil
    /// when its text is kept (`.text`); else its word, whose seconds are the
    /// instant's in UTC for `.utc` (the zone's offset left out), and the local
    /// seconds as written for the other shapes. Writing and reading it back
    /// is no rendering and no parsing of text.
    var zoneFreeWord: Int64? {
        switch Shape(rawValue: (packed >> 1) & 7) ?? .text {
        case .text: return nil
        case .utc: return Self.timeWord(utcSeconds, shape: .utc)
        case .localMinutes, .localSeconds, .day: return packed
        }
    }

    /// A `zoneFreeWord` read in `timeZone`: the date `TaskDate(parsing: raw, timeZone:)`
    /// reads. Nil when the word is not one `zoneFreeWord` gives (a damaged cache).
    init?(zoneFreeWord w: Int64, timeZone: TimeZone) {
        guard let shape = Shape(rawValue: (w >> 1) & 7), shape != .text, (w >> 4) & 0xFF == 0,
              w & 1 == (shape == .day ? 0 : 1) else { return nil }
        guard shape == .utc else {
            self.init(word: w, keptText: "")
            return
        }
        let utc = Int(w >> 12), zone = ZoneOffsets.offset(at: utc, in: timeZone)
        guard Self.keepsOffset(zone) else {
            // (A zone off the quarter hour there keeps the text: read as it is written.)
            let text = String(unsafeUninitializedCapacity: Self.longestRendering) {
                Self.render(Int64(utc), time: true, seconds: true, zulu: true, into: $0)
            }
            self.init(parsing: text, timeZone: timeZone)
            return
        }
        self.init(word: Self.timeWord(Int64(utc + zone), quarters: zone / 900, shape: .utc), keptText: "")
    }

    /// The instant of a `.utc` date, in seconds (the zone's offset its word keeps taken off).
    private var utcSeconds: Int64 { sortKey - Int64(Int8(truncatingIfNeeded: packed >> 4)) * 900 }

    /// The word of a date with a time: local seconds, the zone's offset in quarter hours (`.utc` only), the shape.
    private static func timeWord(_ seconds: Int64, quarters: Int = 0, shape: Shape) -> Int64 {
        (seconds << 12) | (Int64(UInt8(truncatingIfNeeded: quarters)) << 4) | (shape.rawValue << 1) | 1
    }

    /// Whether a word can keep a zone's offset of `seconds`: on the quarter hour, within ±127 of them.
    private static func keepsOffset(_ seconds: Int) -> Bool { seconds % 900 == 0 && abs(seconds / 900) < 128 }

    /// How `raw` is rendered from the instant (nil: it is the text as written).
    private var rendering: (seconds: Int64, time: Bool, withSeconds: Bool, zulu: Bool)? {
        switch Shape(rawValue: (packed >> 1) & 7) ?? .text {
        case .text: return nil
        case .utc: return (utcSeconds, true, true, true)
        case .localMinutes: return (sortKey, true, false, false)
        case .localSeconds: return (sortKey, true, true, false)
        case .day: return (sortKey, false, false, false)
        }
    }

    /// The local calendar day.
    public var day: Day { Day(ordinal: floorDiv(Int(sortKey), 86_400)) }
    /// Local seconds since 1970-01-01 00:00 local; a whole day is its start.
    public var sortKey: Int64 { packed >> 12 }
    public var hasTime: Bool { packed & 1 == 1 }

    public var description: String { raw }

    /// The local time now, in minutes on the `sortKey` scale.
    public static func nowMinute(_ date: Date = Date()) -> Int64 {
        TaskDate(instant: date).sortKey / 60
    }

    public init(day: Day) {
        text = ""
        packed = Self.dayWord(day)
    }

    /// A whole day: its start, shape `.day`, no time.
    private static func dayWord(_ day: Day) -> Int64 { (Int64(day.ordinal) * 86_400) << 12 | (Shape.day.rawValue << 1) }

    /// A date-time written in UTC (`2026-11-20T08:30:00Z`), as the app writes
    /// `created`, `modified` and `completed`.
    public init(instant: Date, timeZone: TimeZone = .current) {
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        f.formatOptions = [.withInternetDateTime]
        self.init(parsing: f.string(from: instant), timeZone: timeZone)!
    }

    /// Nil when `text` is not one of the accepted shapes or names a day that
    /// does not exist.
    public init?(parsing text: String, timeZone: TimeZone = .current) {
        // Dates are read for every task at every start: read in place (no copy of the text's bytes).
        let read = text.utf8.withContiguousStorageIfAvailable { Self.read($0, text: text, timeZone: timeZone) }
            ?? Array(text.utf8).withUnsafeBufferPointer { Self.read($0, text: text, timeZone: timeZone) }
        guard let read else { return nil }
        (packed, self.text) = read
    }

    /// `text` (whose UTF-8 is `all`) without the blanks around it: ASCII blanks
    /// trimmed by hand, Foundation asked only about other whitespace.
    private static func read(_ all: UnsafeBufferPointer<UInt8>, text: String, timeZone: TimeZone) -> (packed: Int64, text: String)? {
        if all.contains(where: { $0 >= 0x80 }) {
            let u = Array(text.trimmedSpaces().utf8)
            return u.withUnsafeBufferPointer { read(trimmed: $0, wasTrimmed: $0.count != all.count, text: text, timeZone: timeZone) }
        }
        var lo = 0, hi = all.count
        while hi > lo, all[hi - 1] == 0x20 || all[hi - 1] == 0x09 { hi -= 1 }
        while lo < hi, all[lo] == 0x20 || all[lo] == 0x09 { lo += 1 }
        return read(trimmed: UnsafeBufferPointer(rebasing: all[lo..<hi]), wasTrimmed: hi - lo != all.count, text: text, timeZone: timeZone)
    }

    /// The packed value and kept text of a date written `u` (trimmed), nil when it is not one.
    private static func read(trimmed u: UnsafeBufferPointer<UInt8>, wasTrimmed trimmed: Bool, text: String,
                             timeZone: TimeZone) -> (packed: Int64, text: String)? {
        guard u.count >= 10, u[4] == 0x2D, u[7] == 0x2D, let y = digits(u, 0, 4), let mo = digits(u, 5, 2), let d = digits(u, 8, 2),
              let day = Day(year: y, month: mo, day: d) else { return nil }
        // (A trimmed day is the day, rendered back.)
        if u.count == 10 { return (dayWord(day), "") }
        // Time part: [T ]HH:MM[:SS[.fff]][Z|±HH:MM]
        guard u[10] == 0x54 || u[10] == 0x74 || u[10] == 0x20,
              let hh = digits(u, 11, 2), u.count >= 16, u[13] == 0x3A, let mm = digits(u, 14, 2),
              hh < 24, mm < 60 else { return nil }
        var i = 16
        var ss = 0
        if i < u.count, u[i] == 0x3A {
            guard let s = digits(u, i + 1, 2), s < 61 else { return nil }
            ss = s
            i += 3
            if i < u.count, u[i] == 0x2E || u[i] == 0x2C {
                i += 1
                let start = i
                while i < u.count, u[i] >= 0x30, u[i] <= 0x39 { i += 1 }
                guard i > start else { return nil }
            }
        }
        while i < u.count, u[i] == 0x20 { i += 1 }
        var offsetSeconds: Int? = nil
        if i < u.count {
            if u[i] == 0x5A || u[i] == 0x7A {  // Z
                offsetSeconds = 0
                i += 1
            } else if u[i] == 0x2B || u[i] == 0x2D {  // + or -
                let sign = u[i] == 0x2D ? -1 : 1
                guard let oh = digits(u, i + 1, 2) else { return nil }
                var om = 0
                var j = i + 3
                if j < u.count, u[j] == 0x3A { j += 1 }
                if j < u.count {
                    guard let m = digits(u, j, 2) else { return nil }
                    om = m
                    j += 2
                }
                offsetSeconds = sign * (oh * 3600 + om * 60)
                i = j
            }
            guard i == u.count else { return nil }
        }
        let localSeconds: Int
        let wall = day.ordinal * 86_400 + hh * 3600 + mm * 60 + ss
        var shape = Shape.text, quarters = 0
        if let offset = offsetSeconds {
            let utc = wall - offset
            let zone = ZoneOffsets.offset(at: utc, in: timeZone)
            localSeconds = utc + zone
            // Exactly `YYYY-MM-DDTHH:MM:SSZ`, as rendered back (no leap second, a zone on the quarter hour).
            if !trimmed, u.count == 20, u[10] == 0x54, u[19] == 0x5A, u[16] == 0x3A, ss < 60, keepsOffset(zone) {
                shape = .utc
                quarters = zone / 900
            }
        } else {
            localSeconds = wall
            if !trimmed, u[10] == 0x54 {
                if u.count == 16 { shape = .localMinutes } else if u.count == 19, u[16] == 0x3A, ss < 60 { shape = .localSeconds }
            }
        }
        return (timeWord(Int64(localSeconds), quarters: quarters, shape: shape),
                shape != .text ? "" : trimmed ? String(decoding: u, as: UTF8.self) : text)
    }

    /// The most bytes `render` writes.
    static let longestRendering = 20

    /// `YYYY-MM-DD[THH:MM[:SS][Z]]` for local seconds `s`, written into `out`
    /// (`longestRendering` bytes of room); the bytes written. No allocation:
    /// dates are written for every row of `list --json` and every task of a snapshot.
    private static func render(_ s: Int64, time: Bool, seconds: Bool, zulu: Bool, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let (y, mo, d) = Day(ordinal: floorDiv(Int(s), 86_400)).components
        let t = Int(s) - floorDiv(Int(s), 86_400) * 86_400
        var i = 0
        func put(_ v: Int, _ width: Int) {
            var v = v
            for k in stride(from: width - 1, through: 0, by: -1) {
                out[i + k] = UInt8(0x30 + v % 10)
                v /= 10
            }
            i += width
        }
        func mark(_ b: UInt8) {
            out[i] = b
            i += 1
        }
        put(y, 4); mark(0x2D); put(mo, 2); mark(0x2D); put(d, 2)
        guard time else { return i }
        mark(0x54); put(t / 3600, 2); mark(0x3A); put(t / 60 % 60, 2)
        if seconds { mark(0x3A); put(t % 60, 2) }
        if zulu { mark(0x5A) }
        return i
    }

    /// Two dates are the same when written the same (read in any time zone).
    public static func == (a: TaskDate, b: TaskDate) -> Bool { (a.packed == b.packed && a.text == b.text) || a.raw == b.raw }
    public func hash(into h: inout Hasher) { h.combine(raw) }
}
