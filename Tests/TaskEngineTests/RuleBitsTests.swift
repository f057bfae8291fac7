import XCTest
@testable import TaskEngine

/// The bit-set evaluation over columns (what the app and CLI use) against the
/// row predicate (`RuleCompiler`, itself held to the reference interpreter in
/// `RandomRuleTreeTests`): every field and operator, random trees, and
/// indexes patched task by task the way the app patches them.
final class RuleBitsTests: XCTestCase {
    /// Every field of the table (a new one is swept with no change here), its aliases, and one that is not a field.
    static let fields = RuleField.all.flatMap { [$0.name] + $0.aliases } + ["mood"]
    static let ops = ["equals", "not_equals", "in", "not_in", "within", "is_nil", "is_not_nil", "string_contains", "contains",
               "contains_any", "contains_all", "not_contains", "less_than", "greater_than", "on", "before", "after",
               "on_or_before", "on_or_after", "between", "in_next", "in_past", "resembles"]

    static func randomValue(_ rng: inout SeededRandom) -> JSONValue? {
        let words = ["todo", "done", "in-progress", "someday", "cancelled", "high", "low", "none", "medium", "Work", "work/clients",
                     "Home", "a", "B", "@c", "cafe", "É", "FREQ=WEEKLY", "mail", "today", "tomorrow", "yesterday", "2026-11-18", "x"]
        switch rng.int(0...6) {
        case 0: return nil
        case 1: return .bool(rng.chance(0.5))
        case 2: return .int(rng.int(-2...90))
        case 3: return .strings(Array(words.shuffled(using: &rng).prefix(rng.int(0...3))))
        case 4: return .array([.string(rng.pick(["today", "2026-11-01", "tomorrow"])), .string(rng.pick(["2026-12-24", "today", "yesterday"]))])
        default: return .string(rng.pick(words))
        }
    }

    static func randomTree(_ rng: inout SeededRandom, depth: Int = 0) -> RuleGroup {
        var g = RuleGroup(rng.pick(GroupOperator.allCases))
        for _ in 0..<rng.int(0...4) {
            if depth < 3 && rng.chance(0.3) {
                g.conditions.append(.group(Self.randomTree(&rng, depth: depth + 1)))
            } else {
                var c = RuleCondition(field: rng.pick(Self.fields), op: rng.pick(Self.ops), value: Self.randomValue(&rng))
                c.unit = rng.pick([nil, "days", "weeks", "months", "fortnights"])
                c.enabled = rng.chance(0.9)
                g.conditions.append(.condition(c))
            }
        }
        g.enabled = rng.chance(0.95)
        return g
    }

    static func randomTask(_ id: String, _ rng: inout SeededRandom, today: Day) -> TaskItem {
        var t = TaskItem(id: id, title: rng.pick(["Plan café", "Éclair", "plan X", "other", "CAFE", ""]))
        t.setStatus(rng.pick(TaskStatus.allCases))
        t.setPriority(rng.pick(Priority.allCases))
        t.flagged = rng.chance(0.3)
        t.area = rng.pick([nil, "Work", "Work/Clients", "home", "Workshop"])
        t.project = rng.pick([nil, "Mail", "work/clients"])
        t.source = rng.pick([nil, "mail", "Chat"])
        t.recurrence = rng.pick([nil, "FREQ=WEEKLY", "FREQ=DAILY;INTERVAL=2"])
        t.tags = Array(["a", "b", "C", "x"].shuffled(using: &rng).prefix(rng.int(0...3)))
        t.contexts = Array(["c", "home"].shuffled(using: &rng).prefix(rng.int(0...2)))
        t.assignees = Array(["bob", "a"].shuffled(using: &rng).prefix(rng.int(0...2)))
        t.estimatedMinutes = rng.pick([nil, 0, 5, 15, 30, 60, 90])
        t.body = rng.pick(["", "call about the café", "x marks"])
        let day = { (rng: inout SeededRandom) in rng.chance(0.5) ? TaskDate(day: today.adding(days: rng.int(-40...40))) : nil }
        t.due = day(&rng)
        t.scheduled = day(&rng)
        t.defer_ = day(&rng)
        t.created = day(&rng)
        t.completed = day(&rng)
        t.modified = day(&rng)
        return t
    }

