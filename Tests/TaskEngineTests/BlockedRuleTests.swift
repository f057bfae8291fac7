import XCTest
@testable import TaskEngine

/// The `blocked` rule field: decided by the vault's dependency graph, the same
/// by the row test and the bit sets, in rules as text, and again after a
/// task changes (completing a blocker frees the task waiting for it).
final class BlockedRuleTests: XCTestCase {
    /// a waits for b, b for c (open), d for a task that is not there, e for f (done), g for nothing.
    static func chain() -> [TaskItem] {
        func waiting(_ id: String, for target: String?, status: TaskStatus = .todo) -> TaskItem {
            var t = task(id, status: status)
            if let target { t.dependencies = [TaskDependency(uid: "[[\(target)]]")] }
            return t
        }
        return [waiting("a", for: "b"), waiting("b", for: "c"), waiting("c", for: nil), waiting("d", for: "gone"),
                waiting("e", for: "f"), waiting("f", for: nil, status: .done), waiting("g", for: nil)]
    }

    static let cases: [(text: String, want: [String])] = [
        ("blocked", ["a", "b", "d"]),
        ("blocked = true", ["a", "b", "d"]),
        ("blocked = false", ["c", "e", "f", "g"]),
        ("blocked != true", ["c", "e", "f", "g"]),
        ("blocked op=blocks_others", ["b", "c"]),
        ("not (blocked)", ["c", "e", "f", "g"]),
        ("blocked op=blocks_others and blocked = false", ["c"]),
        ("blocked or blocked op=blocks_others", ["a", "b", "c", "d"]),
    ]

    func ids(_ bits: TaskBits, _ index: TaskIndex) -> [String] {
        index.tasks.indices.filter { bits[$0] }.map { String(index.tasks[$0].task.id.dropLast(3)) }
    }

    func assertCases(_ index: TaskIndex, _ cases: [(text: String, want: [String])], file: StaticString = #filePath, line: UInt = #line) throws {
        for (text, want) in cases {
            let rules = try RuleTextParser.parse(text)
            let bits = RuleBits.matching(rules, in: index, today: pinnedToday)
            XCTAssertEqual(bits.warnings, [], text, file: file, line: line)
            XCTAssertEqual(ids(bits.bits, index), want, text, file: file, line: line)
            let compiled = RuleCompiler.compile(rules, today: pinnedToday, index: index)
            XCTAssertEqual(index.tasks.indices.map { bits.bits[$0] }, index.tasks.map(compiled.matches), "row test vs bits: \(text)", file: file, line: line)
            XCTAssertEqual(try RuleTextParser.parse(RuleText.text(rules)).json, rules.json, "text round trip: \(text)", file: file, line: line)
        }
    }

    func testEachOperatorOverAChain() throws {
        try assertCases(TaskIndex(Self.chain()), Self.cases)
    }

    /// The app patches its index task by task: a condition's kept bits must not outlive a change elsewhere.
    func testCompletingTheBlockerFreesTheWaitingTask() throws {
        var index = TaskIndex(Self.chain())
        try assertCases(index, [("blocked", ["a", "b", "d"])])
        var c = index.task(id: "c.md")!.task
        c.setStatus(.done)
        index.update([c])
        try assertCases(index, [("blocked", ["a", "d"]), ("blocked op=blocks_others", ["b"])])
        var b = index.task(id: "b.md")!.task
        b.setStatus(.done)
        index.update([b])
        try assertCases(index, [("blocked", ["d"]), ("blocked = false", ["a", "b", "c", "e", "f", "g"]), ("blocked op=blocks_others", [])])
    }

    /// The cache's columns hold no graph: they give no answer, and the caller loads the tasks.
    func testColumnsAloneDoNotAnswer() throws {
        let index = TaskIndex(Self.chain())
        let columns = TaskColumns(index.tasks)
        XCTAssertNil(RuleBits.matching(try RuleTextParser.parse("blocked"), columns: columns, today: pinnedToday))
        XCTAssertNotNil(RuleBits.matching(try RuleTextParser.parse("flagged"), columns: columns, today: pinnedToday))
        // Where no task has dependencies they answer: none is blocked (Today and Upcoming ask).
        var free = TaskIndex(Self.chain().map { t in var t = t; t.dependencies = []; return t })
        func answered(_ text: String, _ index: TaskIndex) throws -> Int? {
            RuleBits.matching(try RuleTextParser.parse(text), columns: TaskColumns(index.tasks), today: pinnedToday)?.bits.population
        }
        XCTAssertEqual(try answered("blocked = false", free), 7)
        XCTAssertEqual(try answered("blocked", free), 0)
        XCTAssertEqual(try answered("blocked op=blocks_others", free), 0)
        // Columns patched as the app patches them follow a task gaining one.
        _ = RuleBits.matching(try RuleTextParser.parse("blocked"), in: free, today: pinnedToday)
        var a = free.task(id: "a.md")!.task
        a.dependencies = [TaskDependency(uid: "[[b]]")]
        free.update([a])
        XCTAssertEqual(free.evaluation.withColumns(free) { $0.waits.filter { $0 }.count }, 1)
        XCTAssertEqual(RuleBits.count(try RuleTextParser.parse("blocked"), in: free, today: pinnedToday), 1)
    }

    func testWordsAndRefusals() {
        let say = { (op: String, v: JSONValue?) in RuleDescriber.describe(RuleCondition(field: "blocked", op: op, value: v), today: pinnedToday) }
        XCTAssertEqual(say("equals", .bool(true)), "Is blocked")
        XCTAssertEqual(say("equals", .bool(false)), "Is not blocked")
        XCTAssertEqual(say("blocks_others", nil), "Blocks others")
        XCTAssertTrue(say("equals", .string("x")).hasPrefix("Unknown rule"))
        XCTAssertTrue(say("blocks_others", .bool(true)).hasPrefix("Unknown rule"))
        XCTAssertTrue(say("within", .string("x")).hasPrefix("Unknown rule"))
    }
}
