import Foundation

/// One session of work on a task (tasknotes-spec §2.6.1, §3.11): when it
/// started, when it ended (none: it is running), and what it was. Instants
/// are whole seconds, as the spec's canonical datetime writes them.
public struct TimeEntry: Hashable, Sendable {
    public var start: Date
    /// Nil while the session runs.
    public var end: Date?
    public var description: String?

    public init(start: Date, end: Date? = nil, description: String? = nil) {
        self.start = start
        self.end = end
        self.description = description
    }

    public var isRunning: Bool { end == nil }

    /// Seconds worked: to `end`, or to `now` while running (never negative).
    public func seconds(until now: Date) -> Int {
        let stop = end ?? now
        return max(0, Int(stop.timeIntervalSince1970) - Int(start.timeIntervalSince1970))
    }

    /// Most entries one task's list holds, and the longest description read: past
    /// them the list is refused with a reason, not read.
    public static let maxEntries = 10_000
    public static let maxDescriptionLength = 4096

    /// Why an entry is not a time entry (tasknotes-spec §6: `missing_time_entry_start` and kin).
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case notAnEntry
        case missingStart
        case badTime(key: String, text: String)
        case endBeforeStart
        case badDescription
        case descriptionTooLong(Int)
        case multipleActive(Int)
        case tooMany(Int)

        public var code: String {
            switch self {
            case .notAnEntry, .badDescription, .descriptionTooLong, .tooMany: return "invalid_time_entry"
            case .missingStart: return "missing_time_entry_start"
            case .badTime: return "invalid_datetime_value"
            case .endBeforeStart: return "invalid_time_range"
            case .multipleActive: return "multiple_active_time_entries"
            }
        }

        public var description: String {
            switch self {
            case .notAnEntry: return "\(code): an entry must be a {startTime, endTime, description} map"
            case .missingStart: return "\(code): an entry has no startTime"
            case .badTime(let key, let text): return "\(code): \(key) '\(text)' is not a date and time (like 2026-02-20T09:00:00Z)"
            case .endBeforeStart: return "\(code): an entry's endTime is before its startTime"
            case .badDescription: return "\(code): a description must be text"
            case .descriptionTooLong(let n): return "\(code): a description of \(n) bytes (at most \(TimeEntry.maxDescriptionLength))"
            case .multipleActive(let n): return "\(code): \(n) entries are running (at most one may be)"
            case .tooMany(let n): return "\(code): \(n) entries (at most \(TimeEntry.maxEntries))"
            }
        }
    }

    /// An instant as §3.4.2 reads one strictly (`Z` or an offset; fractions of a second dropped).
    public static func instant(_ text: String, key: String) throws(Refusal) -> Date {
        guard text.utf8.count <= 64, case .datetime(let instant, _)? = try? SpecDate.parse(text) else {
            throw .badTime(key: key, text: BoundedQuote.prefix(text))
        }
        return instant
    }

    /// An entry from its written parts, checked as §2.6.1 and §3.11.2 ask.
    public static func validated(start: String?, end: String?, description: String? = nil) throws(Refusal) -> TimeEntry {
        guard let start, !start.isBlank else { throw .missingStart }
        let s = try instant(start, key: "startTime")
        var e: Date?
        if let end, !end.isBlank {
            e = try instant(end, key: "endTime")
            guard e! >= s else { throw .endBeforeStart }
        }
        if let description, description.utf8.count > maxDescriptionLength { throw .descriptionTooLong(description.utf8.count) }
        return TimeEntry(start: s, end: e, description: description)
    }

    /// A whole list as §2.6.1 asks at commit time: at most one running entry.
    public static func validateSet(_ entries: [TimeEntry]) throws(Refusal) {
        guard entries.count <= maxEntries else { throw .tooMany(entries.count) }
        let running = entries.count { $0.isRunning }
        if running > 1 { throw .multipleActive(running) }
    }

    /// The spec's canonical datetime: UTC, whole seconds, `Z` (§3.3.2).
    public static func canonical(_ instant: Date) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let day = Day(ordinal: floorDiv(seconds, 86_400))
        let s = seconds - day.ordinal * 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(day.iso)T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))Z"
    }

    /// The entry's keys and values in the order TaskNotes' plugin writes them.
    public var writtenPairs: [(key: String, value: String)] {
        var out = [(key: "startTime", value: Self.canonical(start))]
        if let description { out.append((key: "description", value: description)) }
        if let end { out.append((key: "endTime", value: Self.canonical(end))) }
        return out
    }
}
