import TaskEngine

/// The Forecast view's part of the state: the slot under the cursor (Overdue,
/// a day, Later), the counts of its strip, and how many tasks make a day busy.
public struct ForecastState: Equatable, Sendable {
    public static let defaultBusy = 8
    /// The bounds `forecast_busy` is read within (past them: the default, and a notice).
    public static let busyRange = 0...10_000

    public var slot: Forecast.Slot = .day(0)
    /// The strip's counts: set while the Forecast is the shown view (nil otherwise).
    public var counts: Forecast.Counts?
    /// A day with more tasks than this stands out in the strip.
    public var busy = ForecastState.defaultBusy
    public var days = Forecast.defaultDays
    /// The index `counts` were made from: moving from day to day counts nothing again.
    var countedFor = CacheKey()

    public init() {}

    /// `forecast_busy` as config.yaml gives it: the default when missing, and
    /// past `busyRange` the default with the reason.
    public static func busy(_ configured: Int?) -> (Int, problem: String?) {
        guard let configured else { return (defaultBusy, nil) }
        guard busyRange.contains(configured) else {
            return (defaultBusy, "forecast_busy must be between \(busyRange.lowerBound) and \(busyRange.upperBound), not \(configured); using \(defaultBusy)")
        }
        return (configured, nil)
    }

    /// Slots in strip order: Overdue is 0, day `d` is `d + 1`, Later is `days + 1`.
    var position: Int {
        switch slot {
        case .overdue: return 0
        case .day(let d): return d + 1
        case .later: return days + 1
        }
    }

    static func slot(at position: Int, days: Int) -> Forecast.Slot {
        position <= 0 ? .overdue : position > days ? .later : .day(position - 1)
    }

    /// `n` slots on (back when negative), stopping at Overdue and Later.
    mutating func move(by n: Int) {
        slot = Self.slot(at: min(max(position + n, 0), days + 1), days: days)
    }

    /// Whether a slot's count makes it stand out (Overdue and Later are not days: never busy).
    public func isBusy(_ slot: Forecast.Slot, count: Int) -> Bool {
        if case .day = slot { return count > busy }
        return false
    }
}

extension AppState {
    /// Whether the list shows the Forecast (its strip above the tasks, the day keys acting).
    public var showsForecast: Bool { selectedPerspectiveID == Forecast.id && perspective?.isBuiltin == true }

    /// The Forecast's first slot that lists `t` (a task due one day and scheduled another is in both),
    /// for going to a task the selected slot does not list.
    func forecastSlot(of t: IndexedTask) -> Forecast.Slot? {
        let slots: [Forecast.Slot] = [.overdue] + (0..<forecast.days).map { .day($0) } + [.later]
        return slots.first { RuleCompiler.compile(Forecast.rules(for: $0, today: today, days: forecast.days), today: today, index: index).matches(t) }
    }

    /// What the list evaluates for `p`: the Forecast narrowed to the tasks of
    /// its selected slot (its counts made anew, as every view's are when files
    /// change); any other perspective as it is.
    mutating func forecastNarrowed(_ p: Perspective) -> Perspective {
        guard p.id == Forecast.id, p.isBuiltin else {
            forecast.counts = nil
            return p
        }
        if forecast.counts?.today != today || forecast.countedFor.generation != index.generation {
            forecast.counts = Forecast.counts(in: index, today: today, days: forecast.days)
            forecast.countedFor.generation = index.generation
        }
        var shown = p
        shown.rules = RuleGroup(.and, [.group(p.rules), .group(Forecast.rules(for: forecast.slot, today: today, days: forecast.days))])
        return shown
    }
}
