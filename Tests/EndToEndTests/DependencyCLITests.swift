import Foundation
import XCTest

/// `show` says what a task waits for, what waits for it and where each link
/// in its notes points; `problems` lists names of no task, tasks naming
/// themselves and cycles. The real binary, on a vault with all of these.
final class DependencyCLITests: XCTestCase {
    func run(_ v: TempVault, _ args: [String]) throws -> Binary.Output {
        try Binary.run(args + ["--vault", v.path, "--today", "2026-11-22"], env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
    }

    func vault() -> TempVault {
        let v = TempVault()
        v.write("work/Ship.md", """
            ---
            title: Ship
            status: todo
            blocked_by:
              - uid: "[[Write docs]]"
                reltype: STARTTOSTART
                gap: PT4H
              - "[[Gone]]"
              - "[[Ship]]"
              - {uid: "[[Review]]", reltype: BLOCKS}
            ---
            See [[Meeting]], [spec](../notes/spec.md), [out](../../x.md), [web](https://example.com) and `[[code]]`.

            """)
        v.write(["work/Write docs.md": "---\ntitle: Write docs\nstatus: todo\nblocked_by: [\"[[Ship]]\"]\n---\n",
                 "work/Review.md": "---\ntitle: Review\nstatus: done\n---\n",
                 "notes/Meeting.md": "# Meeting\n"])
        return v
    }

    func testShowSaysWhereEachDependencyAndLinkLeads() throws {
        let v = vault()
        let before = v.text("work/Ship.md")
        for _ in 0..<2 {  // (the second run from the cache)
            let show = try run(v, ["show", "work/Ship.md"])
            XCTAssertEqual(show.status, 0, show.stderr)
            let lines = show.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertTrue(lines.contains("waits for          [[Write docs]] → work/Write docs.md [todo] (STARTTOSTART, gap PT4H)"), show.stdout)
            XCTAssertTrue(lines.contains("waits for          [[Gone]] → unresolved_dependency_target: [[Gone]] names no task"), show.stdout)
            XCTAssertTrue(lines.contains("waits for          [[Review]] → work/Review.md [done]"), show.stdout)
            XCTAssertTrue(lines.contains("waited for by      work/Write docs.md [todo]"), show.stdout)
            XCTAssertTrue(lines.contains("blocked            yes"), show.stdout)
            XCTAssertTrue(lines.contains("link               [[Meeting]] → notes/Meeting.md"), show.stdout)
            XCTAssertTrue(lines.contains("link               [spec](../notes/spec.md) → notes/spec.md (no such file)"), show.stdout)
            XCTAssertTrue(lines.contains("link               [out](../../x.md) → refused: path_traversal: [out](../../x.md) points outside the vault"), show.stdout)
            XCTAssertFalse(show.stdout.contains("→ https") || show.stdout.contains("[[code]] →"), show.stdout)
            XCTAssertTrue(lines.contains { $0.hasPrefix("warning:") && $0.contains("reltype 'BLOCKS'") }, show.stdout)
        }
        XCTAssertEqual(v.text("work/Ship.md"), before, "reading changes nothing")
        // A task with neither is shown as before, without them.
        let plain = try run(v, ["show", "work/Review.md"])
        XCTAssertFalse(plain.stdout.contains("waits for") || plain.stdout.contains("blocked"), plain.stdout)
    }

    /// A task with no dependency, link or project of its own still lists who waits for it. Where the
    /// cache can tell that no task names it (it decodes only the tasks that have dependencies),
    /// `show` does not read the vault.
    func testShowListsWhoWaitsForATaskThatHasNoneOfItsOwn() throws {
        let v = TempVault()
        v.write(["a/Write docs.md": "---\ntitle: Write docs\nstatus: todo\n---\n",
                 "a/Ship.md": "---\ntitle: Ship\nstatus: todo\nblocked_by: [\"[[write docs]]\"]\n---\n",
                 "a/task-7 - Lone.md": "---\ntitle: Lone\nstatus: todo\n---\n"])
        func show(_ id: String) throws -> Binary.Output {
            let out = try Binary.run(["show", id, "--vault", v.path, "--today", "2026-11-22"],
                                     env: ["XDG_CACHE_HOME": v.path + "/.cache-test", "TODOMD_TRACE": "1"])
            XCTAssertEqual(out.status, 0, out.stderr)
            return out
        }
        for pass in 0..<3 {  // the first with no cache yet, then from the cache
            let docs = try show("a/Write docs.md")
            XCTAssertTrue(docs.stdout.contains("  waited for by      a/Ship.md [todo]\n"), "\(pass): \(docs.stdout)")
            let lone = try show("a/task-7 - Lone.md")
            XCTAssertFalse(lone.stdout.contains("waited for by"), lone.stdout)
            if pass > 0 {
                XCTAssertTrue(lone.stderr.contains("scan cached columns for waiters") && lone.stderr.contains("decode 1 with dependencies"), lone.stderr)
                XCTAssertFalse(lone.stderr.contains("read cache snapshot"), "the vault is not read: \(lone.stderr)")
            }
        }
        // Named by its Backlog.md-style id, or by nobody at all (no task has dependencies): the same answers.
        v.write("a/Ship.md", "---\ntitle: Ship\nstatus: todo\nblocked_by: [task-7]\n---\n")
        XCTAssertTrue(try show("a/task-7 - Lone.md").stdout.contains("waited for by      a/Ship.md"))
        v.write("a/Ship.md", "---\ntitle: Ship\nstatus: todo\n---\n")
        _ = try show("a/Ship.md")
        let none = try show("a/Write docs.md")
        XCTAssertFalse(none.stdout.contains("waited for by"), none.stdout)
        XCTAssertTrue(none.stderr.contains("scan cached columns for waiters"), none.stderr)
        XCTAssertFalse(none.stderr.contains("read cache snapshot"), none.stderr)
    }

    func testProblemsListsDanglingNamesSelfDependenciesAndCycles() throws {
        let v = vault()
        let out = try run(v, ["problems"])
        XCTAssertEqual(out.status, 1, "a problem listed: \(out.stderr)")
        let lines = out.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("warning: work/Ship.md: dependency cycle: work/Ship.md → work/Write docs.md → work/Ship.md (each waits for the next)"), out.stdout)
        XCTAssertTrue(lines.contains("warning: work/Ship.md: self_dependency: the task depends on itself ([[Ship]])"), out.stdout)
        XCTAssertTrue(lines.contains("warning: work/Ship.md: unresolved_dependency_target: [[Gone]] names no task"), out.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("warning: work/Ship.md: blocked_by entry 4: invalid_dependency_reltype") }, out.stdout)
        // A long cycle is reported once, at once.
        let big = TempVault()
        for i in 0..<2000 { big.write("c/t\(i).md", "---\ntitle: t\(i)\nblocked_by: [\"[[t\((i + 1) % 2000)]]\"]\n---\n") }
        let cycle = try run(big, ["problems"])
        XCTAssertEqual(cycle.status, 1, cycle.stderr)
        XCTAssertEqual(cycle.stdout.split(separator: "\n").filter { $0.contains("dependency cycle") }.count, 1, cycle.stdout)
        XCTAssertTrue(cycle.stdout.contains("… (2000 tasks)"), cycle.stdout)
    }

    /// A script or a hook can stop on `problems`: a dangling name alone, a cycle alone, each exits 1;
    /// the vault made whole again exits 0 with "No problems.".
    func testProblemsExitsOneWhileItListsAny() throws {
        let v = TempVault()
        v.write(["a.md": "---\ntitle: A\nstatus: todo\nblocked_by: [\"[[Nobody]]\"]\n---\n",
                 "b.md": "---\ntitle: B\nstatus: todo\n---\n"])
        let dangling = try run(v, ["problems"])
        XCTAssertEqual(dangling.status, 1, dangling.stderr)
        XCTAssertEqual(dangling.stdout, "warning: a.md: unresolved_dependency_target: [[Nobody]] names no task\n")
        v.write(["a.md": "---\ntitle: A\nstatus: todo\nblocked_by: [\"[[b]]\"]\n---\n",
                 "b.md": "---\ntitle: B\nstatus: todo\nblocked_by: [\"[[a]]\"]\n---\n"])
        let cycle = try run(v, ["problems"])
        XCTAssertEqual(cycle.status, 1, cycle.stderr)
        XCTAssertTrue(cycle.stdout.contains("dependency cycle"), cycle.stdout)
        v.write("b.md", "---\ntitle: B\nstatus: todo\n---\n")
        let none = try run(v, ["problems"])
        XCTAssertEqual(none.stdout, "No problems.\n")
        XCTAssertEqual(none.status, 0, none.stderr)
    }
}
