import Foundation
import Yams

/// Edits a YAML document whose top level is a mapping (a settings file) the
/// way task frontmatter is edited: only the lines of the keys that change are
/// replaced, new keys are appended after the last one, and comments, unknown
/// keys, quoting and order elsewhere survive. The result is parsed back, and
/// every key not named must read as before, or the edit is refused.
///
///     YAMLDocumentEditor.edit("# mine\ntheme: dark\n", setting: [("theme", "theme: light")])
///     // "# mine\ntheme: light\n"
public enum YAMLDocumentEditor {
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// `changes` maps a key to its new lines (`key: value`, or a block that
    /// starts with `key:`), or to nil to remove the key.
    public static func edit(_ text: String, setting changes: [(key: String, block: String?)]) throws -> String {
        let bytes = Array(text.utf8)
        let split = SplitTaskFile(bom: false, openingLine: nil, frontmatterLines: lines(bytes), closingLine: nil, body: [])
        let root: Node?
        do { root = try YAMLBounds.compose(text) } catch {
            throw Refused(description: "it is not valid YAML: \(TaskFileCodec.yamlReason(error))")
        }
        var starts: [(String, Int)] = []
        if let root {
            switch root {
            case .mapping(let m):
                guard m.style != .flow else { throw Refused(description: "its settings are one {…} map, which cannot be edited line by line") }
                for (k, _) in m { starts.append((k.string ?? "", (k.mark?.line ?? 1) - 1)) }
            case .scalar(let s) where TaskFileCodec.isNull(s): break
            default: throw Refused(description: "its top level is not a list of `key: value` settings")
            }
        }
        var lines = split.frontmatterLines
        if let last = lines.last, last.last != 0x0A { lines[lines.count - 1] += [0x0A] }
        let spans = TaskFileCodec.keySpans(starts, lines: lines)
        var spanOf: [String: KeySpan] = [:]
        for span in spans where spanOf[span.key] == nil { spanOf[span.key] = span }
        var replacements: [(Range<Int>, [[UInt8]])] = []
        var appended: [[UInt8]] = []
        for (key, block) in changes {
            let newLines = (block ?? "").split(separator: "\n", omittingEmptySubsequences: true).map { Array($0.utf8) + [0x0A] }
            if let span = spanOf[key] { replacements.append((span.lines, newLines)) } else { appended += newLines }
        }
        let appendAt = spans.map(\.lines.upperBound).max() ?? lines.count
        if !appended.isEmpty { replacements.append((appendAt..<appendAt, appended)) }
        for (range, newLines) in replacements.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            lines.replaceSubrange(range, with: newLines)
        }
        let result = String(decoding: lines.joined(), as: UTF8.self)
        // Parsed back, the keys not named must read exactly as before.
        let named = Set(changes.map(\.key))
        let after = SplitTaskFile(bom: false, openingLine: Array("---\n".utf8), frontmatterLines: lines, closingLine: [], body: [])
        let before = SplitTaskFile(bom: false, openingLine: Array("---\n".utf8), frontmatterLines: split.frontmatterLines, closingLine: [], body: [])
        let old = try WriteCheck.values(before).filter { !named.contains($0.key) }
        let new: [(key: String, value: String)]
        do { new = try WriteCheck.values(after).filter { !named.contains($0.key) } } catch {
            throw Refused(description: "the edited file would not be valid YAML")
        }
        guard old.map(\.key) == new.map(\.key), zip(old, new).allSatisfy({ $0.value == $1.value }) else {
            throw Refused(description: "the edit would change other settings")
        }
        return result
    }

    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            out.append(Array(bytes[start...i]))
            start = i + 1
        }
        if start < bytes.count { out.append(Array(bytes[start...])) }
        return out
    }
}
