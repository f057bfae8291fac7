/// The links in a task's notes: `[[Note]]`, `[[Note|alias]]`, `[text](path.md)`;
/// not web addresses, not `#heading` links within the note, not inside code
/// (a fenced block or a `code span`). At most `limit` links, each at most
/// `LinkReference.maxLength` bytes: a body of megabytes is scanned once and
/// gives a bounded list.
public enum LinkScan {
    public static let limit = 500

    public static func links(in body: String) -> [LinkReference] {
        var out: [LinkReference] = []
        var fenced = false
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { fenced.toggle(); continue }
            if fenced { continue }
            scan(line, into: &out)
            if out.count >= limit { return Array(out.prefix(limit)) }
        }
        return out
    }

    private static func scan(_ line: Substring, into out: inout [LinkReference]) {
        let chars = Array(line)
        var i = 0, inCode = false
        while i < chars.count {
            let c = chars[i]
            if c == "`" { inCode.toggle(); i += 1; continue }
            if inCode || c != "[" { i += 1; continue }
            if i + 1 < chars.count, chars[i + 1] == "[" {
                // `[[…]]` up to its first `]]`.
                var j = i + 2
                while j + 1 < chars.count, !(chars[j] == "]" && chars[j + 1] == "]") { j += 1 }
                guard j + 1 < chars.count else { return }
                add(String(chars[i...(j + 1)]), to: &out)
                i = j + 2
                continue
            }
            // `[text](target)`: the text's `]` then `(` then the first `)`.
            guard let close = chars[(i + 1)...].firstIndex(of: "]"), close + 1 < chars.count, chars[close + 1] == "(",
                  let end = chars[(close + 2)...].firstIndex(of: ")") else { i += 1; continue }
            let target = String(chars[(close + 2)..<end])
            if !target.contains("://"), !target.hasPrefix("#"), !target.hasPrefix("mailto:"), !target.isEmpty {
                add(String(chars[i...end]), to: &out)
            }
            i = end + 1
        }
    }

    private static func add(_ text: String, to out: inout [LinkReference]) {
        if let link = try? LinkReference.parse(text) { out.append(link) }
    }
}
