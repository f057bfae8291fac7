/// One field a rule condition can test (`"field": "due"`), as one record:
/// what a condition on it compiles to, its words, its text form, and what
/// the rule editor offers for it (glyph, operators with their default
/// values, the rule types it adds, its value picker). The compiler, the
/// describer, rules as text and the editor read this record instead of
/// each switching on the field's name; `RuleField.all` is the table.
///
///     RuleField.named("tag")?.name  // "tags"
public struct RuleField: Sendable {
    /// The name stored in `.perspectives.json`.
    public let name: String
    /// Other stored names read as this field (`tag` for `tags`).
    public let aliases: [String]
    /// The field in words: `Due`, `Estimated time`.
    public let label: String
    /// What a condition on it tests, and over which of the index's columns.
    let column: Column
    /// How `RuleDescriber` words a condition on it.
    let words: Words
    /// Its form in rules as text (`RuleText`).
    let text: TextForm
    /// What the rule editor offers for it.
    public let editor: Editor

    init(_ name: String, aliases: [String] = [], label: String, column: Column, words: Words, text: TextForm = TextForm(), editor: Editor) {
        self.name = name
        self.aliases = aliases
        self.label = label
        self.column = column
        self.words = words
        self.text = text
        self.editor = editor
    }

    /// The column family a condition compiles over (`ConditionCompiler`); each
    /// family has its operators and its scan (`ValueTest`, `ColumnScan`).
    enum Column: Sendable {
        /// One of a few values (a bit mask over `allCases`).
        case choice(ValueTest.ChoiceField)
        /// True or false.
        case flag(ValueTest.FlagField)
        /// One text value, compared folded; `within` also matches the paths below it.
        case key(ValueTest.KeyField, within: Bool)
        /// A list of words; `atSign` lets a wanted word be written `@name`.
        case list(ValueTest.ListField, atSign: Bool)
        case minutes
        case day(TaskField)
        /// Free text (title, notes), searched folded.
        case search(ValueTest.SearchField)
        /// Blocked or not, or blocking: from the index's dependency graph, not a column of the task's own.
        case dependency
        /// Time tracked: the task's time entries (`TrackedTime`).
        case tracked
    }

    /// The shape of the words `RuleDescriber` gives a condition.
    enum Words: Sendable {
        /// "Status is todo or done".
        case choice
        /// The sentence for true and for false.
        case flag(yes: String, no: String)
        /// A flag's two sentences, and one more for each other operator (by its stored name).
        case flagAnd(yes: String, no: String, others: [String: String])
        case list(ListWords)
        /// "Estimated time less than 15 min".
        case minutes
        /// "Due in the next 7 days → …"; `noun` is the date's word ("defer" → "Has no defer date").
        case date(noun: String)
        /// "Area equals Work", "Has a source"; a presence sentence of its own where given.
        case value(isSet: String? = nil, notSet: String? = nil)
        /// "Tracked more than 2h", "Tracked this week".
        case tracked
    }

    /// The sentences of a list field: "Is untagged", "Has a tag", "Is tagged with all of a and b",
    /// "Is not tagged with a", "Is tagged with a" ("… any of a or b" for a list).
    struct ListWords: Sendable {
        var empty: String
        var notEmpty: String
        var all: String
        var none: String
        var some: String
    }

    struct TextForm: Sendable {
        /// The word written instead of the stored name (and read back as it): `estimate`.
        var name: String?
        /// Whether one value of `contains` is written `has x` (else `op=contains x`).
        var has = false
    }

    /// What the rule editor offers for the field.
    public struct Editor: Sendable {
        /// Drawn before the rule's words.
        public let glyph: String
        /// Drawn instead for a condition that the field has no value (`is_nil`), when given.
        public let glyphWhenUnset: String?
        /// Every way a rule on the field can compare, in the editor's order.
        public let operators: [Operator]
        /// The rule types of the "Add a rule" list this field adds.
        public let presets: [Preset]
        public let picker: ValuePicker?

        init(glyph: String, glyphWhenUnset: String? = nil, operators: [Operator], presets: [Preset], picker: ValuePicker?) {
            self.glyph = glyph
            self.glyphWhenUnset = glyphWhenUnset
            self.operators = operators
            self.presets = presets
            self.picker = picker
        }

        public func glyph(op: String) -> String { op == "is_nil" ? glyphWhenUnset ?? glyph : glyph }
    }

    /// One way a rule can compare, as the editor's operator list shows it.
    public struct Operator: Sendable {
        public enum Shape: Hashable, Sendable {
            /// Presence: no value.
            case none
            /// A fixed value (`flagged` true or false).
            case fixed(JSONValue)
            /// One value or several (a list), chosen from what the vault has.
            case one, many
            case number, text
            /// A day, a range of days or a relative range: the date picker.
            case dates
        }

        public var label: String
        public var op: String
        public var shape: Shape
        /// The value a rule takes when it turns to this operator with none that fits.
        public var defaultValue: JSONValue?

        public init(label: String, op: String, shape: Shape, defaultValue: JSONValue? = nil) {
            self.label = label
            self.op = op
            self.shape = shape
            self.defaultValue = defaultValue
        }
    }

    /// A rule type in the "Add a rule" list: its label and the condition it starts as.
    public struct Preset: Sendable {
        public let label: String
        /// Where it stands in the list (the list is sorted by it, groups included:
        /// a new field's presets take new, higher places so the others keep theirs).
        public let place: Int
        public let op: String
        public let value: JSONValue?
        public let unit: String?

        init(_ place: Int, _ label: String, _ op: String, _ value: JSONValue? = nil, unit: String? = nil) {
            self.place = place
            self.label = label
            self.op = op
            self.value = value
            self.unit = unit
        }
    }

    /// The control that edits a condition's value.
    public enum ValuePicker: Hashable, Sendable {
        /// One of these words (several for `in`).
        case choice([String])
        /// Yes or no.
        case yesNo
        /// A value the vault has (or a new one typed); `list` for a field holding several.
        case existing(TaskField, list: Bool)
        /// A number of minutes.
        case minutes
        /// Text to search for.
        case text
        /// The date picker.
        case dates
    }
}

extension RuleField {
    /// The field a condition names, by its stored name or an alias.
    public static func named(_ name: String) -> RuleField? { byName[name] }

    /// Only by the stored name: the editor's value controls and the text
    /// form's shorthands are for the names the app itself writes (a
    /// hand-written alias is compiled and described, and kept as written).
    public static func stored(_ name: String) -> RuleField? {
        guard let f = byName[name], f.name == name else { return nil }
        return f
    }

    static let byName: [String: RuleField] = {
        var out: [String: RuleField] = [:]
        for f in all {
            for n in [f.name] + f.aliases { out[n] = f }
        }
        return out
    }()

    /// Whether the field is a date (compared by the date picker's days and ranges).
    public var isDate: Bool {
        if case .day = column { return true }
        return false
    }

    /// Whether the field is time tracked (`tracked more than 2h`, `tracked this week` in rules as text).
    public var isTracked: Bool {
        if case .tracked = column { return true }
        return false
    }

    /// Whether the field is true or false (written alone in rules as text: `flagged`, `blocked`).
    var isFlag: Bool {
        switch column {
        case .flag, .dependency: return true
        default: return false
        }
    }
}
