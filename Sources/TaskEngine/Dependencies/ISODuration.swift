/// An ISO 8601 duration with an optional sign (`PT4H`, `-PT15M`, `P1DT2H`,
/// `P2W`), as a dependency's `gap` is written (tasknotes-spec §10.2.1).
/// Each number is whole and at most `Int32.max`, and the text at most
/// `maxLength` bytes: past either it is refused with a reason, never
/// overflowed. (Months and years have no fixed length: they are kept as
/// written, not turned into seconds.)
public struct ISODuration: Hashable, Sendable {
    public var negative: Bool
    public var years = 0, months = 0, weeks = 0, days = 0
    public var hours = 0, minutes = 0, seconds = 0

    public static let maxLength = 64

    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case empty, tooLong(Int), malformed(String), numberTooLarge(String)

        public var description: String {
            switch self {
            case .empty: return "an empty duration"
            case .tooLong(let n): return "a duration of \(n) bytes (at most \(ISODuration.maxLength))"
            case .malformed(let s): return "'\(s)' is not an ISO 8601 duration (like PT4H, P1D, -PT15M)"
            case .numberTooLarge(let s): return "'\(s)' has a number past \(Int32.max)"
            }
        }
    }

    public static func parse(_ text: String) throws(Refusal) -> ISODuration {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maxLength else { throw .tooLong(bytes.count) }
        let shown = BoundedQuote.prefix(text)
        var d = ISODuration(negative: false)
        var i = 0
        if bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            d.negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "P") else { throw .malformed(shown) }
        i += 1
        var inTime = false, any = false, anyInTime = false
        // The designators in the order they may come; each at most once.
        let dateOrder: [UInt8] = Array("YMWD".utf8), timeOrder: [UInt8] = Array("HMS".utf8)
        var nextDate = 0, nextTime = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "T") {
                guard !inTime else { throw .malformed(shown) }
                inTime = true
                i += 1
                continue
            }
            var n = 0, digits = 0
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                let (m, o1) = n.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(Int(bytes[i] - 0x30))
                guard !o1, !o2, s <= Int(Int32.max) else { throw .numberTooLarge(shown) }
                n = s
                digits += 1
                i += 1
            }
            guard digits > 0, i < bytes.count else { throw .malformed(shown) }
            let unit = bytes[i]
            i += 1
            if inTime {
                guard let k = timeOrder[nextTime...].firstIndex(of: unit) else { throw .malformed(shown) }
                nextTime = k + 1
                switch unit {
                case UInt8(ascii: "H"): d.hours = n
                case UInt8(ascii: "M"): d.minutes = n
                default: d.seconds = n
                }
                anyInTime = true
            } else {
                guard let k = dateOrder[nextDate...].firstIndex(of: unit) else { throw .malformed(shown) }
                nextDate = k + 1
                switch unit {
                case UInt8(ascii: "Y"): d.years = n
                case UInt8(ascii: "M"): d.months = n
                case UInt8(ascii: "W"): d.weeks = n
                default: d.days = n
                }
            }
            any = true
        }
        // `P` alone, or a `T` with nothing after it, says no length at all.
        guard any, !inTime || anyInTime else { throw .malformed(shown) }
        return d
    }

    /// Whether `text` is a duration `parse` accepts.
    public static func isValid(_ text: String) -> Bool { (try? parse(text)) != nil }
}
