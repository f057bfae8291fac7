import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Finds a vault's profile from what is in it, with no set-up: an explicit
/// `.todomd-profile.yaml`, a tasknotes-spec `tasknotes.yaml`, TaskNotes'
/// plugin settings (`.obsidian/plugins/tasknotes/data.json`), or a Backlog.md
/// project (`backlog/config.yml`). Nothing found: todomd's own format.
public enum ProfileDetection {
    public static let explicitFile = ".todomd-profile.yaml"
    /// Obsidian's own settings (its trash, its link updates on rename).
    public static let obsidianSettings = ".obsidian/app.json"
    /// How a problem about the folder for new tasks ends: they go to the root instead.
    public static let rootFallback = "new tasks go to the vault's root folder"

    /// The profile, and the problems met reading its sources (a source that
    /// cannot be read is skipped and reported, never guessed at).
    public static func detect(root: String) -> (profile: VaultProfile, problems: [String]) {
        var problems: [String] = []
        func read(_ relative: String) -> Data? {
            switch RegularFile.read(root + "/" + relative) {
            case .bytes(let bytes): return Data(bytes)
            case .missing: return nil
            case .refused(let why):
                problems.append("\(relative): cannot be read (\(why)); ignored")
                return nil
            }
        }
        /// `instead`: what is done without the file's settings.
        func yaml(_ relative: String, instead: String = "ignored") -> [String: Any]? {
            guard let data = read(relative) else { return nil }
            do {
                guard let map = try YAMLBounds.load(String(decoding: data, as: UTF8.self)) as? [String: Any] else {
                    problems.append("\(relative): not a mapping of settings; \(instead)")
                    return nil
                }
                return map
            } catch {
                // (libyaml's reason on one line: it spreads a mark over three.)
                let reason = "\(error)".split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                problems.append("\(relative): cannot be read (\(reason.prefix(160))); \(instead)")
                return nil
            }
        }
        // A tool's settings file that is there but cannot be read still says whose vault this is: its
        // tool's defaults are used, never todomd's own format, which would take every note for a task
        // and put new tasks where that tool does not look.
        func exists(_ relative: String) -> Bool {
            var st = stat()
            return lstat(root + "/" + relative, &st) == 0
        }

        var profile = VaultProfile.todomd
        var found = false
        let pluginSettings = ".obsidian/plugins/tasknotes/data.json"
        if exists(pluginSettings) {
            var json: [String: Any] = [:]
            if let settings = read(pluginSettings) {
                if let object = (try? JSONSerialization.jsonObject(with: settings)) as? [String: Any] {
                    json = object
                } else {
                    problems.append("\(pluginSettings): not a JSON object; TaskNotes' default settings are used")
                }
            }
            profile = VaultProfile.tasknotes
            applyTaskNotesPlugin(json, to: &profile, problems: &problems)
            // The plugin renames a task's file through Obsidian, which updates the links to it as its own setting says.
            if let app = read(obsidianSettings), let object = (try? JSONSerialization.jsonObject(with: app)) as? [String: Any],
               let on = object["alwaysUpdateLinks"] as? Bool {
                profile.followsRenames = on
                profile.followsRenamesSource = obsidianSettings + " alwaysUpdateLinks"
            }
            found = true
        }
        // (Without the plugin's settings, a tasknotes.yaml that cannot be read is TaskNotes' defaults.)
        if let spec = yaml("tasknotes.yaml", instead: found ? "ignored" : "TaskNotes' default settings are used")
            ?? (!found && exists("tasknotes.yaml") ? [:] : nil) {
            if !found { profile = VaultProfile.tasknotes }
            applySpecConfig(spec, source: "tasknotes.yaml", to: &profile, problems: &problems)
            // A tasknotes.yaml vault follows the spec: body tags count (§9.7.1), a filename title is the file's name.
            profile.detection.bodyTags = true
            profile.titleKeyOverFilename = false
            profile.stampStyle = .iso  // the spec's canonical datetimes (§3.3.2): UTC with Z
            profile.reminderTimesLocal = false  // an absoluteTime takes a zone (§10.3.1), and a new one is written in UTC
            found = true
        }
        if !found, exists("backlog/config.yml") {
            let backlog = yaml("backlog/config.yml", instead: "Backlog.md's defaults are used") ?? [:]
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
        checkNewTaskFolder(&profile, root: root, problems: &problems)
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

    /// The dependency role's names (TaskNotes' `blockedBy`, the spec's `blocked_by`).
    static func isDependencyRole(_ role: String) -> Bool { role.replacingOccurrences(of: "_", with: "").lowercased() == "blockedby" }

    /// The time-entry and reminder roles' key in `p` (`timeEntries` / `time_entries`, `reminders`), for a mapping to rename.
    static func trackingRole(_ role: String) -> WritableKeyPath<VaultProfile, String?>? {
        switch role.replacingOccurrences(of: "_", with: "").lowercased() {
        case "timeentries": return \.timeEntriesKey
        case "reminders": return \.remindersKey
        default: return nil
        }
    }

    /// `mapping:` (or `fieldMapping`): each role's key becomes the written key; the old ones stay readable.
    static func applyMapping(_ mapping: [String: Any], source: String, to p: inout VaultProfile) {
        var changed: [String] = []
        for (role, value) in mapping.sorted(by: { $0.key < $1.key }) {
            if let key = value as? String, !key.isEmpty, isDependencyRole(role) {
                if p.dependencyKey != key { changed.append(role) }
                p.dependencyKey = key
                continue
            }
            if let key = value as? String, !key.isEmpty, let path = trackingRole(role), p[keyPath: path] != nil {
                if p[keyPath: path] != key { changed.append(role) }
                p[keyPath: path] = key
                continue
            }
            guard let key = value as? String, !key.isEmpty, let field = field(role: role) else { continue }
            let old = p.keys[field] ?? [field.key]
            if old.first != key { changed.append(role) }
            p.keys[field] = [key] + old.filter { $0 != key }
        }
        if !changed.isEmpty { p.origins.append(("keys (\(changed.joined(separator: ", ")))", source)) }
    }

    /// TaskNotes' settings, read through their spec form (`TaskNotesConfig.mapPlugin`), plus its custom priorities.
    static func applyTaskNotesPlugin(_ json: [String: Any], to p: inout VaultProfile, problems: inout [String]) {
        let source = ".obsidian/plugins/tasknotes/data.json"
        p.origins = [("keys, words", "TaskNotes' defaults")]
        applySpecConfig(TaskNotesConfig.mapPlugin(json), source: source, to: &p, problems: &problems)
        // The plugin tells a task by its frontmatter alone (its TaskManager.isTaskFile): a `#task` in the body does not count.
        p.detection.bodyTags = false
        // Its title: the title key when the file has one, else the file name (its mapTaskFromFrontmatter).
        p.titleKeyOverFilename = p.titleFromFilename
        if let priorities = json["customPriorities"] as? [[String: Any]], !priorities.isEmpty {
            let ordered = priorities.sorted { ($0["weight"] as? Int ?? 0) < ($1["weight"] as? Int ?? 0) }
            p.setPriorities(ordered.compactMap { $0["value"] as? String })
            p.origins.append(("priority words", source + " customPriorities"))
        }
    }

    static func applySpecConfig(_ spec: [String: Any], source: String, to p: inout VaultProfile, problems: inout [String]) {
        if let mapping = spec["mapping"] as? [String: Any] { applyMapping(mapping, source: source, to: &p) }
        if let status = spec["status"] as? [String: Any], let values = status["values"] as? [Any] {
            let completed = Set((status["completed_values"] as? [Any] ?? []).map { "\($0)" })
            p.setStatuses(values.map { "\($0)" }, completed: completed)
            if let d = status["default"] as? String, let s = p.status(for: d) { p.statusWrite[s] = d }
            p.origins.append(("status words", source + " status.values"))
        }
        // What a new task gets when it says nothing (TaskNotes' defaultTaskStatus / defaultTaskPriority).
        if let d = (spec["defaults"] as? [String: Any])?["status"] as? String ?? (spec["status"] as? [String: Any])?["default"] as? String,
           !d.isEmpty {
            p.defaultStatus = d
        }
        if let d = (spec["defaults"] as? [String: Any])?["priority"] as? String, !d.isEmpty { p.defaultPriority = d }
        if let d = spec["task_detection"] as? [String: Any] {
            let method = d["method"] as? String ?? "tag"
            p.detection.tag = method == "tag" ? (d["tag"] as? String ?? "task") : nil
            // By a property: `taskPropertyName` holding `taskPropertyValue` (any value when that is empty).
            let name = (d["property_name"] as? String)?.trimmingCharacters(in: .whitespaces) ?? ""
            p.detection.property = method == "property" && !name.isEmpty ? name : nil
            p.detection.propertyValue = method == "property" ? (d["property_value"] as? String ?? "") : ""
            if let folder = d["default_folder"] as? String {
                switch VaultRelativePath.normalize(folder) {
                case .inside(let inside): p.detection.newTaskFolder = inside
                case .refused(let why):
                    p.detection.newTaskFolder = ""
                    problems.append("\(source): the tasks folder '\(VaultRelativePath.shown(folder))' is not used: \(why); \(rootFallback)")
                }
            }
            let excluded = (d["excluded_folders"] as? [Any])?.map { "\($0)" }
                ?? (d["excluded_folders"] as? String)?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            p.detection.excluded = excluded.compactMap { folder in
                switch VaultRelativePath.normalize(folder) {
                case .inside(let inside): return inside.isEmpty ? nil : inside
                case .refused(let why):
                    problems.append("\(source): the excluded folder '\(VaultRelativePath.shown(folder))' is not used: \(why)")
                    return nil
                }
            }
            let which = method == "tag" ? "those tagged '\(p.detection.tag ?? "task")' (\(source))"
                : p.detection.property.map { "those whose \($0) is \(p.detection.propertyValue.isEmpty ? "set" : "'\(p.detection.propertyValue)'") (\(source))" }
                ?? "every file (\(source): \(method) is not read yet)"
            p.origins.append(("which files are tasks", which))
        }
        if let links = spec["links"] as? [String: Any], let on = links["update_references_on_rename"] as? Bool {
            p.followsRenames = on
            p.followsRenamesSource = source + " links.update_references_on_rename"
        }
        if let title = spec["title"] as? [String: Any], let storage = title["storage"] as? String {
            p.titleFromFilename = storage == "filename"
            p.origins.append(("title", storage == "filename" ? "the file name (\(source) title.storage)" : "the title key"))
        }
    }

    /// The folder for new tasks, from settings or the tool's default, must be
    /// a folder inside the vault once links are followed; else new tasks go
    /// to the vault's root folder and the reason is reported.
    static func checkNewTaskFolder(_ p: inout VaultProfile, root: String, problems: inout [String]) {
        guard !p.detection.newTaskFolder.isEmpty,
              case .refused(let why) = VaultRelativePath.resolve(p.detection.newTaskFolder, root: root) else { return }
        problems.append("the folder for new tasks '\(VaultRelativePath.shown(p.detection.newTaskFolder))' is not used: \(why); \(rootFallback)")
        p.detection.newTaskFolder = ""
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
                if isDependencyRole(role), let name = ((value as? [Any])?.first).map({ "\($0)" }) ?? value as? String, !name.isEmpty {
                    p.dependencyKey = name
                    continue
                }
                // (Named here, a Backlog.md vault keeps time entries and reminders too.)
                if let path = trackingRole(role), let name = ((value as? [Any])?.first).map({ "\($0)" }) ?? value as? String, !name.isEmpty {
                    p[keyPath: path] = name
                    continue
                }
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