    func assertAgree(_ rules: RuleGroup, _ index: TaskIndex, today: Day, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let compiled = RuleCompiler.compile(rules, today: today)
        let (bits, warnings) = RuleBits.matching(rules, in: index, today: today)
        let want = index.tasks.map(compiled.matches)
        let got = index.tasks.indices.map { bits[$0] }
        XCTAssertEqual(got, want, "\(context): \(JSONText.render(rules.json))", file: file, line: line)
        XCTAssertEqual(warnings, compiled.warnings, context, file: file, line: line)
        XCTAssertEqual(bits.population, want.filter { $0 }.count, context, file: file, line: line)
    }

    func testBitsAgreeWithThePredicateOnEveryFieldAndOperator() {
        var rng = SeededRandom(seed: 77)
        var matched = 0
        for round in 0..<400 {
            let today = Day.parseISO("2026-11-21")!.adding(days: rng.int(-300...300))
            // Sizes around word edges (63, 64, 65, 128) as well as odd ones.
            let n = rng.pick([0, 1, 63, 64, 65, 100, 128, 130])
            let index = TaskIndex((0..<n).map { Self.randomTask("t\($0).md", &rng, today: today) })
            for k in 0..<4 {
                let rules = Self.randomTree(&rng)
                assertAgree(rules, index, today: today, "round \(round).\(k)")
                matched += RuleBits.count(rules, in: index, today: today)
            }
        }
        XCTAssertGreaterThan(matched, 1000)  // the trees are not all empty or all-false
    }

    /// The app patches one index into the next (a save, an outside edit, an
    /// add, a delete); the patched columns and kept bits must equal a fresh build.
    func testPatchedIndexesAgreeWithFreshOnes() {
        var rng = SeededRandom(seed: 5)
        let today = Day.parseISO("2026-11-21")!
        let trees = (0..<30).map { _ in Self.randomTree(&rng) }
        for round in 0..<40 {
            var index = TaskIndex((0..<rng.int(60...140)).map { Self.randomTask("t\($0).md", &rng, today: today) })
            for rules in trees { _ = RuleBits.count(rules, in: index, today: today) }  // fill the kept bits
            for step in 0..<12 {
                let ids = index.tasks.map(\.id)
                switch rng.int(0...3) {
                case 0, 1:
                    let changed = (0..<rng.int(1...3)).map { _ in Self.randomTask(rng.pick(ids), &rng, today: today) }
                    index = index.updating(changed)
                case 2:
                    index = index.updating([Self.randomTask("new\(round)-\(step).md", &rng, today: today)])
                default:
                    index = index.updating([Self.randomTask(rng.pick(ids), &rng, today: today)], removing: [rng.pick(ids), rng.pick(ids)])
                }
                let fresh = TaskIndex(index.tasks.map(\.task))
                for (k, rules) in trees.enumerated() {
                    assertAgree(rules, index, today: today, "round \(round) step \(step) tree \(k)")
                    XCTAssertEqual(RuleBits.matching(rules, in: index, today: today).bits,
                                   RuleBits.matching(rules, in: fresh, today: today).bits, "round \(round) step \(step) tree \(k)")
                }
            }
        }
    }

    func testTheBitsOfAnIndexFollowTheDay() {
        let today = Day.parseISO("2026-11-21")!
        var t = TaskItem(id: "a.md", title: "A")
        t.due = TaskDate(day: today)
        let index = TaskIndex([t])
        let dueToday = RuleGroup(.and, [.cond("due", "on", .string("today"))])
        XCTAssertEqual(RuleBits.count(dueToday, in: index, today: today), 1)
        XCTAssertEqual(RuleBits.count(dueToday, in: index, today: today.adding(days: 1)), 0)
        XCTAssertEqual(RuleBits.count(dueToday, in: index, today: today), 1)
    }

