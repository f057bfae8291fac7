/// A question's words in parts, so that a long quoted name is what gets cut:
/// what the question says will happen ("It goes to the trash (u undoes).",
/// the key as the keymap in use has it) is always shown whole.
extension Dialog {
    /// `lead`, the quoted `name` (nil: none), `close` end the first sentence; `rest` says what happens.
    func parts(_ keys: Keymap) -> (lead: String, name: String?, close: String, rest: String) {
        let undoes = keys.clause(" (", "undo", "undoes", ")")
        switch self {
        case .deleteTask(let t, let waiting):
            let held = waiting == 0 ? "" : " \(waiting == 1 ? "1 task waits" : "\(waiting) tasks wait") for it and would stay blocked."
            return ("Delete '", t.title, "'?", "It goes to the trash\(undoes).\(held)")
        case .deleteTasks(let ts, let hidden):
            let unseen = hidden > 0 ? " (\(hidden) not shown)" : ""
            return ("Delete the \(ts.count) marked tasks\(unseen)?", nil, "", "They go to the trash\(undoes).")
        case .deletePerspective(let p): return ("Delete '", p.name, "'?", "Its tasks stay\(undoes).")
        case .deleteGroup(_, let n):
            let undo = keys.key("rule-undo", in: [.ruleEditor]).map { "(\($0) in the editor undoes)" } ?? ""
            return ("Delete this group and the \(n) rule\(n == 1 ? "" : "s") in it?", nil, "", undo)
        case .discardEditor: return ("Leave the editor without saving your changes?", nil, "", "")
        case .discardForm: return ("Discard your changes?", nil, "", "")
        case .formConflict(let t): return ("", t.id, "", "changed on disk while you edited it.")
        }
    }

    /// The question in lines of at most `room` columns: one line, with the
    /// name cut when that keeps a few of its characters; else the first
    /// sentence (its name cut) on one line and the rest on the next.
    func questionLines(room: Int, keys: Keymap) -> [String] {
        let (lead, name, close, rest) = parts(keys)
        let question = question(keys)
        if DisplayWidth.of(question) <= room { return [question] }
        let around = DisplayWidth.of(lead + close)
        if let name {
            let nameRoom = room - around - 1 - DisplayWidth.of(rest)
            if nameRoom >= min(DisplayWidth.of(name), 8) {
                return [lead + DisplayWidth.truncate(name, to: nameRoom) + close + " " + rest]
            }
        }
        let first = lead + (name.map { DisplayWidth.truncate($0, to: max(2, room - around)) } ?? "") + close
        return [DisplayWidth.truncate(first, to: room)] + (rest.isEmpty ? [] : [DisplayWidth.truncate(rest, to: room)])
    }
}
