/// The field each frontmatter key a profile reads holds, looked up without
/// hashing the key: every key of every file is looked up as it is read
/// (nine a file in the demo vault), and a dictionary's hash of the key was
/// most of that. A key is first looked for among the profile's keys of its
/// length and first byte, byte for byte (keys of up to 24 bytes, as numbers:
/// `PackedWord`); one not found there (or longer) that is not
/// ASCII text (or any, when the profile has keys beyond ASCII) is looked
/// up in the dictionary, which compares as Swift's `==` does (Unicode forms alike).
struct FrontmatterKeys: Sendable {
    struct Entry: Sendable {
        let key: String
        let field: TaskField
        /// The field's written key (not an alias).
        let canonical: Bool
        /// The field's own bit (a file's fields seen so far fit in one word).
        let bit: UInt32
    }

    private let index: [String: Entry]
    private let asciiKeys: Bool
    /// Every key of up to 24 bytes as numbers (`PackedWord`), by bucket (its length and
    /// first byte): bucket `b`'s are `packed[bucketStarts[b]..<bucketStarts[b + 1]]`.
    private let packed: [(word: PackedWord, entry: Entry)]
    private let bucketStarts: [Int]

    init(_ keys: [TaskField: [String]]) {
        var index: [String: Entry] = [:]
        for (field, names) in keys {
            let bit = UInt32(1) << UInt32(TaskField.allCases.firstIndex(of: field)!)
            for (i, name) in names.enumerated() where index[name] == nil || i == 0 {
                index[name] = Entry(key: name, field: field, canonical: i == 0, bit: bit)
            }
        }
        var buckets = [[(word: PackedWord, entry: Entry)]](repeating: [], count: 512)
        for entry in index.values {
            guard let word = PackedWord(entry.key) else { continue }  // (a longer key is found in the dictionary)
            buckets[Self.bucket(word)].append((word, entry))
        }
        self.index = index
        packed = buckets.flatMap { $0 }
        bucketStarts = buckets.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        asciiKeys = index.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    }

    /// A word's bucket: its length and its first byte.
    private static func bucket(_ word: PackedWord) -> Int { (word.count & 15) << 5 | Int(word.a & 31) }

    /// The profile's entry for a key of exactly `word`'s bytes.
    private func entry(_ word: PackedWord) -> Entry? {
        let b = Self.bucket(word)
        for i in bucketStarts[b]..<bucketStarts[b + 1] where packed[i].word == word { return packed[i].entry }
        return nil
    }

    /// The profile's key of exactly these bytes, if it has one of up to 24 bytes: a file's key read
    /// as the profile's own string is no string made, and found again at once (`==`
    /// sees the same string).
    func key(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        PackedWord(bytes).flatMap(entry)?.key
    }

    subscript(key: String) -> Entry? {
        if let word = PackedWord(key) {
            // A key of the very bytes of one of the profile's is that one (a dictionary holds one key `==` to it).
            if let entry = entry(word) { return entry }
            // Any other: ASCII text is `==` to no other ASCII text; beyond it, Swift's `==` decides.
            if asciiKeys, !key.utf8.contains(where: { $0 >= 0x80 }) { return nil }
        }
        return index[key]
    }
}
