/// A task's six dates (`TaskField.dateFields`: due, scheduled, defer,
/// created, modified, completed), each kept as one word, with the texts of
/// dates written in a shape that is not rendered back from its value (rare)
/// beside them. Far smaller than six optional `TaskDate`s, and every task
/// holds one.
struct TaskDates: Hashable, Sendable {
    /// No date in that slot (no date's word: seconds that far back are not read).
    static let none = Int64.min

    private var w0 = TaskDates.none, w1 = TaskDates.none, w2 = TaskDates.none
    private var w3 = TaskDates.none, w4 = TaskDates.none, w5 = TaskDates.none
    /// Empty, or one text per slot ("" where the date has no text of its own).
    private var texts: [String] = []

    static let count = 6

    subscript(slot slot: Int) -> TaskDate? {
        get {
            let w = word(slot)
            guard w != Self.none else { return nil }
            return TaskDate(word: w, keptText: texts.isEmpty ? "" : texts[slot])
        }
        set {
            setWord(slot, newValue?.word ?? Self.none)
            let text = newValue?.keptText ?? ""
            if texts.isEmpty {
                if !text.isEmpty {
                    texts = Array(repeating: "", count: Self.count)
                    texts[slot] = text
                }
            } else {
                texts[slot] = text
                if texts.allSatisfy(\.isEmpty) { texts = [] }
            }
        }
    }

    private func word(_ slot: Int) -> Int64 {
        switch slot {
        case 0: return w0
        case 1: return w1
        case 2: return w2
        case 3: return w3
        case 4: return w4
        default: return w5
        }
    }

    private mutating func setWord(_ slot: Int, _ w: Int64) {
        switch slot {
        case 0: w0 = w
        case 1: w1 = w
        case 2: w2 = w
        case 3: w3 = w
        case 4: w4 = w
        default: w5 = w
        }
    }

    /// Slot by slot, as `TaskDate` compares: written the same.
    static func == (a: TaskDates, b: TaskDates) -> Bool {
        if a.w0 == b.w0, a.w1 == b.w1, a.w2 == b.w2, a.w3 == b.w3, a.w4 == b.w4, a.w5 == b.w5, a.texts == b.texts { return true }
        return (0..<count).allSatisfy { a[slot: $0] == b[slot: $0] }
    }

    func hash(into h: inout Hasher) {
        for slot in 0..<Self.count { h.combine(self[slot: slot]) }
    }
}
