/// Where keys are read: each focus has its own bindings.
public enum Focus: String, Hashable, Sendable, CaseIterable {
    case global, sidebar, list
}

/// Key bindings as data: keys, the action, a description, and where they
/// apply. The help overlay is generated from this list.
public struct Binding: Sendable {
    public var keys: [Key]
    public var action: Action
    public var description: String
    public var focus: Focus
    /// The name a config file uses to remap it (`add`, `cycle-state`, …).
    public var name: String

    public init(_ keys: [Key], _ action: Action, _ description: String, _ focus: Focus, name: String) {
        self.keys = keys
        self.action = action
        self.description = description
        self.focus = focus
        self.name = name
    }
}

public struct Keymap: Sendable {
    public var bindings: [Binding]

    public static let `default` = Keymap(bindings: [
        Binding([.char("?")], .toggleHelp, "help", .global, name: "help"),
        Binding([.char("q")], .quit, "quit", .global, name: "quit"),
        Binding([.tab, .backTab], .switchFocus, "next / previous pane", .global, name: "next-pane"),
        Binding([.char("h"), .left], .focus(.sidebar), "sidebar", .global, name: "sidebar"),
        Binding([.char("l"), .right], .focus(.list), "task list", .global, name: "list"),
        Binding([.char("/")], .startSearch, "search titles", .global, name: "search"),
        Binding([.char("j"), .down], .move(1), "down", .global, name: "down"),
        Binding([.char("k"), .up], .move(-1), "up", .global, name: "up"),
        Binding([.char("g"), .home], .moveToEdge(top: true), "first", .global, name: "first"),
        Binding([.char("G"), .end], .moveToEdge(top: false), "last", .global, name: "last"),
        Binding([.pageDown], .page(1), "page down", .global, name: "page-down"),
        Binding([.pageUp], .page(-1), "page up", .global, name: "page-up"),
        Binding([.escape], .cancel, "close or cancel", .global, name: "cancel"),
        Binding([.char("r")], .showRules, "the perspective's rules (editor; read-only for built-ins)", .global, name: "rules"),
        Binding([.char("!")], .showProblems, "list files that could not be read", .global, name: "problems"),
        Binding([.char("u")], .undo, "undo the last change (writes the files back)", .global, name: "undo"),
        Binding([.ctrl("r")], .redo, "redo", .global, name: "redo"),
        Binding([.char("C")], .openConflicts, "sync conflicts: see both versions, keep one or both", .global, name: "conflicts"),
        Binding([.char("F")], .openFilterPanel, "quick filter: projects, statuses, priorities", .global, name: "quick-filter"),
        Binding([.char(",")], .openSettings, "settings: theme and density", .global, name: "settings"),

        Binding([.char("a")], .addTask, "add a task", .sidebar, name: "add"),
        Binding([.char("n")], .newPerspective, "new perspective (opens the rule editor)", .sidebar, name: "new-perspective"),
        Binding([.char("e")], .editPerspective, "edit the perspective's rules", .sidebar, name: "edit-perspective"),
        Binding([.char("y")], .duplicatePerspective, "duplicate", .sidebar, name: "duplicate-perspective"),
        Binding([.char("d")], .deletePerspective, "delete (asks)", .sidebar, name: "delete-perspective"),
        Binding([.char("J"), .shiftDown], .reorderPerspective(down: true), "move perspective down", .sidebar, name: "move-perspective-down"),
        Binding([.char("K"), .shiftUp], .reorderPerspective(down: false), "move perspective up", .sidebar, name: "move-perspective-up"),
        Binding([.enter], .focus(.list), "open", .sidebar, name: "open"),

        Binding([.char("a")], .addTask, "add a task", .list, name: "add"),
        Binding([.char("e"), .enter], .editTask, "edit the task", .list, name: "edit"),
        Binding([.char("o")], .openInEditor, "open the file in $EDITOR", .list, name: "open-in-editor"),
        Binding([.char("s")], .openSortMenu, "sort menu", .list, name: "sort-menu"),
        Binding([.char(" ")], .cycleState, "cycle state (todo → in progress → done)", .list, name: "cycle-state"),
        Binding([.char("x")], .toggleDone, "done / undone (a repeating task: this occurrence)", .list, name: "done"),
        Binding([.char("X")], .skipOccurrence, "skip this occurrence of a repeating task", .list, name: "skip"),
        Binding([.char("f")], .toggleFlag, "flag", .list, name: "flag"),
        Binding([.char("p")], .cyclePriority, "cycle priority", .list, name: "priority"),
        Binding([.char("d")], .deleteTask, "delete (asks)", .list, name: "delete"),
        Binding([.char("J"), .shiftDown], .reorderTask(.down), "move down in its band", .list, name: "move-down"),
        Binding([.char("K"), .shiftUp], .reorderTask(.up), "move up in its band", .list, name: "move-up"),
        Binding([.char("R")], .resetOrder, "reset order", .list, name: "reset-order"),
        Binding([.char("S")], .reverseSort, "reverse sort", .list, name: "reverse-sort"),
        Binding([.char("z")], .toggleCollapse, "collapse / expand group", .list, name: "collapse"),
    ])

