import Foundation
import XCTest
@testable import TaskEngine

/// `todomd show` in a TaskNotes and a Backlog.md vault (and todomd's own, from its rule columns): who waits for a task is answered from
/// what the last full read remembered in the cache (the cache holds no tasks of another tool's
/// format), with output identical to a full read for every task of generated vaults with random
/// dependencies (dangling ones, a task naming itself, closed tasks, Backlog.md ids and file
/// names); and a vault changed since, or its tool's settings changed, is read again.
final class ShowRememberedWaitsTests: XCTestCase {
    /// A TaskNotes vault (title in the file name), a Backlog.md project or a vault of todomd's own format,
    /// of `n` tasks waiting for random others.
    func generate(_ kind: VaultProfile.Kind, seed: UInt64, n: Int = 24) -> (vault: TempVault, ids: [String]) {
        var rng = SeededRandom(seed: seed)
        let v = TempVault()
        var ids: [String] = []
        let names = (0..<n).map { "Task \($0) " + rng.pick(["plan", "docs", "ship", "review"]) }
        if kind == .tasknotes {
            v.write(".obsidian/plugins/tasknotes/data.json", #"{"tasksFolder": "Tasks/", "storeTitleInFilename": true}"#)
            ids = names.map { "Tasks/\($0).md" }
        } else if kind == .todomd {
            ids = names.map { "Tasks/\($0).md" }
        } else {
            v.write("backlog/config.yml", "project_name: Gen\nstatuses: [To Do, In Progress, Done]\n")
            ids = names.indices.map { "backlog/tasks/task-\($0 + 1) - \(names[$0].replacingOccurrences(of: " ", with: "-")).md" }
        }
        for i in 0..<n {
            // Most tasks wait for nothing (those `show` answers from what was remembered).
            var waits: [String] = []
            if rng.int(0...2) == 0 {
                for _ in 0..<rng.int(1...3) {
                    let j = rng.int(0...(n - 1))
                    switch (kind, rng.int(0...6)) {
                    case (_, 0): waits.append(kind != .backlog ? "[[Gone \(j)]]" : "task-\(n + 50 + j)")  // names no task
                    case (_, 1): waits.append(kind != .backlog ? "[[\(names[i])]]" : "task-\(i + 1)")     // itself
                    case (.tasknotes, _), (.todomd, _): waits.append("[[\(names[j])]]")
                    default: waits.append(rng.int(0...1) == 0 ? "task-\(j + 1)" : String(ids[j].dropFirst("backlog/tasks/".count).dropLast(3)))
                    }
                }
            }
            let done = rng.int(0...4) == 0
            if kind == .todomd {
                let list = waits.map { "\"\($0)\"" }.joined(separator: ", ")
                v.write(ids[i], "---\ntitle: \(names[i])\nstatus: \(done ? "done" : "todo")\n" + (waits.isEmpty ? "" : "blocked_by: [\(list)]\n") + "---\n")
            } else if kind == .tasknotes {
                let list = waits.map { "  - uid: \"\($0)\"\n    reltype: FINISHTOSTART\n" }.joined()
                v.write(ids[i], "---\nstatus: \(done ? "done" : "open")\ntags: [task]\n" + (list.isEmpty ? "" : "blockedBy:\n" + list) + "---\n")
            } else {
                let list = waits.isEmpty ? "[]" : "[" + waits.map { "'\($0)'" }.joined(separator: ", ") + "]"
                v.write(ids[i], "---\nid: task-\(i + 1)\ntitle: \(names[i])\nstatus: \(done ? "Done" : "To Do")\nassignee: []\nlabels: []\ndependencies: \(list)\n---\n")
            }
        }
        return (v, ids)
    }

    func show(_ v: TempVault, _ id: String, cache: String?) throws -> Binary.Output {
        // No cache at all: a relative XDG_CACHE_HOME is ignored, and there is no home to fall back to.
        let env = cache.map { ["XDG_CACHE_HOME": $0, "TODOMD_TRACE": "1"] } ?? ["XDG_CACHE_HOME": "relative", "HOME": "", "TODOMD_TRACE": "1"]
        let out = try Binary.run(["show", id, "--vault", v.path, "--today", "2026-11-22"], env: env)
        XCTAssertEqual(out.status, 0, out.stderr)
        return out
    }

    func testShowAnswersFromWhatWasRememberedAsAFullReadDoes() throws {
        // (todomd's own format answers from the cache's rule columns, the others from what was remembered.)
        for kind in [VaultProfile.Kind.tasknotes, .backlog, .todomd] {
            var remembered = 0, waitedFor = 0
            for seed in UInt64(1)...2 {
                let (v, ids) = generate(kind, seed: seed)
                let cache = v.path + "/.cache-test"
                let full = try ids.map { try show(v, $0, cache: nil) }
                for out in full { XCTAssertTrue(out.stderr.contains("  start\n"), "with no cache, the vault is read: \(out.stderr)") }
                _ = try show(v, ids[0], cache: cache)  // the first read, remembered
                for (i, id) in ids.enumerated() {
                    let out = try show(v, id, cache: cache)
                    XCTAssertEqual(out.stdout, full[i].stdout, "\(kind) seed \(seed): \(id)")
                    if out.stdout.contains("waited for by") { waitedFor += 1 }
                    if !out.stderr.contains("  start\n") {
                        XCTAssertTrue(out.stderr.contains(kind == .todomd ? "scan cached columns for waiters" : "remembered with dependencies"), out.stderr)
                        remembered += 1
                    }
                }
            }
            XCTAssertGreaterThan(remembered, 10, "\(kind): most shows are answered without reading the vault")
            XCTAssertGreaterThan(waitedFor, 5, "\(kind): the vaults have tasks others wait for")
        }
    }

    /// A file changed, added or removed, or the tool's settings changed, since the last full read: read again.
    func testAChangedVaultOrSettingsIsReadAgain() throws {
        let (v, _) = generate(.tasknotes, seed: 3, n: 6)
        let cache = v.path + "/.cache-test"
        let lone = "Tasks/Lone.md"
        v.write(lone, "---\nstatus: open\ntags: [task]\n---\n")
        _ = try show(v, lone, cache: cache)
        XCTAssertFalse(try show(v, lone, cache: cache).stderr.contains("  start\n"), "answered from what was remembered")
        // Another task now waits for it: the listing changed, the vault is read, and it says so.
        v.write("Tasks/Waiter.md", "---\nstatus: open\ntags: [task]\nblockedBy:\n  - uid: \"[[Lone]]\"\n---\n")
        var out = try show(v, lone, cache: cache)
        XCTAssertTrue(out.stderr.contains("  start\n"), out.stderr)
        XCTAssertTrue(out.stdout.contains("waited for by      Tasks/Waiter.md"), out.stdout)
        // The plugin's settings changed (they may name the dependencies' key): the vault is read.
        v.write(".obsidian/plugins/tasknotes/data.json", #"{"tasksFolder": "Tasks/", "storeTitleInFilename": true, "fieldMapping": {"blockedBy": "after"}}"#)
        out = try show(v, lone, cache: cache)
        XCTAssertTrue(out.stderr.contains("  start\n"), out.stderr)
        XCTAssertEqual(out.stdout, try show(v, lone, cache: nil).stdout)
    }
}
