import Foundation

extension TaskIndex {
    /// The tasks whose timer runs, with the running entry's start, earliest first
    /// (`TimeTracking.running` over the index). Read from the column of every task's
    /// sessions, so the app asks after each change without touching a task.
    public var runningTimers: [(task: IndexedTask, start: Date)] {
        let tasks = self.tasks
        let found: [(row: Int, start: Int64)] = evaluation.withColumns(self) { c in
            let starts = c.tracked.starts, bounds = c.tracked.bounds
            var out: [(row: Int, start: Int64)] = []
            var k = 1
            while k < bounds.count {
                if bounds[k] == TrackedColumn.running {
                    // The row holding session k / 2: the last whose first session is at or before it.
                    var lo = 0, hi = starts.count - 2
                    while lo < hi {
                        let mid = (lo + hi + 1) / 2
                        if Int(starts[mid]) <= k / 2 { lo = mid } else { hi = mid - 1 }
                    }
                    if out.last?.row != lo { out.append((lo, bounds[k - 1])) }
                }
                k += 2
            }
            return out
        }
        return found.filter { $0.row < tasks.count }
            .map { (tasks[$0.row], Date(timeIntervalSince1970: TimeInterval($0.start))) }
            .sorted { $0.start != $1.start ? $0.start < $1.start : IDOrder.less($0.task.id, $1.task.id) }
    }
}
