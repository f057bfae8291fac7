import Foundation
import Yams

/// Why a task file cannot be read. The file is reported and never written.
public enum TaskFileError: Error, Equatable, CustomStringConvertible {
    case notText
    case binary
    case unclosedFrontmatter
    case invalidYAML(String)
    case frontmatterNotAMapping
    case wrongType(key: String, expected: String)

    public var description: String {
        switch self {
        case .notText: return "not UTF-8 text"
        case .binary: return "binary file (contains NUL bytes)"
        case .unclosedFrontmatter: return "frontmatter starts with --- but is never closed"
        case .invalidYAML(let why): return "invalid YAML frontmatter: \(why)"
        case .frontmatterNotAMapping: return "frontmatter is not a list of key: value lines"
        case .wrongType(let key, let expected): return "`\(key)` must be \(expected)"
        }
    }
}

/// A task file as read: the task, the file's parts, and where each top-level
/// key's lines are, so a write can replace just those lines.
public struct ParsedTaskFile: Sendable {
    public var task: TaskItem
    public var split: SplitTaskFile
    /// Top-level keys in file order with their line ranges in `split.frontmatterLines`.
    public var keySpans: [KeySpan]
    /// Keys whose value was a block-style (`- item`) list.
    public var blockListKeys: Set<String>
    /// Keys whose value was a list (either style), and keys whose value was one value:
    /// a write keeps each in its shape (`FrontmatterEditor.yamlLines`).
    public var listKeys: Set<String> = []
    public var scalarKeys: Set<String> = []
    /// How the frontmatter is written, which decides how a change is written.
    public var style: FrontmatterStyle = .block
}

/// The syntax of a file's frontmatter.
public enum FrontmatterStyle: Sendable, Equatable {
    /// `key: value` lines (or none): edited line by line.
    case block
    /// `~`, `null` or `{}`: no keys; a write replaces that line with key lines.
    case empty
    /// One JSON object: re-emitted as JSON.
    case json
    /// A YAML `{…}` map that is not JSON: read, but not edited.
    case flowYAML
}

public struct KeySpan: Equatable, Sendable {
    public var key: String
    public var lines: Range<Int>
}

/// Reads task files into `TaskItem`s (with Yams) and writes changes back by
/// editing the frontmatter text in place.
public enum TaskFileCodec {
    public static func parse(_ bytes: [UInt8], id: String, timeZone: TimeZone = .current, profile: VaultProfile = .todomd) throws -> ParsedTaskFile {
        try parse(bytes, id: id, timeZone: timeZone, profile: profile, events: true)
    }

    /// The same with every frontmatter read through a Yams document (the
    /// reference the event reader is held to).
    static func parseWithYams(_ bytes: [UInt8], id: String, timeZone: TimeZone = .current, profile: VaultProfile = .todomd) throws -> ParsedTaskFile {
        try parse(bytes, id: id, timeZone: timeZone, profile: profile, events: false)
    }

    /// The task alone, as `parse(…).task` gives it, for a load (which keeps
    /// nothing else): no line copied, no key's place noted. A file the event
    /// reader leaves to Yams, and Backlog.md's frontmatter, take `parse`.
    public static func readTask(_ bytes: [UInt8], id: String, timeZone: TimeZone = .current, profile: VaultProfile = .todomd) throws -> TaskItem {
        try readTask(bytes, id: id, timeZone: timeZone, profile: profile, names: nil)
    }

    /// With `names`, the task's area, project, source and tags are those `names` keeps.
    static func readTask(_ bytes: [UInt8], id: String, timeZone: TimeZone, profile: VaultProfile, names: SharedNames?) throws -> TaskItem {
        guard profile.kind != .backlog else {
            var task = try parse(bytes, id: id, timeZone: timeZone, profile: profile).task
            names?.share(&task)
            return task
        }
        try checkText(bytes)
        let r: FrontmatterSplitter.Ranges
        do { r = try FrontmatterSplitter.ranges(bytes) } catch { throw TaskFileError.unclosedFrontmatter }
        var pairs: [FrontPair] = []
        if let frontmatter = r.marked?.frontmatter, !frontmatter.isEmpty {
            guard let read = bytes.withUnsafeBufferPointer({ FrontmatterEvents.pairs(UnsafeBufferPointer(rebasing: $0[frontmatter]), keys: profile.keyIndex) }) else {
                return try parse(bytes, id: id, timeZone: timeZone, profile: profile).task
            }
            pairs = read
        }
        var task = try FrontmatterReader.task(id: id, pairs: pairs, body: String(decoding: bytes[r.body], as: UTF8.self),
                                              timeZone: timeZone, profile: profile, names: names)
        task.fingerprint = FileFingerprint(contents: bytes)
        return task
    }

    /// Refuses binary files and bytes that are not UTF-8.
    static func checkText(_ bytes: [UInt8]) throws {
        // (`memchr` looks at many bytes a step; `contains` goes one at a time, and every file of a load is checked.)
        if bytes.withUnsafeBytes({ $0.isEmpty ? false : memchr($0.baseAddress!, 0, $0.count) != nil }) { throw TaskFileError.binary }
        guard (try? UTF8Span(validating: bytes.span)) != nil else { throw TaskFileError.notText }
    }

