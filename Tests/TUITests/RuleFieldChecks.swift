import XCTest
@testable import TaskEngine
@testable import TUI

/// What every rule field's record must give, checked through the code that
/// reads it: each operator compiles (row test and column scan agree), is said
/// in words and round-trips as text; each preset is in the "Add a rule" list;
/// each operator that takes a value has a control for it. Used on every
/// field of the table and on the walkthrough's example field; the problems
/// come back as sentences, so a test can also show that a broken record is caught.
enum RuleFieldChecks {
    static let today = Day.parseISO("2026-11-21")!

    /// Tasks with and without every property a rule reads.
    static let tasks: [TaskItem] = (0..<12).map { i in
        var t = TaskItem(id: i == 11 ? "backlog/drafts/draft-\(i).md" : "t\(i).md", title: ["Report", "call mom", "Café"][i % 3])
        t.setStatus(TaskStatus.allCases[i % TaskStatus.allCases.count])
        t.setPriority(Priority.allCases[i % Priority.allCases.count])
        t.flagged = i % 3 == 0
        let day = TaskDate(day: today.adding(days: i - 4))
        if i % 2 == 0 { (t.due, t.scheduled, t.defer_) = (day, day, day) }
        if i % 3 != 1 { (t.created, t.completed, t.modified) = (day, day, day) }
        if i % 4 != 3 { (t.area, t.project, t.source) = (["Work", "Work/Team", "Home"][i % 3], ["a", "Work/b"][i % 2], "Slack") }
        t.tags = [[], ["a"], ["a", "b"]][i % 3]
        t.contexts = [[], ["home"]][i % 2]
        t.assignees = [[], ["bob"]][(i / 2) % 2]
        if i % 2 == 1 { t.estimatedMinutes = [5, 30, 90][i % 3] }
        if i % 3 == 0 { t.recurrence = ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO"][i % 2] }
        t.body = ["", "see the report", "Café au lait"][i % 3]
        // Some wait for the next task (open or closed), one for a task that is not there.
        if i % 4 == 1 { t.dependencies = [TaskDependency(uid: i == 9 ? "[[gone]]" : "[[t\(i + 1)]]")] }
        return t
    }

    /// The condition each of the field's operators makes, as the editor makes it
    /// (from a rule with no value, reshaped to the operator).
    static func conditions(_ f: RuleField) -> [(RuleField.Operator, RuleCondition)] {
        f.editor.operators.map { o in (o, RuleTypes.reshape(RuleCondition(field: f.name, op: "is_nil"), to: o)) }
    }

    static func problems(_ f: RuleField, among fields: [RuleField]) -> [String] {
        var out: [String] = []
        func fail(_ why: String) { out.append("\(f.name): \(why)") }
        if f.name.isEmpty || f.label.isEmpty || f.editor.glyph.isEmpty { fail("a name, a label and a glyph are needed") }
        if f.editor.operators.isEmpty { fail("no operator: the editor could not make a rule on it") }
        if f.editor.presets.isEmpty { fail("no preset: the \"Add a rule\" list would not offer it") }
        if case .day(let d) = f.column, !TaskField.dateFields.contains(d) { fail("a date column must be one of TaskField.dateFields") }

        let index = TaskIndex(tasks)
        let columns = TaskColumns(index.tasks)
        var rules = conditions(f).map { (what: "operator \($0.0.label)", condition: $0.1) }
        rules += f.editor.presets.map { p in ("preset \(p.label)", RuleCondition(field: f.name, op: p.op, value: p.value, unit: p.unit)) }
        for (what, c) in rules {
            guard case .success(let test) = ConditionCompiler.test(c, on: f, today: today) else {
                fail("\(what) does not compile: \(ConditionCompiler.test(c, on: f, today: today))")
                continue
            }
            let rows = index.tasks.map(test.predicate(in: index))
            let scanned = ColumnScan.bits(test, columns: columns, tasks: index.tasks, dependencies: { index.dependencies })
            if rows != index.tasks.indices.map({ scanned[$0] }) { fail("\(what): the column scan and the row test disagree") }
            let words = RuleDescriber.describe(c, on: f, today: today)
            if words.hasPrefix("Unknown rule") || words.isEmpty { fail("\(what) has no words: \(words)") }
            let group = RuleGroup(.and, [.condition(c)])
            let text = RuleText.text(group)
            if (try? RuleTextParser.parse(text))?.json != group.json { fail("\(what): its text \(text) does not read back as it") }
        }

        for (o, c) in conditions(f) {
            switch o.shape {
            case .one, .number, .text: if o.defaultValue == nil { fail("\(o.label) takes a value but has no default") }
            default: break
            }
            let needsValue: Bool
            switch o.shape {
            case .none, .fixed: needsValue = false
            default: needsValue = true
            }
            if needsValue, RuleCatalog.valuePicker(for: c, on: f, index: index, today: today) == nil { fail("\(o.label) takes a value but has no control") }
        }
        if case .existing(let tf, _)? = f.editor.picker, index.values(of: tf).isEmpty {
            fail("its picker lists \(tf)'s values, which TaskIndex.values(of:) does not give")
        }

        let kinds = RuleTypes.kinds(of: fields)
        for p in f.editor.presets {
            let made = RuleNode.condition(RuleCondition(field: f.name, op: p.op, value: p.value, unit: p.unit))
            if !kinds.contains(where: { $0.label == p.label && $0.make() == made }) { fail("preset \(p.label) is not in the \"Add a rule\" list") }
        }
        let places = fields.flatMap { $0.editor.presets.map(\.place) } + RuleTypes.groups.map(\.place)
        if Set(places).count != places.count { fail("two presets (or a group) share a place in the \"Add a rule\" list") }
        return out
    }
}
