/// Writes a task's dependency list in its vault's words, changing only what
/// changed: an entry the new list still has keeps its text as the file wrote
/// it, an entry todomd could not read is kept byte for byte, a removed entry
/// goes with its lines, and a new one is added in the vault's style:
///
/// - todomd: `blocked_by: ["[[Write docs]]"]` (a map only for another relation or a gap);
/// - TaskNotes, as its plugin saves (a block list of maps):
///   `blockedBy:` / `  - uid: "[[Write docs]]"` / `    reltype: FINISHTOSTART`;
/// - Backlog.md, as its serializer saves (a block list of ids; `dependencies: []` for none).
///
/// A list written as a flow list (`[…]`) stays one, a block list stays one.
enum DependencyListWriter {
    struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    /// The key's new lines (no line endings); none removes the key.
    /// `lines`: the key's lines in the file now (nil when it has none).
    static func yamlLines(key: String, entries: [TaskDependency], lines: [[UInt8]]?, kind: VaultProfile.Kind) throws(Refused) -> [String] {
        guard let lines else { return fresh(key: key, head: nil, entries: entries, kind: kind) }
        guard let layout = DependencyListLayout.read(lines),
              let value = FrontmatterEvents.pairs(Array(lines.joined()))?.first?.value else {
            throw Refused(description: "its `\(key)` list uses YAML todomd does not rewrite (an anchor, an alias or a tag); edit it in your editor (o)")
        }
        let values: [FrontValue]
        switch (layout.shape, value) {
        case (.empty, _): values = []
        case (.single, _): values = [value]
        case (_, .sequence(let items)): values = items
        default: throw Refused(description: "its `\(key)` list could not be followed line by line; edit it in your editor (o)")
        }
        guard values.count == layout.items.count else {
            throw Refused(description: "its `\(key)` list could not be followed line by line; edit it in your editor (o)")
        }
        let (keptItems, wanted) = matched(Array(zip(layout.items, values)), entries) { DependencyList.entry(of: $0.1) }
        if keptItems.count == layout.items.count, wanted.isEmpty { return lines.map(DependencyListLayout.strippedEnding) }
        let kept = keptItems.map(\.0)
        if kept.isEmpty { return fresh(key: key, head: layout.shape == .empty ? nil : layout.head, entries: wanted, kind: kind) }
        switch layout.shape {
        case .empty:
            return fresh(key: key, head: nil, entries: wanted, kind: kind)
        case .flow:
            let places = DependencyListLayout.places(of: kept, in: layout.items)
            let items = zip(kept, places).map { (text: $0.0, was: $0.1) } + wanted.map { (text: flowEntry($0, kind: kind), was: nil) }
            return splitLines(layout.flowText(items))
        case .block:
            return splitLines(layout.head) + kept.flatMap(splitLines) + wanted.flatMap { blockEntry($0, indent: layout.indent, kind: kind) }
        case .single:
            // One value becomes a list: a one-line entry in the vault's list style, else a block list.
            let one = kept[0]
            let quotedLine = !one.contains("\n") && (one.hasPrefix("\"") || one.hasPrefix("'") || one.hasPrefix("{"))
            if kind == .todomd, quotedLine {
                return ["\(key): [" + ([one] + wanted.map { flowEntry($0, kind: kind) }).joined(separator: ", ") + "]"]
            }
            // TaskNotes reads a lone link as {uid, reltype: FINISHTOSTART} and saves every entry
            // as such a map (its serializeDependencies): the link, as written, becomes one.
            if kind == .tasknotes, case .scalar = keptItems[0].1, !one.contains("\n"), DependencyList.entry(of: keptItems[0].1) != nil {
                return ["\(key):", "  - uid: \(one)", "    reltype: \(DependencyRelation.finishToStart.rawValue)"]
                    + wanted.flatMap { blockEntry($0, indent: "  ", kind: kind) }
            }
            return ["\(key):"] + reindented(one, indent: "  ") + wanted.flatMap { blockEntry($0, indent: "  ", kind: kind) }
        }
    }

    /// The file's items to keep and the entries to add: the new list, in order, is the readable
    /// items kept followed by the added (the earliest items that match it, so removing the second
    /// of two equal entries removes the second); an item todomd cannot read is always kept.
    static func matched<Item>(_ items: [Item], _ entries: [TaskDependency], entry: (Item) -> TaskDependency?) -> (kept: [Item], added: [TaskDependency]) {
        var next = 0
        var kept: [Item] = []
        for item in items {
            if let e = entry(item) {
                guard next < entries.count, entries[next] == e else { continue }
                next += 1
            }
            kept.append(item)
        }
        return (kept, Array(entries[next...]))
    }

    /// The whole key for `entries` alone, in the vault's style (`head`: the key's line as written, kept).
    static func fresh(key: String, head: String?, entries: [TaskDependency], kind: VaultProfile.Kind) -> [String] {
        if entries.isEmpty { return kind == .backlog ? ["\(key): []"] : [] }
        if kind == .todomd { return ["\(key): [" + entries.map { flowEntry($0, kind: kind) }.joined(separator: ", ") + "]"] }
        return [head.map(keyLine) ?? "\(key):"] + entries.flatMap { blockEntry($0, indent: "  ", kind: kind) }
    }

    /// `blocked_by:` from a line that held `blocked_by: []` or `blocked_by: ~`.
    static func keyLine(_ head: String) -> String {
        guard let colon = head.firstIndex(of: ":") else { return head }
        return String(head[...colon])
    }

    /// Whether the entry can be written as its link alone (the relation every tool assumes, no gap).
    static func isPlain(_ e: TaskDependency, kind: VaultProfile.Kind) -> Bool {
        kind != .tasknotes && e.relation == .finishToStart && e.gap == nil
    }

    static func scalar(_ s: String, kind: VaultProfile.Kind) -> String {
        kind == .backlog ? BacklogFrontmatter.string(s) : YAMLScalarText.string(s)
    }

    static func flowEntry(_ e: TaskDependency, kind: VaultProfile.Kind) -> String {
        if isPlain(e, kind: kind) { return scalar(e.uid, kind: kind) }
        return "{" + fields(e, kind: kind).joined(separator: ", ") + "}"
    }

    static func blockEntry(_ e: TaskDependency, indent: String, kind: VaultProfile.Kind) -> [String] {
        if isPlain(e, kind: kind) { return ["\(indent)- \(scalar(e.uid, kind: kind))"] }
        let f = fields(e, kind: kind)
        return ["\(indent)- \(f[0])"] + f.dropFirst().map { "\(indent)  \($0)" }
    }

    static func fields(_ e: TaskDependency, kind: VaultProfile.Kind) -> [String] {
        ["uid: \(scalar(e.uid, kind: kind))", "reltype: \(e.relation.rawValue)"] + (e.gap.map { ["gap: \(scalar($0, kind: kind))"] } ?? [])
    }

    /// An entry's text as a block list item at `indent`: its first line after `- `, the rest under it.
    static func reindented(_ text: String, indent: String) -> [String] {
        let lines = splitLines(text)
        let rest = lines.dropFirst()
        let least = rest.filter { !$0.allSatisfy { $0 == " " } }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return ["\(indent)- " + lines[0].drop { $0 == " " }] + rest.map { "\(indent)  " + $0.dropFirst(least) }
    }

    static func splitLines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    }
}
