import XCTest
@testable import TaskEngine

/// Making a task wait for another against the whole vault: the link chosen
/// names that task and no other, in the vault's words; a task waiting for
/// itself, one not there and an edge closing a cycle are refused, the cycle named.
final class WaitForTests: XCTestCase {
    func index(_ tasks: [TaskItem]) -> TaskIndex { TaskIndex(tasks) }

    func task(_ id: String, _ deps: [String] = []) -> TaskItem {
        var t = TaskItem(id: id, title: id)
        t.dependencies = deps.map { TaskDependency(uid: $0) }
        return t
    }

    func testTheLinkNamesTheTaskInTheVaultsWords() throws {
        let idx = index([task("a.md"), task("work/b.md"), task("home/b.md"), task("backlog/tasks/task-12 - Ship it.md"), task("c.md")])
        XCTAssertEqual(try idx.waiting(task("c.md"), for: "a.md", kind: .todomd).dependencies.map(\.uid), ["[[a]]"])
        // Two files named b.md: the path tells them apart.
        XCTAssertEqual(try idx.waiting(task("c.md"), for: "work/b.md", kind: .tasknotes).dependencies.map(\.uid), ["[[work/b]]"])
        XCTAssertEqual(try idx.waiting(task("c.md"), for: "backlog/tasks/task-12 - Ship it.md", kind: .backlog).dependencies.map(\.uid), ["task-12"])
        // Waiting already (whatever the spelling): unchanged; entries kept in order.
        let waits = task("c.md", ["[[A]]"])
        XCTAssertEqual(try idx.waiting(waits, for: "a.md", kind: .todomd), waits)
        XCTAssertEqual(try idx.waiting(waits, for: "home/b.md", kind: .todomd).dependencies.map(\.uid), ["[[A]]", "[[home/b]]"])
    }

    /// A file at the root whose name a file in a folder shares: `[[b]]` is ambiguous and `[[b]]` is
    /// also its path, so the link names it from the root (`[[/b]]`), which resolves to it alone.
    /// A name no link can carry (`|`, `#`, `[`, `]`) is refused with what to do.
    func testARootFileSharingItsNameIsNamedFromTheRoot() throws {
        let idx = index([task("b.md"), task("work/b.md"), task("c.md"), task("work/d.md"), task("x|y.md"), task("deep/x|y.md")])
        for kind in [VaultProfile.Kind.todomd, .tasknotes] {
            let root = try idx.waiting(task("c.md"), for: "b.md", kind: kind)
            XCTAssertEqual(root.dependencies.map(\.uid), ["[[/b]]"], "\(kind)")
            XCTAssertEqual(idx.waitTargets(of: root), ["b.md"])
            // From a task in the folder too (a leading / is never relative).
            XCTAssertEqual(idx.waitTargets(of: try idx.waiting(task("work/d.md"), for: "b.md", kind: kind)), ["b.md"])
            XCTAssertEqual(try idx.waiting(task("c.md"), for: "work/b.md", kind: kind).dependencies.map(\.uid), ["[[work/b]]"])
        }
        XCTAssertThrowsError(try idx.waiting(task("c.md"), for: "x|y.md", kind: .todomd)) { error in
            XCTAssertEqual(error as? WaitRefusal, .unnameable("x|y.md"))
            XCTAssertEqual("\(error)", "no link leads to x|y.md alone (a file name holding | # [ or ] cannot be linked to); rename the file to wait for it")
        }
    }

    func testRefusals() {
        let idx = index([task("a.md", ["[[b]]"]), task("b.md", ["[[c]]"]), task("c.md"), task("d.md")])
        XCTAssertThrowsError(try idx.waiting(task("a.md"), for: "a.md", kind: .todomd)) { XCTAssertEqual($0 as? WaitRefusal, .itself("a.md")) }
        XCTAssertThrowsError(try idx.waiting(task("a.md"), for: "zz.md", kind: .todomd)) { XCTAssertEqual($0 as? WaitRefusal, .unknownTask("zz.md")) }
        XCTAssertThrowsError(try idx.waiting(task("c.md"), for: "a.md", kind: .todomd)) { error in
            XCTAssertEqual(error as? WaitRefusal, .cycle(["c.md", "a.md", "b.md", "c.md"]))
            XCTAssertEqual("\(error)", "c.md cannot wait for a.md: that would close a cycle (c.md → a.md → b.md → c.md; each would wait for the next)")
        }
        // An edge planned in the same change counts: d waits for c, so c cannot wait for d.
        XCTAssertNoThrow(try idx.waiting(task("c.md"), for: "d.md", kind: .todomd))
        XCTAssertThrowsError(try idx.waiting(task("c.md"), for: "d.md", kind: .todomd, planned: [("d.md", "c.md")])) {
            XCTAssertEqual($0 as? WaitRefusal, .cycle(["c.md", "d.md", "c.md"]))
        }
    }

    /// A long chain is walked without recursion: the 10,000th task cannot wait for the first's blocker's blocker.
    func testALongChainIsWalked() {
        let n = 10_000
        let idx = index((0..<n).map { task("t\($0).md", $0 + 1 < n ? ["[[t\($0 + 1)]]"] : []) })
        XCTAssertThrowsError(try idx.waiting(task("t\(n - 1).md"), for: "t0.md", kind: .todomd)) { error in
            guard case .cycle(let ids)? = error as? WaitRefusal else { return XCTFail("\(error)") }
            XCTAssertEqual(ids.count, n + 1)
        }
    }

    func testReleasedRemovesEveryEntryNamingTheTask() {
        let idx = index([task("a.md"), task("b.md"), task("c.md", ["[[a]]", "b", "[[a|again]]", "[[gone]]"])])
        let c = idx.task(id: "c.md")!.task
        XCTAssertEqual(idx.released(c, from: "a.md").dependencies.map(\.uid), ["b", "[[gone]]"])
        XCTAssertEqual(idx.released(c, from: nil).dependencies, [])
        XCTAssertEqual(idx.waitTargets(of: c), ["a.md", "b.md", "a.md"])
    }

    /// `after:` in quick add: a word or a quoted title, any number, each once; `after:` with nothing stays in the title.
    func testQuickAddReadsAfter() {
        let today = Day(year: 2026, month: 11, day: 22)!
        let q = QuickAdd.parse("Ship after:Docs after:\"Write the docs\" after:docs after: #x", today: today)
        XCTAssertEqual(q.after, ["Docs", "Write the docs"])
        XCTAssertEqual(q.title, "Ship after:")
        XCTAssertEqual(q.tokens.filter { $0.part == .after }.map(\.range), [5..<15, 16..<38, 39..<49])
        XCTAssertEqual(q.summary(today: today), "Ship after: · #x · waits for Docs · waits for Write the docs")
        XCTAssertEqual(TaskChanges.parse("after:Docs", today: today).fields.after, ["Docs"])
    }

    func testTitlesNameOneTask() {
        var done = task("old.md")
        done.title = "Docs"
        done.setStatus(.done)
        var open = task("new.md")
        open.title = "docs"
        var other = task("x.md")
        other.title = "Docs for users"
        let idx = index([done, open, other])
        XCTAssertEqual(try idx.id(titled: "DOCS"), "new.md", "the one not done")
        XCTAssertThrowsError(try idx.id(titled: "Nope")) { XCTAssertEqual($0 as? WaitRefusal, .noTitle("Nope")) }
        XCTAssertEqual(idx.title(completing: "doc"), "docs")
        XCTAssertEqual(idx.title(completing: "docs "), "Docs for users")
        XCTAssertNil(idx.title(completing: "docs for users"))
    }
}
