/// Every rule field, one record each (docs/architecture.md, "Adding a rule field").
extension RuleField {
    public static let all: [RuleField] = [
        RuleField("status", label: "Status", column: .choice(.status), words: .choice, editor: Editor(
            glyph: "◉", operators: choice("Status", default: .string("todo")),
            presets: [Preset(0, "Status", "in", .strings(["todo", "in-progress"]))],
            picker: .choice(TaskStatus.allCases.map(\.rawValue)))),
        RuleField("priority", label: "Priority", column: .choice(.priority), words: .choice, editor: Editor(
            glyph: "!", operators: choice("Priority", default: .string("high")),
            presets: [Preset(1, "Priority", "equals", .string("high"))],
            picker: .choice(Priority.allCases.map(\.rawValue)))),
        flag("flagged", label: "Flagged", .flagged, yes: "Flagged", no: "Not flagged", glyph: "⚑", preset: Preset(2, "Flagged", "equals", .bool(true))),
        flag("inbox", label: "Inbox", .inbox, yes: "Has no area or project", no: "Has an area or project", glyph: "▤",
             preset: Preset(16, "Has no area or project", "equals", .bool(true))),
        flag("draft", label: "Draft", .draft, yes: "Is a draft", no: "Is not a draft", glyph: "✎",
             preset: Preset(34, "Is a draft (Backlog.md)", "equals", .bool(true))),

        date(.due, label: "Due", glyph: "▦", presets: [Preset(3, "Has a due date", "is_not_nil"),
                                                      Preset(6, "Due date in range", "in_next", .int(7), unit: "days")]),
        date(.scheduled, label: "Scheduled", glyph: "◷", presets: [Preset(4, "Has a scheduled date", "is_not_nil"),
                                                                  Preset(7, "Scheduled date in range", "on_or_before", .string("today"))]),
        date(.defer, label: "Deferred", glyph: "☾", presets: [Preset(5, "Has a defer date", "is_not_nil"),
                                                             Preset(8, "Defer date in range", "on_or_before", .string("today"))]),
        date(.created, label: "Created", glyph: "✚", presets: [Preset(9, "Created date in range", "in_past", .int(7), unit: "days")]),
        date(.completed, label: "Completed", glyph: "✓", presets: [Preset(10, "Completed date in range", "in_past", .int(7), unit: "days")]),
        date(.modified, label: "Modified", glyph: "✎", presets: [Preset(11, "Modified date in range", "in_past", .int(7), unit: "days")]),

        pathField(.area, label: "Area", glyph: "⌂", presets: [Preset(12, "Area equals", "equals", .string("")), Preset(14, "Is in area", "within", .string(""))]),
        pathField(.project, label: "Project", glyph: "▭",
              presets: [Preset(13, "Project equals", "equals", .string("")), Preset(15, "Is in project", "within", .string(""))]),
        RuleField("source", label: "Source", column: .key(.source, within: false), words: .value(), editor: Editor(
            glyph: "⇲",
            operators: [Operator(label: "Source equals", op: "equals", shape: .one, defaultValue: .string("")),
                        Operator(label: "Source does not equal", op: "not_equals", shape: .one, defaultValue: .string(""))],
            presets: [Preset(24, "Source equals", "equals", .string(""))], picker: .existing(.source, list: false))),
        RuleField("recurrence", label: "Recurrence", column: .key(.recurrence, within: false),
                  words: .value(isSet: "Is repeating", notSet: "Is not repeating"), editor: Editor(
            glyph: "↻",
            operators: [Operator(label: "Is repeating", op: "is_not_nil", shape: .none), Operator(label: "Is not repeating", op: "is_nil", shape: .none)],
            presets: [Preset(23, "Is repeating", "is_not_nil")], picker: nil)),

        RuleField("tags", aliases: ["tag"], label: "Tags", column: .list(.tags, atSign: false),
                  words: .list(ListWords(empty: "Is untagged", notEmpty: "Has a tag", all: "Is tagged with all of", none: "Is not tagged with",
                                         some: "Is tagged with")),
                  text: TextForm(has: true), editor: Editor(
            glyph: "◈", glyphWhenUnset: "◇",
            operators: [Operator(label: "Is tagged with any of", op: "contains_any", shape: .many),
                        Operator(label: "Is tagged with all of", op: "contains_all", shape: .many),
                        Operator(label: "Is tagged with (one tag)", op: "contains", shape: .one, defaultValue: .string("")),
                        Operator(label: "Is untagged", op: "is_nil", shape: .none),
                        Operator(label: "Has a tag", op: "is_not_nil", shape: .none)],
            presets: [Preset(17, "Is tagged with any of", "contains_any", .strings([])), Preset(18, "Is tagged with all of", "contains_all", .strings([])),
                      Preset(19, "Is untagged", "is_nil")],
            picker: .existing(.tags, list: true))),
        RuleField("contexts", aliases: ["context"], label: "Contexts", column: .list(.contexts, atSign: true),
                  words: .list(ListWords(empty: "Has no context", notEmpty: "Has a context", all: "Has all of the contexts",
                                         none: "Has none of the contexts", some: "Has the context")),
                  editor: Editor(
            glyph: "@",
            operators: [Operator(label: "Has any of the contexts", op: "contains_any", shape: .many),
                        Operator(label: "Has all of the contexts", op: "contains_all", shape: .many),
                        Operator(label: "Has no context", op: "is_nil", shape: .none),
                        Operator(label: "Has a context", op: "is_not_nil", shape: .none)],
            presets: [Preset(27, "Has any of the contexts", "contains_any", .strings([])), Preset(28, "Has no context", "is_nil")],
            picker: .existing(.contexts, list: true))),
        RuleField("assignees", aliases: ["assignee"], label: "Assignees", column: .list(.assignees, atSign: true),
                  words: .list(ListWords(empty: "Is unassigned", notEmpty: "Is assigned", all: "Is assigned to all of", none: "Is not assigned to",
                                         some: "Is assigned to")),
                  text: TextForm(name: "assignee", has: true), editor: Editor(
            glyph: "☺",
            operators: [Operator(label: "Is assigned to any of", op: "contains_any", shape: .many),
                        Operator(label: "Is assigned to all of", op: "contains_all", shape: .many),
                        Operator(label: "Is assigned to (one name)", op: "contains", shape: .one, defaultValue: .string("")),
                        Operator(label: "Is unassigned", op: "is_nil", shape: .none),
                        Operator(label: "Is assigned", op: "is_not_nil", shape: .none)],
            presets: [Preset(32, "Is assigned to any of", "contains_any", .strings([])), Preset(33, "Is unassigned", "is_nil")],
            picker: .existing(.assignees, list: true))),

        RuleField("estimated_minutes", label: "Estimated time", column: .minutes, words: .minutes, text: TextForm(name: "estimate"), editor: Editor(
            glyph: "◔",
            operators: [Operator(label: "Has estimated time", op: "is_not_nil", shape: .none),
                        Operator(label: "Has no estimated time", op: "is_nil", shape: .none),
                        Operator(label: "Estimated time less than", op: "less_than", shape: .number, defaultValue: .int(15)),
                        Operator(label: "Estimated time greater than", op: "greater_than", shape: .number, defaultValue: .int(60))],
            presets: [Preset(20, "Has estimated time", "is_not_nil"), Preset(21, "Estimated time less than", "less_than", .int(15)),
                      Preset(22, "Estimated time greater than", "greater_than", .int(60))],
            picker: .minutes)),
        // Decided over the whole vault (who waits for whom), never by the task alone.
        RuleField("blocked", label: "Blocked", column: .dependency,
                  words: .flagAnd(yes: "Is blocked", no: "Is not blocked", others: ["blocks_others": "Blocks others"]), editor: Editor(
            glyph: "⊘",
            operators: [Operator(label: "Is blocked", op: "equals", shape: .fixed(.bool(true))),
                        Operator(label: "Is not blocked", op: "equals", shape: .fixed(.bool(false))),
                        Operator(label: "Blocks others", op: "blocks_others", shape: .none)],
            presets: [Preset(35, "Is blocked", "equals", .bool(true)), Preset(36, "Is not blocked", "equals", .bool(false)),
                      Preset(39, "Blocks others", "blocks_others")],
            picker: .yesNo)),
        // Finished sessions' time (a running one counts once stopped); `this_week` any session in today's week.
        RuleField("tracked", label: "Tracked time", column: .tracked, words: .tracked, editor: Editor(
            glyph: "⏱",
            operators: [Operator(label: "Tracked more than", op: "greater_than", shape: .number, defaultValue: .int(120)),
                        Operator(label: "Tracked less than", op: "less_than", shape: .number, defaultValue: .int(30)),
                        Operator(label: "Tracked this week", op: "this_week", shape: .none),
                        Operator(label: "Has tracked time", op: "is_not_nil", shape: .none),
                        Operator(label: "Has no tracked time", op: "is_nil", shape: .none)],
            presets: [Preset(37, "Tracked more than", "greater_than", .int(120)), Preset(38, "Tracked this week", "this_week")],
            picker: .minutes)),
        search(.title, "title", label: "Title", glyph: "T", preset: Preset(25, "Title contains", "string_contains", .string(""))),
        search(.body, "body", label: "Body", glyph: "¶", preset: Preset(26, "Body contains", "string_contains", .string(""))),
    ]

