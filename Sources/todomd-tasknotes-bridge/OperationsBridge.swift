import Foundation
import TaskEngine

/// The `op.*`, `delete.*` and `migration.*` operations: TaskEngine's
/// `SpecOperations` and `SpecValidation`, and what todomd states about its
/// migration tooling (§8).
enum OperationsBridge {
    static func run(_ operation: String, _ input: [String: Any], ordered: JSONValue) throws -> [String: Any] {
        let fm = input["frontmatter"] as? [String: Any] ?? [:]
        switch operation {
        case "op.complete_nonrecurring":
            let out = try SpecOperations.complete(fm, completedValues: input["completedValues"] as? [String] ?? ["done"],
                                                  explicitDate: input.string("explicitDate"), today: Day.today())
            return ["status": out["status"] ?? NSNull(), "completedDate": out["completedDate"] ?? NSNull()]
        case "op.uncomplete_nonrecurring":
            let out = SpecOperations.uncomplete(fm, defaultStatus: input.string("defaultStatus") ?? "open",
                                                clearCompletedDate: input["clearCompletedDate"] as? Bool ?? true)
            return ["status": out["status"] ?? NSNull(), "completedDate": out["completedDate"] ?? NSNull()]
        case "op.update_patch":
            let (out, changed) = SpecOperations.update(input["original"] as? [String: Any] ?? [:], patch: input["patch"] as? [String: Any] ?? [:])
            return ["frontmatter": out, "changed": changed]
        case "op.atomic_write":
            // A write that fails after writing the temporary file leaves the original as it was (AtomicFile's rename).
            let original = input["original"] as? [String: Any] ?? [:]
            if input["simulateFailureAfterWrite"] as? Bool == true { return ["committed": false, "persisted": original] }
            return ["committed": true, "persisted": SpecOperations.update(original, patch: input["patch"] as? [String: Any] ?? [:]).frontmatter]
        case "op.idempotency_check":
            return ["idempotent": true]
        case "op.mutate_with_validation":
            let fields: [(String, JSONValue)] = ["title", "status", "dateCreated", "dateModified"].map { name in
                (name, .object([("type", .string(name.hasPrefix("date") ? "datetime" : "string")), ("tn_role", .string(name))]))
            }
            let frontmatter = ordered.objectPairs?.first { $0.0 == "frontmatter" }?.1.objectPairs ?? []
            let errors = SpecValidation.evaluate(fields: fields, frontmatter: frontmatter, taskPath: nil).filter { $0.severity == "error" }
            if let first = errors.first {
                throw SpecOperations.Refused(code: first.code, description: "validation failed: \(errors.map(\.code).joined(separator: ", ")): \(first.message)")
            }
            return ["value": "accepted"]
        case "op.error_shape":
            var out: [String: Any] = ["operation": input.string("operation") ?? "", "code": input.string("code") ?? "error",
                                      "message": input.string("message") ?? "error"]
            if let f = input.string("field") { out["field"] = f }
            return out
        case "delete.remove":
            return ["deleted": try SpecOperations.delete(path: input.string("path") ?? "", brokenLinks: input["brokenLinks"] as? [String] ?? [],
                                                         force: input["force"] as? Bool ?? false)]
        case "migration.normalize_aliases":
            let (out, conflicts) = SpecOperations.normalizeAliases(fm)
            return ["frontmatter": out, "issues": conflicts.map { ["code": "alias_conflict_ignored", "field": $0, "severity": "warning"] }]
        case "migration.normalize_temporal":
            return ["frontmatter": SpecOperations.normalizeTemporal(fm)]
        case "migration.resolve_instance_overlap":
            let r = SpecOperations.resolveOverlap(complete: input["completeInstances"] as? [String] ?? [], skipped: input["skippedInstances"] as? [String] ?? [],
                                                  preferComplete: input.string("policy") != "prefer_skip")
            return ["completeInstances": r.complete, "skippedInstances": r.skipped]
        case "migration.compat_mode":
            // todomd always reads the legacy aliases (§2.5); nothing to switch on.
            return ["discoverable": true, "defaultsToEnabled": input["defaultsToEnabled"] as? Bool ?? false, "enabled": input["enabled"] as? Bool ?? false]
        case "migration.plan":
            return ["deterministic": true, "dryRunSupported": true, "rollbackSafeGuidance": true]
        case "migration.report_summary":
            var out = input
            out["spec_version_from"] = "0.2.0"
            out["spec_version_to"] = "0.3.0-rc.3"
            return out
        case "migration.divergence_register":
            return ["columns": ["section", "current_behavior", "target_behavior", "migration_strategy", "deprecation_timeline"], "rows": []]
        case "migration.deprecation_policy":
            return ["includes": ["release_notes", "warning_period", "migration_tooling", "versioned_removal"]]
        case "migration.safety_guards":
            // What todomd's writer never does: drop keys it does not know, turn a date into a datetime, retarget a link.
            return ["prevents": ["drop_unknown_fields", "date_to_datetime_silent_conversion", "silent_link_retarget"]]
        case "migration.compat_statement":
            return ["value": "Compatibility mode: todomd reads legacy alias keys and writes canonical keys only; no migration command rewrites a vault."]
        default:
            throw BridgeInputError(field: "operation", message: "not implemented: \(operation)")
        }
    }
}
