import Foundation

/// One firing of a reminder: which task and reminder, and when it fires.
/// The title and due date are kept as they were when it was found (a banner
/// still names a task deleted since).
public struct ReminderFiring: Hashable, Sendable, Codable {
    public var taskID: String
    public var reminderID: String
    public var at: Date
    public var title: String
    /// The task's due date as written (the banner says when it is due).
    public var due: String?
    /// The reminder's own words (§10.3), said after the title. (Optional: a state file kept
    /// before it was read decodes without it.)
    public var description: String?

    public init(taskID: String, reminderID: String, at: Date, title: String, due: String? = nil, description: String? = nil) {
        (self.taskID, self.reminderID, self.at, self.title, self.due, self.description) = (taskID, reminderID, at, title, due, description)
    }

    /// Which firing this is (a snooze or a dismissal names it so).
    public var key: String { "\(taskID)\u{1F}\(reminderID)\u{1F}\(TimeEntry.canonical(at))" }

    static func earlier(_ a: ReminderFiring, _ b: ReminderFiring) -> Bool {
        a.at != b.at ? a.at < b.at : a.taskID != b.taskID ? a.taskID < b.taskID : a.reminderID < b.reminderID
    }
}

/// Every firing of a vault's open tasks, earliest first: made once for an
/// index (not per key), then asked by binary search which fire in a window
/// and when the next one is.
public struct ReminderSchedule: Sendable {
    public let firings: [ReminderFiring]

    /// Only tasks with reminders are looked at (most have none: one check of a rare field each).
    public init(_ tasks: some Sequence<TaskItem>, anchor: ReminderTrigger.Anchor = .midnight, timeZone: TimeZone) {
        var out: [ReminderFiring] = []
        for t in tasks where !t.reminders.isEmpty { out += Self.firings(of: t, anchor: anchor, timeZone: timeZone) }
        self.init(firings: out)
    }

    /// The schedule of these firings, in any order.
    public init(firings: [ReminderFiring]) {
        self.firings = firings.sorted(by: ReminderFiring.earlier)
    }

    /// `sorted` (a schedule's firings, earliest first) with `more` (in any order) added: one merge.
    public init(merging sorted: [ReminderFiring], with more: [ReminderFiring]) {
        let more = more.sorted(by: ReminderFiring.earlier)
        var out: [ReminderFiring] = []
        out.reserveCapacity(sorted.count + more.count)
        var i = 0, j = 0
        while i < sorted.count, j < more.count {
            if ReminderFiring.earlier(more[j], sorted[i]) { out.append(more[j]); j += 1 } else { out.append(sorted[i]); i += 1 }
        }
        out += sorted[i...]
        out += more[j...]
        firings = out
    }

    /// One task's firings (none once it is closed), in its reminders' order.
    public static func firings(of t: TaskItem, anchor: ReminderTrigger.Anchor = .midnight, timeZone: TimeZone) -> [ReminderFiring] {
        guard !t.status.isClosed else { return [] }
        return t.reminders.compactMap { r in
            ReminderTrigger.instant(r, due: t.due, scheduled: t.scheduled, anchor: anchor, timeZone: timeZone)
                .map { ReminderFiring(taskID: t.id, reminderID: r.id, at: $0, title: t.title, due: t.due?.raw, description: r.description) }
        }
    }

    /// The first firing at or after `instant`.
    func start(_ instant: Date) -> Int {
        var lo = 0, hi = firings.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if firings[mid].at < instant { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The firings in `from..<to`, earliest first.
    public func firing(from: Date, to: Date) -> ArraySlice<ReminderFiring> {
        guard from < to else { return [] }
        return firings[start(from)..<start(to)]
    }

    /// When the next firing at or after `instant` is (nil: none is left).
    public func next(from instant: Date) -> Date? {
        let i = start(instant)
        return i < firings.count ? firings[i].at : nil
    }
}

/// A firing put off until `until` (`z` on its banner).
public struct ReminderSnooze: Hashable, Sendable, Codable {
    public var firing: ReminderFiring
    public var until: Date
    public init(_ firing: ReminderFiring, until: Date) { (self.firing, self.until) = (firing, until) }
}

/// What a running app knows of reminders between its looks at the clock:
/// when it last looked and what is snoozed. Each look takes the firings from
/// the last look up to now, so looks that follow one another see each firing
/// once; kept across runs (`lastLook` remembered), the first look of a run
/// is what came due while the app was closed.
public struct ReminderWatch: Hashable, Sendable, Codable {
    public var lastLook: Date
    public var snoozes: [ReminderSnooze]
    /// Most snoozes kept (the earliest made are let go first): a state file stays small.
    public static let maxSnoozes = 500
    /// Most firings one look hands over (after a long time closed); the rest are counted, not listed.
    public static let maxPerLook = 200

    public init(lastLook: Date, snoozes: [ReminderSnooze] = []) {
        self.lastLook = lastLook
        self.snoozes = snoozes
    }

    /// What a look at `now` found: the firings (and ran-out snoozes) earliest
    /// first, at most `maxPerLook`, and how many more there were.
    public struct Found: Hashable, Sendable {
        public var firings: [ReminderFiring] = []
        public var more = 0
    }

    /// The firings since the last look, and the snoozes run out by now; `lastLook` moves to `now`
    /// (never back: a clock set back shows nothing twice).
    public mutating func look(at now: Date, _ schedule: ReminderSchedule) -> Found {
        var all = Array(schedule.firing(from: lastLook, to: now))
        let ranOut = snoozes.filter { $0.until < now }
        if !ranOut.isEmpty {
            snoozes.removeAll { $0.until < now }
            // (A snoozed firing is shown once more, whether or not the task still has the reminder.)
            let keys = Set(all.map(\.key))
            all += ranOut.map(\.firing).filter { !keys.contains($0.key) }
            all.sort(by: ReminderFiring.earlier)
        }
        lastLook = max(lastLook, now)
        return Found(firings: Array(all.prefix(Self.maxPerLook)), more: max(0, all.count - Self.maxPerLook))
    }

    /// When a look next finds something: the next firing or the end of a snooze.
    public func nextWake(_ schedule: ReminderSchedule) -> Date? {
        let snooze = snoozes.lazy.map(\.until).min()
        guard let next = schedule.next(from: lastLook) else { return snooze }
        return snooze.map { min($0, next) } ?? next
    }

    /// `firing` shown again at `until` (a snooze of the same firing is replaced).
    public mutating func snooze(_ firing: ReminderFiring, until: Date) {
        snoozes.removeAll { $0.firing.key == firing.key }
        snoozes.append(ReminderSnooze(firing, until: until))
        if snoozes.count > Self.maxSnoozes { snoozes.removeFirst(snoozes.count - Self.maxSnoozes) }
    }
}
