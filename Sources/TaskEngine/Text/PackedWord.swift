/// Up to 16 bytes of text and their count as three numbers: short words
/// (status and priority words, null words) compared byte for byte in a few
/// instructions, without hashing them or walking their characters.
struct PackedWord: Equatable {
    let count: Int
    let low: UInt64, high: UInt64

    /// Nil when `bytes` is longer than 16.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= 16 else { return nil }
        var low: UInt64 = 0, high: UInt64 = 0
        for (i, b) in bytes.enumerated() {
            if i < 8 { low |= UInt64(b) << (8 * UInt64(i)) } else { high |= UInt64(b) << (8 * UInt64(i - 8)) }
        }
        (count, self.low, self.high) = (bytes.count, low, high)
    }

    init?(_ bytes: [UInt8]) {
        guard let word = bytes.withUnsafeBufferPointer(PackedWord.init) else { return nil }
        self = word
    }

    /// `text`'s bytes packed; nil when it is longer than 16 bytes.
    init?(_ text: String) {
        var text = text
        guard let word = text.withUTF8(PackedWord.init) else { return nil }
        self = word
    }
}
