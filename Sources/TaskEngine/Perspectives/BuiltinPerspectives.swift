/// The built-in perspectives of the spec, as rule trees. Always above the
/// custom ones, never editable; their sort and manual order are the user's
/// (stored under `"builtins"` in `.perspectives.json`).
public enum BuiltinPerspectives {
    static let openStatuses: JSONValue = .strings(["todo", "in-progress"])
    static let closed: JSONValue = .strings(["done", "cancelled"])
    /// Today and Upcoming show what can be done now: a task waiting for one not done is left
    /// out until that one is (OmniFocus's "Available"). A rule, so the editor shows it and a copy
    /// can drop it; built-ins' rules are not stored, so `.perspectives.json` is unchanged.
    static let available: RuleNode = .cond("blocked", "equals", .bool(false))

    public static let all: [Perspective] = [
        make("inbox", "Inbox", icon: "tray", rules: [
            .cond("inbox", "equals", .bool(true)),
            .cond("status", "in", openStatuses),
        ], sort: "created"),
        make("today", "Today", icon: "star", rules: [
            .any([.cond("due", "on_or_before", .string("today")),
                  .cond("scheduled", "on_or_before", .string("today")),
                  .cond("defer", "on_or_before", .string("today"))]),
            .none([.cond("status", "in", .strings(["done", "cancelled", "someday"]))]),
            available,
        ], sort: "due"),
        make("upcoming", "Upcoming", icon: "calendar", rules: [
            .any([.cond("due", "in_next", .int(14), unit: "days"),
                  .cond("scheduled", "in_next", .int(14), unit: "days")]),
            .none([.cond("status", "in", closed)]),
            available,
        ], sort: "due", group: "due"),
        // Blocked tasks stay in: the days ahead are planned with what waits, too.
        make(Forecast.id, "Forecast", icon: "chart.bar", rules: Forecast.shownRules, sort: "due"),
        make("flagged", "Flagged", icon: "flag", rules: [
            .cond("flagged", "equals", .bool(true)),
            .none([.cond("status", "in", closed)]),
        ], sort: "due"),
        make("someday", "Someday", icon: "moon", rules: [
            .cond("status", "equals", .string("someday")),
        ], sort: "created"),
        make("logbook", "Logbook", icon: "checkmark.circle", rules: [
            .cond("status", "in", closed),
        ], sort: "completed"),
    ]

    /// Backlog.md's drafts (`backlog/drafts/draft-*.md`), which no other view
    /// shows: listed after Logbook in a Backlog.md project only.
    public static let drafts = make("drafts", "Drafts", icon: "pencil", rules: [
        .cond("draft", "equals", .bool(true)),
    ], sort: "created")

    /// The built-ins of a vault: with Drafts where it has Backlog.md's drafts folder.
    public static func all(showingDrafts: Bool) -> [Perspective] { showingDrafts ? all + [drafts] : all }

    static func make(_ id: String, _ name: String, icon: String, rules: [RuleNode], sort: String, group: String = "none") -> Perspective {
        Perspective(id: id, name: name, rules: RuleGroup(.and, rules), sort: SortSpec(field: sort), groupBy: group,
                    icon: icon, isBuiltin: true)
    }

    public static func perspective(id: String) -> Perspective? { all.first { $0.id == id } }

    /// An editable copy: "[Original Name] Copy", a new id, the same rules, sort and grouping.
    public static func duplicate(_ p: Perspective, newID: String) -> Perspective {
        var copy = Perspective(id: newID, name: String((p.name + " Copy").prefix(Perspective.maxNameLength)), rules: p.rules,
                               sort: p.sort, groupBy: p.groupBy, layout: p.layout, icon: p.icon, color: p.color)
        copy.manualOrder = p.manualOrder
        return copy
    }
}

extension Perspective {
    /// Every task: no rules, sorted by due date (the CLI's default list).
    public static let allTasks = Perspective(id: "all", name: "All tasks", rules: RuleGroup(.and), isBuiltin: true)
}
