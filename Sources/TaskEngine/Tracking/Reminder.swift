import Foundation

/// One reminder of a task (tasknotes-spec §10.3): at an instant, or at an
/// offset from the task's due or scheduled date. Each part is kept as
/// written (a write gives them back as they were); `trigger` says when it fires.
public struct Reminder: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable { case absolute, relative }
    /// The dates a relative reminder counts from (§10.3.3).
    public enum Base: String, Sendable, CaseIterable { case due, scheduled }

    public var id: String
    public var kind: Kind
    /// `due` or `scheduled` (a relative reminder's).
    public var relatedTo: String?
    /// An ISO 8601 duration, `-` for before (`-PT15M`).
    public var offset: String?
    /// A date and time (an absolute reminder's).
    public var absoluteTime: String?
    public var description: String?

    public init(id: String, kind: Kind, relatedTo: String? = nil, offset: String? = nil, absoluteTime: String? = nil, description: String? = nil) {
        self.id = id
        self.kind = kind
        self.relatedTo = relatedTo
        self.offset = offset
        self.absoluteTime = absoluteTime
        self.description = description
    }

    /// With `localIn`, the time is written as the clock reads there, with its offset
    /// (`2026-11-30T08:00:00+01:00`: what TaskNotes' plugin shows and reads back as written); else in UTC.
    public static func absolute(id: String, at instant: Date, localIn timeZone: TimeZone? = nil, description: String? = nil) -> Reminder {
        let text = timeZone.map { LocalClock.written(instant, in: $0) } ?? TimeEntry.canonical(instant)
        return Reminder(id: id, kind: .absolute, absoluteTime: text, description: description)
    }

    public static func relative(id: String, to base: Base, offset: String, description: String? = nil) -> Reminder {
        Reminder(id: id, kind: .relative, relatedTo: base.rawValue, offset: offset, description: description)
    }

    /// Longest id and text part read, and most reminders one task holds: past them the
    /// entry (or the list) is refused with a reason, not read.
    public static let maxIDLength = 256
    public static let maxTextLength = 4096
    public static let maxEntries = 1000

    /// Why an entry is not a reminder, with the spec's codes (§6, §10.3).
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case notAnEntry
        case missingID
        case tooLong(key: String, Int)
        case badType(String)
        case missingAbsoluteTime
        case badAbsoluteTime(String)
        case missingRelatedTo
        case badRelatedTo(String)
        case missingOffset
        case badOffset(String)
        case duplicateID(String)
        case unresolvableBase(id: String, base: String)
        case tooMany(Int)

        public var code: String {
            switch self {
            case .notAnEntry, .missingID, .tooLong, .missingAbsoluteTime, .missingRelatedTo, .missingOffset, .tooMany: return "invalid_reminder_entry"
            case .badType: return "invalid_reminder_type"
            case .badAbsoluteTime: return "invalid_reminder_absolute_time"
            case .badRelatedTo: return "invalid_reminder_related_to"
            case .badOffset: return "invalid_reminder_offset"
            case .duplicateID: return "duplicate_reminder_id"
            case .unresolvableBase: return "unresolvable_reminder_base"
            }
        }

        public var description: String {
            switch self {
            case .notAnEntry: return "\(code): a reminder must be a {id, type, …} map"
            case .missingID: return "\(code): a reminder has no id"
            case .tooLong(let key, let n): return "\(code): \(key) is \(n) bytes long (at most \(key == "id" ? Reminder.maxIDLength : Reminder.maxTextLength))"
            case .badType(let s): return "\(code): type '\(s)' is not absolute or relative"
            case .missingAbsoluteTime: return "\(code): an absolute reminder has no absoluteTime"
            case .badAbsoluteTime(let s): return "\(code): absoluteTime '\(s)' is not a date and time (like 2026-02-20T09:00:00Z)"
            case .missingRelatedTo: return "\(code): a relative reminder has no relatedTo (due or scheduled)"
            case .badRelatedTo(let s): return "\(code): relatedTo '\(s)' is not due or scheduled"
            case .missingOffset: return "\(code): a relative reminder has no offset"
            case .badOffset(let s): return "\(code): offset '\(s)' is not an ISO 8601 duration (like -PT15M, P1D)"
            case .duplicateID(let s): return "\(code): id '\(s)' is used twice"
            case .unresolvableBase(let id, let base): return "\(code): reminder '\(id)' counts from \(base), which the task does not have"
            case .tooMany(let n): return "\(code): \(n) reminders (at most \(Reminder.maxEntries))"
            }
        }
    }

    /// An entry from its written parts, checked as §10.3.1 asks. The fields of the
    /// other type are let be: an absolute reminder with a stray `offset` still fires at its time.
    /// `zonelessTimes`: an absoluteTime written without a zone is read too, as local time
    /// (TaskNotes' plugin writes them so; the spec asks for a zone, and the bridge keeps to it).
    public static func validated(id: String?, type: String?, relatedTo: String?, offset: String?, absoluteTime: String?,
                                 description: String? = nil, zonelessTimes: Bool = false) throws(Refusal) -> Reminder {
        guard let id, !id.isBlank else { throw .missingID }
        guard id.utf8.count <= maxIDLength else { throw .tooLong(key: "id", id.utf8.count) }
        for (key, text) in [("relatedTo", relatedTo), ("offset", offset), ("absoluteTime", absoluteTime), ("description", description)] {
            if let n = text?.utf8.count, n > maxTextLength { throw .tooLong(key: key, n) }
        }
        guard let type else { throw .badType("") }
        guard let kind = Kind(rawValue: type) else { throw .badType(BoundedQuote.prefix(type)) }
        let r = Reminder(id: id, kind: kind, relatedTo: relatedTo, offset: offset, absoluteTime: absoluteTime, description: description)
        switch kind {
        case .absolute:
            guard let absoluteTime else { throw .missingAbsoluteTime }
            // (Any zone tells whether the text is a time; which one is asked when it fires.)
            _ = try instant(absoluteTime, localIn: zonelessTimes ? LocalClock.utc : nil)
        case .relative:
            guard let relatedTo else { throw .missingRelatedTo }
            guard Base(rawValue: relatedTo) != nil else { throw .badRelatedTo(BoundedQuote.prefix(relatedTo)) }
            guard let offset else { throw .missingOffset }
            _ = try duration(offset)
        }
        return r
    }

    /// An absoluteTime's instant: written with `Z` or an offset; with `localIn`, written without
    /// one too (`2026-11-30T08:00:00`), as that zone's clock reads. (Only a vault whose entries are
    /// read with `zonelessTimes` holds such a time: elsewhere the entry was refused when read.)
    static func instant(_ text: String, localIn timeZone: TimeZone? = nil) throws(Refusal) -> Date {
        do { return try TimeEntry.instant(text, key: "absoluteTime") } catch {
            guard let timeZone, let at = LocalClock.instant(text, in: timeZone) else { throw .badAbsoluteTime(BoundedQuote.prefix(text)) }
            return at
        }
    }

    /// An offset: an ISO 8601 duration, negative with a leading `-`. (The spec's "optional
    /// sign" is read as its fixtures read it: `+PT15M` is refused, as reminder.0161 and its kin expect.)
    static func duration(_ text: String) throws(Refusal) -> ISODuration {
        guard !text.hasPrefix("+"), let d = try? ISODuration.parse(text) else { throw .badOffset(BoundedQuote.prefix(text)) }
        return d
    }

    /// A task's list checked as §10.3.2 and §10.3.11 ask (strict mode): no id twice, and each
    /// relative reminder's base present (`has(base)`).
    public static func validateSet(_ entries: [Reminder], has: (Base) -> Bool) throws(Refusal) {
        guard entries.count <= maxEntries else { throw .tooMany(entries.count) }
        var seen = Set<String>()
        for r in entries {
            guard seen.insert(r.id).inserted else { throw .duplicateID(BoundedQuote.prefix(r.id)) }
            if r.kind == .relative, let base = r.relatedTo.flatMap(Base.init), !has(base) {
                throw .unresolvableBase(id: BoundedQuote.prefix(r.id), base: base.rawValue)
            }
        }
    }

    /// Whether `other` fires as this one does: the same type and the same instant, or the same
    /// base and offset (`-PT60M` is `-PT1H`; `P7D` is `P1W`). Ids and descriptions are not compared:
    /// a second such reminder would ring twice at once.
    /// (A time written without a zone is read in `timeZone`.)
    public func firesAs(_ other: Reminder, timeZone: TimeZone = .current) -> Bool {
        guard kind == other.kind else { return false }
        switch kind {
        case .absolute:
            guard let a = absoluteTime, let b = other.absoluteTime else { return false }
            if a == b { return true }
            guard let x = try? Reminder.instant(a, localIn: timeZone), let y = try? Reminder.instant(b, localIn: timeZone) else { return false }
            return x == y
        case .relative:
            guard relatedTo == other.relatedTo, let a = offset, let b = other.offset else { return false }
            if a == b { return true }
            guard let x = try? ISODuration.parse(a), let y = try? ISODuration.parse(b) else { return false }
            return Self.span(x) == Self.span(y)
        }
    }

    /// A duration as (months, days, seconds), signed: what moving a date by it does.
    private static func span(_ d: ISODuration) -> [Int] {
        let sign = d.negative ? -1 : 1
        return [sign * (d.years * 12 + d.months), sign * (d.weeks * 7 + d.days), sign * (d.hours * 3600 + d.minutes * 60 + d.seconds)]
    }

    /// The entry's keys and values in the order TaskNotes' plugin writes them.
    public var writtenPairs: [(key: String, value: String)] {
        var out = [(key: "id", value: id), (key: "type", value: kind.rawValue)]
        if let relatedTo { out.append((key: "relatedTo", value: relatedTo)) }
        if let offset { out.append((key: "offset", value: offset)) }
        if let absoluteTime { out.append((key: "absoluteTime", value: absoluteTime)) }
        if let description { out.append((key: "description", value: description)) }
        return out
    }
}
