import Foundation

/// The bridge's input, line by line, each line at most `limit` bytes: a
/// longer line is read past (in pieces, never held whole) and given back as
/// `.tooLong`, so a hostile or broken caller costs bounded memory and still
/// gets one answer per line.
struct BridgeLines {
    enum Line: Equatable {
        case text(String)
        case tooLong(bytes: Int)
    }

    /// 16 MiB: far past any fixture (the largest is a few kilobytes).
    static let limit = 16 << 20

    let fd: Int32
    let limit: Int
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0, end = 0
    private var atEOF = false

    init(fd: Int32 = 0, limit: Int = BridgeLines.limit) {
        self.fd = fd
        self.limit = limit
    }

    /// The next line without its `\n` (and a `\r` before it), nil at the end of the input.
    mutating func next() -> Line? {
        var line: [UInt8] = []
        var length = 0
        var sawAny = false
        while true {
            if start == end {
                guard !atEOF, fill() else {
                    // The last line may lack its newline.
                    return sawAny ? finish(line, length: length) : nil
                }
            }
            sawAny = true
            let chunk = buffer[start..<end]
            if let nl = chunk.firstIndex(of: 0x0A) {
                take(buffer[start..<nl], into: &line, length: &length)
                start = nl + 1
                return finish(line, length: length)
            }
            take(chunk, into: &line, length: &length)
            start = end
        }
    }

    /// Keeps bytes while the line is within the limit, counts them past it.
    private func take(_ bytes: ArraySlice<UInt8>, into line: inout [UInt8], length: inout Int) {
        if length + bytes.count <= limit { line.append(contentsOf: bytes) } else { line = [] }
        length += bytes.count
    }

    private func finish(_ line: [UInt8], length: Int) -> Line {
        guard length <= limit else { return .tooLong(bytes: length) }
        let bytes = line.last == 0x0D ? line.dropLast() : line[...]
        return .text(String(decoding: bytes, as: UTF8.self))
    }

    private mutating func fill() -> Bool {
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { (start, end) = (0, n); return true }
            if n < 0 && errno == EINTR { continue }
            atEOF = true
            return false
        }
    }
}
