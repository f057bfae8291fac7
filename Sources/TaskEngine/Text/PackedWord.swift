/// Up to 24 bytes of text and their count as four numbers: short words
/// (frontmatter keys, status and priority words, null words) compared byte
/// for byte in a few instructions, without hashing them or walking their characters.
struct PackedWord: Equatable {
    static let longest = 24
    let count: Int
    let a: UInt64, b: UInt64, c: UInt64

    /// Nil when `bytes` is longer than `longest`.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.longest else { return nil }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        (count, a, b, c) = (bytes.count, words.0, words.1, words.2)
    }

    /// `text`'s bytes packed; nil when it is longer than `longest` bytes.
    init?(_ text: String) {
        var text = text
        guard let word = text.withUTF8(PackedWord.init) else { return nil }
        self = word
    }
}
