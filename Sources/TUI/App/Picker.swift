import TaskEngine

/// A list to choose from, as the editor's value controls use it: one or many
/// options, filtered by typing, and (when allowed) a typed value of its own.
public struct Picker: Hashable, Sendable {
    public struct Option: Hashable, Sendable {
        public var label: String
        public var value: JSONValue
        /// A swatch color (xterm-256 index) drawn before the label.
        public var color: Int?
        public init(_ label: String, _ value: JSONValue, color: Int? = nil) {
            self.label = label
            self.value = value
            self.color = color
        }
    }

    public var title: String
    public var options: [Option]
    public var multi: Bool
    public var chosen: Set<Int>
    public var cursor = 0
    /// Typed text: filters the options; with `allowsTyped`, Enter on no match uses it.
    public var typedField = TextField()
    public var typed: String { typedField.string }
    public var allowsTyped: Bool
    /// Cells per row when the options are drawn as a grid (the icons); nil: a list.
    public var columns: Int?
    /// The option in use now (an index into `options`), marked `•` in a list of one
    /// choice: the cursor starts on it, and moving away from it shows.
    public var current: Int?

    public init(title: String, options: [Option], multi: Bool = false, chosen: Set<Int> = [], allowsTyped: Bool = false) {
        self.title = title
        self.options = options
        self.multi = multi
        self.chosen = chosen
        self.allowsTyped = allowsTyped
        if let first = chosen.min() { cursor = first }
    }

    /// Indexes of the options the typed text matches.
    public var visible: [Int] {
        let q = TextFold.search(typed)
        return options.indices.filter { q.isEmpty || TextFold.search(options[$0].label).contains(q) }
    }

    public enum Outcome: Hashable, Sendable {
        case open
        case cancelled
        case picked([JSONValue])
        case typed(String)
    }

    /// A picker action: move, choose, use the choice, or close.
    public mutating func apply(_ action: PickerAction) -> Outcome {
        let shown = visible
        switch action {
        case .cancel: return .cancelled
        // A list wraps at its ends (↓ on the last goes to the first), so every step
        // shows; the icon grid stops at its edges.
        case .down where columns == nil && cursor >= shown.count - 1: cursor = 0
        case .up where columns == nil && cursor <= 0: cursor = max(0, shown.count - 1)
        case .down: cursor = min(cursor + (columns ?? 1), max(0, shown.count - 1))
        case .up: cursor = max(0, cursor - (columns ?? 1))
        case .right: cursor = min(cursor + 1, max(0, shown.count - 1))
        case .left: cursor = max(0, cursor - 1)
        case .pageDown: cursor = min(cursor + 10, max(0, shown.count - 1))
        case .pageUp: cursor = max(0, cursor - 10)
        case .toggle:
            // A list of one choice: Space is just a character of the typed filter.
            guard multi else { insert(" "); break }
            if shown.indices.contains(cursor) {
                let i = shown[cursor]
                if chosen.contains(i) { chosen.remove(i) } else { chosen.insert(i) }
            }
        case .pick:
            if multi && !chosen.isEmpty { return .picked(chosen.sorted().map { options[$0].value }) }
            if shown.indices.contains(cursor), !(allowsTyped && !typed.isEmpty && shown.isEmpty) {
                return .picked([options[shown[cursor]].value])
            }
            if allowsTyped, !typed.trimmingCharacters(in: .whitespaces).isEmpty { return .typed(typed.trimmingCharacters(in: .whitespaces)) }
        }
        return .open
    }

    /// The typed filter or value is a line editor, like every text field.
    public mutating func edit(_ e: TextField.Edit) {
        if typedField.apply(e) == .edited { cursor = 0 }
    }

    public mutating func insert(_ text: String) {
        typedField.insert(text)
        cursor = 0
    }
}
