import ArgumentParser
import Foundation
import TaskEngine

struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a task.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The title.") var title: String
    @Option(name: .long, help: "Due date: 2026-11-25, today, tomorrow, fri, +3d.") var due: String?
    @Option(name: .long, help: "none, low, medium or high.") var priority: String?
    @Option(name: .long, help: "Area (`/` nests: Work/Clients).") var area: String?
    @Option(name: .long, help: "Project.") var project: String?
    @Option(name: .long, help: "A tag (repeat for more).") var tag: [String] = []
    @Flag(name: .long, help: "Flag the task.") var flag = false

    func run() throws {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CLIError("the title cannot be empty") }
        var task = TaskItem(id: "", title: trimmed)
        task.setStatus(.todo)
        let today = global.todayDay
        if let d = due {
            guard let day = DateInput.parse(d, today: today) else {
                throw CLIError("--due: '\(d)' is not a date (try 2026-11-25, today, tomorrow, fri, +3d)")
            }
            guard day >= today else { throw CLIError("--due: \(day.iso) is in the past; a new task cannot be due before today") }
            task.due = TaskDate(day: day)
        }
        if let p = priority {
            guard let value = Priority(rawValue: p.lowercased()) else {
                throw CLIError("--priority must be none, low, medium or high, not '\(p)'")
            }
            task.setPriority(value)
        }
        task.area = nonEmpty(area)
        task.project = nonEmpty(project)
        task.tags = tag.compactMap(nonEmpty)
        task.flagged = flag
        let root = try global.vaultRoot()
        let saved = try VaultWriter(root: root).create(task)
        print("Added \(saved.id)")
    }

    func nonEmpty(_ s: String?) -> String? {
        guard let t = s?.trimmingCharacters(in: .whitespacesAndNewlines), !t.isEmpty else { return nil }
        return t
    }
}
