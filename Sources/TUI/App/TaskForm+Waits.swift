import TaskEngine

/// The form's "Waits for" field: the titles of the tasks the task waits for,
/// comma separated (a title holding a comma or a double quote is written in
/// double quotes, a quote in it doubled, as in CSV). Each title typed must name one task; the task is then
/// made to wait for those and no other (an entry naming no task is kept: it
/// is not shown, and the form does not take it away).
extension TaskForm {
    /// The form editing `t`, its Waits for field showing the titles of what it waits for.
    static func editing(_ t: TaskItem, index: TaskIndex, today: Day = .today()) -> TaskForm {
        var f = TaskForm(editing: t, today: today)
        let titles = index.waitTargets(of: t).compactMap { index.task(id: $0)?.task.title }
        var seen = Set<String>()
        f.opened(.waitsFor, waitTitles(titles.filter { seen.insert($0).inserted }))
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
        let titles = Self.waitTitles(self[.waitsFor])
        do {
            let ids = Set(try titles.map { title throws(WaitRefusal) in try state.index.id(titled: title) })
            let kept = state.index.released(t, except: ids)
            return .success(try state.index.waiting(kept, forTitles: titles, kind: state.vaultKind))
        } catch {
            return .failure(FormError(field: .waitsFor, message: error.description))
        }
    }

    /// Titles as the field shows them.
    static func waitTitles(_ titles: [String]) -> String {
        titles.map { $0.contains(",") || $0.hasPrefix("\"") ? "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : $0 }
            .joined(separator: ", ")
    }

    /// The titles the field names: split at commas outside double quotes, each trimmed, a
    /// quoted one unquoted (an unclosed quote runs to the end).
    static func waitTitles(_ text: String) -> [String] {
        var out: [String] = [], item = "", quoted = false, wasQuoted = false
        var chars = Array(text)[...]
        func finish() {
            let t = wasQuoted ? item : item.trimmingCharacters(in: .whitespaces)
            if !t.trimmingCharacters(in: .whitespaces).isEmpty { out.append(t) }
            (item, wasQuoted) = ("", false)
        }
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { item.append("\""); chars.removeFirst() } else { quoted = false }
                } else {
                    item.append(c)
                }
            } else if c == "," {
                finish()
            } else if c == "\"", item.trimmingCharacters(in: .whitespaces).isEmpty {
                (item, quoted, wasQuoted) = ("", true, true)
            } else if !(wasQuoted && c == " ") {
                item.append(c)
            }
        }
        finish()
        return out
    }
}
