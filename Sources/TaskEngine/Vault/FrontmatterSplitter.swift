import Foundation

/// A task file cut into its parts, byte for byte:
/// `[BOM] "---" EOL  frontmatter lines  "---" EOL  body`.
/// Joining the parts gives back the exact bytes.
public struct SplitTaskFile: Equatable, Sendable {
    public var bom: Bool
    /// Nil when the file has no frontmatter.
    public var openingLine: [UInt8]?
    /// Each line with its own line ending.
    public var frontmatterLines: [[UInt8]]
    public var closingLine: [UInt8]?
    public var body: [UInt8]

    public var hasFrontmatter: Bool { openingLine != nil }

    /// `\r\n` when the file's first line ends so, else `\n`.
    public var lineEnding: [UInt8] {
        if let open = openingLine { return open.suffix(2) == [0x0D, 0x0A] ? [0x0D, 0x0A] : [0x0A] }
        if let nl = body.firstIndex(of: 0x0A), nl > 0, body[nl - 1] == 0x0D { return [0x0D, 0x0A] }
        return [0x0A]
    }

    public var frontmatterText: String {
        String(decoding: frontmatterBytes, as: UTF8.self)
    }

    /// The frontmatter lines in one array.
    public var frontmatterBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(frontmatterLines.reduce(0) { $0 + $1.count })
        for line in frontmatterLines { out += line }
        return out
    }

    public var bytes: [UInt8] {
        var out: [UInt8] = bom ? [0xEF, 0xBB, 0xBF] : []
        if let open = openingLine { out += open }
        for line in frontmatterLines { out += line }
        if let close = closingLine { out += close }
        out += body
        return out
    }
}

public enum FrontmatterSplitter {
    public enum Failure: Error, Equatable {
        case unclosed
    }

    /// Where the parts of a file are, as byte offsets (no part copied).
    struct Ranges {
        var bom: Bool
        /// The opening marker line, the frontmatter between the markers and
        /// the closing marker line; nil when the file has no frontmatter.
        var marked: (opening: Range<Int>, frontmatter: Range<Int>, closing: Range<Int>)?
        var body: Range<Int>
    }

    static func ranges(_ bytes: [UInt8]) throws -> Ranges {
        try bytes.withUnsafeBufferPointer { try ranges(in: $0) }
    }

    private static func ranges(in bytes: UnsafeBufferPointer<UInt8>) throws -> Ranges {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        var start = bom ? 3 : 0
        let top = start
        // Only lines up to the closing marker are looked at, each line's end found with `memchr`
        // (every file of a vault is cut so at every start).
        func nextLine() -> Range<Int>? {
            guard start < bytes.count, let base = bytes.baseAddress else { return nil }
            let found = memchr(base + start, 0x0A, bytes.count - start)
            let end = found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base + 1 } ?? bytes.count
            defer { start = end }
            return start..<end
        }
        guard let first = nextLine(), isMarker(UnsafeBufferPointer(rebasing: bytes[first]), allowDots: false) else {
            return Ranges(bom: bom, marked: nil, body: top..<bytes.count)
        }
        while let line = nextLine() {
            if isMarker(UnsafeBufferPointer(rebasing: bytes[line]), allowDots: true) {
                return Ranges(bom: bom, marked: (first, first.upperBound..<line.lowerBound, line), body: line.upperBound..<bytes.count)
            }
        }
        throw Failure.unclosed
    }

    public static func split(_ bytes: [UInt8]) throws -> SplitTaskFile {
        let r = try ranges(bytes)
        guard let (opening, frontmatter, closing) = r.marked else {
            return SplitTaskFile(bom: r.bom, openingLine: nil, frontmatterLines: [], closingLine: nil, body: Array(bytes[r.body]))
        }
        var lines: [[UInt8]] = []
        var start = frontmatter.lowerBound
        while start < frontmatter.upperBound {
            let end = bytes[start..<frontmatter.upperBound].firstIndex(of: 0x0A).map { $0 + 1 } ?? frontmatter.upperBound
            lines.append(Array(bytes[start..<end]))
            start = end
        }
        return SplitTaskFile(bom: r.bom, openingLine: Array(bytes[opening]), frontmatterLines: lines,
                             closingLine: Array(bytes[closing]), body: Array(bytes[r.body]))
    }

    /// `---` (or `...` to close) with optional trailing blanks and line ending.
    static func isMarker(_ line: UnsafeBufferPointer<UInt8>, allowDots: Bool) -> Bool {
        // (Nearly every line is a key: its first byte says it is no marker.)
        guard let first = line.first, first == 0x2D || (allowDots && first == 0x2E) else { return false }
        var n = line.count
        while n > 0, line[n - 1] == 0x0A || line[n - 1] == 0x0D || line[n - 1] == 0x20 || line[n - 1] == 0x09 { n -= 1 }
        return n == 3 && line[1] == first && line[2] == first
    }
}
