/// In a TaskNotes vault a task's project is a link to a note (`projects:
/// ["[[Q4 Report]]"]`); that note's property `sequential: true` makes the
/// project sequential (`SequentialProjects`), as `.perspectives.json` can in any
/// vault. Each project's note is found as a link from a task of it is
/// (`LinkResolver`, among the vault's listed files) and only its frontmatter is read.
public enum ProjectNotes {
    /// Most project notes read in one load; past it the rest are not read (a vault
    /// with more projects than this is told so in its problems).
    public static let maxNotes = 5_000

    /// The sequential projects among `tasks`' projects, by their notes' `sequential` property,
    /// and a problem when notes were left unread.
    /// `files`: every file of the vault as listed (paths from `root`).
    public static func sequential(root: String, files: [String], tasks: [IndexedTask]) -> (projects: SequentialProjects, problem: String?) {
        // Each project once, with a task of it (a relative link is read from that task's folder).
        var sources: [String: (name: String, from: String)] = [:]
        for t in tasks {
            guard let name = t.task.project, let key = t.projectKey, sources[key] == nil else { continue }
            sources[key] = (name, t.task.id)
        }
        guard !sources.isEmpty else { return (.none, nil) }
        let existing = Set(files)
        var byName: [String: [String]] = [:]
        for f in files { byName[String(f.split(separator: "/").last ?? Substring(f)), default: []].append(f) }
        let resolver = LinkResolver(exists: { existing.contains($0) }, named: { byName[$0] ?? [] })
        var found: [SequentialProjects.Project] = []
        let all = sources.values.sorted { $0.name < $1.name }
        for (name, from) in all.prefix(maxNotes) {
            guard let link = try? LinkReference.parse("[[\(name)]]"), case .found(let path)? = try? resolver.resolve(link, from: from),
                  isSequential(root + "/" + path) else { continue }
            found.append(.init(name: name, sequential: true))
        }
        let problem = all.count > maxNotes ? "more than \(maxNotes) projects: the notes of \(all.count - maxNotes) were not read for `sequential`" : nil
        return (SequentialProjects(found), problem)
    }

    /// Whether the note's frontmatter says `sequential: true` (YAML's true, in any case).
    static func isSequential(_ path: String) -> Bool {
        guard let bytes = RegularFile.bytes(path, limit: 1 << 20), let split = try? FrontmatterSplitter.split(bytes), split.hasFrontmatter,
              let pairs = FrontmatterEvents.pairs(Array(split.frontmatterLines.joined())),
              let value = pairs.first(where: { $0.key == "sequential" })?.value.text else { return false }
        return value.lowercased() == "true"
    }
}
