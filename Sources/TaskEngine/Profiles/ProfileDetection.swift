import Foundation
import Yams

/// Finds a vault's profile from what is in it, with no set-up: an explicit
/// `.todomd-profile.yaml`, a tasknotes-spec `tasknotes.yaml`, TaskNotes'
/// plugin settings (`.obsidian/plugins/tasknotes/data.json`), or a Backlog.md
/// project (`backlog/config.yml`). Nothing found: todomd's own format.
public enum ProfileDetection {
    public static let explicitFile = ".todomd-profile.yaml"

    /// The profile, and the problems met reading its sources (a source that
    /// cannot be read is skipped and reported, never guessed at).
    public static func detect(root: String) -> (profile: VaultProfile, problems: [String]) {
        var problems: [String] = []
        func read(_ relative: String) -> Data? { FileManager.default.contents(atPath: root + "/" + relative) }
        func yaml(_ relative: String) -> [String: Any]? {
            guard let data = read(relative) else { return nil }
            do {
                guard let map = try Yams.load(yaml: String(decoding: data, as: UTF8.self)) as? [String: Any] else {
                    problems.append("\(relative): not a mapping of settings; ignored")
                    return nil
                }
                return map
            } catch {
                problems.append("\(relative): cannot be read (\(String("\(error)".prefix(120)))); ignored")
                return nil
            }
        }

        var profile = VaultProfile.todomd
        var found = false
        if let settings = read(".obsidian/plugins/tasknotes/data.json") {
            if let json = (try? JSONSerialization.jsonObject(with: settings)) as? [String: Any] {
                profile = VaultProfile.tasknotes
                applyTaskNotesPlugin(json, to: &profile)
                found = true
            } else {
                problems.append(".obsidian/plugins/tasknotes/data.json: not a JSON object; ignored")
            }
        }
        if let spec = yaml("tasknotes.yaml") {
            if !found { profile = VaultProfile.tasknotes }
            applySpecConfig(spec, source: "tasknotes.yaml", to: &profile)
            profile.stampStyle = .iso  // the spec's canonical datetimes (§3.3.2): UTC with Z
            found = true
        }
        if !found, let backlog = yaml("backlog/config.yml") {
            profile = VaultProfile.backlog
            if let prefix = backlog["task_prefix"].map({ "\($0)".trimmingCharacters(in: .whitespaces) }),
               !prefix.isEmpty, prefix.allSatisfy({ $0.isLetter && $0.isASCII }) {
                profile.setBacklogPrefix(prefix)
            } else if backlog["task_prefix"] != nil {
                problems.append("backlog/config.yml: task_prefix must be letters; task is used")
            }
            if let digits = backlog["zero_padded_ids"] as? Int, (0...12).contains(digits) { profile.idDigits = digits }
            let name = profile.idPrefix.lowercased()
            profile.origins.append(("which files are tasks",
                                    "\(name)-*.md right in backlog/tasks and backlog/completed, drafts (draft-*.md) in backlog/drafts (backlog/config.yml)"))
            if let statuses = backlog["statuses"] as? [Any] {
                profile.setStatuses(statuses.map { "\($0)" })
                profile.origins.append(("status words", "backlog/config.yml statuses"))
            }
            found = true
        }
        if let explicit = yaml(explicitFile) {
            applyExplicit(explicit, to: &profile, problems: &problems)
        }
        return (profile, problems)
    }

    /// A spec role name (`date_created`, `dateCreated`, `time_estimate`, …) → the field it is.
    static func field(role: String) -> TaskField? {
        switch role.replacingOccurrences(of: "_", with: "").lowercased() {
        case "title": return .title
        case "status": return .status
        case "priority": return .priority
        case "due": return .due
        case "scheduled": return .scheduled
        case "defer": return .defer
        case "completeddate", "completed": return .completed
        case "datecreated", "created": return .created
        case "datemodified", "modified": return .modified
        case "recurrence": return .recurrence
        case "recurrenceanchor": return .recurrenceAnchor
        case "completeinstances": return .completeInstances
        case "skippedinstances": return .skippedInstances
        case "timeestimate", "estimatedminutes", "estimate": return .estimatedMinutes
        case "projects", "project": return .project
        case "area": return .area
        case "tags": return .tags
        case "contexts": return .contexts
        case "assignees", "assignee": return .assignees
        case "flagged": return .flagged
        case "source": return .source
        default: return nil
        }
    }

