import Foundation

/// Text as rules compare it: `key` ignores case (areas, projects, tags,
/// sources); `search` also ignores diacritics (`cafe` finds `Café`).
public enum TextFold {
    public static func key(_ s: String) -> String {
        s.utf8.allSatisfy({ $0 < 0x80 }) ? s.lowercased() : s.lowercased().precomposedStringWithCanonicalMapping
    }

    public static func search(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 < 0x80 }) { return s.lowercased() }
        return s.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    }
}
