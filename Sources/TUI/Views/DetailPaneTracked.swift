import Foundation
import TaskEngine

extension DetailPaneView {
    /// The detail pane's "Tracked" line: all the task's time, this week's (Monday to Sunday, as
    /// `tracked this week`), and a running timer's: `2h 10m (this week 40m) · ⏱ 12m running`.
    /// Nil (no line) for a task never tracked.
    static func tracked(_ t: TaskItem, _ state: AppState, timeZone: TimeZone = .current) -> String? {
        guard !t.timeEntries.isEmpty else { return nil }
        let sum = TrackedTime.summary(t.timeEntries, now: state.clock, week: TrackedTime.week(of: state.today, timeZone: timeZone))
        let running = sum.running.map { " · \(state.glyphs.text(.timer)) \(TimeTracking.duration($0)) running" } ?? ""
        return "\(TimeTracking.duration(sum.total)) (this week \(TimeTracking.duration(sum.week)))" + running
    }
}
