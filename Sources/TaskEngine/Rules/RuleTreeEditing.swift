/// Edits of a rule tree as pure functions on paths. A path lists child
/// indexes from the top group: `[]` is the top group, `[2, 0]` the first
/// condition of the group that is the top group's third entry.
///
///     var rules = RuleGroup(.and, [.cond("flagged", "equals", .bool(true))])
///     let at = RuleTreeEditing.insert(.cond("tags", "is_nil"), into: &rules, after: [0])   // [1]
///     RuleTreeEditing.indent(&rules, at)   // wraps it in a new group: [1, 0]
public enum RuleTreeEditing {
    /// One line of the tree as the editor shows it.
    public struct Line: Hashable, Sendable {
        public var path: [Int]
        public var node: RuleNode
        public var depth: Int
    }

    /// The tree top to bottom, the top group first.
    public static func lines(_ root: RuleGroup) -> [Line] {
        var out = [Line(path: [], node: .group(root), depth: 0)]
        func walk(_ g: RuleGroup, _ path: [Int], _ depth: Int) {
            for (i, child) in g.conditions.enumerated() {
                out.append(Line(path: path + [i], node: child, depth: depth + 1))
                if case .group(let sub) = child { walk(sub, path + [i], depth + 1) }
            }
        }
        walk(root, [], 0)
        return out
    }

    public static func node(_ root: RuleGroup, at path: [Int]) -> RuleNode? {
        guard let first = path.first else { return .group(root) }
        guard root.conditions.indices.contains(first) else { return nil }
        let child = root.conditions[first]
        if path.count == 1 { return child }
        guard case .group(let g) = child else { return nil }
        return node(g, at: Array(path.dropFirst()))
    }

    /// Changes the node at `path` in place.
    public static func update(_ root: inout RuleGroup, at path: [Int], _ change: (inout RuleNode) -> Void) {
        guard let first = path.first else {
            var n = RuleNode.group(root)
            change(&n)
            if case .group(let g) = n { root = g }
            return
        }
        guard root.conditions.indices.contains(first) else { return }
        if path.count == 1 {
            change(&root.conditions[first])
            return
        }
        guard case .group(var g) = root.conditions[first] else { return }
        update(&g, at: Array(path.dropFirst()), change)
        root.conditions[first] = .group(g)
    }

    /// Inserts `node` after the line at `path`: into it when it is a group
    /// (as its last entry), else right after it. Returns the new node's path.
    @discardableResult
    public static func insert(_ new: RuleNode, into root: inout RuleGroup, after path: [Int]) -> [Int] {
        if case .group(let g)? = node(root, at: path) {
            update(&root, at: path) { n in
                if case .group(var g) = n { g.conditions.append(new); n = .group(g) }
            }
            return path + [g.conditions.count]
        }
        let parent = Array(path.dropLast()), index = path.last! + 1
        update(&root, at: parent) { n in
            if case .group(var g) = n { g.conditions.insert(new, at: index); n = .group(g) }
        }
        return parent + [index]
    }

    /// Removes the node (never the top group). Returns the path to select next.
    @discardableResult
    public static func delete(_ root: inout RuleGroup, at path: [Int]) -> [Int] {
        guard let last = path.last else { return [] }
        let parent = Array(path.dropLast())
        var remaining = 0
        update(&root, at: parent) { n in
            if case .group(var g) = n, g.conditions.indices.contains(last) {
                g.conditions.remove(at: last)
                remaining = g.conditions.count
                n = .group(g)
            }
        }
        if remaining == 0 { return parent }
        return parent + [min(last, remaining - 1)]
    }

    /// Turns a condition or group off (greyed, ignored, kept) or on again.
    public static func toggle(_ root: inout RuleGroup, at path: [Int]) {
        guard !path.isEmpty else { return }
        update(&root, at: path) { n in
            switch n {
            case .group(var g): g.enabled.toggle(); n = .group(g)
            case .condition(var c): c.enabled.toggle(); n = .condition(c)
            }
        }
    }

    /// All → Any → None → All for the group at `path` (or the group holding it).
    public static func cycleOperator(_ root: inout RuleGroup, at path: [Int]) {
        var target = path
        if case .condition? = node(root, at: path) { target = Array(path.dropLast()) }
        update(&root, at: target) { n in
            guard case .group(var g) = n else { return }
            switch g.kind {
            case .and?: g.operatorText = "OR"
            case .or?: g.operatorText = "NOT"
            default: g.operatorText = "AND"
            }
            n = .group(g)
        }
    }

