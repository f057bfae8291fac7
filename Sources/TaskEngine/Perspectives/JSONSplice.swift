import Foundation

/// A JSON file's bytes changed to hold a new value, keeping the bytes of
/// everything that did not change: an untouched member or list item keeps
/// its text (layout, key order, escapes, unknown keys), the whitespace and
/// commas between members keep theirs, and what changed is written in the
/// file's layout (`JSONLayout`). A changed object or list is walked into, so
/// renaming a perspective rewrites its name's value and nothing else.
///
/// Every kept span is checked by decoding it with `JSONText.parse` and
/// comparing it with the value it stands for, and the result is decoded
/// whole and compared with the new value: when anything does not line up the
/// answer is nil, and the caller writes the file whole.
///
///     JSONSplice.bytes(Array("{\"a\":1,\n \"b\":[2]}".utf8), was: old, becomes: new)  // b changed to [3]
///     // "{\"a\":1,\n \"b\":[3]}"
enum JSONSplice {
    /// Containers walked into, at most; a changed value deeper than this is written whole (in the file's layout).
    static let maxDepth = 16

    static func bytes(_ old: [UInt8], was oldValue: JSONValue, becomes newValue: JSONValue) -> [UInt8]? {
        guard let (top, before, after) = JSONSpans.document(old) else { return nil }
        let splicer = Splicer(b: old, layout: JSONLayout(bytes: old, top: top))
        guard let body = splicer.value(oldValue, newValue, at: top.span, indent: "", oneLineAround: splicer.layout.unit == nil, depth: 0),
              splicer.keptSpansHoldTheirValues() else { return nil }
        let out = Array(old[before]) + body + Array(old[after])
        guard (try? JSONText.parse(Data(out))) == newValue else { return nil }
        return out
    }

    private final class Splicer {
        let b: [UInt8]
        let layout: JSONLayout
        /// The spans kept as they were, and the values read from them.
        private var keptSpans: [Range<Int>] = []
        private var keptValues: [JSONValue] = []

        init(b: [UInt8], layout: JSONLayout) {
            self.b = b
            self.layout = layout
        }

        /// The old bytes at `span`, which must decode to `value` (`keptSpansHoldTheirValues`).
        func kept(_ span: Range<Int>, _ value: JSONValue) -> [UInt8]? {
            keptSpans.append(span)
            keptValues.append(value)
            return Array(b[span])
        }

        /// Whether every kept span decodes to the value read from it: all decoded at once, as the
        /// items of one list (one decoder call, not one per perspective).
        func keptSpansHoldTheirValues() -> Bool {
            var list: [UInt8] = [UInt8(ascii: "[")]
            for (i, span) in keptSpans.enumerated() {
                if i > 0 { list.append(UInt8(ascii: ",")) }
                list += b[span]
            }
            list.append(UInt8(ascii: "]"))
            return (try? JSONText.parse(Data(list))) == .array(keptValues)
        }

        func hasNewline(_ span: Range<Int>) -> Bool { b[span].contains(0x0A) }

        /// The spaces and tabs a line starts with, for the line holding `at`.
        func lineIndent(at: Int) -> String {
            var start = at
            while start > 0, b[start - 1] != 0x0A { start -= 1 }
            var end = start
            while end < at, b[end] == 0x20 || b[end] == 0x09 { end += 1 }
            return String(decoding: b[start..<end], as: UTF8.self)
        }

        /// `new` in place of `old`, whose text is at `span`. `oneLineAround`: the container holding it is on one line.
        func value(_ old: JSONValue, _ new: JSONValue, at span: Range<Int>, indent: String, oneLineAround: Bool, depth: Int) -> [UInt8]? {
            if old == new { return kept(span, old) }
            let walk = depth < JSONSplice.maxDepth
            switch (old, new) {
            case (.object(let o), .object(let n)) where walk && !o.isEmpty && !n.isEmpty:
                return container(old: o.map { ($0.0 as String?, $0.1) }, new: n.map { ($0.0 as String?, $0.1) }, at: span, indent: indent, depth: depth)
            case (.array(let o), .array(let n)) where walk && !o.isEmpty && !n.isEmpty:
                return container(old: o.map { (nil, $0) }, new: n.map { (nil, $0) }, at: span, indent: indent, depth: depth)
            default:
                // Written whole: on one line when the old value was a container on one line, or sat in one.
                let oneLine: Bool
                switch old {
                case .object(let p) where !p.isEmpty: oneLine = !hasNewline(span)
                case .array(let a) where !a.isEmpty: oneLine = !hasNewline(span)
                default: oneLine = oneLineAround
                }
                var l = layout
                if let c = JSONSpans.container(at: span.lowerBound, in: b), c.close + 1 == span.upperBound { l.take(spacingOf: c, b) }
                return Array(l.render(new, indent: indent, oneLine: oneLine).utf8)
            }
        }

