import Foundation
import TaskEngine

/// The task whose timer runs, as the list and the status line show it.
public struct RunningTimer: Hashable, Sendable {
    public var id: String
    public var title: String
    /// When its running entry started (seconds since 1970).
    public var start: Int64
    /// How many timers run in the vault (more than one only when another tool wrote them so).
    public var count = 1

    static func find(in index: TaskIndex) -> RunningTimer? {
        let all = index.runningTimers
        guard let first = all.first else { return nil }
        return RunningTimer(id: first.task.id, title: first.task.task.title, start: Int64(first.start.timeIntervalSince1970), count: all.count)
    }

    /// Seconds it has run at `clock` (never negative: a clock set back shows 0m).
    func elapsed(at clock: Int64) -> Int { Int(max(0, clock - start)) }

    /// The next instant its shown minutes change: a whole number of minutes after its start.
    func nextTick(after clock: Int64) -> Int64 {
        guard clock >= start else { return start }
        return start + ((clock - start) / 60 + 1) * 60
    }
}

extension AppState {
    /// The next instant the state needs the clock (seconds since 1970), or nil: the terminal
    /// loop and the headless runtime wake then and send `Action.clock` (`AppRuntime.tick`).
    /// Only a running timer asks (its minute ticks); other instants join here as the earliest.
    public var wakeAt: Int64? {
        [runningTimer?.nextTick(after: clock)].compactMap { $0 }.min()
    }

    /// A running timer's elapsed time in words (`1h 05m`), for task `id`; nil when its timer does not run.
    func timerText(for id: String) -> String? {
        guard let r = runningTimer, r.id == id || r.count > 1 else { return nil }
        if r.id == id { return TimeTracking.duration(r.elapsed(at: clock)) }
        // (Several run, from files another tool wrote: each row reckons its own.)
        guard let e = task(id: id)?.timeEntries.last(where: \.isRunning) else { return nil }
        return TimeTracking.duration(Int(max(0, clock - Int64(e.start.timeIntervalSince1970))))
    }
}

/// The timer key: one task at a time, its file the truth (`TimerSwitch` in the runtime).
enum TimerReducer {
    static func toggle(_ s: inout AppState) -> [Effect] {
        guard let t = s.selectedTask else { return [] }
        // Marks act on many tasks; one timer runs at a time, so the key refuses rather than guess which.
        if !s.marks.isEmpty, s.marks != [t.id] {
            s.message = "One timer runs at a time: the timer starts on the task under the cursor, not on \(s.marks.count) marked"
                + s.keymap.clause(" (", "cancel", "clears the marks", ")")
            return []
        }
        let running = s.runningTimer == nil ? [] : s.index.runningTimers.map(\.task.id)
        return [.toggleTimer(t, running: running, stops: running.contains(t.id))]
    }

    /// The tasks as saved, folded in; the status line says what started and stopped.
    static func switched(_ s: inout AppState, _ outcome: TimerSwitch.Outcome, at: Int64) {
        s.clock = at
        let saved = outcome.stopped.map(\.saved) + [outcome.started?.saved].compactMap { $0 }
        s.index.update(saved)
        EffectReducer.noteWarnings(&s, of: saved)
        s.refresh()
        let now = Date(timeIntervalSince1970: TimeInterval(at))
        let stopped = outcome.stopped.map { "'\($0.saved.title)' at \(TimeTracking.duration($0.entry.seconds(until: now)))" }
        let undo = s.keymap.clause(" (", "undo", "undoes", ")")
        if let started = outcome.started {
            // Allowed (time spent on a finished task is still time spent), but said: it may be the wrong row.
            let t = started.saved
            let lead = t.status.isClosed ? "Timer started on a \(t.status == .done ? "done" : "cancelled") task: '\(t.title)'"
                : s.index.isBlocked(id: t.id) ? "Timer started on a blocked task: '\(t.title)'" : "Started the timer on '\(t.title)'"
            s.message = lead + (stopped.isEmpty ? "" : "; stopped " + stopped.joined(separator: ", ")) + undo
        } else {
            s.message = "Stopped the timer on " + stopped.joined(separator: ", ") + undo
        }
    }
}
