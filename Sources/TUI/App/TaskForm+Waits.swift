import TaskEngine

/// The form's "Waits for" field: the titles of the tasks the task waits for,
/// comma separated. Each title typed must name one task; the task is then
/// made to wait for those and no other (an entry naming no task is kept: it
/// is not shown, and the form does not take it away).
extension TaskForm {
    /// The form editing `t`, its Waits for field showing the titles of what it waits for.
    static func editing(_ t: TaskItem, index: TaskIndex, today: Day = .today()) -> TaskForm {
        var f = TaskForm(editing: t, today: today)
        let titles = index.waitTargets(of: t).compactMap { index.task(id: $0)?.task.title }
        var seen = Set<String>()
        f.opened(.waitsFor, titles.filter { seen.insert($0).inserted }.joined(separator: ", "))
        return f
    }

    /// Sets a field as the form opened with it (not a change of the user's).
    mutating func opened(_ field: Field, _ value: String) {
        self[field] = value
        initialValues[field] = value
    }

    /// `t` waiting for the tasks the field names, when the field changed (or why not).
    func waits(_ t: TaskItem, in state: AppState) -> Result<TaskItem, FormError> {
        guard changed(.waitsFor) else { return .success(t) }
        let titles = items(.waitsFor)
        do {
            let ids = Set(try titles.map { title throws(WaitRefusal) in try state.index.id(titled: title) })
            let kept = state.index.released(t, except: ids)
            return .success(try state.index.waiting(kept, forTitles: titles, kind: state.vaultKind))
        } catch {
            return .failure(FormError(field: .waitsFor, message: error.description))
        }
    }
}