    func testWordOperationsKeepTheTailClear() {
        for n in [0, 1, 63, 64, 65, 127, 200] {
            var b = TaskBits(count: n)
            b.invert()
            XCTAssertEqual(b.population, n)
            var seen: [Int] = []
            b.forEachSet { seen.append($0) }
            XCTAssertEqual(seen, Array(0..<n))
            XCTAssertEqual(b, TaskBits(count: n, allSet: true))
            if n > 0 {
                b[n - 1] = false
                XCTAssertEqual(b.population, n - 1)
                XCTAssertFalse(b[n - 1])
            }
        }
    }
}

/// A perspective showing thousands of tasks is ordered by a kept sort of the
/// whole index, patched task by task: it must equal sorting the tasks afresh.
final class KeptOrdersTests: XCTestCase {
    func testKeptOrdersEqualAFreshSortAfterEveryKindOfEdit() {
        var rng = SeededRandom(seed: 11)
        let today = Day.parseISO("2026-11-21")!
        let specs: [(String, String)] = [("due", "asc"), ("due", "desc"), ("title", "asc"), ("title", "desc"), ("priority", "desc"),
                                         ("flagged", "asc"), ("manual", "asc"), ("created", "asc"), ("estimated_minutes", "asc"),
                                         ("tags", "desc"), ("project_order", "asc"), ("project_modified", "asc")]
        for round in 0..<25 {
            var index = TaskIndex((0..<rng.int(50...120)).map { RuleBitsTests.randomTask("t\($0).md", &rng, today: today) })
            let manual = index.tasks.map(\.id).shuffled(using: &rng).prefix(30).map { $0 }
            let sorters = specs.map { TaskSorter(spec: SortSpec(field: $0.0, direction: $0.1), manualOrder: manual, projectOrder: ["Mail"]) }
            var kept = KeptOrders(smallest: 0, limit: specs.count, keepFrom: 1)
            for step in 0..<10 {
                let all = TaskBits(count: index.tasks.count, allSet: true)
                var some = TaskBits(count: index.tasks.count) { _ in rng.chance(0.5) }
                for (s, sorter) in sorters.enumerated() {
                    let fresh = sorter.sorted(index.tasks).map(\.id)
                    if let got = kept.ordered(all, by: sorter, tasks: index.tasks) {
                        XCTAssertEqual(got.map { index.tasks[Int($0)].id }, fresh, "round \(round) step \(step) sort \(specs[s])")
                    } else {
                        XCTAssertEqual(specs[s].0, "project_modified", "only project_modified sorts afresh")
                    }
                    let subset = index.tasks.indices.filter { some[$0] }.map { index.tasks[$0] }
                    if let got = kept.ordered(some, by: sorter, tasks: index.tasks) {
                        XCTAssertEqual(got.map { index.tasks[Int($0)].id }, sorter.sorted(subset).map(\.id), "round \(round) step \(step) subset, \(specs[s])")
                    }
                }
                some[0] = false
                // The same edits the app makes, through the index, then the orders patched alike.
                let ids = index.tasks.map(\.id)
                let changed: [TaskItem], removed: Set<String>
                switch rng.int(0...2) {
                case 0: (changed, removed) = ((0..<rng.int(1...4)).map { _ in RuleBitsTests.randomTask(rng.pick(ids), &rng, today: today) }, [])
                case 1: (changed, removed) = ([RuleBitsTests.randomTask("new\(step).md", &rng, today: today), RuleBitsTests.randomTask(rng.pick(ids), &rng, today: today)], [])
                default: (changed, removed) = ([RuleBitsTests.randomTask(rng.pick(ids), &rng, today: today)], [rng.pick(ids), rng.pick(ids)])
                }
                let (next, edits) = index.edited(changed, removing: removed)
                kept.apply(edits, tasks: next)
                index = index.updating(changed, removing: removed)
                XCTAssertEqual(next.map(\.id), index.tasks.map(\.id))
            }
        }
    }
}

