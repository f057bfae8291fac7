import Foundation
import TaskEngine
import TUI

/// How the CLI prints tasks: one line each, a detail page, or JSON.
enum TaskOutput {
    static func line(_ t: TaskItem, today: Day) -> String {
        var parts = ["\(Glyphs.status(t.status)) \(t.title)"]
        if let where_ = [t.area, t.project].compactMap({ $0 }).joined(separator: " / ").nilIfEmpty { parts.append(where_) }
        if let due = t.due {
            let overdue = due.day < today && !t.status.isClosed
            parts.append("due \(due.day.iso) (\(Glyphs.timeLeft(due.day, today: today)))" + (overdue ? " !" : ""))
        }
        if t.priority != .none { parts.append("priority \(t.priority.rawValue)") }
        if t.flagged { parts.append("⚑") }
        if !t.tags.isEmpty { parts.append(t.tags.map { "#\($0)" }.joined(separator: " ")) }
        parts.append("[\(t.id)]")
        return parts.joined(separator: "  ")
    }

    static func detail(_ t: TaskItem) -> String {
        var rows: [(String, String?)] = [
            ("id", t.id), ("status", t.displayStatus), ("priority", t.priorityText ?? t.priority.rawValue),
            ("flagged", t.flagged ? "yes" : "no"),
            ("due", t.due?.raw), ("scheduled", t.scheduled?.raw), ("defer", t.defer_?.raw),
            ("area", t.area), ("project", t.project),
            ("tags", t.tags.isEmpty ? nil : t.tags.joined(separator: ", ")),
            ("contexts", t.contexts.isEmpty ? nil : t.contexts.map { "@" + $0 }.joined(separator: " ")),
            ("estimate", t.estimatedMinutes.map { "\($0) min" }), ("recurrence", t.recurrence.map { "\($0) (\(RecurrenceWords.describe($0)))" }), ("recurrence anchor", t.recurrenceAnchor),
            ("completed on", t.completeInstances.isEmpty ? nil : t.completeInstances.joined(separator: ", ")),
            ("skipped on", t.skippedInstances.isEmpty ? nil : t.skippedInstances.joined(separator: ", ")), ("source", t.source),
            ("created", t.created?.raw), ("modified", t.modified?.raw), ("completed", t.completed?.raw),
        ]
        rows = rows.filter { $0.1 != nil }
        var out = t.title + "\n"
        for (k, v) in rows { out += "  " + k.padding(toLength: 19, withPad: " ", startingAt: 0) + v! + "\n" }
        for w in t.warnings { out += "  warning:           \(w)\n" }
        if !t.body.isEmpty { out += "\n" + t.body + (t.body.hasSuffix("\n") ? "" : "\n") }
        return out
    }

    static func object(_ t: TaskItem, group: String?) -> [String: Any] {
        func v(_ s: String?) -> Any { s ?? NSNull() }
        return [
            "id": t.id, "title": t.title, "status": t.status.rawValue, "status_text": v(t.statusText),
            "priority": t.priority.rawValue, "flagged": t.flagged,
            "due": v(t.due?.raw), "scheduled": v(t.scheduled?.raw), "defer": v(t.defer_?.raw),
            "created": v(t.created?.raw), "modified": v(t.modified?.raw), "completed": v(t.completed?.raw),
            "area": v(t.area), "project": v(t.project), "source": v(t.source), "recurrence": v(t.recurrence),
            "tags": t.tags, "contexts": t.contexts, "estimated_minutes": t.estimatedMinutes.map { $0 as Any } ?? NSNull(),
            "group": v(group),
        ]
    }

    static func json(_ rows: [(TaskItem, String?)]) -> String {
        let array = rows.map { object($0.0, group: $0.1) }
        let data = try! JSONSerialization.data(withJSONObject: array, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return VisibleText.escapeJSON(String(decoding: data, as: UTF8.self))
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
