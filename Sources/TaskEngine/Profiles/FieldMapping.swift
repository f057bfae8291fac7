/// tasknotes-spec's role ↔ frontmatter-key mapping (§2.4, §12): which key
/// holds each semantic role, built from a type's `fields` (each may name its
/// `tn_role`; the first field naming a role wins), the completed statuses,
/// and moving a frontmatter object between keys and roles. Unknown keys pass
/// through untouched both ways.
public struct FieldMapping: Sendable, Equatable {
    /// The roles, by their TaskNotes names.
    public static let roles = ["title", "status", "priority", "due", "scheduled", "completedDate", "tags", "contexts", "projects",
                               "attachments", "timeEstimate", "dateCreated", "dateModified", "recurrence", "recurrenceAnchor",
                               "completeInstances", "skippedInstances", "timeEntries", "blockedBy", "reminders"]
    /// Status words that mean completed when a type does not say (`tn_completed_values`).
    static let completedWords = ["done", "completed", "complete", "cancelled", "canceled", "closed"]
    public static let defaultCompleted = ["done", "cancelled"]

    public var roleToField: [(role: String, field: String)]
    public var completedStatuses: [String]

    public static func == (a: FieldMapping, b: FieldMapping) -> Bool {
        a.roleToField.map { $0.role + "=" + $0.field } == b.roleToField.map { $0.role + "=" + $0.field } && a.completedStatuses == b.completedStatuses
    }

    /// Every role under its own name; the title shown from `title`.
    public static let `default` = FieldMapping(roleToField: roles.map { ($0, $0) }, completedStatuses: defaultCompleted)

    public func field(for role: String) -> String? { roleToField.first { $0.role == role }?.field }
    public func role(for field: String) -> String? {
        if let explicit = roleToField.first(where: { $0.field == field && $0.field != $0.role }) { return explicit.role }
        return roleToField.first { $0.field == field }?.role
    }
    public var displayNameKey: String { field(for: "title") ?? "title" }

    /// From a type's fields, in their order: `{"customTitle": {"tn_role": "title"}, "status": {"values": [...]}}`.
    public static func build(fields: [(String, JSONValue)]) -> FieldMapping {
        var mapping = FieldMapping.default
        var assigned = Set<String>()
        for (name, spec) in fields {
            guard let role = spec.objectPairs?.first(where: { $0.0 == "tn_role" })?.1.string, !assigned.contains(role) else { continue }
            assigned.insert(role)
            if let i = mapping.roleToField.firstIndex(where: { $0.role == role }) {
                mapping.roleToField[i].field = name
            } else {
                mapping.roleToField.append((role, name))
            }
        }
        // The completed statuses: as the status field says, else its values that are completed words, else the defaults.
        let statusField = mapping.field(for: "status") ?? "status"
        if let spec = fields.first(where: { $0.0 == statusField })?.1.objectPairs {
            let declared = spec.first { $0.0 == "tn_completed_values" }?.1.array?.compactMap(\.string) ?? []
            let values = spec.first { $0.0 == "values" }?.1.array?.compactMap(\.string) ?? []
            let known = values.filter { completedWords.contains($0.lowercased()) }
            mapping.completedStatuses = !declared.isEmpty ? declared : !known.isEmpty ? known : defaultCompleted
        }
        return mapping
    }

    public func isCompleted(_ status: String) -> Bool { completedStatuses.contains(status) }

    /// Frontmatter keys → roles (unknown keys kept as they are).
    public func normalize(_ frontmatter: [(String, JSONValue)]) -> [(String, JSONValue)] {
        frontmatter.map { key, value in (role(for: key) ?? key, value) }
    }

    /// Roles → frontmatter keys (unknown keys kept as they are).
    public func denormalize(_ roleData: [(String, JSONValue)]) -> [(String, JSONValue)] {
        roleData.map { role, value in (field(for: role) ?? role, value) }
    }

    /// The title to show (§2.2.2, frontmatter storage): the display key's text,
    /// else `title`'s, else the file's name without `.md`, else none.
    public static func displayTitle(frontmatter: [(String, JSONValue)], displayNameKey: String, taskPath: String?) -> String? {
        for key in [displayNameKey, "title"] {
            if let s = frontmatter.first(where: { $0.0 == key })?.1.string, !s.trimmingCharacters(in: .whitespaces).isEmpty { return s }
        }
        guard let path = taskPath, !path.isEmpty else { return nil }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }
}
