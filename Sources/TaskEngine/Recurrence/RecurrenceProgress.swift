/// What completing or skipping one occurrence of a repeating task does
/// (tasknotes-spec §4.4, §4.7, §4.9, §5.2.1, §5.7), on plain values so the
/// app, the CLI and the conformance bridge share it:
/// - the occurrence's day goes into `complete_instances` (or `skipped_instances`);
/// - `DTSTART` is written into the rule when it is missing (the seed: the
///   rule's own `DTSTART`, else `scheduled`, else `created`), and with
///   `recurrence_anchor: completion` it moves to the completed day;
/// - `scheduled` moves to the next occurrence that is neither completed nor
///   skipped (with the completion anchor, completed days do not count), and
///   `due` keeps its distance to it;
/// - when no occurrence is left (COUNT or UNTIL), the series has ended.
public struct RecurrenceProgress: Sendable {
    public enum Anchor: String, Sendable { case scheduled, completion }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case invalidRule(String)
        case missingSeed
        case invalidAnchor(String)
        /// The next occurrence would fall after the year 9999 (a date no file can hold).
        case pastLastYear

        public var description: String {
            switch self {
            case .invalidRule(let why): return "the recurrence rule is not valid: \(why)"
            case .missingSeed: return "missing_recurrence_seed: the rule has no DTSTART and the task no scheduled or created date to start from"
            case .invalidAnchor(let a): return "recurrence_anchor must be scheduled or completion, not \"\(BoundedQuote.prefix(a))\""
            case .pastLastYear: return "the next occurrence would fall after the year \(RecurrenceExpansion.lastYear): the task is left as it was"
            }
        }
    }

    public var rule: RecurrenceRule
    public var anchor: Anchor
    /// As written (a date or a date-time).
    public var scheduled: String?
    public var due: String?
    public var created: String?
    public var instances: InstanceLists

    public init(recurrence: String, anchor: String?, scheduled: String?, due: String?, created: String?, instances: InstanceLists) throws {
        do { rule = try RecurrenceRule(parsing: recurrence) } catch { throw Failure.invalidRule("\(error)") }
        switch anchor?.lowercased() {
        case nil, "", "scheduled": self.anchor = .scheduled
        case "completion": self.anchor = .completion
        default: throw Failure.invalidAnchor(anchor!)
        }
        self.scheduled = scheduled
        self.due = due
        self.created = created
        self.instances = instances
    }

    static func dayOf(_ raw: String?) -> Day? { raw.flatMap { Day.parseISO($0.prefix(10)) } }

    /// §4.4.1: the rule's DTSTART, else `scheduled`, else `created`.
    public var seed: Day? { rule.dtstart ?? Self.dayOf(scheduled) ?? Self.dayOf(created) }

    /// §5.2.1: the explicit day, else `scheduled`, else `due`, else today.
    public func target(explicit: Day?, today: Day) -> Day {
        explicit ?? Self.dayOf(scheduled) ?? Self.dayOf(due) ?? today
    }

    /// The outcome: the next occurrence (nil: the series has ended).
    public struct Outcome: Sendable {
        public var next: Day?
        public var nextScheduled: String?
        public var nextDue: String?
    }

    /// Completes the occurrence on `day`. `startText` is an explicit date-time
    /// target (`20261123T090000Z`) for the completion anchor's DTSTART.
    public mutating func complete(on day: Day, startText: String? = nil) throws -> Outcome {
        instances.completeInstance(day.iso)
        try placeStart(completedOn: day, startText: startText)
        return try advance(after: day)
    }

    /// Skips the occurrence on `day` and moves on to the next one.
    public mutating func skip(on day: Day) throws -> Outcome {
        instances.skipInstance(day.iso)
        try placeStart(completedOn: nil, startText: nil)
        return try advance(after: day)
    }

    /// §4.4.3 and §4.4.5: DTSTART present after every recurring write.
    mutating func placeStart(completedOn day: Day?, startText: String?) throws {
        if anchor == .completion, let day {
            rule = rule.withStart(day)
            if let startText { rule.dtstartText = startText }
            return
        }
        guard rule.dtstart == nil else { return }
        guard let seed else { throw Failure.missingSeed }
        rule = rule.withStart(seed)
    }

    /// The next occurrence strictly after `day` not completed (scheduled anchor) or skipped.
    public func nextOccurrence(after day: Day) -> Day? {
        if case .day(let d) = following(after: day) { return d }
        return nil
    }

    func following(after day: Day) -> RecurrenceExpansion.Following {
        guard let start = seed else { return .ended }
        var excluded = instances.skippedDays
        if anchor == .scheduled { excluded.formUnion(instances.completeDays) }
        let from = anchor == .completion ? max(day, start) : day
        return RecurrenceExpansion.following(rule, start: start, after: from, excluding: excluded)
    }

    /// The next occurrence, refusing one past the last year (rather than ending the series there).
    func nextOrRefusal(after day: Day) throws -> Day? {
        switch following(after: day) {
        case .day(let d): return d
        case .ended: return nil
        case .pastLastYear: throw Failure.pastLastYear
        }
    }

    /// Moves `scheduled` (and `due`, keeping their distance) to the next occurrence.
    mutating func advance(after day: Day) throws -> Outcome {
        let o = try outcome(next: try nextOrRefusal(after: day))
        if o.nextScheduled != nil { scheduled = o.nextScheduled }
        if o.nextDue != nil { due = o.nextDue }
        return o
    }

    /// Where `scheduled` and `due` go for the occurrence `next`: `scheduled`
    /// there (also when the task had no date at all), `due` at its old distance.
    func outcome(next: Day?) throws -> Outcome {
        guard let next else { return Outcome(next: nil, nextScheduled: nil, nextDue: nil) }
        let oldScheduled = Self.dayOf(scheduled), oldDue = Self.dayOf(due)
        var o = Outcome(next: next, nextScheduled: nil, nextDue: nil)
        if scheduled != nil || due == nil { o.nextScheduled = Self.moved(scheduled, to: next) }
        if due != nil {
            let distance = oldScheduled.flatMap { s in oldDue.map { $0.ordinal - s.ordinal } } ?? 0
            // Both dates come from files (four-digit years), so the distance is small; the sum may still pass 9999.
            let nextDue = next.adding(days: distance)
            guard nextDue <= RecurrenceExpansion.lastDay else { throw Failure.pastLastYear }
            o.nextDue = Self.moved(due, to: nextDue)
        }
        return o
    }

    /// A date moved to `day`, keeping a date-time's time of day as written.
    static func moved(_ raw: String?, to day: Day) -> String {
        guard let raw, raw.count > 10 else { return day.iso }
        return day.iso + raw.dropFirst(10)
    }

    /// The first occurrence on or after `reference` that is not excluded, and
    /// where the dates would go (for views and the conformance bridge's
    /// `recurrence.recalculate`). Only `DTSTART` is written into the rule.
    public mutating func recalculate(reference: Day) throws -> Outcome {
        try placeStart(completedOn: nil, startText: nil)
        return try outcome(next: try nextOrRefusal(after: reference.adding(days: -1)))
    }
}
