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

    public init(_ keys: [Key], _ action: Action, _ description: String, _ focus: Focus) {
        self.keys = keys
        self.action = action
        self.description = description
        self.focus = focus
    }
}

public struct Keymap: Sendable {
    public var bindings: [Binding]

    public static let `default` = Keymap(bindings: [
        Binding([.char("?")], .toggleHelp, "help", .global),
        Binding([.char("q")], .quit, "quit", .global),
        Binding([.tab, .backTab], .switchFocus, "next / previous pane", .global),
        Binding([.char("h"), .left], .focus(.sidebar), "sidebar", .global),
        Binding([.char("l"), .right], .focus(.list), "task list", .global),
        Binding([.char("/")], .startSearch, "search titles", .global),
        Binding([.char("j"), .down], .move(1), "down", .global),
        Binding([.char("k"), .up], .move(-1), "up", .global),
        Binding([.char("g"), .home], .moveToEdge(top: true), "first", .global),
        Binding([.char("G"), .end], .moveToEdge(top: false), "last", .global),
        Binding([.pageDown], .page(1), "page down", .global),
        Binding([.pageUp], .page(-1), "page up", .global),
        Binding([.escape], .cancel, "close or cancel", .global),

        Binding([.char("a")], .addTask, "add a task", .sidebar),
        Binding([.char("n")], .newPerspective, "new perspective", .sidebar),
        Binding([.char("y")], .duplicatePerspective, "duplicate", .sidebar),
        Binding([.char("d")], .deletePerspective, "delete (asks)", .sidebar),
        Binding([.char("J"), .shiftDown], .reorderPerspective(down: true), "move perspective down", .sidebar),
        Binding([.char("K"), .shiftUp], .reorderPerspective(down: false), "move perspective up", .sidebar),
        Binding([.enter], .focus(.list), "open", .sidebar),

        Binding([.char("a")], .addTask, "add a task", .list),
        Binding([.char("e"), .enter], .editTask, "edit the task", .list),
        Binding([.char("o")], .openInEditor, "open the file in $EDITOR", .list),
        Binding([.char("s")], .openSortMenu, "sort menu", .list),
        Binding([.char(" ")], .cycleState, "cycle state (todo → in progress → done)", .list),
        Binding([.char("x")], .toggleDone, "done / undone", .list),
        Binding([.char("f")], .toggleFlag, "flag", .list),
        Binding([.char("p")], .cyclePriority, "cycle priority", .list),
        Binding([.char("d")], .deleteTask, "delete (asks)", .list),
        Binding([.char("J"), .shiftDown], .reorderTask(.down), "move down in its band", .list),
        Binding([.char("K"), .shiftUp], .reorderTask(.up), "move up in its band", .list),
        Binding([.char("R")], .resetOrder, "reset order", .list),
        Binding([.char("S")], .reverseSort, "reverse sort", .list),
        Binding([.char("z")], .toggleCollapse, "collapse / expand group", .list),
    ])

    /// The action for `key` in `focus` (its own bindings first, then global).
    public func action(for key: Key, in focus: Focus) -> Action? {
        for b in bindings where b.focus == focus && b.keys.contains(key) { return b.action }
        for b in bindings where b.focus == .global && b.keys.contains(key) { return b.action }
        return nil
    }

    /// Help text: one section per focus, one line per binding.
    public func helpLines() -> [String] {
        var out: [String] = []
        for focus in Focus.allCases {
            let title = focus == .global ? "Everywhere" : focus == .sidebar ? "Sidebar" : "Task list"
            out.append(title)
            for b in bindings where b.focus == focus {
                let keys = b.keys.map(\.description).joined(separator: " / ")
                out.append("  " + keys.padding(toLength: 18, withPad: " ", startingAt: 0) + b.description)
            }
            out.append("")
        }
        return out
    }
}
