import Foundation
import TaskEngine

/// The `field.*` operations: TaskEngine's `FieldMapping`.
enum FieldBridge {
    static func run(_ operation: String, _ input: JSONValue) throws -> [String: Any] {
        func pairs(_ key: String) -> [(String, JSONValue)] { input.objectPairs?.first { $0.0 == key }?.1.objectPairs ?? [] }
        func text(_ key: String) -> String? { input.objectPairs?.first { $0.0 == key }?.1.string }
        let mapping = operation == "field.default_mapping" ? FieldMapping.default : FieldMapping.build(fields: pairs("fields"))
        switch operation {
        case "field.default_mapping", "field.build_mapping":
            var fieldToRole: [String: Any] = [:]
            for (role, field) in mapping.roleToField where fieldToRole[field] == nil || field != role { fieldToRole[field] = role }
            return ["roleToField": Dictionary(mapping.roleToField.map { ($0.role, $0.field as Any) }, uniquingKeysWith: { a, _ in a }),
                    "fieldToRole": fieldToRole, "displayNameKey": mapping.displayNameKey, "completedStatuses": mapping.completedStatuses]
        case "field.is_completed_status":
            return ["value": mapping.isCompleted(text("status") ?? "")]
        case "field.default_completed_status":
            return ["value": mapping.completedStatuses.first ?? "done"]
        case "field.normalize":
            return ["normalized": any(.object(mapping.normalize(pairs("frontmatter"))))]
        case "field.denormalize":
            return ["denormalized": any(.object(mapping.denormalize(pairs("roleData"))))]
        case "field.resolve_display_title":
            let title = FieldMapping.displayTitle(frontmatter: pairs("frontmatter"), displayNameKey: text("displayNameKey") ?? mapping.displayNameKey,
                                                  taskPath: text("taskPath"))
            return ["value": title.map { $0 as Any } ?? NSNull()]
        default:
            throw BridgeInputError(field: "operation", message: "not a field operation: \(operation)")
        }
    }

    /// A JSON value as Foundation objects, for the envelope.
    static func any(_ v: JSONValue) -> Any {
        (try? JSONSerialization.jsonObject(with: Data(JSONText.compact(v).utf8), options: [.fragmentsAllowed])) ?? NSNull()
    }
}
