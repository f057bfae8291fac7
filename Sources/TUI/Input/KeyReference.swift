/// The key reference (`docs/keys.md`), made from the keymap itself so that
/// it cannot drift from the code: a test compares the file with this text,
/// and `make keys` writes it again.
extension Keymap {
    public func markdownReference() -> String {
        var out = [
            "# Keys",
            "",
            "Every binding of every mode, in the order help (`?`) lists them. This page is generated from the",
            "keymap (`make keys`); a test fails when it and the code differ. The name in the last column is the",
            "one `config.yaml` remaps the binding by (see [configuration.md](configuration.md)): `keys: {add: [A]}`",
            "remaps it in every context that has it, `keys: {list.add: [A]}` only in that context.",
            "",
        ]
        for context in KeyContext.allCases {
            let items = bindings.filter { $0.context == context }
            guard !items.isEmpty else { continue }
            out += ["## \(Self.cell(context.title))", "", "Context `\(context.rawValue)`.", "",
                    "| keys | action | name |", "|---|---|---|"]
            for b in items {
                let keys = b.keys.isEmpty ? "(no key)" : b.keys.map { Self.code($0.description) }.joined(separator: ", ")
                out.append("| \(keys) | \(Self.cell(b.description)) | `\(b.name)` |")
            }
            out.append("")
        }
        return out.joined(separator: "\n")
    }

    /// Text safe inside a table cell (a `|` would end the cell).
    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    /// A key as inline code; a key that is itself a backtick needs wider fences.
    static func code(_ text: String) -> String {
        let escaped = cell(text)
        return text.contains("`") ? "`` \(escaped) ``" : "`\(escaped)`"
    }
}
