/// A task's dependency list read from its frontmatter value, in the words of
/// the vault's tool, leniently as that tool reads it: TaskNotes' plugin takes
/// a link alone for `{uid: link, reltype: FINISHTOSTART}` and an unknown
/// reltype for `FINISHTOSTART`; Backlog.md writes ids (`dependencies:
/// [task-12]`). What cannot be read is said in a problem and left in the
/// file as written (`DependencyListWriter` keeps them through a write).
enum DependencyList {
    struct Reading: Equatable {
        var entries: [TaskDependency] = []
        var problems: [String] = []
    }

    static func read(_ value: FrontValue, key: String) -> Reading {
        var reading = Reading()
        let items = value.listItems
        for (n, item) in items.enumerated() {
            guard reading.entries.count < TaskDependency.maxEntries else {
                reading.problems.append("\(key): more than \(TaskDependency.maxEntries) dependencies; the rest (\(items.count - n)) are not read")
                break
            }
            let place = items.count > 1 ? "\(key) entry \(n + 1)" : key
            switch entry(item) {
            case .success(let (dependency, notes)):
                reading.entries.append(dependency)
                reading.problems += notes.map { "\(place): \($0)" }
            case .failure(let refusal):
                reading.problems.append("\(place): \(refusal.description) (left as written)")
            case .none:
                break
            }
        }
        var seen = Set<String>()
        for e in reading.entries where !seen.insert(e.key).inserted {
            reading.problems.append("\(key): \(TaskDependency.Refusal.duplicate(BoundedQuote.prefix(e.uid)).description)")
        }
        return reading
    }

    /// The dependency one list item is, when todomd reads it (leniently, as `read` does); nil for a bad or null item.
    static func entry(of item: FrontValue) -> TaskDependency? {
        if case .success(let (dependency, _))? = entry(item) { return dependency }
        return nil
    }

    private enum Entry {
        case success((TaskDependency, [String]))
        case failure(TaskDependency.Refusal)
    }

    /// One entry: a link or name alone, or a `{uid, reltype, gap}` map; nil for a null item.
    private static func entry(_ item: FrontValue) -> Entry? {
        switch item {
        case .scalar(let t, let plain):
            if FrontValue.isNull(t, plain: plain) { return nil }
            do { return .success((TaskDependency(uid: try TaskDependency.checkedUID(t)), [])) } catch { return .failure(error) }
        case .sequence:
            return .failure(.notAnEntry)
        case .mapping:
            var notes: [String] = []
            guard let uidValue = item.value("uid") else { return .failure(.missingUID) }
            guard case .scalar = uidValue else { return .failure(.badUID(uidValue.writtenText)) }
            let uid: String
            do { uid = try TaskDependency.checkedUID(uidValue.text) } catch { return .failure(error) }
            var relation = DependencyRelation.finishToStart
            if let r = item.value("reltype")?.text {
                if let known = DependencyRelation(rawValue: r.trimmedSpaces().uppercased()) { relation = known } else {
                    notes.append(TaskDependency.Refusal.badRelation(BoundedQuote.prefix(r)).description + "; read as FINISHTOSTART")
                }
            } else {
                notes.append("invalid_dependency_reltype: no reltype; read as FINISHTOSTART")
            }
            var gap: String?
            if let g = item.value("gap") {
                if let text = g.text {
                    do { gap = try TaskDependency.checkedGap(text) } catch { notes.append(error.description + "; the gap is not used") }
                } else if case .scalar = g {} else {
                    notes.append("invalid_dependency_gap: the gap is not a duration; not used")
                }
            }
            return .success((TaskDependency(uid: uid, relation: relation, gap: gap), notes))
        }
    }
}
