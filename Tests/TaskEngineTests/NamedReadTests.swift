import Foundation
import XCTest
@testable import TaskEngine

/// A task read from its own file (`show`, `done`, `modify`) against what a
/// full load of the vault gives for the same id, over vaults with every
/// kind of entry the listing treats specially.
final class NamedReadTests: XCTestCase {
    /// Every id tried: tasks, and paths the listing never gives.
    static let ids = ["a.md", "A.MD", "work/b.md", "work/deep/c.md", "a", "work/b", ".hidden.md", ".obsidian/x.md", "work/.h/y.md",
                      "../a.md", "/a.md", "work//b.md", "work/../a.md", "f.md", "f.md/inner.md", "link/z.md", "real/z.md", "ln.md",
                      "dead.md", "loop.md", "broken.md", "notes.txt", "missing.md", "work/missing.md", "nofolder/x.md", "a.md/x.md",
                      "TaskNotes/Tasks/Buy milk.md", "TaskNotes/Tasks/Plain note.md", "Elsewhere/Tagged.md", "fifo.md", "日本/é.md"]

    func makeVault(taskNotes: Bool) -> TempDir {
        let v = TempDir()
        v.write("a.md", "---\ntitle: Alpha\ntags: [task]\n---\nNotes\n")
        v.write("A.MD", "---\ntitle: Upper\ntags: [task]\n---\n")
        v.write("work/b.md", "---\ntitle: Beta\nstatus: doing\ndue: 2026-11-30\ntags: [task]\n---\n")
        v.write("work/deep/c.md", "---\ntitle: Gamma\ntags: [task]\n---\n")
        v.write(".hidden.md", "---\ntitle: Hidden\n---\n")
        v.write(".obsidian/x.md", "---\ntitle: Hidden folder\n---\n")
        v.write("work/.h/y.md", "---\ntitle: Hidden below\n---\n")
        v.write("f.md/inner.md", "---\ntitle: In a folder named f.md\ntags: [task]\n---\n")
        v.write("real/z.md", "---\ntitle: Zed\ntags: [task]\n---\n")
        symlink(v.path + "/real", v.path + "/link")
        symlink(v.path + "/a.md", v.path + "/ln.md")
        symlink(v.path + "/gone.md", v.path + "/dead.md")
        symlink(v.path + "/loop.md", v.path + "/loop.md")
        mkfifo(v.path + "/fifo.md", 0o644)
        v.write("broken.md", "---\ntitle: [oops\n---\n")
        v.write("notes.txt", "not a task")
        v.write("日本/é.md", "---\ntitle: Wide\ntags: [task]\n---\n")
        if taskNotes {
            v.write(".obsidian/plugins/tasknotes/data.json", VaultProfileTests.taskNotesSettings)
            v.write("TaskNotes/Tasks/Buy milk.md", VaultProfileTests.buyMilk)
            v.write("TaskNotes/Tasks/Plain note.md", "---\ntitle: No task tag\n---\n")
            v.write("Elsewhere/Tagged.md", "---\ntitle: Tagged outside the folder\ntags: [task]\n---\n")
        }
        return v
    }

    func testEachIdReadsAsTheFullLoadReadsIt() throws {
        for taskNotes in [false, true] {
            let v = makeVault(taskNotes: taskNotes)
            let full = try VaultLoader.load(root: v.path, timeZone: utc)
            var unsure: [String] = []
            for id in Self.ids {
                let context = "\(id) (\(taskNotes ? "TaskNotes vault" : "todomd vault"))"
                let read = VaultLoader.readNamed(id, root: v.path, timeZone: utc)
                switch read {
                case .found(let t):
                    XCTAssertEqual(t, full.task(id: id), context)
                case .unreadable(let p):
                    XCTAssertEqual(p, full.unreadable.first { $0.id == id }, context)
                case .absent:
                    XCTAssertNil(full.task(id: id), context)
                    XCTAssertFalse(full.unreadable.contains { $0.id == id }, context)
                case .unsure:
                    unsure.append(id)
                }
                if full.task(id: id) != nil, case .absent = read { XCTFail("\(context): a task the full load reads") }
            }
            // Only links and special files are left to the full load.
            XCTAssertEqual(Set(unsure), ["ln.md", "dead.md", "loop.md", "fifo.md"], taskNotes ? "TaskNotes" : "todomd")
            XCTAssertGreaterThanOrEqual(full.tasks.count, taskNotes ? 1 : 6)
        }
    }
}
