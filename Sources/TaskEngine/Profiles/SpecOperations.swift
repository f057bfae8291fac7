import Foundation

/// tasknotes-spec §5 and §8 operations on a task's frontmatter as the spec
/// states them: completing and reopening a non-repeating task, a patch
/// update, a validated mutation, deletion with backlinks, and the §8
/// migrations (legacy aliases, canonical timestamps, overlapping instances).
public enum SpecOperations {
    public struct Refused: Error, CustomStringConvertible {
        public let code: String
        public let description: String
        public init(code: String, description: String) {
            self.code = code
            self.description = description
        }
    }

    /// §5.5: the first completed status (or the one given), and the completion day.
    public static func complete(_ fm: [String: Any], completedValues: [String], explicitDate: String?, today: Day) throws -> [String: Any] {
        var out = fm
        let status = fm["status"] as? String ?? ""
        if !completedValues.contains(status) { out["status"] = completedValues.first ?? "done" }
        let day = try explicitDate.map { try SpecDate.parse($0).writtenDay } ?? today
        out["completedDate"] = day.iso
        return out
    }

    /// §5.6: the default status; the completed date cleared when asked.
    public static func uncomplete(_ fm: [String: Any], defaultStatus: String, clearCompletedDate: Bool) -> [String: Any] {
        var out = fm
        out["status"] = defaultStatus
        if clearCompletedDate { out["completedDate"] = nil }
        return out
    }

    /// §5.4: the patch's keys replace the task's; every other key stays. Changed when any value differs.
    public static func update(_ fm: [String: Any], patch: [String: Any]) -> (frontmatter: [String: Any], changed: Bool) {
        var out = fm
        var changed = false
        for (k, v) in patch {
            if !equal(fm[k], v) { changed = true }
            out[k] = v
        }
        return (out, changed)
    }

    static func equal(_ a: Any?, _ b: Any?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return (try? JSONSerialization.data(withJSONObject: ["v": a], options: .sortedKeys)) == (try? JSONSerialization.data(withJSONObject: ["v": b], options: .sortedKeys))
    }

    /// The spec's legacy aliases (§2.5) → their canonical keys.
    public static let aliases: [String: String] = [
        "recurrence_anchor": "recurrenceAnchor", "complete_instances": "completeInstances", "skipped_instances": "skippedInstances",
        "recurrence_parent": "recurrenceParent", "occurrence_date": "occurrenceDate", "date_created": "dateCreated",
        "date_modified": "dateModified", "completed_date": "completedDate", "time_entries": "timeEntries", "time_estimate": "timeEstimate",
        "blocked_by": "blockedBy",
    ]

    /// §8: aliases renamed to canonical keys; where both exist the canonical value wins and the alias is reported.
    public static func normalizeAliases(_ fm: [String: Any]) -> (frontmatter: [String: Any], conflicts: [String]) {
        var out = fm
        var conflicts: [String] = []
        for (alias, canonical) in aliases.sorted(by: { $0.key < $1.key }) {
            guard let v = fm[alias] else { continue }
            out[alias] = nil
            if fm[canonical] != nil { conflicts.append(alias) } else { out[canonical] = v }
        }
        return (out, conflicts)
    }

    /// §8 / §3.3.2: created and modified as canonical UTC datetimes (`2026-02-20T10:00:00Z`),
    /// a space before the time read as a `T`. A value that cannot be read is left as it is.
    public static func normalizeTemporal(_ fm: [String: Any]) -> [String: Any] {
        var out = fm
        for key in ["dateCreated", "dateModified"] {
            guard let s = fm[key] as? String else { continue }
            let spaced = s.count > 10 && s[s.index(s.startIndex, offsetBy: 10)] == " "
            let text = spaced ? String(s.prefix(10)) + "T" + String(s.dropFirst(11)) : s
            if case .datetime(let instant, _)? = try? SpecDate.parse(text) { out[key] = canonical(instant) }
        }
        return out
    }

    public static func canonical(_ instant: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: instant)
    }

    /// §4: a day both completed and skipped is kept in one list, as the policy says.
    public static func resolveOverlap(complete: [String], skipped: [String], preferComplete: Bool) -> (complete: [String], skipped: [String]) {
        let both = Set(complete).intersection(skipped)
        return preferComplete ? (complete, skipped.filter { !both.contains($0) }) : (complete.filter { !both.contains($0) }, skipped)
    }

    /// §5.10: a delete that would leave links pointing at nothing is refused unless forced.
    public static func delete(path: String, brokenLinks: [String], force: Bool) throws -> Bool {
        if !brokenLinks.isEmpty && !force {
            throw Refused(code: "backlinks_present", description: "\(path) is linked from \(brokenLinks.joined(separator: ", ")): deleting would break those backlinks (force to delete anyway)")
        }
        return true
    }
}
