import Foundation
import XCTest

/// `show`, `done` and `modify` read the task they name from its own file
/// (not the whole vault): the real binary gives the same answers, errors
/// and writes as a full read, for every kind of id.
final class NamedTaskCLITests: XCTestCase {
    func run(_ v: TempVault, _ args: [String]) throws -> Binary.Output {
        try Binary.run(args + ["--vault", v.path, "--today", "2026-11-22"],
                       env: ["XDG_CACHE_HOME": v.path + "/.cache-test", "TODOMD_TRACE": "1"])
    }

    /// Whether the run read the whole vault.
    func readAll(_ out: Binary.Output) -> Bool { out.stderr.contains("files") && out.stderr.contains("list ") }

    func testANamedTaskIsReadFromItsFileWithTheSameAnswers() throws {
        let v = TempVault()
        for i in 0..<300 { v.write("bulk/t\(i).md", "---\ntitle: Bulk \(i)\n---\n") }
        v.write("work/report.md", "---\ntitle: Write the report\nstatus: todo\ndue: 2026-11-25\n---\nNotes here\n")
        v.write(".obsidian/hidden.md", "---\ntitle: Hidden\n---\n")
        v.write("real/z.md", "---\ntitle: Zed\n---\n")
        symlink(v.path + "/real", v.path + "/link")
        symlink(v.path + "/work/report.md", v.path + "/alias.md")
        // (The cache filled: a full read would now come from it. Its columns also tell `show` that no
        // task waits for the one shown, which a vault with an unreadable file could not tell without a read.)
        _ = try run(v, ["count"])

        let show = try run(v, ["show", "work/report"])
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.hasPrefix("Write the report\n"), show.stdout)
        XCTAssertTrue(show.stdout.contains("Notes here"), show.stdout)
        XCTAssertFalse(readAll(show), "one file read: \(show.stderr)")
        XCTAssertEqual(try run(v, ["show", "./work/report.md"]).stdout, show.stdout)

        v.write("broken.md", "---\ntitle: [oops\n---\n")
        for (id, message) in [("missing", "no task with id 'missing'"), (".obsidian/hidden.md", "no task with id '.obsidian/hidden.md'"),
                              ("link/z.md", "no task with id 'link/z.md'"), ("../outside.md", "no task with id '../outside.md'"),
                              ("broken.md", "broken.md cannot be read:")] {
            let out = try run(v, ["show", id])
            XCTAssertNotEqual(out.status, 0, id)
            XCTAssertTrue(out.stderr.contains(message), "\(id): \(out.stderr)")
            XCTAssertFalse(readAll(out), "\(id): \(out.stderr)")
        }
        // A link to a file is what a full read describes: the vault is read for it, and it shows.
        let alias = try run(v, ["show", "alias.md"])
        XCTAssertEqual(alias.status, 0, alias.stderr)
        XCTAssertTrue(alias.stdout.hasPrefix("Write the report\n"), alias.stdout)
        XCTAssertTrue(readAll(alias), alias.stderr)

        // Writes: one file read and written, the rest untouched.
        let done = try run(v, ["done", "work/report.md"])
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertFalse(readAll(done), done.stderr)
        XCTAssertTrue(v.text("work/report.md")!.contains("status: done"), v.text("work/report.md")!)
        let modified = try run(v, ["modify", "bulk/t1.md", "bulk/t2", "--flag"])
        XCTAssertEqual(modified.status, 0, modified.stderr)
        XCTAssertTrue(v.text("bulk/t1.md")!.contains("flagged: true") && v.text("bulk/t2.md")!.contains("flagged: true"))
        XCTAssertEqual(v.text("bulk/t3.md"), "---\ntitle: Bulk 3\n---\n")
        // One bad id among several: nothing is written.
        let refused = try run(v, ["modify", "bulk/t4.md", "nope.md", "--flag"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("no task with id 'nope.md'"), refused.stderr)
        XCTAssertEqual(v.text("bulk/t4.md"), "---\ntitle: Bulk 4\n---\n")
        // And the next list sees the writes.
        let listed = try run(v, ["list", "--where", "flagged"])
        XCTAssertTrue(listed.stdout.contains("Bulk 1") && listed.stdout.contains("Bulk 2"), listed.stdout)
    }
}