    static func parse(_ bytes: [UInt8], id: String, timeZone: TimeZone, profile: VaultProfile, events: Bool) throws -> ParsedTaskFile {
        try checkText(bytes)
        let split: SplitTaskFile
        do { split = try FrontmatterSplitter.split(bytes) } catch { throw TaskFileError.unclosedFrontmatter }

        var pairs: [FrontPair] = []
        var spans: [KeySpan] = []
        var blockLists: Set<String> = [], lists: Set<String> = [], scalars: Set<String> = []
        var style = FrontmatterStyle.block
        if split.hasFrontmatter && !split.frontmatterLines.isEmpty {
            let yaml = profile.yamlBytes(split)
            if let read = try (events ? FrontmatterEvents.pairs(yaml) : nil) ?? yamsPairs(String(decoding: yaml, as: UTF8.self)) {
                style = read.isEmpty ? .empty : flowStyle(split)
                pairs = read
                for p in read {
                    // A list starting on a later line than its key is a block (`- item`) list.
                    if case .sequence = p.value, p.valueLine > p.keyLine { blockLists.insert(p.key) }
                    switch p.value {
                    case .sequence: lists.insert(p.key)
                    case .scalar(let t, let plain) where !FrontValue.isNull(t, plain: plain): scalars.insert(p.key)
                    default: break
                    }
                }
                spans = keySpans(read.map { ($0.key, $0.keyLine) }, lines: split.frontmatterLines)
            } else if try isNullDocument(String(decoding: yaml, as: UTF8.self)) {
                return try finish(.empty)
            }
        }
        return try finishParsing()

        func finish(_ style: FrontmatterStyle) throws -> ParsedTaskFile {
            var task = try FrontmatterReader.task(id: id, pairs: [], body: String(decoding: split.body, as: UTF8.self), timeZone: timeZone, profile: profile)
            task.fingerprint = FileFingerprint(contents: bytes)
            return ParsedTaskFile(task: task, split: split, keySpans: [], blockListKeys: [], style: style)
        }
        func finishParsing() throws -> ParsedTaskFile {
            var task = try FrontmatterReader.task(id: id, pairs: pairs, body: String(decoding: split.body, as: UTF8.self), timeZone: timeZone, profile: profile)
            task.fingerprint = FileFingerprint(contents: bytes)
            return ParsedTaskFile(task: task, split: split, keySpans: spans, blockListKeys: blockLists, listKeys: lists, scalarKeys: scalars, style: style)
        }
    }

    /// Block lines, or a `{…}` map (JSON or YAML flow) on its first line.
    static func flowStyle(_ split: SplitTaskFile) -> FrontmatterStyle {
        guard let first = split.frontmatterLines.first(where: { !isBlankOrComment($0) }),
              first.first(where: { $0 != 0x20 && $0 != 0x09 }) == 0x7B else { return .block }
        let json = try? JSONText.parse(Data(split.frontmatterLines.joined()))
        return json?.objectPairs != nil ? .json : .flowYAML
    }

    /// A key's lines run to the next key, less trailing blank and comment lines.
    static func keySpans(_ starts: [(String, Int)], lines: [[UInt8]]) -> [KeySpan] {
        var spans: [KeySpan] = []
        for (i, (key, start)) in starts.enumerated() {
            var end = i + 1 < starts.count ? starts[i + 1].1 : lines.count
            while end - 1 > start, isBlankOrComment(lines[end - 1]) { end -= 1 }
            spans.append(KeySpan(key: key, lines: start..<max(end, start + 1)))
        }
        return spans
    }

    static func isBlankOrComment(_ line: [UInt8]) -> Bool {
        guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }) else { return true }
        return first == 0x23 && line.first == 0x23  // a comment at column 0
    }

    static func isNull(_ s: Node.Scalar) -> Bool { FrontValue.isNull(s.string, plain: s.style == .plain) }

    /// The pairs of a frontmatter the event reader left to Yams (an alias, a
    /// tag, a repeated key, a syntax error…); nil when there is no document.
    static func yamsPairs(_ yaml: String) throws -> [FrontPair]? {
        let root: Node?
        do { root = try YAMLBounds.compose(yaml) } catch {
            throw TaskFileError.invalidYAML(yamlReason(error))
        }
        guard let root else { return nil }
        guard case .mapping(let mapping) = root else {
            if case .scalar(let s) = root, isNull(s) { return nil }
            throw TaskFileError.frontmatterNotAMapping
        }
        // (Yams marks count lines from 1.)
        return mapping.map { k, v in
            FrontPair(key: k.string ?? "", keyLine: (k.mark?.line ?? 1) - 1, valueLine: (v.mark?.line ?? 1) - 1, value: FrontValue(v))
        }
    }

    /// `~` or `null` as the whole frontmatter: no keys.
    static func isNullDocument(_ yaml: String) throws -> Bool {
        if case .scalar(let s)? = try? YAMLBounds.compose(yaml) { return isNull(s) }
        return false
    }

    static func yamlReason(_ error: Error) -> String {
        if let y = error as? YamlError {
            switch y {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
                return "\(problem) at line \(mark.line + 1)"
            default: break
            }
        }
        let text = "\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)"
        return text
    }
}

