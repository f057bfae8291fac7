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
