import Foundation

/// A time zone's offset from UTC by quarter hour, remembered: every task has
/// `created` and `modified` instants, and asking Foundation for each would
/// be a good part of reading a big vault.
///
/// Each thread keeps its own table, so a load's parse workers neither take a
/// lock nor wait for each other (one table behind a lock would cost a cold
/// load CPU time, some of it spent waiting for the other core).
final class ZoneOffsets {
    private let zone: TimeZone
    /// Answers by quarter hour, each in the slot its quarter's number picks
    /// (a load asks for a few per task: no hashing, nothing to grow), eight
    /// bytes each so that the table stays in the nearest cache (most reads of
    /// a bigger table wait on memory).
    private let slots: UnsafeMutablePointer<(quarter: Int32, offset: Int32)>
    private static let slotCount = 1024

    private init(_ zone: TimeZone) {
        self.zone = zone
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: (Int32.min, 0), count: Self.slotCount)
    }

    deinit { slots.deallocate() }

    static func offset(at utc: Int, in timeZone: TimeZone) -> Int {
        table(for: timeZone).offset(at: utc)
    }

    private func offset(at utc: Int) -> Int {
        // Zones change offset on the quarter hour at the finest, so one answer covers 15 minutes.
        let quarter = floorDiv(utc, 900), slot = quarter & (Self.slotCount - 1)
        if slots[slot].quarter == quarter, quarter != Int(Int32.min) { return Int(slots[slot].offset) }
        let o = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(quarter * 900)))
        // (Kept when both fit: quarters within 61,000 years of 1970, any offset; `Int32.min` marks an empty slot.)
        if let q = Int32(exactly: quarter), q != .min, let o32 = Int32(exactly: o) { slots[slot] = (q, o32) }
        return o
    }

    /// The calling thread's table, made anew when it was for another zone.
    private static func table(for timeZone: TimeZone) -> ZoneOffsets {
        if let raw = pthread_getspecific(key) {
            let table = Unmanaged<ZoneOffsets>.fromOpaque(raw).takeUnretainedValue()
            if sameValue(table.zone, timeZone) || table.zone == timeZone { return table }
            Unmanaged<ZoneOffsets>.fromOpaque(raw).release()
        }
        let table = ZoneOffsets(timeZone)
        pthread_setspecific(key, Unmanaged.passRetained(table).toOpaque())
        return table
    }

    /// Whether the two are the same bits (the same zone object): the usual
    /// case, told without `==`, which asks both zones for their identifiers.
    private static func sameValue(_ a: TimeZone, _ b: TimeZone) -> Bool {
        withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }

    /// The key of each thread's table (released when the thread ends).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let made = pthread_key_create(&key) { raw in
            if let raw { Unmanaged<ZoneOffsets>.fromOpaque(raw).release() }
        }
        precondition(made == 0, "no thread-specific key for the zone offsets")
        return key
    }()
}
