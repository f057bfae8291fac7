import XCTest
@testable import TaskEngine

/// Random rule trees over random vaults: the compiled predicate must agree with
/// a plain, obviously-correct interpreter written here from the spec's words.
final class RandomRuleTreeTests: XCTestCase {
    // MARK: the reference interpreter

    enum Verdict { case yes, no, skipped, ignored }

    func interpret(_ node: RuleNode, _ t: TaskItem, today: Day) -> Verdict {
        switch node {
        case .condition(let c):
            if !c.enabled { return .ignored }
            guard let r = interpretCondition(c, t, today: today) else { return .skipped }
            return r ? .yes : .no
        case .group(let g):
            if !g.enabled { return .ignored }
            let verdicts = g.conditions.map { interpret($0, t, today: today) }.filter { $0 != .ignored }
            if verdicts.isEmpty { return .ignored }
            switch g.operatorText {
            case "AND": return verdicts.allSatisfy { $0 == .yes || $0 == .skipped } ? .yes : .no
            case "OR": return verdicts.contains(.yes) ? .yes : .no
            case "NOT": return verdicts.contains(.yes) ? .no : .yes
            default: return .skipped
            }
        }
    }

    func dayValue(_ v: JSONValue?, today: Day) -> Day? {
        switch v?.string {
        case "today"?: return today
        case "yesterday"?: return today.adding(days: -1)
        case "tomorrow"?: return today.adding(days: 1)
        case let s?: return Day.parseISO(s)
        default: return nil
        }
    }

    /// nil = skipped (unknown field or operator, wrong value).
    func interpretCondition(_ c: RuleCondition, _ t: TaskItem, today: Day) -> Bool? {
        let lower = { (s: String?) in s?.lowercased() }
        switch c.field {
        case "status":
            let values = c.value?.array?.compactMap { $0.string.flatMap(TaskStatus.init(written:)) } ?? c.value?.string.flatMap(TaskStatus.init(written:)).map { [$0] }
            guard let values else { return nil }
            switch c.op {
            case "in", "equals": return values.contains(t.status)
            case "not_equals": return !values.contains(t.status)
            default: return nil
            }
        case "priority":
            guard let p = c.value?.string.flatMap(Priority.init(written:)) else { return nil }
            switch c.op {
            case "equals": return t.priority == p
            case "not_equals": return t.priority != p
            default: return nil
            }
        case "flagged": return c.op == "equals" ? c.value?.bool.map { t.flagged == $0 } : nil
        case "area":
            switch c.op {
            case "equals": return t.area != nil && lower(t.area) == lower(c.value?.string)
            case "not_equals": return lower(t.area) != lower(c.value?.string)
            case "within":
                guard let a = lower(t.area), let v = lower(c.value?.string) else { return false }
                return a == v || a.hasPrefix(v + "/")
            case "is_nil": return t.area == nil
            default: return nil
            }
        case "tags":
            let tags = t.tags.map { $0.lowercased() }
            let wanted = c.value?.array?.compactMap { $0.string?.lowercased() } ?? []
            switch c.op {
            case "contains_any": return wanted.contains { tags.contains($0) }
            case "contains_all": return wanted.allSatisfy { tags.contains($0) }
            case "is_nil": return tags.isEmpty
            case "is_not_nil": return !tags.isEmpty
            default: return nil
            }
        case "estimated_minutes":
            guard let n = c.value?.int else { return c.op == "is_nil" ? t.estimatedMinutes == nil : nil }
            guard let m = t.estimatedMinutes else { return c.op == "less_than" || c.op == "greater_than" ? false : nil }
            return c.op == "less_than" ? m < n : c.op == "greater_than" ? m > n : nil
        case "due", "scheduled":
            let d = (c.field == "due" ? t.due : t.scheduled)?.day
            switch c.op {
            case "is_nil": return d == nil
            case "is_not_nil": return d != nil
            case "in_next", "in_past":
                guard let n = c.value?.int, let d else { return c.value?.int == nil ? nil : false }
                let other = c.unit == "weeks" ? today.adding(days: (c.op == "in_next" ? 7 : -7) * n)
                    : c.unit == "months" ? today.adding(months: c.op == "in_next" ? n : -n)
                    : today.adding(days: c.op == "in_next" ? n : -n)
                return c.op == "in_next" ? (today <= d && d <= other) : (other <= d && d <= today)
            default:
                guard let v = dayValue(c.value, today: today) else { return nil }
                guard let d else { return false }
                switch c.op {
                case "on": return d == v
                case "before": return d < v
                case "after": return d > v
                case "on_or_before": return d <= v
                case "on_or_after": return d >= v
                default: return nil
                }
            }
        case "title":
            guard c.op == "string_contains", let v = c.value?.string else { return nil }
            return TextFold.search(t.title).contains(TextFold.search(v))
        default: return nil
        }
    }

    // MARK: random trees

