import TaskEngine

/// A rule, a group or all the rules as one editable line (`RuleText`).
public struct RuleTextLine: Hashable, Sendable {
    public var field: TextField
    /// What the line replaces ([]: the top group).
    public var path: [Int]
    public var error: String?

    public var text: String { field.string }
}

/// The half-pane rule editor's state: a working copy of the perspective (the
/// list above and every count follow it live), the cursor, and an open control.
public struct RuleEditor: Hashable, Sendable {
    public enum Header: String, CaseIterable, Sendable { case name = "Name", icon = "Icon", color = "Color", sort = "Sort", group = "Group", layout = "Layout" }

    public enum Target: Hashable, Sendable {
        case addRule(after: [Int])
        case value(path: [Int])
        /// How the rule at `path` compares (its operator).
        case comparison(path: [Int])
        case header(Header)
    }

    /// What of the editor's own takes the keys: nothing (the header and the tree), or one
    /// control. One value, so two controls can never be open at once; key routing, the
    /// reducer, the mouse and drawing each switch over it.
    public enum Control: Hashable, Sendable {
        case none
        /// The name typed in place; `start` is the working copy when typing began (the whole name is one undo step).
        case name(TextField, start: Perspective)
        /// The selected rule or group (or, on the header, all the rules) open as one line of text.
        case text(RuleTextLine)
        /// A list to choose from, and what the choice goes to.
        case picker(Picker, for: Target)
        /// The calendar of the date rule at `path`.
        case calendar(DatePicker, path: [Int])
    }

    public var perspective: Perspective
    /// The perspective as it was when editing began, to tell whether the file changed it meanwhile.
    public var original: Perspective
    public var cursor = 0
    public var control = Control.none
    /// Every earlier state of the working copy (`u` in the editor), and what undo took back (`Ctrl-R`).
    public var undoStack: [Perspective] = []
    public var redoStack: [Perspective] = []
    public static let undoLimit = 200

    public init(_ p: Perspective) {
        perspective = p
        original = p
    }

    public var treeLines: [RuleTreeEditing.Line] { RuleTreeEditing.lines(perspective.rules) }
    public var lineCount: Int { Header.allCases.count + treeLines.count }

    /// The header field under the cursor, or nil on the tree.
    public var header: Header? { cursor < Header.allCases.count ? Header.allCases[cursor] : nil }

    /// The tree path under the cursor ([] on the header: the top group).
    public var path: [Int] {
        let i = cursor - Header.allCases.count
        let lines = treeLines
        return lines.indices.contains(i) ? lines[i].path : []
    }

    mutating func select(path: [Int]) {
        if let i = treeLines.firstIndex(where: { $0.path == path }) { cursor = Header.allCases.count + i }
    }

    /// The line of text for the rule or group under the cursor (all the rules on the header).
    func openTextLine() -> RuleTextLine {
        let at = header == nil ? path : []
        let text: String
        switch at.isEmpty ? .group(perspective.rules) : RuleTreeEditing.node(perspective.rules, at: at) {
        case .condition(let c)?: text = RuleText.text(RuleGroup(.and, [.condition(c)]))
        case .group(let g)?: text = RuleText.text(g)
        case nil: text = ""
        }
        return RuleTextLine(field: TextField(text), path: at)
    }

    static let palette: [(String, String)] = [
        ("Blue", "#4A90D9"), ("Red", "#D0021B"), ("Orange", "#F5A623"), ("Yellow", "#F8E71C"), ("Green", "#7ED321"),
        ("Teal", "#50E3C2"), ("Cyan", "#4AC7D9"), ("Indigo", "#5856D6"), ("Purple", "#9013FE"), ("Pink", "#FF2D55"),
        ("Brown", "#8B572A"), ("Gray", "#9B9B9B"),
    ]

    func headerPicker(_ h: Header) -> Picker? {
        let p = perspective
        switch h {
        case .name: return nil
        case .icon:
            // A grid of the glyphs; typing searches their names.
            let names = Glyphs.icons.keys.sorted()
            let options = names.map { Picker.Option($0, .string($0)) }
            var grid = Picker(title: "Icon: \(names.count) symbols (type a name to search)", options: options,
                              chosen: Set(names.indices.filter { names[$0] == (p.icon ?? Perspective.defaultIcon) }))
            grid.columns = IconGridView.columns
            return grid
        case .color:
            let options = RuleEditor.palette.map { name, hex -> Picker.Option in
                var swatch: Int?
                if case .index(let i)? = TermColor(hex) { swatch = i }
                return Picker.Option("■ \(name) \(hex)", .string(hex), color: swatch)
            }
            return inUse(Picker(title: "Color (or type #RRGGBB)", options: [Picker.Option("Theme accent (no colour of its own)", .string(""))] + options,
                                allowsTyped: true), .string(p.color?.uppercased() ?? ""))
        case .sort:
            var options = SortField.allCases.map { Picker.Option($0.label, .string($0.rawValue)) }
            options.append(.init("Reverse the direction", .string("reverse")))
            return inUse(Picker(title: "Sort", options: options), .string(p.sort.sortField?.rawValue ?? p.sort.field))
        case .group:
            return inUse(Picker(title: "Group by", options: GroupBy.allCases.map { .init($0.rawValue, .string($0.rawValue)) }), .string(p.groupBy))
        case .layout:
            return inUse(Picker(title: "Layout", options: ["default", "comfortable", "compact", "detailed"].map { .init($0, .string($0)) }),
                         .string(p.layout))
        }
    }

    /// The picker with the option of `value` (the perspective's setting now) marked in use and under the cursor,
    /// as the sort menu opens on the sort in use. A value none of the options holds (a colour typed as #RRGGBB) marks none.
    private func inUse(_ picker: Picker, _ value: JSONValue) -> Picker {
        var picker = picker
        if let i = picker.options.firstIndex(where: { $0.value == value }) { (picker.cursor, picker.current) = (i, i) }
        return picker
    }

    mutating func applyHeader(_ h: Header, _ outcome: Picker.Outcome) -> String? {
        switch (h, outcome) {
        case (.icon, .picked(let v)): perspective.icon = v.first?.string
        case (.color, .picked(let v)): perspective.color = v.first?.string.flatMap { $0.isEmpty ? nil : $0 }
        case (.color, .typed(let t)):
            guard TermColor(t) != nil, t.hasPrefix("#"), t.count == 7 else { return "A color is #RRGGBB, like #4A90D9." }
            perspective.color = t.uppercased()
        case (.sort, .picked(let v)):
            if v.first?.string == "reverse" {
                perspective.sort = perspective.sort.reversed
            } else if let f = v.first?.string {
                perspective.sort = SortSpec(field: f)
            }
        case (.group, .picked(let v)): perspective.groupBy = v.first?.string ?? "none"
        case (.layout, .picked(let v)): perspective.layout = v.first?.string ?? "default"
        default: break
        }
        return nil
    }
}
