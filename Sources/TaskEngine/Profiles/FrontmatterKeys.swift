/// The field each frontmatter key a profile reads holds, looked up without
/// hashing the key: every key of every file is looked up as it is read
/// (nine a file in the demo vault), and a dictionary's hash of the key was
/// most of that. A key is first looked for among the profile's keys of its
/// length and first byte, byte for byte; one not found there that is not
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
    private let buckets: [[Entry]]
    private let asciiKeys: Bool
    /// Every key of up to 24 bytes as numbers (`PackedWord`), with its string, by
    /// bucket: bucket `b`'s are `packed[bucketStarts[b]..<bucketStarts[b + 1]]`.
    private let packed: [(key: PackedWord, text: String)]
    private let bucketStarts: [Int]

    init(_ keys: [TaskField: [String]]) {
        var index: [String: Entry] = [:]
        for (field, names) in keys {
            let bit = UInt32(1) << UInt32(TaskField.allCases.firstIndex(of: field)!)
            for (i, name) in names.enumerated() where index[name] == nil || i == 0 {
                index[name] = Entry(key: name, field: field, canonical: i == 0, bit: bit)
            }
        }
        var buckets = [[Entry]](repeating: [], count: 512)
        for entry in index.values { buckets[Self.bucket(count: entry.key.utf8.count, first: entry.key.utf8.first ?? 0)].append(entry) }
        self.index = index
        self.buckets = buckets
        var packed: [(key: PackedWord, text: String)] = [], starts = [0]
        for bucket in buckets {
            for entry in bucket {
                if let key = PackedWord(entry.key) { packed.append((key, entry.key)) }
            }
            starts.append(packed.count)
        }
        (self.packed, bucketStarts) = (packed, starts)
        asciiKeys = index.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    }

    private static func bucket(count: Int, first: UInt8) -> Int { (count & 15) << 5 | Int(first & 31) }

    /// The profile's key of exactly these bytes, if it has one: a file's key read
    /// as the profile's own string is no string made, and found again at once (`==`
    /// sees the same string).
    func key(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let first = bytes.first, let key = PackedWord(bytes) else { return nil }
        let b = Self.bucket(count: bytes.count, first: first)
        for i in bucketStarts[b]..<bucketStarts[b + 1] where packed[i].key == key { return packed[i].text }
        return nil
    }

    subscript(key: String) -> Entry? {
        // A key of the very bytes of one of the profile's is that one (a dictionary holds one key `==` to it).
        if let first = key.utf8.first {
            for entry in buckets[Self.bucket(count: key.utf8.count, first: first)] where entry.key == key { return entry }
        }
        // Any other: ASCII text is `==` to no other ASCII text; beyond it, Swift's `==` decides.
        if asciiKeys, !key.utf8.contains(where: { $0 >= 0x80 }) { return nil }
        return index[key]
    }
}
