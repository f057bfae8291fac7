import Foundation
@testable import TaskEngine

let pinnedToday = Day.parseISO("2026-11-21")!

func day(_ s: String) -> TaskDate { TaskDate(day: Day.parseISO(s)!) }

/// A task built in code: `task("a", status: .done, due: "2026-11-20")`.
func task(_ id: String, title: String? = nil, status: TaskStatus = .todo, priority: Priority = .none, flagged: Bool = false,
          due: String? = nil, scheduled: String? = nil, defer d: String? = nil, created: String? = nil,
          modified: String? = nil, completed: String? = nil, area: String? = nil, project: String? = nil,
          tags: [String] = [], estimate: Int? = nil, recurrence: String? = nil, source: String? = nil, body: String = "") -> TaskItem {
    var t = TaskItem(id: id + ".md", title: title ?? id)
    t.setStatus(status)
    t.setPriority(priority)
    t.flagged = flagged
    t.due = due.map(day)
    t.scheduled = scheduled.map(day)
    t.defer_ = d.map(day)
    t.created = created.map(day)
    t.modified = modified.map(day)
    t.completed = completed.map(day)
    t.area = area
    t.project = project
    t.tags = tags
    t.estimatedMinutes = estimate
    t.recurrence = recurrence
    t.source = source
    t.body = body
    return t
}

/// The ids (without `.md`) a rule group matches among `tasks`, sorted.
func matching(_ rules: RuleGroup, _ tasks: [TaskItem], today: Day = pinnedToday) -> [String] {
    let compiled = RuleCompiler.compile(rules, today: today)
    return TaskIndex(tasks).tasks.filter(compiled.matches).map { String($0.id.dropLast(3)) }.sorted()
}

func matching(_ node: RuleNode, _ tasks: [TaskItem], today: Day = pinnedToday) -> [String] {
    matching(RuleGroup(.and, [node]), tasks, today: today)
}

func parseJSON(_ text: String) -> JSONValue { try! JSONText.parse(Data(text.utf8)) }