    /// Moves a node down one line, crossing into a group below it (as its first
    /// entry) and out of its group at the end (right after the group).
    /// Returns its new path (unchanged when it cannot move).
    public static func moveDown(_ root: inout RuleGroup, at path: [Int]) -> [Int] {
        guard let last = path.last, let moving = node(root, at: path) else { return path }
        let parent = Array(path.dropLast())
        guard case .group(let g)? = node(root, at: parent) else { return path }
        if last + 1 < g.conditions.count {
            if case .group = g.conditions[last + 1] {
                remove(&root, at: path)
                let into = parent + [last]  // the group slid up one place
                update(&root, at: into) { n in if case .group(var sub) = n { sub.conditions.insert(moving, at: 0); n = .group(sub) } }
                return into + [0]
            }
            update(&root, at: parent) { n in if case .group(var p) = n { p.conditions.swapAt(last, last + 1); n = .group(p) } }
            return parent + [last + 1]
        }
        guard let parentIndex = parent.last else { return path }  // the end of the top group
        let grand = Array(parent.dropLast())
        remove(&root, at: path)
        update(&root, at: grand) { n in if case .group(var gg) = n { gg.conditions.insert(moving, at: parentIndex + 1); n = .group(gg) } }
        return grand + [parentIndex + 1]
    }

    /// Moves a node up one line, crossing into a group above it (as its last
    /// entry) and out of its group at the start (right before the group).
    public static func moveUp(_ root: inout RuleGroup, at path: [Int]) -> [Int] {
        guard let last = path.last, let moving = node(root, at: path) else { return path }
        let parent = Array(path.dropLast())
        guard case .group(let g)? = node(root, at: parent) else { return path }
        if last > 0 {
            if case .group(let above) = g.conditions[last - 1] {
                remove(&root, at: path)
                update(&root, at: parent + [last - 1]) { n in if case .group(var sub) = n { sub.conditions.append(moving); n = .group(sub) } }
                return parent + [last - 1, above.conditions.count]
            }
            update(&root, at: parent) { n in if case .group(var p) = n { p.conditions.swapAt(last, last - 1); n = .group(p) } }
            return parent + [last - 1]
        }
        guard let parentIndex = parent.last else { return path }  // the start of the top group
        let grand = Array(parent.dropLast())
        remove(&root, at: path)
        update(&root, at: grand) { n in if case .group(var gg) = n { gg.conditions.insert(moving, at: parentIndex); n = .group(gg) } }
        return grand + [parentIndex]
    }

    /// `>`: into the group just above it (as its last entry), else into a new
    /// "All of the following" group in its place.
    public static func indent(_ root: inout RuleGroup, at path: [Int]) -> [Int] {
        guard let last = path.last, let moving = node(root, at: path) else { return path }
        let parent = Array(path.dropLast())
        if last > 0, case .group(let above)? = node(root, at: parent + [last - 1]) {
            remove(&root, at: path)
            update(&root, at: parent + [last - 1]) { n in if case .group(var sub) = n { sub.conditions.append(moving); n = .group(sub) } }
            return parent + [last - 1, above.conditions.count]
        }
        update(&root, at: path) { n in n = .group(RuleGroup(.and, [moving])) }
        return path + [0]
    }

    /// `<`: out of its group, right after the group.
    public static func outdent(_ root: inout RuleGroup, at path: [Int]) -> [Int] {
        guard path.count >= 2, let moving = node(root, at: path) else { return path }
        let parent = Array(path.dropLast()), parentIndex = parent.last!
        let grand = Array(parent.dropLast())
        remove(&root, at: path)
        update(&root, at: grand) { n in if case .group(var gg) = n { gg.conditions.insert(moving, at: parentIndex + 1); n = .group(gg) } }
        return grand + [parentIndex + 1]
    }

    static func remove(_ root: inout RuleGroup, at path: [Int]) {
        guard let last = path.last else { return }
        update(&root, at: Array(path.dropLast())) { n in
            if case .group(var g) = n { g.conditions.remove(at: last); n = .group(g) }
        }
    }
}