    /// The keymap with the config's remapping applied: `keys: {add: [A, ctrl-n]}`.
    /// Returns the problems (unknown names or keys) to show the user.
    public func remapped(_ keys: [String: [String]]) -> (Keymap, [String]) {
        var map = self
        var problems: [String] = []
        for (name, names) in keys.sorted(by: { $0.key < $1.key }) {
            let parsed = names.map { ($0, Key(name: $0)) }
            for (text, key) in parsed where key == nil { problems.append("unknown key '\(text)' for '\(name)'") }
            let newKeys = parsed.compactMap(\.1)
            var found = false
            for i in map.bindings.indices where map.bindings[i].name == name {
                map.bindings[i].keys = newKeys
                found = true
            }
            if !found { problems.append("no key binding named '\(name)'") }
        }
        return (map, problems)
    }

    /// The action for `key` in `focus` (its own bindings first, then global).
    public func action(for key: Key, in focus: Focus) -> Action? {
        for b in bindings where b.focus == focus && b.keys.contains(key) { return b.action }
        for b in bindings where b.focus == .global && b.keys.contains(key) { return b.action }
        return nil
    }

    /// The status line's hints for a pane, naming the keys in use (remapped
    /// ones included): "j/k move · l open · …". A hint whose binding has no
    /// key left is dropped.
    public func hints(_ focus: Focus) -> String {
        let items: [([String], String)] = focus == .sidebar
            ? [(["down", "up"], "move"), (["list"], "open"), (["new-perspective"], "new"), (["duplicate-perspective"], "duplicate"),
               (["delete-perspective"], "delete"), (["move-perspective-down", "move-perspective-up"], "reorder"), (["search"], "search"),
               (["help"], "help"), (["quit"], "quit")]
            : [(["cycle-state"], "state"), (["done"], "done"), (["flag"], "flag"), (["priority"], "priority"), (["delete"], "delete"),
               (["move-down", "move-up"], "move"), (["reset-order"], "reset"), (["reverse-sort"], "reverse"), (["collapse"], "fold"),
               (["help"], "help")]
        return items.compactMap { names, label -> String? in
            let keys = names.compactMap { name in
                bindings.first { $0.name == name && ($0.focus == focus || $0.focus == .global) }?.keys.first.map { $0 == .char(" ") ? "space" : $0.description }
            }
            return keys.isEmpty ? nil : keys.joined(separator: "/") + " " + label
        }.joined(separator: " · ")
    }

    /// Help text: one section per focus, one line per binding.
    public func helpLines() -> [String] {
        var out: [String] = []
        for focus in Focus.allCases {
            let title = focus == .global ? "Everywhere" : focus == .sidebar ? "Sidebar" : "Task list"
            out.append(title)
            for b in bindings where b.focus == focus {
                let keys = b.keys.map(\.description).joined(separator: " / ")
                out.append("  " + keys.padding(toLength: 16, withPad: " ", startingAt: 0) + b.description + "  (\(b.name))")
            }
            out.append("")
        }
        return out
    }
}
