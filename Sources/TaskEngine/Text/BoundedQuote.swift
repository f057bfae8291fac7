/// The start of a value for an error message: a message quotes what was
/// written so the reader can find it, but a value of megabytes (a corrupt
/// file, a hostile line on the bridge) must not be copied back whole.
///
///     BoundedQuote.prefix("FREQ=DAILY")                              // "FREQ=DAILY"
///     BoundedQuote.prefix(String(repeating: "9", count: 1_000))      // 80 nines, then "… (1000 bytes)"
public enum BoundedQuote {
    /// Unicode scalars quoted before the rest is summarised (scalars, not
    /// graphemes: one grapheme can hold megabytes of combining marks).
    public static let limit = 80

    public static func prefix(_ value: some StringProtocol, limit: Int = limit) -> String {
        // utf8.count is O(1) on native strings: most values are short and return here.
        if value.utf8.count <= limit { return String(value) }
        let scalars = value.unicodeScalars
        var end = scalars.startIndex
        var kept = 0
        while end < scalars.endIndex, kept < limit {
            end = scalars.index(after: end)
            kept += 1
        }
        if end == scalars.endIndex { return String(value) }
        return String(String.UnicodeScalarView(scalars[..<end])) + "… (\(value.utf8.count) bytes)"
    }
}
