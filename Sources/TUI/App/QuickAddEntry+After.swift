import TaskEngine

/// `after:Title` in quick add and the change line: the title completes to an
/// open task's (`after:wri` → `after:"Write docs"`), and on Enter each title
/// must name one task, which the task is then made to wait for.
extension QuickAddEntry {
    /// What the last word, `after:…`, has typed of a title, and the open task's title it starts.
    func afterCompleting(_ index: TaskIndex) -> (typed: String, name: String)? {
        guard field.isAtEnd, let last = text.split(separator: " ", omittingEmptySubsequences: false).last,
              last.lowercased().hasPrefix("after:") else { return nil }
        var typed = String(last.dropFirst(6))
        if typed.hasPrefix("\"") { typed.removeFirst() }
        guard !typed.isEmpty, !typed.contains("\""), let name = index.title(completing: typed, excluding: Set(changing ?? [])) else { return nil }
        return (typed, name)
    }

    /// The rest of the title, shown after the cursor.
    func afterCompletion(_ index: TaskIndex) -> String? { afterCompleting(index).map { String($0.name.dropFirst($0.typed.count)) } }

    /// Takes it: `after:wri` → `after:"Write docs"` (quoted when it has blanks).
    mutating func acceptAfterCompletion(_ index: TaskIndex) -> Bool {
        guard let (_, name) = afterCompleting(index) else { return false }
        let start = text.lastIndex(of: " ").map { text.index(after: $0) } ?? text.startIndex
        text.replaceSubrange(start..., with: "after:" + (name.contains(" ") ? "\"\(name)\"" : name))
        error = nil
        return true
    }
}

extension AppState {
    /// The vault's format, for writing a dependency in its words.
    var vaultKind: VaultProfile.Kind {
        switch vaultFormat {
        case "Backlog.md": return .backlog
        case "TaskNotes": return .tasknotes
        default: return .todomd
        }
    }

    /// `t` made to wait for the tasks of `titles`, or why it cannot.
    func waiting(_ t: TaskItem, forTitles titles: [String]) -> Result<TaskItem, WaitRefusal> {
        guard !titles.isEmpty else { return .success(t) }
        do { return .success(try index.waiting(t, forTitles: titles, kind: vaultKind)) } catch { return .failure(error) }
    }
}