    func randomCondition(_ rng: inout SeededRandom) -> RuleNode {
        let dayWords: [JSONValue] = [.string("today"), .string("yesterday"), .string("tomorrow"), .string("2026-11-18"), .string("2026-12-01")]
        var node: RuleNode
        switch rng.int(0...10) {
        case 0: node = .cond("status", "in", .strings(Array(TaskStatus.allCases.map(\.rawValue).shuffled(using: &rng).prefix(rng.int(1...3)))))
        case 1: node = .cond("status", rng.pick(["equals", "not_equals"]), .string(rng.pick(TaskStatus.allCases).rawValue))
        case 2: node = .cond("priority", rng.pick(["equals", "not_equals"]), .string(rng.pick(Priority.allCases).rawValue))
        case 3: node = .cond("flagged", "equals", .bool(rng.chance(0.5)))
        case 4: node = .cond("area", rng.pick(["equals", "not_equals", "within", "is_nil"]), .string(rng.pick(["Work", "work/clients", "Home"])))
        case 5: node = .cond("tags", rng.pick(["contains_any", "contains_all", "is_nil", "is_not_nil"]), .strings(Array(["a", "B", "c"].prefix(rng.int(1...3)))))
        case 6: node = .cond("estimated_minutes", rng.pick(["less_than", "greater_than"]), .int(rng.pick([5, 15, 30, 60])))
        case 7: node = .cond(rng.pick(["due", "scheduled"]), rng.pick(["on", "before", "after", "on_or_before", "on_or_after", "is_nil", "is_not_nil"]), rng.pick(dayWords))
        case 8: node = .cond(rng.pick(["due", "scheduled"]), rng.pick(["in_next", "in_past"]), .int(rng.int(0...10)), unit: rng.pick(["days", "weeks", "months"]))
        case 9: node = .cond("title", "string_contains", .string(rng.pick(["cafe", "É", "plan", "x"])))
        case 10: node = .cond(rng.pick(["mood", "priority", "due"]), rng.pick(["resembles", "equals"]), .string("nonsense"))
        default: node = .cond("mood", "equals", .string("x"))
        }
        if rng.chance(0.1), case .condition(var c) = node {
            c.enabled = false
            node = .condition(c)
        }
        return node
    }

    func randomGroup(_ rng: inout SeededRandom, depth: Int) -> RuleGroup {
        var g = RuleGroup(rng.pick(GroupOperator.allCases))
        for _ in 0..<rng.int(0...4) {
            g.conditions.append(depth < 4 && rng.chance(0.3) ? .group(randomGroup(&rng, depth: depth + 1)) : randomCondition(&rng))
        }
        if rng.chance(0.05) { g.enabled = false }
        if rng.chance(0.03) { g.operatorText = "XOR" }
        return g
    }

    func randomTask(_ i: Int, _ rng: inout SeededRandom, today: Day) -> TaskItem {
        var t = TaskItem(id: "t\(i).md", title: rng.pick(["Plan café", "Éclair", "plan X", "other", "CAFE"]))
        t.setStatus(rng.pick(TaskStatus.allCases))
        t.setPriority(rng.pick(Priority.allCases))
        t.flagged = rng.chance(0.3)
        t.area = rng.pick([nil, "Work", "Work/Clients", "home", "Workshop"])
        t.tags = Array(["a", "b", "C"].shuffled(using: &rng).prefix(rng.int(0...3)))
        t.estimatedMinutes = rng.pick([nil, 5, 15, 30, 60, 90])
        t.due = rng.chance(0.6) ? TaskDate(day: today.adding(days: rng.int(-40...40))) : nil
        t.scheduled = rng.chance(0.4) ? TaskDate(day: today.adding(days: rng.int(-40...40))) : nil
        return t
    }

    /// Rules as text: for many random trees (odd ones included: unknown
    /// fields, operators and groups, turned-off rules, empty groups), tree →
    /// text → tree is the identity, and the counts agree.
    func testRulesAsTextRoundTrip() throws {
        var rng = SeededRandom(seed: 77)
        for round in 0..<2_000 {
            let rules = randomGroup(&rng, depth: 0)
            let text = RuleText.text(rules)
            let back: RuleGroup
            do { back = try RuleTextParser.parse(text) } catch { return XCTFail("round \(round): \(text): \(error)") }
            XCTAssertEqual(JSONText.render(back.json), JSONText.render(rules.json), "round \(round): \(text)")
            XCTAssertEqual(RuleText.text(back), text)
            if round % 20 == 0 {
                let today = Day.parseISO("2026-11-21")!
                let index = TaskIndex((0..<40).map { randomTask($0, &rng, today: today) })
                let a = PerspectiveEvaluator.evaluate(Perspective(id: "a", name: "a", rules: rules), in: index, today: today).count
                let b = PerspectiveEvaluator.evaluate(Perspective(id: "b", name: "b", rules: back), in: index, today: today).count
                XCTAssertEqual(a, b, text)
            }
        }
    }

    func testCompiledPredicateAgreesWithTheInterpreter() {
        var rng = SeededRandom(seed: 2026)
        var checked = 0
        for round in 0..<300 {
            let today = Day.parseISO("2026-11-21")!.adding(days: rng.int(-400...400))
            let tasks = (0..<40).map { randomTask($0, &rng, today: today) }
            let rules = randomGroup(&rng, depth: 0)
            let compiled = RuleCompiler.compile(rules, today: today)
            let index = TaskIndex(tasks)
            for it in index.tasks {
                let t = it.task
                let verdict = interpret(.group(rules), t, today: today)
                let want = verdict == .yes || verdict == .ignored || verdict == .skipped
                XCTAssertEqual(compiled.matches(it), want, "round \(round), \(t.id): \(JSONText.render(rules.json))")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 12_000)
    }
}
