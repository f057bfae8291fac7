import Foundation

/// tasknotes-spec §6 core validation of one task's frontmatter against its
/// type's fields: required roles, a resolvable title, a completed date when
/// the status is a completed one, value types, dates that exist, modified
/// not before created, unknown keys, and (extended) time entries.
public enum SpecValidation {
    public struct Issue: Equatable, Sendable {
        public var code: String
        public var severity: String
        public var field: String?
        public var message: String
    }

    public static func evaluate(fields: [(String, JSONValue)], frontmatter fm: [(String, JSONValue)], taskPath: String?,
                                rejectUnknownFields: Bool = false) -> [Issue] {
        var issues: [Issue] = []
        func error(_ code: String, _ field: String?, _ message: String) { issues.append(Issue(code: code, severity: "error", field: field, message: message)) }
        let mapping = FieldMapping.build(fields: fields)
        func value(_ key: String) -> JSONValue? { fm.first { $0.0 == key }?.1 }
        func roleKey(_ role: String) -> String { mapping.field(for: role) ?? role }

        for role in ["status", "dateCreated", "dateModified"] where value(roleKey(role)) == nil || value(roleKey(role))?.isNull == true {
            error("missing_required", roleKey(role), "\(roleKey(role)) is required")
        }
        if FieldMapping.displayTitle(frontmatter: fm, displayNameKey: mapping.displayNameKey, taskPath: taskPath) == nil {
            error("unresolvable_title", roleKey("title"), "no title: the title key is empty and there is no file name")
        }
        let recurring = value(roleKey("recurrence"))?.string.map { !$0.isEmpty } ?? false
        if let status = value(roleKey("status"))?.string, mapping.isCompleted(status), !recurring, value(roleKey("completedDate")) == nil {
            error("missing_required", roleKey("completedDate"), "\(roleKey("completedDate")) is required when the status is \(status)")
        }

        var instants: [String: Date] = [:]
        for (name, spec) in fields {
            guard let v = value(name), !v.isNull else { continue }
            let type = spec.objectPairs?.first { $0.0 == "type" }?.1.string ?? "string"
            switch type {
            case "date", "datetime":
                guard let s = v.string else { error("invalid_type", name, "\(name) must be a date written as text"); continue }
                guard let d = try? SpecDate.parse(s) else { error("invalid_date_value", name, "\(name): \"\(s)\" is not a valid date"); continue }
                switch d {
                case .date(let day): instants[name] = Date(timeIntervalSince1970: TimeInterval(day.ordinal * 86_400))
                case .datetime(let instant, _): instants[name] = instant
                }
            case "list":
                if v.array == nil { error("invalid_type", name, "\(name) must be a list") }
            case "enum", "string":
                guard let s = v.string else { error("invalid_type", name, "\(name) must be text"); continue }
                if type == "enum", let values = spec.objectPairs?.first(where: { $0.0 == "values" })?.1.array?.compactMap(\.string),
                   !values.isEmpty, !values.contains(s) {
                    error("invalid_enum_value", name, "\(name): \"\(s)\" is not one of \(values.joined(separator: ", "))")
                }
            default: break
            }
        }
        if let created = instants[roleKey("dateCreated")], let modified = instants[roleKey("dateModified")], modified < created {
            error("date_modified_before_created", roleKey("dateModified"), "modified before it was created")
        }
        if let entries = value(roleKey("timeEntries"))?.array {
            var active = 0
            for e in entries {
                let pairs = e.objectPairs ?? []
                if pairs.first(where: { $0.0 == "startTime" })?.1.string == nil { error("missing_time_entry_start", roleKey("timeEntries"), "a time entry has no startTime") }
                if pairs.first(where: { $0.0 == "endTime" }) == nil { active += 1 }
            }
            if active > 1 { error("multiple_active_time_entries", roleKey("timeEntries"), "more than one time entry is running") }
        }
        let known = Set(fields.map(\.0))
        for (key, _) in fm where !known.contains(key) {
            issues.append(Issue(code: "unknown_field", severity: rejectUnknownFields ? "error" : "info", field: key, message: "\(key) is not a field of this type"))
        }
        return issues
    }
}
