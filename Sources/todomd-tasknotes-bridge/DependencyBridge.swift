import Foundation
import TaskEngine

/// The `dependency.*` operations: TaskEngine's `TaskDependency`, `DependencyEdits` and `DependencyGraph`.
enum DependencyBridge {
    static func run(_ operation: String, _ input: [String: Any]) throws -> [String: Any] {
        switch operation {
        case "dependency.validate_entry":
            _ = try entry(input["entry"])
            return ["value": "valid"]
        case "dependency.validate_set":
            let entries = try list(input["entries"]).map(entry)
            try TaskDependency.validateSet(entries, task: input.string("taskUid") ?? "")
            return ["value": "valid_set"]
        case "dependency.add":
            let current = try list(input["current"])
            let added = try DependencyEdits.adding(try entry(input["entry"]), to: [])
            // The entries there already are kept as they were given (the engine keeps a file's entries as written).
            return ["value": current + added.map(written)]
        case "dependency.remove":
            let key = TaskDependency.key(input.string("uid") ?? "")
            return ["value": try list(input["current"]).filter { TaskDependency.key(($0 as? [String: Any])?["uid"] as? String ?? "") != key }]
        case "dependency.replace":
            return ["value": try DependencyEdits.replacing(with: try list(input["entries"]).map(entry)).map(written)]
        case "dependency.missing_target_behavior":
            return try missingTarget(input)
        default:
            throw BridgeInputError(field: "operation", message: "no operation \(BoundedQuote.prefix(operation))")
        }
    }

    /// A task whose one dependency names no task, as the engine's graph sees it.
    static func missingTarget(_ input: [String: Any]) throws -> [String: Any] {
        var task = TaskItem(id: "tasks/task.md", title: "task")
        task.dependencies = [try entry(input["entry"])]
        let graph = DependencyGraph([task], missingTargetBlocks: input["treatMissingTargetAsBlocked"] as? Bool ?? true)
        guard let problem = graph.edges(of: 0).first?.problem else { throw BridgeInputError(field: "entry", message: "the entry names a task") }
        let code = String(problem.prefix { $0 != ":" })
        if input["requireResolvedUidOnWrite"] as? Bool == true, input["onWrite"] as? Bool == true {
            throw LinkFailure(code: code, message: "\(problem); require_resolved_uid_on_write forbids writing it")
        }
        let severity = input.string("unresolvedTargetSeverity") == "error" ? "error" : "warning"
        return ["blocked": graph.isBlocked(0), "issue": code, "severity": severity]
    }

    static func list(_ value: Any?) throws -> [Any] {
        guard let value, !(value is NSNull) else { return [] }
        guard let list = value as? [Any] else { throw TaskDependency.Refusal.notAnEntry }
        return list
    }

    /// One `{uid, reltype, gap}` object checked strictly.
    static func entry(_ value: Any?) throws(TaskDependency.Refusal) -> TaskDependency {
        guard let object = value as? [String: Any] else { throw .notAnEntry }
        if let uid = object["uid"], !(uid is String) { throw .badUID("\(uid)") }
        if let gap = object["gap"], !(gap is String) { throw .badGap("not a duration") }
        return try TaskDependency.validated(uid: object["uid"] as? String, reltype: object["reltype"] as? String, gap: object["gap"] as? String)
    }

    static func written(_ d: TaskDependency) -> [String: Any] {
        var out: [String: Any] = ["uid": d.uid, "reltype": d.relation.rawValue]
        if let gap = d.gap { out["gap"] = gap }
        return out
    }
}
