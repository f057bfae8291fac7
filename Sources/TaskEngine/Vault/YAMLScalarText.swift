import Foundation
import Yams

/// How the app writes one value into frontmatter: plain when YAML reads it
/// back as the same string, double-quoted otherwise.
enum YAMLScalarText {
    private static let indicators: Set<Character> = ["-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`"]
    private static let flowUnsafe: Set<Character> = [",", "[", "]", "{", "}"]

    static func string(_ s: String) -> String {
        isPlainSafe(s) ? s : doubleQuoted(s)
    }

    static func isPlainSafe(_ s: String) -> Bool {
        guard let first = s.first, let last = s.last else { return false }
        if indicators.contains(first) || first == " " || last == " " || last == ":" { return false }
        if s.contains(": ") || s.contains(" #") || s.contains(where: { flowUnsafe.contains($0) }) { return false }
        if s.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0xFEFF || (0x80...0x9F).contains($0.value) }) { return false }
        // Words YAML would read as something else: true, null, 12, 2026-11-25, …
        return Resolver.default.resolveTag(of: Node(s)) == .str
    }

    /// Dates are written plain (`due: 2026-11-25`), as people write them;
    /// the app reads the text, not YAML's timestamp type.
    static func date(_ raw: String) -> String {
        let safe = raw.unicodeScalars.allSatisfy { "0123456789-:.+TZtz ".unicodeScalars.contains($0) }
        return safe && !raw.hasPrefix("-") && !raw.hasSuffix(" ") ? raw : doubleQuoted(raw)
    }

    static func doubleQuoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7F || (0x80...0x9F).contains(u.value) || u.value == 0xFEFF {
                    out += String(format: "\\u%04X", u.value)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
