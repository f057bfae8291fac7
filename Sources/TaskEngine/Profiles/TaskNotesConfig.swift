import Foundation

/// tasknotes-spec §9 configuration: TaskNotes' plugin settings mapped to the
/// spec's keys (§9.2.4), providers merged (§9.2.2), each section checked
/// (§9.9–§9.16), and whether a file is a task (§9.7). `ProfileDetection`
/// reads a vault's settings through these.
public enum TaskNotesConfig {
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// `data.json` role names → the spec's.
    static let roleNames: [String: String] = [
        "dateCreated": "date_created", "dateModified": "date_modified", "completedDate": "completed_date",
        "recurrenceAnchor": "recurrence_anchor", "completeInstances": "complete_instances", "skippedInstances": "skipped_instances",
        "recurrenceParent": "recurrence_parent", "occurrenceDate": "occurrence_date", "occurrenceMaterialization": "occurrence_materialization",
        "occurrenceNextTrigger": "occurrence_next_trigger", "occurrenceTemplate": "occurrence_template",
        "occurrencePastHorizon": "occurrence_past_horizon", "occurrenceFutureHorizon": "occurrence_future_horizon",
        "blockedBy": "blocked_by", "timeEntries": "time_entries", "timeEstimate": "time_estimate",
    ]

    /// TaskNotes' `data.json` as the spec's effective configuration.
    public static func mapPlugin(_ data: [String: Any]) -> [String: Any] {
        var out: [String: Any] = [:]
        func set(_ section: String, _ key: String, from source: String) {
            guard let v = data[source] else { return }
            var s = out[section] as? [String: Any] ?? [:]
            s[key] = v
            out[section] = s
        }
        if let fm = data["fieldMapping"] as? [String: Any] {
            out["mapping"] = Dictionary(fm.map { (roleNames[$0.key] ?? $0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        }
        if let store = data["storeTitleInFilename"] as? Bool {
            out["title"] = ["storage": store ? "filename" : "frontmatter"]
            set("title", "filename_format", from: "taskFilenameFormat")
            set("title", "custom_filename_template", from: "customFilenameTemplate")
        }
        if let t = data["taskCreationDefaults"] as? [String: Any] {
            var templating: [String: Any] = [:]
            if let e = t["useBodyTemplate"] { templating["enabled"] = e }
            if let p = t["bodyTemplate"] { templating["template_path"] = p }
            out["templating"] = templating
        }
        if let statuses = data["customStatuses"] as? [[String: Any]] {
            var status: [String: Any] = ["values": statuses.compactMap { $0["value"] as? String },
                                         "completed_values": statuses.filter { $0["isCompleted"] as? Bool == true }.compactMap { $0["value"] as? String }]
            if let d = data["defaultTaskStatus"] { status["default"] = d }
            out["status"] = status
        }
        set("defaults", "status", from: "defaultTaskStatus")
        set("defaults", "priority", from: "defaultTaskPriority")
        set("task_detection", "method", from: "taskIdentificationMethod")
        set("task_detection", "tag", from: "taskTag")
        set("task_detection", "property_name", from: "taskPropertyName")
        set("task_detection", "property_value", from: "taskPropertyValue")
        set("task_detection", "default_folder", from: "tasksFolder")
        set("task_detection", "excluded_folders", from: "excludedFolders")
        set("archive", "move_on_archive", from: "moveArchivedTasks")
        set("archive", "folder", from: "archiveFolder")
        set("time_tracking", "auto_stop_on_complete", from: "autoStopTimeTrackingOnComplete")
        set("time_tracking", "auto_stop_notification", from: "autoStopTimeTrackingNotification")
        set("links", "use_markdown_format", from: "useFrontmatterMarkdownLinks")
        return out
    }

    /// Providers in precedence order, lowest first: a later one replaces a whole top-level key.
    public static func merge(_ providers: [[String: Any]]) -> [String: Any] {
        providers.reduce(into: [:]) { merged, p in for (k, v) in p { merged[k] = v } }
    }

    /// The effective `spec_version`: the provider's, else the target's (synthesized).
    public static func specVersion(provider: String?, target: String) -> (value: String, synthesized: Bool) {
        if let p = provider?.trimmingCharacters(in: .whitespaces), !p.isEmpty { return (p, false) }
        return (target, true)
    }

    /// Strict mode fails on unreadable providers or missing required keys; permissive mode goes on.
    public static func providerBehavior(mode: String, readable: Bool, hasRequiredKeys: Bool) throws -> String {
        if mode == "strict" && (!readable || !hasRequiredKeys) {
            throw Invalid(description: "strict mode: the configuration providers are unreadable or lack the required effective keys")
        }
        return "accepted"
    }

    /// Checks one section; throws the first rule it breaks, naming the key.
    public static func validate(_ kind: String, _ v: [String: Any]) throws {
        func oneOf(_ key: String, _ allowed: [String]) throws {
            if let x = v[key], !(x is NSNull) {
                guard let s = x as? String, allowed.contains(s) else { throw Invalid(description: "\(kind).\(key): invalid or unsupported value \(x)") }
            }
        }
        func bool(_ key: String) throws {
            if let x = v[key], !(x is Bool) {
                throw Invalid(description: "\(kind).\(key): invalid, must be true or false")
            }
        }
        switch kind {
        case "validation": try oneOf("mode", ["strict", "permissive"])
        case "title":
            try oneOf("storage", ["frontmatter", "filename"])
            try oneOf("filename_format", ["title", "zettel", "timestamp", "custom"])
            if (v["storage"] as? String ?? "frontmatter") == "frontmatter", v["filename_format"] as? String == "custom",
               (v["custom_filename_template"] as? String ?? "").isEmpty {
                throw Invalid(description: "title.custom_filename_template: missing (needed by filename_format custom)")
            }
        case "templating":
            try bool("enabled")
            if v["enabled"] as? Bool == true, (v["template_path"] as? String ?? "").isEmpty {
                throw Invalid(description: "templating.template_path: missing (needed when enabled)")
            }
            try oneOf("failure_mode", ["error", "warning_fallback"])
            try oneOf("unknown_variable_policy", ["preserve", "empty"])
        case "reminders":
            if let t = v["date_only_anchor_time"] {
                let parts = (t as? String ?? "").split(separator: ":")
                guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60 else {
                    throw Invalid(description: "reminders.date_only_anchor_time: invalid, must be HH:MM")
                }
            }
            try bool("apply_defaults_when_explicit")
        case "time_tracking":
            try bool("auto_stop_on_complete")
            try bool("auto_stop_notification")
        case "status":
            let values = (v["values"] as? [Any] ?? []).map { "\($0)" }
            if let d = v["default"] as? String, !values.contains(d) { throw Invalid(description: "status.default: must be one of status.values") }
            if let c = v["completed_values"] {
                let list = (c as? [Any] ?? []).map { "\($0)" }
                guard !list.isEmpty else { throw Invalid(description: "status.completed_values: must be a non-empty list") }
                guard list.allSatisfy(values.contains) else { throw Invalid(description: "status.completed_values: each must be in status.values") }
            }
        case "task_detection":
            try oneOf("combine", ["and", "or"])
            try oneOf("method", ["tag", "property", "folder"])
        case "dependencies":
            try oneOf("default_reltype", ["FINISHTOSTART", "FINISHTOFINISH", "STARTTOSTART", "STARTTOFINISH"])
            try oneOf("unresolved_target_severity", ["warning", "error"])
        case "links": try oneOf("unresolved_default_severity", ["warning", "error"])
        default: break
        }
    }

    /// A tag as compared: trimmed, without `#`, lowercased.
    public static func bareTag(_ tag: String) -> String {
        var t = tag.trimmingCharacters(in: .whitespaces).lowercased()
        while t.hasPrefix("#") { t.removeFirst() }
        return t
    }

    /// Whether a file is a task (§9.7): by its tag (in `tags` or written
    /// inline in the body, outside code), by a property, or both; never in an
    /// excluded folder.
    public static func isTask(detection d: [String: Any], path: String, frontmatter: [String: Any], body: String) -> Bool {
        let excluded: [String] = (d["excluded_folders"] as? [Any])?.map { "\($0)" }
            ?? (d["excluded_folders"] as? String)?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        if excluded.contains(where: { !$0.isEmpty && path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) { return false }
        let methods = (d["methods"] as? [Any])?.map { "\($0)" } ?? [d["method"] as? String ?? "tag"]
        let results = methods.map { method -> Bool in
            switch method {
            case "property":
                guard let name = d["property_name"] as? String, let value = frontmatter[name], !(value is NSNull) else { return false }
                let wanted = d["property_value"] as? String ?? ""
                if wanted.isEmpty { return true }
                if let list = value as? [Any] { return list.contains { "\($0)" == wanted } }
                return "\(value)" == wanted
            default:
                let tags = (frontmatter["tags"] as? [Any])?.map { "\($0)" } ?? (frontmatter["tags"] as? String).map { [$0] } ?? []
                return carriesTag(d["tag"] as? String ?? "task", tags: tags, body: body)
            }
        }
        return (d["combine"] as? String ?? "or") == "and" ? results.allSatisfy { $0 } : results.contains(true)
    }

    /// Whether a file carries `tag`: in its tags (also as a parent: `task/home`), or written in its body outside code.
    public static func carriesTag(_ tag: String, tags: [String], body: String) -> Bool {
        let wanted = bareTag(tag)
        if tags.contains(where: { let t = bareTag($0); return t == wanted || t.hasPrefix(wanted + "/") }) { return true }
        return body.contains("#") && inlineTags(body).contains(wanted)
    }

    /// `#tags` written in a body, outside code fences and inline code, lowercased.
    static func inlineTags(_ body: String) -> Set<String> {
        var out = Set<String>()
        var fenced = false
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            if fenced { continue }
            var inCode = false
            var previous: Character = " "
            var i = line.startIndex
            while i < line.endIndex {
                let c = line[i]
                if c == "`" { inCode.toggle() }
                if !inCode, c == "#", previous.isWhitespace || i == line.startIndex {
                    var j = line.index(after: i)
                    var word = ""
                    while j < line.endIndex, line[j].isLetter || line[j].isNumber || "-_/".contains(line[j]) { word.append(line[j]); j = line.index(after: j) }
                    if !word.isEmpty {
                        out.insert(word.lowercased())
                        if let slash = word.firstIndex(of: "/") { out.insert(String(word[..<slash]).lowercased()) }
                    }
                    i = j
                    previous = "x"
                    continue
                }
                previous = c
                i = line.index(after: i)
            }
        }
        return out
    }
}
