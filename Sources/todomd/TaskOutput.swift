// (glibc's `stdout` is a C global Swift 6 cannot prove constant; the C runtime sets it once before main.)
@preconcurrency import Glibc
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
            parts.append("due \(due.day.iso) (\(Glyphs.timeLeft(due.day, today: today, open: !t.status.isClosed)))" + (overdue ? " !" : ""))
        }
        if t.priority != .none { parts.append("priority \(t.priority.rawValue)") }
        if t.flagged { parts.append("⚑") }
        if !t.tags.isEmpty { parts.append(t.tags.map { "#\($0)" }.joined(separator: " ")) }
        if !t.assignees.isEmpty { parts.append(Assignee.shown(t.assignees)) }
        parts.append("[\(t.id)]")
        return parts.joined(separator: "  ")
    }

    /// `extra`: more field lines, after the task's own (`DependencyOutput`).
    static func detail(_ t: TaskItem, extra: String = "") -> String {
        var rows: [(String, String?)] = [
            ("id", t.id), ("status", t.displayStatus), ("priority", t.priorityText ?? t.priority.rawValue),
            ("flagged", t.flagged ? "yes" : "no"),
            ("due", t.due?.raw), ("scheduled", t.scheduled?.raw), ("defer", t.defer_?.raw),
            ("area", t.area), (t.otherProjects.isEmpty ? "project" : "projects", t.projects.isEmpty ? nil : t.projects.joined(separator: ", ")),
            ("assignees", t.assignees.isEmpty ? nil : Assignee.shown(t.assignees)),
            ("tags", t.tags.isEmpty ? nil : t.tags.joined(separator: ", ")),
            ("contexts", t.contexts.isEmpty ? nil : t.contexts.map { "@" + $0 }.joined(separator: " ")),
            ("estimate", t.estimatedMinutes.map { "\($0) min" }), ("recurrence", t.recurrence.map { "\($0) (\(RecurrenceWords.describe($0)))" }), ("recurrence anchor", t.recurrenceAnchor),
            ("completed on", t.completeInstances.isEmpty ? nil : t.completeInstances.joined(separator: ", ")),
            ("skipped on", t.skippedInstances.isEmpty ? nil : t.skippedInstances.joined(separator: ", ")), ("source", t.source),
            ("created", t.created?.raw), ("modified", t.modified?.raw), ("completed", t.completed?.raw),
        ]
        // A value the file holds that its field cannot (`BadValue`) is shown as written, with ⚠, in its field's row.
        let rowField: [String: TaskField] = ["status": .status, "priority": .priority, "flagged": .flagged, "due": .due, "scheduled": .scheduled,
                                             "defer": .defer, "area": .area, "project": .project, "projects": .project, "tags": .tags, "contexts": .contexts,
                                             "estimate": .estimatedMinutes, "recurrence": .recurrence, "recurrence anchor": .recurrenceAnchor,
                                             "completed on": .completeInstances, "skipped on": .skippedInstances, "source": .source,
                                             "created": .created, "modified": .modified, "completed": .completed]
        for i in rows.indices { if let f = rowField[rows[i].0], let bad = t.badValue(f) { rows[i].1 = bad.shown } }
        if let bad = t.badValue(.title) { rows.insert(("title", bad.shown), at: 1) }
        rows = rows.filter { $0.1 != nil }
        var out = t.title + "\n"
        for (k, v) in rows { out += "  " + k.padding(toLength: 19, withPad: " ", startingAt: 0) + v! + "\n" }
        let told = Set(t.badValues.map(\.problem))
        for w in t.warnings where !told.contains(w) { out += "  warning:           \(w)\n" }
        out += extra
        if !t.body.isEmpty { out += "\n" + t.body + (t.body.hasSuffix("\n") ? "" : "\n") }
        return out
    }

    /// One task as a JSON object on one line, keys A–Z, written at the end of `out`.
    /// `blocked`: whether it waits for a task not done (from the whole vault's dependencies).
    static func appendJSONObject(_ t: TaskItem, group: String?, blocked: Bool, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        func raw(_ s: StaticString) { s.withUTF8Buffer { out.append(contentsOf: $0) } }
        func key(_ k: StaticString) {
            if !first { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            raw(k)
            raw("\":")
            first = false
        }
        func text(_ k: StaticString, _ v: String?) { key(k); if let v { JSONText.appendString(v, to: &out) } else { raw("null") } }
        func list(_ k: StaticString, _ v: [String]) {
            key(k)
            out.append(UInt8(ascii: "["))
            for (i, s) in v.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.appendString(s, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        text("area", t.area)
        list("assignees", t.assignees)
        key("blocked")
        if blocked { raw("true") } else { raw("false") }
        text("completed", t.completed?.raw)
        list("contexts", t.contexts)
        text("created", t.created?.raw)
        text("defer", t.defer_?.raw)
        text("due", t.due?.raw)
        key("estimated_minutes")
        if let m = t.estimatedMinutes { out.append(contentsOf: String(m).utf8) } else { raw("null") }
        key("flagged")
        if t.flagged { raw("true") } else { raw("false") }
        text("group", group)
        text("id", t.id)
        text("modified", t.modified?.raw)
        text("priority", t.priority.rawValue)
        text("project", t.project)
        text("recurrence", t.recurrence)
        text("scheduled", t.scheduled?.raw)
        text("source", t.source)
        text("status", t.status.rawValue)
        text("status_text", t.statusText)
        list("tags", t.tags)
        text("title", t.title)
        out.append(UInt8(ascii: "}"))
    }

    /// A JSON array written as it is made, one task a line (a list of a big
    /// vault's tasks is never one document in memory).
    /// `blocked`: the ids of the tasks that wait for one not done.
    static func writeJSON(_ rows: [(group: TaskGroup, task: IndexedTask)], blocked: Set<String>) {
        // Runs of rows are written into bytes on all cores, a window of runs
        // at a time, and printed in order.
        let run = 256, window = 32
        fputs("[\n", stdout)
        var start = 0
        while start < rows.count {
            let end = min(rows.count, start + run * window)
            let parts = Parallel.map((end - start + run - 1) / run, chunk: 1) { [start] r -> [UInt8] in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(run * 512)
                for i in (start + r * run)..<min(end, start + (r + 1) * run) {
                    if i > 0 { bytes.append(UInt8(ascii: ",")); bytes.append(UInt8(ascii: "\n")) }
                    bytes.append(UInt8(ascii: " ")); bytes.append(UInt8(ascii: " "))
                    appendJSONObject(rows[i].task.task, group: rows[i].group.title, blocked: blocked.contains(rows[i].task.task.id), to: &bytes)
                }
                return bytes
            }
            for p in parts { p.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, stdout) } }
            start = end
        }
        fputs(rows.isEmpty ? "]\n" : "\n]\n", stdout)
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
