import Foundation
import TaskEngine

/// The `date.*` operations: TaskEngine's strict spec date reading (`SpecDate`).
enum DateBridge {
    static func run(_ operation: String, _ input: [String: Any]) throws -> [String: Any] {
        func value(_ key: String = "value") -> String { input[key] as? String ?? "" }
        switch operation {
        case "date.parse_utc":
            let d = try SpecDate.parse(value())
            return ["date": d.day(in: TimeZone(identifier: "UTC")!).iso]
        case "date.parse_local":
            let d = try SpecDate.parse(value())
            if case .date(let day) = d { return ["localDate": day.iso] }
            return ["isoDate": d.day(in: .current).iso]
        case "date.validate":
            _ = try SpecDate.parse(value())
            return ["value": value()]
        case "date.get_part":
            return ["value": try SpecDate.parse(value()).writtenDay.iso]
        case "date.has_time":
            return ["value": SpecDate.hasTime(value())]
        case "date.is_same", "date.is_before":
            // Calendar dates as written; anything unreadable is neither the same nor before.
            guard let a = try? SpecDate.parse(value("a")).writtenDay, let b = try? SpecDate.parse(value("b")).writtenDay else {
                return ["value": false]
            }
            return ["value": operation == "date.is_same" ? a == b : a < b]
        case "date.resolve_operation_target":
            // §5.2.1: an explicit date (which must be valid), else scheduled, else due, else today.
            if let explicit = input["explicitDate"] as? String { return ["value": try SpecDate.parse(explicit).writtenDay.iso] }
            for key in ["scheduled", "due"] {
                if let s = input[key] as? String, let d = try? SpecDate.parse(s) { return ["value": d.writtenDay.iso] }
            }
            return ["value": Day.today().iso]
        case "date.day_in_timezone":
            guard let zoneName = input["timezone"] as? String, let zone = TimeZone(identifier: zoneName) else {
                throw SpecDate.Failure.invalid("unknown timezone \(input["timezone"] ?? "")")
            }
            return ["value": try SpecDate.parse(value("instant")).day(in: zone).iso]
        default:
            throw BridgeInputError(field: "operation", message: "not a date operation: \(operation)")
        }
    }
}
