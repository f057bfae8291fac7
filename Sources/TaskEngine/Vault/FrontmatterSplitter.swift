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
        String(decoding: frontmatterLines.joined(), as: UTF8.self)
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

    public static func split(_ input: [UInt8]) throws -> SplitTaskFile {
        var bytes = input[...]
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        if bom { bytes = bytes.dropFirst(3) }
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        // Only lines up to the closing marker are needed; stop early.
        func nextLine() -> ArraySlice<UInt8>? {
            guard start < bytes.endIndex else { return nil }
            let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.endIndex
            defer { start = end }
            return bytes[start..<end]
        }
        guard let first = nextLine(), isMarker(first, allowDots: false) else {
            return SplitTaskFile(bom: bom, openingLine: nil, frontmatterLines: [], closingLine: nil, body: Array(bytes))
        }
        while let line = nextLine() {
            if isMarker(line, allowDots: true) {
                return SplitTaskFile(bom: bom, openingLine: Array(first), frontmatterLines: lines.map(Array.init),
                                     closingLine: Array(line), body: Array(bytes[start...]))
            }
            lines.append(line)
        }
        throw Failure.unclosed
    }

    /// `---` (or `...` to close) with optional trailing blanks and line ending.
    static func isMarker(_ line: ArraySlice<UInt8>, allowDots: Bool) -> Bool {
        var content = line
        while let last = content.last, last == 0x0A || last == 0x0D || last == 0x20 || last == 0x09 {
            content = content.dropLast()
        }
        return content.elementsEqual([0x2D, 0x2D, 0x2D]) || (allowDots && content.elementsEqual([0x2E, 0x2E, 0x2E]))
    }
}
