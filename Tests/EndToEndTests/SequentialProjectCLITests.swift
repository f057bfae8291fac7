import Foundation
import XCTest

/// Sequential projects through the real binary: `project NAME --sequential`
/// writes `.perspectives.json`, and Today, `count`, `list --json`, `perspectives`,
/// `show` and `problems` agree on what waits, from a cold run and from the
/// cache; a TaskNotes project note's `sequential: true` does the same.
final class SequentialProjectCLITests: XCTestCase {
    func run(_ v: TempVault, _ args: [String], status: Int32 = 0) throws -> String {
        let out = try Binary.run(args + ["--vault", v.path, "--today", "2026-11-22"], env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
        XCTAssertEqual(out.status, status, "\(args): \(out.stderr)")
        return out.stdout + (status == 0 ? "" : out.stderr)
    }

    func titles(_ list: String) -> [String] {
        list.split(separator: "\n").compactMap { line in line.split(separator: " ").dropFirst().first.map(String.init) }.sorted()
    }

    func blockedInJSON(_ v: TempVault) throws -> [String] {
        try run(v, ["list", "--json"]).split(separator: "\n").filter { $0.contains("\"blocked\":true") }.compactMap { line in
            ["First", "Second", "Third", "Other"].first { line.contains("\"title\":\"\($0)\"") }
        }.sorted()
    }

    static let tasks = [
        "w/1-first.md": "---\ntitle: First\nstatus: todo\ndue: 2026-11-22\nproject: Q4 Report\n---\n",
        "w/2-second.md": "---\ntitle: Second\nstatus: todo\ndue: 2026-11-22\nproject: Q4 Report\n---\n",
        "w/3-third.md": "---\ntitle: Third\nstatus: todo\ndue: 2026-11-22\nproject: Q4 Report\n---\n",
        "w/4-other.md": "---\ntitle: Other\nstatus: todo\ndue: 2026-11-22\n---\n",
    ]

    /// First waits for Third (its file says so); the order (by due, then id) puts First before Third:
    /// made sequential, none of the three can start, and the command says so on stderr.
    func testASequentialOrderAgainstAWaitIsSaid() throws {
        let v = TempVault()
        for (id, text) in Self.tasks { v.write(id, text) }
        v.write("w/1-first.md", "---\ntitle: First\nstatus: todo\ndue: 2026-11-22\nproject: Q4 Report\nblocked_by: [\"[[3-third]]\"]\n---\n")
        let out = try Binary.run(["project", "Q4 Report", "--sequential", "--vault", v.path, "--today", "2026-11-22"], env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stderr.contains("warning: its order goes against a wait, and none of these can start: "), out.stderr)
        XCTAssertTrue(out.stderr.contains("in sequential project Q4 Report"), out.stderr)
        // Parallel again: nothing said.
        let back = try Binary.run(["project", "Q4 Report", "--parallel", "--vault", v.path, "--today", "2026-11-22"], env: ["XDG_CACHE_HOME": v.path + "/.cache-test"])
        XCTAssertEqual(back.stderr, "")
    }

    func testTheCommandSetsItAndEveryAnswerAgrees() throws {
        let v = TempVault()
        for (id, text) in Self.tasks { v.write(id, text) }
        for _ in 0..<2 { XCTAssertEqual(try run(v, ["count", "--perspective", "today"]), "4\n") }
        let set = try run(v, ["project", "q4 report", "--sequential"])  // (written as the tasks spell it)
        XCTAssertEqual(set, """
        Q4 Report: sequential · 3 open tasks
          w/1-first.md  available
          w/2-second.md  waits for w/1-first.md
          w/3-third.md  waits for w/2-second.md

        """)
        XCTAssertTrue(v.text(".perspectives.json")?.contains("\"Q4 Report\": {\n      \"sequential\": true\n    }") == true, v.text(".perspectives.json") ?? "")
        for _ in 0..<2 {  // (the second run with the cache written, and a memoised count)
            XCTAssertEqual(titles(try run(v, ["list", "--perspective", "today"])), ["First", "Other"])
            XCTAssertEqual(try run(v, ["count", "--perspective", "today"]), "2\n")
            XCTAssertEqual(try run(v, ["count", "--where", "blocked"]), "2\n")
            XCTAssertEqual(try blockedInJSON(v), ["Second", "Third"])
            XCTAssertTrue(try run(v, ["perspectives"]).split(separator: "\n").contains { $0.hasPrefix("Today ") && $0.contains(" 2  built-in") })
        }
        let show = try run(v, ["show", "w/2-second.md"])
        XCTAssertTrue(show.contains("waits for          w/1-first.md [todo] (sequential project Q4 Report)"), show)
        XCTAssertTrue(show.contains("waited for by      w/3-third.md [todo] (sequential project Q4 Report)"), show)

        // The first done: the second is next.
        _ = try run(v, ["done", "w/1-first.md"])
        XCTAssertEqual(titles(try run(v, ["list", "--perspective", "today"])), ["Other", "Second"])
        XCTAssertEqual(try run(v, ["count", "--where", "blocked"]), "1\n")
        // Parallel again: nothing waits (the memoised count is not the answer).
        XCTAssertTrue(try run(v, ["project", "Q4 Report", "--parallel"]).hasPrefix("Q4 Report: parallel · 2 open tasks\n"))
        XCTAssertEqual(try run(v, ["count", "--where", "blocked"]), "0\n")
        XCTAssertEqual(titles(try run(v, ["list", "--perspective", "today"])), ["Other", "Second", "Third"])
        XCTAssertTrue(try run(v, ["project", "Q4 Report", "--parallel", "--sequential"], status: 2).contains("give one of them"))
    }

    /// A name no task has (a typo) is refused and nothing is stored, with the near names said;
    /// `--force` sets it before the project's first task, and a stored setting can be undone.
    func testAProjectNoTaskHasIsRefusedUnlessForced() throws {
        let v = TempVault()
        for (id, text) in Self.tasks { v.write(id, text) }
        func files() -> [String: Data] { v.contents().filter { !$0.key.hasPrefix(".cache-test") } }
        let before = files()
        for args in [["Q4 Reprot", "--sequential"], ["q4 rep", "--parallel"], ["Nope", "--sequential"]] {
            let out = try run(v, ["project"] + args, status: 2)
            XCTAssertTrue(out.contains("todomd: no task has the project \"\(args[0])\""), out)
            XCTAssertTrue(out.contains("nothing was changed. To set it before its first task, add --force"), out)
            XCTAssertEqual(files(), before, "\(args): nothing written")
        }
        XCTAssertTrue(try run(v, ["project", "Q4 Reprot", "--sequential"], status: 2).contains("(did you mean \"Q4 Report\"?)"))
        XCTAssertFalse(try run(v, ["project", "Nope", "--sequential"], status: 2).contains("did you mean"))
        // Looking needs no --force, and writes nothing.
        XCTAssertEqual(try run(v, ["project", "Nope"]), "Nope: parallel · 0 open tasks (no task has this project yet)\n")
        XCTAssertEqual(files(), before)

        XCTAssertEqual(try run(v, ["project", "Launch", "--sequential", "--force"]), "Launch: sequential · 0 open tasks (no task has this project yet)\n")
        XCTAssertTrue(v.text(".perspectives.json")?.contains("\"Launch\": {\n      \"sequential\": true\n    }") == true, v.text(".perspectives.json") ?? "")
        v.write("w/5-launch.md", "---\ntitle: Plan\nstatus: todo\nproject: Launch\n---\n")
        v.write("w/6-launch.md", "---\ntitle: Ship\nstatus: todo\nproject: Launch\n---\n")
        XCTAssertEqual(try run(v, ["count", "--where", "blocked"]), "1\n", "the setting stood for the tasks added after it")
        // A setting the file holds is known, task or not: it can be undone without --force.
        try FileManager.default.removeItem(atPath: v.path + "/w/5-launch.md")
        try FileManager.default.removeItem(atPath: v.path + "/w/6-launch.md")
        XCTAssertTrue(try run(v, ["project", "launch", "--parallel"]).hasPrefix("launch: parallel"))
    }

    /// A task of a sequential project that names the task after it: a cycle, reported, both blocked, no hang.
    func testACycleWithAnExplicitDependencyIsReported() throws {
        let v = TempVault()
        var tasks = Self.tasks
        tasks["w/1-first.md"] = "---\ntitle: First\nstatus: todo\ndue: 2026-11-22\nproject: Q4 Report\nblocked_by: [\"[[2-second]]\"]\n---\n"
        for (id, text) in tasks { v.write(id, text) }
        v.write(".perspectives.json", "{\"version\": 1, \"projects\": {\"Q4 Report\": {\"sequential\": true}}}\n")
        XCTAssertEqual(try blockedInJSON(v), ["First", "Second", "Third"])
        let problems = try run(v, ["problems"], status: 1)
        XCTAssertTrue(problems.contains("dependency cycle: w/1-first.md → w/2-second.md → w/1-first.md"), problems)
    }

    /// In a TaskNotes vault, the project note says `sequential: true`.
    func testATaskNotesProjectNote() throws {
        let v = TempVault()
        v.write(".obsidian/plugins/tasknotes/data.json", #"{"tasksFolder": "Tasks/", "taskTag": "task", "storeTitleInFilename": true}"#)
        v.write(["Projects/Launch.md": "---\nsequential: true\n---\nThe launch plan.\n",
                 "Projects/Garden.md": "---\nsequential: false\n---\n",
                 "Tasks/Brief.md": "---\nstatus: open\ndue: 2026-11-22\nprojects: [\"[[Launch]]\"]\ntags: [task]\n---\n",
                 "Tasks/Build.md": "---\nstatus: open\ndue: 2026-11-23\nprojects: [\"[[Launch]]\"]\ntags: [task]\n---\n",
                 "Tasks/Weed.md": "---\nstatus: open\ndue: 2026-11-22\nprojects: [\"[[Garden]]\"]\ntags: [task]\n---\n",
                 "Tasks/Mow.md": "---\nstatus: open\ndue: 2026-11-23\nprojects: [\"[[Garden]]\"]\ntags: [task]\n---\n"])
        XCTAssertEqual(try run(v, ["count", "--where", "blocked"]), "1\n")
        let out = try run(v, ["project", "Launch"])
        XCTAssertTrue(out.contains("Tasks/Build.md  waits for Tasks/Brief.md"), out)
        XCTAssertTrue(try run(v, ["project", "Garden"]).hasPrefix("Garden: parallel"))
        // `show` reads the note too.
        XCTAssertTrue(try run(v, ["show", "Tasks/Build.md"]).contains("waits for          Tasks/Brief.md [open] (sequential project Launch)"))
        XCTAssertFalse(out.contains("(set in .perspectives.json"), "the note sets it: \(out)")
        // .perspectives.json's word stands over the note's, either way, and the command says so.
        let parallel = try run(v, ["project", "Launch", "--parallel"])
        XCTAssertTrue(parallel.hasPrefix("Launch: parallel · 2 open tasks (set in .perspectives.json, which the project note's `sequential` does not change)"), parallel)
        XCTAssertEqual(try run(v, ["count", "--where", "blocked"]), "0\n")
        XCTAssertFalse(try run(v, ["show", "Tasks/Build.md"]).contains("waits for"))
        XCTAssertTrue(try run(v, ["project", "Garden", "--sequential"]).hasPrefix("Garden: sequential"))
        XCTAssertEqual(try run(v, ["count", "--where", "blocked"]), "1\n")
        XCTAssertTrue(try run(v, ["project", "Launch", "--sequential"]).hasPrefix("Launch: sequential"))
        XCTAssertEqual(try run(v, ["count", "--where", "blocked"]), "2\n")
    }
}
