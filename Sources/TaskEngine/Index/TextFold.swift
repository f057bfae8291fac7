import Foundation
import Synchronization

/// Text as rules compare it: `key` ignores case (areas, projects, tags,
/// sources); `search` also ignores diacritics (`cafe` finds `Café`).
public enum TextFold {
    public static func key(_ s: String) -> String {
        asciiLowercased(s) ?? s.lowercased().precomposedStringWithCanonicalMapping
    }

    public static func search(_ s: String) -> String {
        if let ascii = asciiLowercased(s) { return ascii }
        // Character by character, each non-ASCII one folded once per process:
        // asking Foundation about every whole string would cost most of a start.
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s {
            if c.utf8.count == 1, let a = c.asciiValue {  // ("\r\n" has an asciiValue too)
                out.unicodeScalars.append(Unicode.Scalar(a &- 0x41 < 26 ? a | 0x20 : a))
            } else {
                out += CharacterFolds.shared.fold(c)
            }
        }
        return out
    }

    /// The fast path every start takes for most text: nil unless `s` is
    /// ASCII; `s` itself (sharing its storage) when it has no capitals.
    static func asciiLowercased(_ s: String) -> String? {
        var capitals = false
        for b in s.utf8 {
            if b >= 0x80 { return nil }
            if b &- 0x41 < 26 { capitals = true }
        }
        guard capitals else { return s }
        let n = s.utf8.count
        return String(unsafeUninitializedCapacity: n) { out in
            var i = 0
            for b in s.utf8 {
                out[i] = b &- 0x41 < 26 ? b | 0x20 : b
                i += 1
            }
            return n
        }
    }
}

/// Folded forms of single characters, remembered (tasks are indexed on all cores).
final class CharacterFolds: Sendable {
    static let shared = CharacterFolds()
    private let known = Mutex<[Character: String]>([:])

    func fold(_ c: Character) -> String {
        known.withLock { known in
            if let f = known[c] { return f }
            let f = Self.foundationFold(c)
            known[c] = f
            return f
        }
    }

    /// What Foundation folds `c` to (case, accents and width ignored).
    static func foundationFold(_ c: Character) -> String {
        String(c).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }
}
