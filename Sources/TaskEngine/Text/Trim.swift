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

    /// Nothing but whitespace (or empty).
    var isBlank: Bool {
        // (Through the bytes in place: asked of every value of every file, most of which begin with a letter.)
        let blank = utf8.withContiguousStorageIfAvailable { u -> Bool? in
            for b in u {
                if b >= 0x80 { return nil }
                if b != 0x20 && !(0x09...0x0D).contains(b) { return false }
            }
            return true
        } ?? nil
        return blank ?? trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// An ASCII byte that is not whitespace (anything else may be, and takes the slow path).
    private static func isPlain(_ b: UInt8) -> Bool { b > 0x20 && b < 0x7F }
}
