import Foundation

/// Trimming without a trip through Foundation for the usual case: reading a
/// vault asks this of every value of every file, and most values have
/// nothing to trim (Foundation's `trimmingCharacters` converts each one).
extension String {
    /// The text without leading and trailing spaces and tabs (and, with
    /// `newlines`, line breaks); the same result as `trimmingCharacters(in:)`.
    func trimmedSpaces(newlines: Bool = false) -> String {
        let u = utf8
        if let first = u.first, let last = u.last, Self.isPlain(first), Self.isPlain(last) { return self }
        return trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
    }

    /// Nothing but whitespace (or empty): what Foundation's trimming of
    /// whitespace and newlines takes away whole. Scalar by scalar, ending at
    /// the first that is not blank (asked of every value of every file, most
    /// of which begin with a letter; only a value that begins with one not
    /// ASCII would need Foundation's trimming of the whole text).
    var isBlank: Bool {
        for s in unicodeScalars {
            if s.isASCII {
                if s.value != 0x20 && !(0x09...0x0D).contains(s.value) { return false }
            } else if !Self.blankScalars.contains(s) {
                return false
            }
        }
        return true
    }

    private static let blankScalars = CharacterSet.whitespacesAndNewlines

    /// An ASCII byte that is not whitespace (anything else may be, and takes the slow path).
    private static func isPlain(_ b: UInt8) -> Bool { b > 0x20 && b < 0x7F }
}