extension KeptOrdersTests {
    /// A removal takes its row out and renumbers the rest in one pass; many
    /// removals, additions and changes in one write (up to the batch a pull
    /// hands over) must still leave every kept order equal to a fresh sort,
    /// rows at both ends of the index included.
    func testKeptOrdersEqualAFreshSortAfterLargeMixedBatches() {
        var rng = SeededRandom(seed: 43)
        let today = Day.parseISO("2026-11-21")!
        let specs: [(String, String)] = [("due", "asc"), ("title", "desc"), ("priority", "desc"), ("created", "asc"), ("manual", "asc")]
        for round in 0..<20 {
            var index = TaskIndex((0..<rng.int(30...150)).map { RuleBitsTests.randomTask("t\($0).md", &rng, today: today) })
            let manual = index.tasks.map(\.id).shuffled(using: &rng).prefix(20).map { $0 }
            let sorters = specs.map { TaskSorter(spec: SortSpec(field: $0.0, direction: $0.1), manualOrder: manual, projectOrder: []) }
            var kept = KeptOrders(smallest: 0, limit: specs.count, keepFrom: 1)
            for step in 0..<8 {
                let all = TaskBits(count: index.tasks.count, allSet: true)
                for (s, sorter) in sorters.enumerated() {
                    let got = kept.ordered(all, by: sorter, tasks: index.tasks)
                    XCTAssertEqual(got?.map { index.tasks[Int($0)].id }, sorter.sorted(index.tasks).map(\.id), "round \(round) step \(step) sort \(specs[s])")
                }
                let ids = index.tasks.map(\.id).sorted()
                // The first and last rows are removed often: the renumbering's edges.
                var removed = Set((0..<rng.int(0...12)).map { _ in rng.pick(ids) })
                if rng.chance(0.5), let first = ids.first { removed.insert(first) }
                if rng.chance(0.5), let last = ids.last { removed.insert(last) }
                let added = (0..<rng.int(0...6)).map { RuleBitsTests.randomTask(rng.pick(["a", "m", "z", "t0", "t9"]) + "\(round)-\(step)-\($0).md", &rng, today: today) }
                let changed = (0..<rng.int(0...4)).map { _ in rng.pick(ids) }.filter { !removed.contains($0) }
                    .map { RuleBitsTests.randomTask($0, &rng, today: today) }
                let (next, edits) = index.edited(added + changed, removing: removed)
                kept.apply(edits, tasks: next)
                index = index.updating(added + changed, removing: removed)
                XCTAssertEqual(next.map(\.id), index.tasks.map(\.id))
            }
        }
    }
}

/// `PerspectiveEvaluator` (bits, kept orders, column grouping) against the
/// plain pipeline: filter with the row predicate, sort, group.
final class EvaluationPipelineTests: XCTestCase {
    func testTheEvaluatorEqualsFilterSortGroupForEveryGroupingAndSort() {
        var rng = SeededRandom(seed: 3)
        let today = Day.parseISO("2026-11-21")!
        for round in 0..<30 {
            var index = TaskIndex((0..<rng.int(20...90)).map { RuleBitsTests.randomTask("t\($0).md", &rng, today: today.adding(days: rng.int(-200...200))) })
            for step in 0..<4 {
                for g in GroupBy.allCases {
                    var p = Perspective(id: "p", name: "P", rules: RuleBitsTests.randomTree(&rng))
                    p.groupBy = g.rawValue
                    p.sort = SortSpec(field: rng.pick(["due", "title", "priority", "flagged", "created", "scheduled"]), direction: rng.pick(["asc", "desc"]))
                    let got = PerspectiveEvaluator.evaluate(p, in: index, today: today)
                    let m = RuleCompiler.compile(p.rules, today: today).matches
                    let want = TaskGrouper.group(TaskSorter(spec: p.sort).sorted(index.tasks.filter(m)), by: g, today: today)
                    XCTAssertEqual(got.groups.map(\.key), want.map(\.key), "round \(round) step \(step) \(g)")
                    XCTAssertEqual(got.groups.map(\.title), want.map(\.title), "round \(round) step \(step) \(g)")
                    XCTAssertEqual(got.groups.map { $0.tasks.map(\.id) }, want.map { $0.tasks.map(\.id) }, "round \(round) step \(step) \(g)")
                    XCTAssertEqual(got.count, index.tasks.filter(m).count)
                }
                let ids = index.tasks.map(\.id)
                index = index.updating([RuleBitsTests.randomTask(rng.pick(ids), &rng, today: today), RuleBitsTests.randomTask("n\(step).md", &rng, today: today)],
                                       removing: [rng.pick(ids)])
            }
        }
    }
}
