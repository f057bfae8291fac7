import Foundation

/// Which markdown files of a vault are tasks (TaskNotes: those carrying its
/// task tag, outside excluded folders; Backlog.md: those in its task
/// folders), and where a new task is written. todomd's own format: every
/// file, new ones at the root.
public struct TaskDetection: Sendable, Equatable {
    /// Only files under one of these folders (empty: anywhere).
    public var folders: [String] = []
    /// Never files under these folders.
    public var excluded: [String] = []
    /// A file must carry this tag (`tags: [task]`, also `#task` and `task/…`).
    public var tag: String?
    /// New tasks go here ("" is the root).
    public var newTaskFolder = ""
    /// Folders whose tasks are only the files right in them named with a
    /// prefix (folder → prefix, as `task-`): Backlog.md lists a folder with
    /// the glob `task-*.md`, which neither looks into subfolders nor takes
    /// other names (epics' plans, READMEs).
    public var namePrefixes: [String: String] = [:]
    /// Where Backlog.md keeps drafts (`draft-*.md`): they have their own view
    /// and are in no other (`DraftRule`).
    public static let backlogDrafts = "backlog/drafts"
    /// Whether the tag also counts when written in the body (`#task` outside code), as
    /// tasknotes-spec §9.7.1 says. TaskNotes' plugin looks at the frontmatter's `tags`
    /// only, so a vault it configures turns this off: a daily note's `- [ ] #task` line
    /// (the Tasks plugin's convention) does not make the note a task.
    public var bodyTags = true
    /// A file must have this frontmatter property (TaskNotes' property identification,
    /// `taskPropertyName`) holding `propertyValue` (or any value when that is empty); the tag is then not asked for.
    public var property: String?
    public var propertyValue = ""

    /// `backlog/drafts/draft-….md`, right in that folder.
    static func isBacklogDraft(_ id: String) -> Bool {
        guard id.hasPrefix(backlogDrafts + "/draft-") else { return false }
        return !id.utf8.dropFirst(backlogDrafts.utf8.count + 1).contains(UInt8(ascii: "/"))
    }

    public init(folders: [String] = [], excluded: [String] = [], tag: String? = nil, newTaskFolder: String = "") {
        self.folders = folders
        self.excluded = excluded
        self.tag = tag
        self.newTaskFolder = newTaskFolder
    }

    /// Whether a file at `id` may be a task, by its folder alone (checked before reading it).
    public func includes(path id: String) -> Bool {
        func under(_ folder: String) -> Bool {
            let f = folder.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
            return f.isEmpty || id.hasPrefix(f + "/")
        }
        if excluded.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty && under($0) }) { return false }
        guard folders.isEmpty || folders.contains(where: under) else { return false }
        return namePrefixes.isEmpty || Self.named(id, in: namePrefixes)
    }

    /// Whether `id` is a file right in one of `prefixes`' folders, named `prefix….md`
    /// (true for a file in no such folder).
    static func named(_ id: String, in prefixes: [String: String]) -> Bool {
        let slash = id.lastIndex(of: "/") ?? id.startIndex
        guard let prefix = prefixes[String(id[..<slash])] else {
            // Deeper in one of those folders: not a task there.
            return !prefixes.keys.contains { id.hasPrefix($0 + "/") }
        }
        let name = id[id.index(after: slash)...]
        return name.hasPrefix(prefix) && name.hasSuffix(".md")
    }

    /// Whether a file read as `task` is a task.
    public func includes(_ task: TaskItem) -> Bool {
        includes(path: task.id) && carriesTag(task)
    }

    /// Whether a file must carry a task tag (or the task property) to be a task.
    public var asksForTag: Bool { property != nil || (tag.map { !Self.bare($0).isEmpty } ?? false) }

    /// Whether `task` carries the task tag, or the task property when that is what is asked (true when neither is).
    public func carriesTag(_ task: TaskItem) -> Bool {
        if property != nil { return task.hasTaskProperty }
        guard let tag, asksForTag else { return true }
        // A tag written in the notes counts too (outside code), as the spec reads it.
        return TaskNotesConfig.carriesTag(tag, tags: task.tags, body: bodyTags ? task.body : "")
    }

    static func bare(_ tag: String) -> String { TaskNotesConfig.bareTag(tag) }

    /// Whether a value of the task property marks a task: any value when none is configured, else the
    /// configured one, or one item of a list being it (the plugin's TaskManager.isTaskFile).
    func propertyMarks(_ value: FrontValue) -> Bool {
        switch value {
        case .scalar(let t, let plain): return !FrontValue.isNull(t, plain: plain) && (propertyValue.isEmpty || t == propertyValue)
        case .sequence(let items): return propertyValue.isEmpty ? !items.isEmpty : items.contains { propertyMarks($0) }
        case .mapping: return propertyValue.isEmpty
        }
    }
}
