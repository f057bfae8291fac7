import Foundation
import TaskEngine

/// The `config.*` operations: TaskEngine's `TaskNotesConfig` and `VaultLocation`.
enum ConfigBridge {
    static func run(_ operation: String, _ input: [String: Any]) throws -> [String: Any] {
        switch operation {
        case "config.resolve_collection_path":
            return ["value": VaultLocation.resolve(flag: input.string("flagPath"), environment: input.string("envPath"),
                                                   persisted: input.string("persistedPath"), cwd: input.string("cwd") ?? ".")]
        case "config.merge_top_level":
            return ["value": TaskNotesConfig.merge(input["providers"] as? [[String: Any]] ?? [])]
        case "config.spec_version_effective":
            let v = TaskNotesConfig.specVersion(provider: input.string("providerSpecVersion"), target: input.string("targetSpecVersion") ?? "0.3.0-rc.3")
            return ["value": v.value, "synthesized": v.synthesized]
        case "config.map_tasknotes_plugin":
            return ["value": TaskNotesConfig.mapPlugin(input["data"] as? [String: Any] ?? [:])]
        case "config.detect_task_file":
            return ["value": TaskNotesConfig.isTask(detection: input["taskDetection"] as? [String: Any] ?? [:], path: input.string("filePath") ?? "",
                                                    frontmatter: input["frontmatter"] as? [String: Any] ?? [:], body: input.string("body") ?? "")]
        case "config.provider_behavior":
            return ["value": try TaskNotesConfig.providerBehavior(mode: input.string("mode") ?? "strict",
                                                                  readable: input["providersReadable"] as? Bool ?? true,
                                                                  hasRequiredKeys: input["hasRequiredKeys"] as? Bool ?? true)]
        case "config.validate_schema":
            try TaskNotesConfig.validate(input.string("kind") ?? "", input["value"] as? [String: Any] ?? [:])
            return ["value": "valid"]
        default:
            throw BridgeInputError(field: "operation", message: "not a config operation: \(operation)")
        }
    }
}
