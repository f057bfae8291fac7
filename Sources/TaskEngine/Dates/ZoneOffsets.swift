import Foundation

/// A time zone's offset from UTC by quarter hour, remembered: every task has
/// `created` and `modified` instants, and asking Foundation for each was a
/// good part of reading 50,000 tasks.
final class ZoneOffsets: @unchecked Sendable {
    private static let shared = ZoneOffsets()
    private let lock = NSLock()
    private var zone: TimeZone?
    /// Answers by quarter hour, each in the slot its quarter's number picks
    /// (a load asks for a few per task: no hashing, nothing to grow).
    private var slots = [(quarter: Int, offset: Int)](repeating: (Int.min, 0), count: 4096)

    static func offset(at utc: Int, in timeZone: TimeZone) -> Int { shared.offset(at: utc, in: timeZone) }

    private func offset(at utc: Int, in timeZone: TimeZone) -> Int {
        // Zones change offset on the quarter hour at the finest, so one answer covers 15 minutes.
        let quarter = floorDiv(utc, 900), slot = quarter & 4095
        lock.lock()
        defer { lock.unlock() }
        if zone != timeZone {
            zone = timeZone
            for i in slots.indices { slots[i] = (Int.min, 0) }
        }
        if slots[slot].quarter == quarter { return slots[slot].offset }
        let o = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(quarter * 900)))
        slots[slot] = (quarter, o)
        return o
    }
}