    /// `mapping:` (or `fieldMapping`): each role's key becomes the written key; the old ones stay readable.
    static func applyMapping(_ mapping: [String: Any], source: String, to p: inout VaultProfile) {
        var changed: [String] = []
        for (role, value) in mapping.sorted(by: { $0.key < $1.key }) {
            guard let key = value as? String, !key.isEmpty, let field = field(role: role) else { continue }
            let old = p.keys[field] ?? [field.key]
            if old.first != key { changed.append(role) }
            p.keys[field] = [key] + old.filter { $0 != key }
        }
        if !changed.isEmpty { p.origins.append(("keys (\(changed.joined(separator: ", ")))", source)) }
    }

    /// TaskNotes' settings, read through their spec form (`TaskNotesConfig.mapPlugin`), plus its custom priorities.
    static func applyTaskNotesPlugin(_ json: [String: Any], to p: inout VaultProfile) {
        let source = ".obsidian/plugins/tasknotes/data.json"
        p.origins = [("keys, words", "TaskNotes' defaults")]
        applySpecConfig(TaskNotesConfig.mapPlugin(json), source: source, to: &p)
        if let priorities = json["customPriorities"] as? [[String: Any]], !priorities.isEmpty {
            let ordered = priorities.sorted { ($0["weight"] as? Int ?? 0) < ($1["weight"] as? Int ?? 0) }
            p.setPriorities(ordered.compactMap { $0["value"] as? String })
            p.origins.append(("priority words", source + " customPriorities"))
        }
    }

    static func applySpecConfig(_ spec: [String: Any], source: String, to p: inout VaultProfile) {
        if let mapping = spec["mapping"] as? [String: Any] { applyMapping(mapping, source: source, to: &p) }
        if let status = spec["status"] as? [String: Any], let values = status["values"] as? [Any] {
            let completed = Set((status["completed_values"] as? [Any] ?? []).map { "\($0)" })
            p.setStatuses(values.map { "\($0)" }, completed: completed)
            if let d = status["default"] as? String, let s = p.status(for: d) { p.statusWrite[s] = d }
            p.origins.append(("status words", source + " status.values"))
        }
        if let d = spec["task_detection"] as? [String: Any] {
            let method = d["method"] as? String ?? "tag"
            p.detection.tag = method == "tag" ? (d["tag"] as? String ?? "task") : nil
            if let folder = d["default_folder"] as? String { p.detection.newTaskFolder = folder }
            let excluded = (d["excluded_folders"] as? [Any])?.map { "\($0)" }
                ?? (d["excluded_folders"] as? String)?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            p.detection.excluded = excluded.filter { !$0.isEmpty }
            p.origins.append(("which files are tasks", method == "tag" ? "those tagged '\(p.detection.tag ?? "task")' (\(source))"
                                                                       : "every file (\(source): \(method) is not read yet)"))
        }
        if let title = spec["title"] as? [String: Any], let storage = title["storage"] as? String {
            p.titleFromFilename = storage == "filename"
            p.origins.append(("title", storage == "filename" ? "the file name (\(source) title.storage)" : "the title key"))
        }
    }

    /// `.todomd-profile.yaml`: `base`, `keys`, `statuses`, `completed_statuses`,
    /// `priorities` (lowest first), `title_from_filename`.
    static func applyExplicit(_ map: [String: Any], to p: inout VaultProfile, problems: inout [String]) {
        let source = explicitFile
        if let base = map["base"] as? String {
            switch base {
            case "todomd": p = .todomd
            case "tasknotes": p = .tasknotes
            case "backlog": p = .backlog
            default: problems.append("\(source): unknown base '\(base)' (todomd, tasknotes or backlog)")
            }
            p.origins = [("keys, words", "\(source) base: \(base)")]
        }
        if let keys = map["keys"] as? [String: Any] {
            for (role, value) in keys.sorted(by: { $0.key < $1.key }) {
                guard let field = field(role: role) else { problems.append("\(source): no field named '\(role)'"); continue }
                let names = (value as? [Any])?.map { "\($0)" } ?? [(value as? String) ?? "\(value)"]
                guard let first = names.first, !first.isEmpty else { continue }
                p.keys[field] = names + (p.keys[field] ?? []).filter { !names.contains($0) }
            }
            p.origins.append(("keys (\(keys.keys.sorted().joined(separator: ", ")))", source))
        }
        if let statuses = map["statuses"] as? [Any] {
            p.setStatuses(statuses.map { "\($0)" }, completed: Set((map["completed_statuses"] as? [Any] ?? []).map { "\($0)" }))
            p.origins.append(("status words", source))
        }
        if let priorities = map["priorities"] as? [Any] {
            p.setPriorities(priorities.map { "\($0)" })
            p.origins.append(("priority words", source))
        }
        if let t = map["title_from_filename"] as? Bool {
            p.titleFromFilename = t
            p.origins.append(("title", t ? "the file name (\(source))" : "the title key (\(source))"))
        }
    }
}
