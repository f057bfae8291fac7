/// Two versions of a file, line by line, as a unified diff: the lines both
/// have, the ones only the first has (`-`) and the ones only the second has
/// (`+`). The difference comes from the standard library's
/// `CollectionDifference` (a Myers diff); this only lays it out.
public enum LineDiff {
    public enum Kind: Hashable, Sendable {
        case same, removed, added
    }

    public struct Line: Hashable, Sendable {
        public var kind: Kind
        public var text: String
        /// 1-based line numbers in the first and the second version (nil where the line is not in it).
        public var old: Int?
        public var new: Int?
    }

    /// The lines of both versions in order: at each place, what the first had, then what the second has instead.
    public static func lines(from a: [String], to b: [String]) -> [Line] {
        let diff = b.difference(from: a)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in diff {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var out: [Line] = []
        out.reserveCapacity(a.count + inserted.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, removed.contains(i) {
                out.append(Line(kind: .removed, text: a[i], old: i + 1, new: nil))
                i += 1
            } else if j < b.count, inserted.contains(j) {
                out.append(Line(kind: .added, text: b[j], old: nil, new: j + 1))
                j += 1
            } else if i < a.count, j < b.count {
                out.append(Line(kind: .same, text: a[i], old: i + 1, new: j + 1))
                i += 1
                j += 1
            } else {
                // (Cannot happen for a diff of these two arrays; kept total.)
                if i < a.count { out.append(Line(kind: .removed, text: a[i], old: i + 1, new: nil)); i += 1 }
                if j < b.count { out.append(Line(kind: .added, text: b[j], old: nil, new: j + 1)); j += 1 }
            }
        }
        return out
    }

    /// Applies the diff's sides: the first version is every line but the added, the second every line but the removed.
    public static func sides(_ lines: [Line]) -> (old: [String], new: [String]) {
        (lines.filter { $0.kind != .added }.map(\.text), lines.filter { $0.kind != .removed }.map(\.text))
    }
}
