import Foundation

/// Writes a realistic vault for `make run`, demos and benchmarks:
/// `todomd demo DIR --count N --seed S`. The same seed and today give the same files.
public struct DemoVaultGenerator {
    public var count: Int
    public var seed: UInt64
    public var today: Day
    public var timeZone: TimeZone
    /// Whether tasks wait for others (`addDependencies`); without, a vault whose rule columns answer every rule.
    public var dependencies = true
    /// Whether tasks hold time worked and reminders (`addTracking`), as a vault of someone who tracks time does.
    public var tracking = false

    public init(count: Int = 200, seed: UInt64 = 1, today: Day, timeZone: TimeZone = .current, dependencies: Bool = true,
                tracking: Bool = false) {
        self.count = count
        self.seed = seed
        self.today = today
        self.timeZone = timeZone
        self.dependencies = dependencies
        self.tracking = tracking
    }

    /// The tasks, with ids and file bytes, in a fixed order.
    public func tasks() -> [(id: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = []
        out.reserveCapacity(count)
        for var task in taskItems() {
            let waits = task.dependencies
            task.dependencies = []
            // (A generated task always renders; one that did not would be left out, not trap.)
            guard let text = try? TaskFileCodec.renderNew(task) else { continue }
            out.append((task.id, Self.adding(waits, to: text)))
        }
        return out
    }

    /// The tasks as values, without files (for benchmarks): ids as `tasks()` names them.
    public func taskItems() -> [TaskItem] {
        var rng = SeededRandom(seed: seed)
        var used: Set<String> = []
        var tasks: [TaskItem] = (0..<count).map { _ in
            var task = makeTask(&rng)
            let folder = folderFor(task)
            task.id = folder + Slug.fileName(for: task.title) { used.contains(folder + $0) }
            used.insert(task.id)
            return task
        }
        if dependencies { addDependencies(&tasks) }
        if tracking { addTracking(&tasks) }
        return tasks
    }

    /// Who waits for whom, as people plan: about one task in twelve of a project waits for
    /// the one made before it in the project (chains), one in thirty for two or three earlier
    /// ones (fans); none in a sequential project. Drawn from a generator of their own, so every other field is as it was
    /// without them; each names a task made before it, so there is no cycle.
    func addDependencies(_ tasks: inout [TaskItem]) {
        var rng = SeededRandom(seed: seed ^ 0x5EED_DE9E_0DE9_0001)
        var byProject: [String: [Int]] = [:]
        for i in tasks.indices {
            // (A sequential project orders its tasks itself: waits of their own there would make cycles.)
            guard let project = tasks[i].project, let area = tasks[i].area, !Self.sequentialProjects.contains(project) else { continue }
            let earlier = byProject[area + "\u{1}" + project, default: []]
            var targets: [Int] = []
            if let last = earlier.last, rng.chance(0.08) { targets = [last] }
            if earlier.count >= 3, rng.chance(0.033) {
                for _ in 0..<rng.int(2...3) {
                    let t = earlier[rng.int(0...(earlier.count - 1))]
                    if !targets.contains(t) { targets.append(t) }
                }
            }
            // Path-qualified links: a file name alone may be found in several folders.
            tasks[i].dependencies = targets.map { TaskDependency(uid: "[[" + String(tasks[$0].id.dropLast(3)) + "]]") }
            byProject[area + "\u{1}" + project, default: []].append(i)
        }
    }

    /// Time worked and reminders, as someone who tracks time has them: about one task in eight
    /// of a project has one to three sessions in the two weeks before today; about one open task
    /// in twelve with a due date has a reminder before it. Drawn from a generator of their own, so
    /// every other field is as it was without them.
    func addTracking(_ tasks: inout [TaskItem]) {
        var rng = SeededRandom(seed: seed ^ 0x7124_C4ED_0000_0002)
        let startOfToday = today.start(in: timeZone)
        for i in tasks.indices {
            if tasks[i].project != nil, rng.chance(0.125) {
                tasks[i].timeEntries = (0..<rng.int(1...3)).map { _ in
                    let start = startOfToday.addingTimeInterval(TimeInterval(rng.int(1...14) * -86_400 + rng.int(8 * 3600...17 * 3600)))
                    return TimeEntry(start: start, end: start.addingTimeInterval(TimeInterval(rng.int(15...120) * 60)))
                }.sorted { $0.start < $1.start }
            }
            if tasks[i].due != nil, !tasks[i].status.isClosed, rng.chance(0.08) {
                tasks[i].reminders = [Reminder(id: "rem-1", kind: .relative, relatedTo: "due", offset: rng.pick(["-PT1H", "-P1D", "-PT15M"]))]
            }
        }
    }

    /// The projects `perspectivesJSON` makes sequential.
    static let sequentialProjects: Set<String> = ["Japan Trip", "Onboarding"]

    /// A rendered task file with its `blocked_by` list before the frontmatter's end.
    static func adding(_ waits: [TaskDependency], to file: [UInt8]) -> [UInt8] {
        guard !waits.isEmpty, let close = closingMarker(file) else { return file }
        let lines = "blocked_by:\n" + waits.map { "  - \"\($0.uid)\"\n" }.joined()
        return Array(file[..<close]) + Array(lines.utf8) + Array(file[close...])
    }

    /// Where the line that closes the frontmatter starts (`---` after the opening one).
    static func closingMarker(_ file: [UInt8]) -> Int? {
        let dash = UInt8(ascii: "-")
        var i = 3
        while i + 4 <= file.count {
            if file[i] == UInt8(ascii: "\n"), file[i + 1] == dash, file[i + 2] == dash, file[i + 3] == dash { return i + 1 }
            i += 1
        }
        return nil
    }

    /// Writes the vault into `dir` (created when missing) and returns how many
    /// task files were written. Existing files of the same name are replaced.
    @discardableResult
    public func write(to dir: String) throws -> Int {
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var made: Set<String> = []
        let all = tasks()
        for (id, bytes) in all {
            let folder = (id as NSString).deletingLastPathComponent
            if !folder.isEmpty, !made.contains(folder) {
                try fm.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
                made.insert(folder)
            }
            guard fm.createFile(atPath: dir + "/" + id, contents: Data(bytes)) else {
                throw VaultError.write("cannot write \(dir)/\(id)")
            }
        }
        var json = try JSONText.parse(Data(Self.perspectivesJSON.utf8))
        if !dependencies { json.set("projects", nil) }  // (no sequential project either)
        let perspectives = JSONText.render(json)
        try AtomicFile.write(Array(perspectives.utf8), to: dir + "/.perspectives.json")
        return all.count
    }

    func folderFor(_ task: TaskItem) -> String {
        guard let area = task.area else { return "" }
        let areaPath = area.split(separator: "/").map { Slug.make(String($0)) }.joined(separator: "/")
        guard let project = task.project else { return areaPath + "/" }
        return areaPath + "/" + Slug.make(project) + "/"
    }

    func makeTask(_ rng: inout SeededRandom) -> TaskItem {
        let title = rng.chance(0.08) ? rng.pick(DemoVocabulary.specialTitles)
            : "\(rng.pick(DemoVocabulary.verbs)) \(rng.pick(DemoVocabulary.objects))"
        var t = TaskItem(id: "", title: title)
        let status = rng.weighted([(TaskStatus.todo, 50), (.inProgress, 10), (.done, 22), (.cancelled, 4), (.someday, 8)])
        t.setStatus(status)
        if rng.chance(0.03) { t.statusText = rng.pick(["doing", "waiting", "backlog"]) }
        t.status = TaskStatus(written: t.statusText!)!
        t.setPriority(rng.weighted([(Priority.none, 45), (.low, 20), (.medium, 20), (.high, 15)]))
        t.flagged = rng.chance(0.12)
        if rng.chance(0.82) {
            let (area, projects) = rng.pick(DemoVocabulary.areas)
            t.area = area
            if rng.chance(0.8) { t.project = rng.pick(projects) }
        }
        if rng.chance(0.55) { t.due = TaskDate(day: today.adding(days: rng.int(-12...45))) }
        if rng.chance(0.25) { t.scheduled = TaskDate(day: today.adding(days: rng.int(-5...20))) }
        if rng.chance(0.12) { t.defer_ = TaskDate(day: today.adding(days: rng.int(-3...30))) }
        let tagCount = rng.weighted([(0, 35), (1, 35), (2, 20), (3, 10)])
        var tags: [String] = []
        while tags.count < tagCount {
            let tag = rng.pick(DemoVocabulary.tags)
            if !tags.contains(tag) { tags.append(tag) }
        }
        t.tags = tags
        if rng.chance(0.5) { t.estimatedMinutes = rng.pick([5, 10, 15, 30, 45, 60, 90, 120, 240]) }
        if rng.chance(0.08) { t.recurrence = rng.pick(DemoVocabulary.recurrences) }
        if rng.chance(0.3) { t.source = rng.pick(DemoVocabulary.sources) }
        let createdSeconds = (today.ordinal - rng.int(1...120)) * 86_400 + rng.int(7 * 3600...19 * 3600)
        let created = Date(timeIntervalSince1970: TimeInterval(createdSeconds - timeZone.secondsFromGMT()))
        t.created = TaskDate(instant: created, timeZone: timeZone)
        let endOfToday = today.adding(days: 1).start(in: timeZone).addingTimeInterval(-1)
        let modified = min(created.addingTimeInterval(TimeInterval(rng.int(0...30 * 86_400))), endOfToday)
        t.modified = TaskDate(instant: modified, timeZone: timeZone)
        if t.status == .done { t.completed = t.modified }
        let lines = rng.int(0...3)
        t.body = (0..<lines).map { _ in rng.pick(DemoVocabulary.noteLines) + "\n" }.joined()
        return t
    }

    /// Two custom perspectives of the kind people make ("Work — Available Now", "Quick Wins Under 15 min"),
    /// and two sequential projects (their tasks done one after another).
    public static let perspectivesJSON = """
    {
      "version": 1,
      "order": ["work-now", "quick-wins"],
      "perspectives": {
        "work-now": {
          "id": "work-now",
          "name": "Work — Available Now",
          "icon": "briefcase",
          "color": "#4A90D9",
          "rules": {
            "operator": "AND",
            "conditions": [
              { "field": "area", "op": "within", "value": "Work" },
              { "field": "status", "op": "in", "value": ["todo", "in-progress"] },
              {
                "operator": "OR",
                "conditions": [
                  { "field": "defer", "op": "is_nil" },
                  { "field": "defer", "op": "on_or_before", "value": "today" }
                ]
              }
            ]
          },
          "sort": { "field": "due", "direction": "asc" },
          "group_by": "project",
          "layout": "default",
          "manual_order": null
        },
        "quick-wins": {
          "id": "quick-wins",
          "name": "Quick Wins Under 15 min",
          "icon": "bolt",
          "color": "#F5A623",
          "rules": {
            "operator": "AND",
            "conditions": [
              { "field": "estimated_minutes", "op": "less_than", "value": 15 },
              { "field": "status", "op": "in", "value": ["todo", "in-progress"] }
            ]
          },
          "sort": { "field": "estimated_minutes", "direction": "asc" },
          "group_by": "none",
          "layout": "compact",
          "manual_order": null
        }
      },
      "projects": {
        "Japan Trip": { "sequential": true },
        "Onboarding": { "sequential": true }
      }
    }

    """
}
