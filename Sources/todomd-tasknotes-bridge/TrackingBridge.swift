import Foundation
import TaskEngine

/// The `time.*`, `reminder.*` and `validation.time_entries` operations:
/// TaskEngine's `TimeEntry`, `TimeTracking` and `Reminder`.
enum TrackingBridge {
    static func run(_ operation: String, _ input: [String: Any]) throws -> [String: Any] {
        switch operation {
        case "validation.time_entries":
            try TimeEntry.validateSet(try entries(input["entries"]))
            return ["value": "valid"]
        case "time.start":
            return stamped(try TimeTracking.start(try entries(input["entries"]), at: try now(input)), input)
        case "time.stop":
            return stamped(try TimeTracking.stop(try entries(input["entries"]), at: try now(input)), input)
        case "time.replace_entries":
            let list = try entries(input["entries"])
            try TimeEntry.validateSet(list)
            return stamped(list, input)
        case "time.remove_entry":
            // The selector is the entry's place in the list, from 0 (§5.19.4).
            var list = try entries(input["entries"])
            guard let index = (input["selector"] as? [String: Any])?["index"] as? Int else {
                throw BridgeInputError(field: "selector", message: "invalid selector: {\"index\": N} names the entry to remove")
            }
            guard list.indices.contains(index) else {
                throw BridgeInputError(field: "selector", message: "index_out_of_range: no entry at index \(index) (the task has \(list.count))")
            }
            list.remove(at: index)
            return stamped(list, input)
        case "time.auto_stop_on_complete":
            // §5.19.5: a completion stops the task's own running entry when the setting asks for it.
            let list = try entries(input["taskEntries"])
            let stops = input["autoStopOnComplete"] as? Bool == true && input["isCompletionTransition"] as? Bool == true && list.contains(where: \.isRunning)
            var out: [String: Any] = ["stopped": stops]
            if stops { out["value"] = try TimeTracking.stop(list, at: try now(input)).map(written) }
            return out
        case "time.report_totals":
            let list = try entries(input["entries"])
            let totals = TimeTracking.totals(list, now: try now(input))
            var out: [String: Any] = ["closed_minutes": totals.closed]
            if let live = totals.live { out["live_minutes"] = live }
            return out
        case "reminder.validate_entry":
            _ = try reminder(input["entry"])
            return ["value": "valid"]
        case "reminder.validate_set":
            let list = try reminders(input["entries"])
            let fm = input["frontmatter"] as? [String: Any] ?? [:]
            try Reminder.validateSet(list) { base in
                guard let v = fm[base.rawValue] as? String, !v.isEmpty else { return false }
                return (try? SpecDate.parse(v)) != nil
            }
            return ["value": "valid_set"]
        case "reminder.add":
            let current = try reminders(input["current"]), added = try reminder(input["entry"] ?? input["value"])
            let list = current + [added]
            try Reminder.validateSet(list) { _ in true }
            return ["value": list.map(written)]
        case "reminder.update":
            // Patch by id (§10.3.8): the patch's keys replace the reminder's, the result is checked whole.
            var current = try DependencyBridge.list(input["current"]).map { try object($0) }
            let id = input.string("id") ?? ""
            guard let at = current.firstIndex(where: { $0["id"] as? String == id }) else {
                throw BridgeInputError(field: "id", message: "reminder_not_found: no reminder has id '\(BoundedQuote.prefix(id))'")
            }
            for (k, v) in (input["patch"] as? [String: Any]) ?? [:] { current[at][k] = v is NSNull ? nil : v }
            let list = try current.map(reminder)
            try Reminder.validateSet(list) { _ in true }
            return ["value": list.map(written)]
        case "reminder.remove":
            let id = input.string("id") ?? ""
            return ["value": try reminders(input["current"]).filter { $0.id != id }.map(written)]
        default:
            throw BridgeInputError(field: "operation", message: "no operation \(BoundedQuote.prefix(operation))")
        }
    }

    /// The entries and the stamp a change of them gives `date_modified` (its `now`).
    static func stamped(_ list: [TimeEntry], _ input: [String: Any]) -> [String: Any] {
        ["value": list.map(written), "dateModified": TimeEntry.canonical((try? now(input)) ?? Date())]
    }

    static func now(_ input: [String: Any]) throws -> Date {
        guard let text = input.string("now") else { return Date() }
        do { return try TimeEntry.instant(text, key: "now") } catch { throw BridgeInputError(field: "now", message: error.description) }
    }

    static func object(_ value: Any) throws -> [String: Any] {
        guard let o = value as? [String: Any] else { throw TimeEntry.Refusal.notAnEntry }
        return o
    }

    static func entries(_ value: Any?) throws -> [TimeEntry] {
        let list = try DependencyBridge.list(value)
        guard list.count <= TimeEntry.maxEntries else { throw TimeEntry.Refusal.tooMany(list.count) }
        return try list.map { item in
            let o = try object(item)
            func text(_ key: String) throws -> String? {
                guard let v = o[key], !(v is NSNull) else { return nil }
                guard let s = v as? String else { throw key == "description" ? TimeEntry.Refusal.badDescription : .badTime(key: key, text: BoundedQuote.prefix("\(v)")) }
                return s
            }
            // (`duration` is derived: read past and not written, §2.6.1.)
            return try TimeEntry.validated(start: try text("startTime"), end: try text("endTime"), description: try text("description"))
        }
    }

    static func reminders(_ value: Any?) throws -> [Reminder] {
        let list = try DependencyBridge.list(value)
        guard list.count <= Reminder.maxEntries else { throw Reminder.Refusal.tooMany(list.count) }
        return try list.map(reminder)
    }

    static func reminder(_ value: Any?) throws -> Reminder {
        guard let o = value as? [String: Any] else { throw Reminder.Refusal.notAnEntry }
        func text(_ key: String) throws -> String? {
            guard let v = o[key], !(v is NSNull) else { return nil }
            guard let s = v as? String else { throw Reminder.Refusal.notAnEntry }
            return s
        }
        return try Reminder.validated(id: try text("id"), type: try text("type"), relatedTo: try text("relatedTo"), offset: try text("offset"),
                                      absoluteTime: try text("absoluteTime"), description: try text("description"))
    }

    static func written(_ e: TimeEntry) -> [String: Any] { Dictionary(uniqueKeysWithValues: e.writtenPairs.map { ($0.key, $0.value as Any) }) }
    static func written(_ r: Reminder) -> [String: Any] { Dictionary(uniqueKeysWithValues: r.writtenPairs.map { ($0.key, $0.value as Any) }) }
}
