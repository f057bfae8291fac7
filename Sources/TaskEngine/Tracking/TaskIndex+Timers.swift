import Foundation

extension TaskIndex {
    /// The tasks whose timer runs, with the running entry's start, earliest first
    /// (`TimeTracking.running` over the index, without copying its tasks).
    public var runningTimers: [(task: IndexedTask, start: Date)] {
        var out: [(task: IndexedTask, start: Date)] = []
        for t in tasks where !t.task.timeEntries.isEmpty {
            if let e = t.task.timeEntries.last(where: \.isRunning) { out.append((t, e.start)) }
        }
        return out.sorted { $0.start != $1.start ? $0.start < $1.start : IDOrder.less($0.task.id, $1.task.id) }
    }
}
