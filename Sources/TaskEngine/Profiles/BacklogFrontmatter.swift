/// Backlog.md writes `assignee: @name` and `reporter: @name` unquoted, which
/// is not valid YAML; Backlog.md itself quotes such values before parsing.
/// Read the same way (the file's bytes are never changed by it): a plain
/// value of these keys is quoted, and `@` items of an inline list too. Line
/// count and order stay, so every key keeps its lines.
enum BacklogFrontmatter {
    static let keys = ["assignee", "reporter"]

    static func readable(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let s = String(line)
            let indent = s.prefix { $0 == " " || $0 == "\t" }
            let rest = s.dropFirst(indent.count)
            guard let key = keys.first(where: { rest.hasPrefix($0 + ":") }) else { return s }
            let prefix = String(indent) + key + ":"
            let value = rest.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
            let cr = value.hasSuffix("\r") ? "\r" : ""
            let v = cr.isEmpty ? value : String(value.dropLast())
            if v.hasPrefix("["), let close = v.lastIndex(of: "]") {
                let items = v[v.index(after: v.startIndex)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                let quoted = items.filter { !$0.isEmpty }.map { $0.hasPrefix("@") ? quote($0) : $0 }
                return prefix + " [" + quoted.joined(separator: ", ") + "]" + v[v.index(after: close)...] + cr
            }
            if v.isEmpty || v.hasPrefix("'") || v.hasPrefix("\"") || v.hasPrefix("-") || v.hasPrefix("[") { return s }
            return prefix + " " + quote(v) + cr
        }.joined(separator: "\n")
    }

    static func quote(_ v: String) -> String {
        "\"" + v.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

extension BacklogFrontmatter {
    /// The keys of a new task in the order Backlog.md's serializer writes
    /// them, with the lists it always writes (`assignee: []`, `labels: []`,
    /// `dependencies: []`); keys it does not know follow.
    static let order = ["id", "title", "status", "assignee", "reporter", "created_date", "updated_date", "labels", "milestone",
                        "dependencies", "parent_task_id", "subtasks", "priority", "ordinal"]

    /// Where a key the file lacks goes: after the last key Backlog.md writes
    /// before it (nil: a key it does not order, or none of those is there).
    static func place(of key: String, among spans: [KeySpan]) -> Int? {
        guard let rank = order.firstIndex(of: key) else { return nil }
        let before = Set(order[..<rank])
        return spans.filter { before.contains($0.key) }.map(\.lines.upperBound).max()
    }

    static func newTaskKeys(_ edits: [FrontmatterEdit], profile: VaultProfile) -> [FrontmatterEdit] {
        var edits = edits.filter { $0.value != nil }  // (a new file has nothing to remove)
        for (field, fallback) in [(TaskField.assignees, "assignee"), (.tags, "labels")] where !edits.contains(where: { $0.key == profile.key(field) }) {
            edits.append(FrontmatterEdit(key: profile.keys[field]?.first ?? fallback, value: .list([])))
        }
        if !edits.contains(where: { $0.key == "dependencies" }) { edits.append(FrontmatterEdit(key: "dependencies", value: .list([]))) }
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        return edits.enumerated().sorted { a, b in
            let (ra, rb) = (rank[a.element.key] ?? order.count, rank[b.element.key] ?? order.count)
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }
}

extension VaultProfile {
    /// The frontmatter text as YAML, as this vault's tool reads it.
    func yamlText(_ split: SplitTaskFile) -> String {
        kind == .backlog ? BacklogFrontmatter.readable(split.frontmatterText) : split.frontmatterText
    }

    /// The same as bytes (what the event reader takes).
    func yamlBytes(_ split: SplitTaskFile) -> [UInt8] {
        kind == .backlog ? Array(yamlText(split).utf8) : split.frontmatterBytes
    }
}