        /// An object's members (keys given) or a list's items (keys nil), spliced.
        func container(old: [(String?, JSONValue)], new: [(String?, JSONValue)], at span: Range<Int>, indent: String, depth: Int) -> [UInt8]? {
            guard let c = JSONSpans.container(at: span.lowerBound, in: b), c.close + 1 == span.upperBound,
                  c.members.count == old.count, c.isObject == (old.first?.0 != nil) else { return nil }
            // Each key as scanned must be the key decoded.
            for (m, (k, _)) in zip(c.members, old) {
                guard let key = m.key, let k else { continue }
                if Array(b[key]) != Array(JSONText.quote(k).utf8), (try? JSONText.parse(Data(b[key]))) != .string(k) { return nil }
            }
            let oneLine = !hasNewline(span)
            var l = layout
            l.take(spacingOf: c, b)
            // Which old member each new one continues: the same key; for a list the same place when the
            // length is the same, else an equal item not taken yet.
            var taken = Set<Int>()
            var from: [Int?] = []
            var oldIndex: [String: Int] = [:]
            for (j, (k, _)) in old.enumerated() { if let k { oldIndex[k] = j } }
            for (i, (k, v)) in new.enumerated() {
                var j: Int?
                if let k {
                    j = oldIndex[k]
                } else if old.count == new.count {
                    j = i
                } else {
                    j = old.indices.first { !taken.contains($0) && old[$0].1 == v }
                }
                if let x = j { taken.insert(x) }
                from.append(j)
            }
            let lead0: [UInt8] = Array(c.leadingGap(b))
            // Before a member that had no place: the gap before the last one, else a comma and the first one's.
            let typical: [UInt8] = c.members.count > 1 ? Array(c.gap(before: c.members.count - 1, b))
                : oneLine ? Array(l.comma.utf8) : [UInt8(ascii: ",")] + lead0
            // A new member's value on one line when the container is, or when its nearest sibling holding
            // objects or lists is (a list of plain values says nothing: it may be on one line in any layout).
            let siblingsOnOneLine = oneLine || c.members.reversed().first { m in
                let first = JSONSpans.skipSpace(b, m.value.lowerBound + 1)
                return b[m.value.lowerBound] == UInt8(ascii: "{") ? b[first] != UInt8(ascii: "}")
                    : b[m.value.lowerBound] == UInt8(ascii: "[") && (b[first] == UInt8(ascii: "{") || b[first] == UInt8(ascii: "["))
            }.map { !hasNewline($0.value) } ?? false
            var out: [UInt8] = [b[c.open]]
            for (i, (k, v)) in new.enumerated() {
                if i == 0 {
                    out += lead0
                } else if let j = from[i], j > 0 {
                    out += Array(c.gap(before: j, b))
                } else {
                    out += typical
                }
                if let j = from[i] {
                    let m = c.members[j]
                    if let key = m.key { out += Array(b[key.lowerBound..<m.value.lowerBound]) }
                    let at = oneLine ? indent : lineIndent(at: m.start)
                    guard let text = value(old[j].1, v, at: m.value, indent: at, oneLineAround: oneLine, depth: depth + 1) else { return nil }
                    out += text
                } else {
                    // A new member: indented as the line the gap before it opens, else as its container.
                    let gap = i == 0 ? lead0 : Array(out.suffix(typical.count))
                    let at = gap.lastIndex(of: 0x0A).map { String(decoding: gap[(gap.index(after: $0))...], as: UTF8.self) } ?? indent
                    if let k { out += Array((JSONText.quote(k) + l.colon).utf8) }
                    out += Array(l.render(v, indent: at, oneLine: siblingsOnOneLine).utf8)
                }
            }
            out += Array(c.trailingGap(b))
            out.append(b[c.close])
            return out
        }
    }
}
