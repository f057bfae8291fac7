/// In a TaskNotes vault a task's project is a link to a note (`projects:
/// ["[[Q4 Report]]"]`); that note's property `sequential: true` makes the
/// project sequential (`SequentialProjects`), as `.perspectives.json` can in any
/// vault. Each project's note is found as a link from a task of it is
/// (`LinkResolver`, among the vault's listed files) and only its frontmatter is read.
///
/// The property is read as TaskNotes reads its own true-or-false properties: YAML's
/// `true` (Obsidian reads YAML 1.2: `true`, `True`, `TRUE`) or the text `"true"` in any
/// case (the plugin compares a value's lower case with "true"), and `false` likewise.
/// YAML 1.1's other words (`yes`, `on`, `y`…) are text to Obsidian and to the plugin, so
/// not true here either; such a value is reported, never silently read as parallel.
public enum ProjectNotes {
    /// Most project notes read in one load; past it the rest are not read (a vault
    /// with more projects than this is told so in its problems).
    public static let maxNotes = 5_000

    /// What the notes' problems are listed under (no file of the vault is named so).
    public static let problemID = "(projects)"

    /// The sequential projects among `tasks`' projects, by their notes' `sequential` property,
    /// and a problem when notes were left unread.
    /// `files`: every file of the vault as listed (paths from `root`).
    public static func sequential(root: String, files: [String], tasks: [IndexedTask]) -> (projects: SequentialProjects, problems: [String]) {
        sequential(root: root, files: files, tasks: tasks.lazy.map(\.task))
    }

    /// The same for tasks given as they are (the app, after files changed on disk: the index's
    /// tasks with the ones just read in their place).
    public static func sequential(root: String, files: [String], tasks: some Sequence<TaskItem>) -> (projects: SequentialProjects, problems: [String]) {
        // Each project once, with a task of it (a relative link is read from that task's folder).
        var sources: [String: (name: String, from: String)] = [:]
        for t in tasks {
            guard let name = t.project, let key = t.projectName?.key, sources[key] == nil else { continue }
            sources[key] = (name, t.id)
        }
        guard !sources.isEmpty else { return (.none, []) }
        let existing = Set(files)
        var byName: [String: [String]] = [:]
        for f in files { byName[String(f.split(separator: "/").last ?? Substring(f)), default: []].append(f) }
        let resolver = LinkResolver(exists: { existing.contains($0) }, named: { byName[$0] ?? [] })
        var found: [SequentialProjects.Project] = []
        var problems: [String] = []
        let all = sources.values.sorted { $0.name < $1.name }
        for (name, from) in all.prefix(maxNotes) {
            guard let link = try? LinkReference.parse("[[\(name)]]"), let outcome = try? resolver.resolve(link, from: from) else { continue }
            // (The project is known by its name: a second note of that name leaves which one is its note unsaid.)
            if case .ambiguous(let paths) = outcome {
                problems.append("project \"\(BoundedQuote.prefix(name))\": its note could be any of \(paths.prefix(5).joined(separator: ", ")); none is read for `sequential` (rename one, or set it with todomd project)")
                continue
            }
            guard case .found(let path) = outcome else { continue }
            switch setting(root + "/" + path) {
            case .on: found.append(.init(name: name, sequential: true))
            case .other(let value):
                problems.append("\(path): sequential: \"\(BoundedQuote.prefix(value))\" is neither true nor false (TaskNotes reads only true and false): project \"\(BoundedQuote.prefix(name))\" is not sequential")
            case .off, .absent: break
            }
        }
        if all.count > maxNotes { problems.append("more than \(maxNotes) projects: the notes of \(all.count - maxNotes) were not read for `sequential`") }
        return (SequentialProjects(found), problems)
    }

    enum Setting: Equatable {
        case on, off, absent
        /// A value neither true nor false, as written.
        case other(String)
    }

    /// What the note's frontmatter says of `sequential` (see the type's note for the words).
    static func setting(_ path: String) -> Setting {
        guard let bytes = RegularFile.bytes(path, limit: 1 << 20), let split = try? FrontmatterSplitter.split(bytes), split.hasFrontmatter,
              let pairs = FrontmatterEvents.pairs(Array(split.frontmatterLines.joined())),
              let value = pairs.first(where: { $0.key == "sequential" })?.value else { return .absent }
        return setting(value)
    }

    static func setting(_ value: FrontValue) -> Setting {
        guard case .scalar(let text, let plain) = value else { return .other("a list or a map") }
        if FrontValue.isNull(text, plain: plain) { return .absent }
        switch text.lowercased() {
        case "true": return .on
        case "false": return .off
        default: return .other(text)
        }
    }
}