    // The families' shared shapes: a field of a family says only what is its own.

    static func choice(_ name: String, default value: JSONValue) -> [Operator] {
        [Operator(label: "\(name) is", op: "equals", shape: .one, defaultValue: value),
         Operator(label: "\(name) is not", op: "not_equals", shape: .one, defaultValue: value),
         Operator(label: "\(name) is any of", op: "in", shape: .many)]
    }

    static func flag(_ name: String, label: String, _ field: ValueTest.FlagField, yes: String, no: String, glyph: String, preset: Preset) -> RuleField {
        RuleField(name, label: label, column: .flag(field), words: .flag(yes: yes, no: no), editor: Editor(
            glyph: glyph,
            operators: [Operator(label: yes, op: "equals", shape: .fixed(.bool(true))), Operator(label: no, op: "equals", shape: .fixed(.bool(false)))],
            presets: [preset], picker: .yesNo))
    }

    static func date(_ field: TaskField, label: String, glyph: String, presets: [Preset]) -> RuleField {
        let noun = field.key
        return RuleField(noun, label: label, column: .day(field), words: .date(noun: noun), editor: Editor(
            glyph: glyph,
            operators: [Operator(label: "\(noun.prefix(1).uppercased() + noun.dropFirst()) date in range…", op: "on", shape: .dates),
                        Operator(label: "Has a \(noun) date", op: "is_not_nil", shape: .none),
                        Operator(label: "Does not have a \(noun) date", op: "is_nil", shape: .none)],
            presets: presets, picker: .dates))
    }

    /// Area and project: a path, compared whole or with what is below it.
    static func pathField(_ field: TaskField, label: String, glyph: String, presets: [Preset]) -> RuleField {
        let kf: ValueTest.KeyField = field == .area ? .area : .project
        return RuleField(field.key, label: label, column: .key(kf, within: true), words: .value(), editor: Editor(
            glyph: glyph,
            operators: [Operator(label: "\(label) equals", op: "equals", shape: .one, defaultValue: .string("")),
                        Operator(label: "\(label) does not equal", op: "not_equals", shape: .one, defaultValue: .string("")),
                        Operator(label: "\(label) is any of", op: "in", shape: .many),
                        Operator(label: "Is in \(field.key) (or below it)", op: "within", shape: .one, defaultValue: .string(""))],
            presets: presets, picker: .existing(field, list: false)))
    }

    static func search(_ field: ValueTest.SearchField, _ name: String, label: String, glyph: String, preset: Preset) -> RuleField {
        RuleField(name, label: label, column: .search(field), words: .value(), editor: Editor(
            glyph: glyph, operators: [Operator(label: "\(label) contains", op: "string_contains", shape: .text, defaultValue: .string(""))],
            presets: [preset], picker: .text))
    }
}
