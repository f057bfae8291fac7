import XCTest
@testable import TaskEngine
@testable import TUI

final class ConflictTests: XCTestCase {
    func testConflictsAreShownWithBothVersionsAndResolvedByKeys() throws {
        let app = try Harness(files: [
            "report.md": f("title: Report\npriority: high"),
            "report (Ann's conflicted copy 2026-11-22).md": f("title: Report\npriority: low"),
            ".perspectives.json": #"{"version":1}"#,
            ".perspectives.sync-conflict-20261122-101500-ABC.json": #"{"version":1,"perspectives":{"x":{"id":"x","name":"Theirs","rules":{"operator":"AND","conditions":[]}}}}"#,
        ], width: 100, height: 30)
        XCTAssertTrue(app.lines.last!.contains("2 sync conflicts (\(app.keyLabel("conflicts")) resolves)"), app.lines.last!)
        app.press(.openConflicts)
        var text = app.text
        XCTAssertTrue(text.contains("Sync conflict 1 of 2"), text)
        XCTAssertTrue(text.contains("\(app.keyLabel("keep-original")) keeps − .perspectives.json"), text)
        app.press(.conflict(.resolve(.keepCopy)))                                  // take the other device's perspectives
        XCTAssertTrue(app.runtime.state.perspectives.contains { $0.name == "Theirs" })
        text = app.text
        XCTAssertTrue(text.contains("Sync conflict 1 of 1"), text)
        XCTAssertTrue(text.contains("priority: high") && text.contains("priority: low"), "both versions shown")
        app.press(.conflict(.resolve(.keepBoth)))                                  // keep both
        XCTAssertNil(app.runtime.state.conflictPanel)
        XCTAssertTrue(app.runtime.state.conflicts.isEmpty)
        XCTAssertEqual(app.file("report-conflict.md"), f("title: Report\npriority: low"))
        XCTAssertFalse(app.lines.last!.contains("sync conflict"))
        app.press(.undo)                                  // undo brings the copy back
        XCTAssertEqual(app.runtime.state.conflicts.count, 1)
        XCTAssertNil(app.file("report-conflict.md"))
    }

    func testTheTwoVersionsAreShownAsADiffThatScrolls() throws {
        var mine = "---\ntitle: Report\npriority: high\n---\n"
        var theirs = "---\ntitle: Report\npriority: low\ndue: 2026-11-30\n---\n"
        for i in 1...40 { mine += "line \(i)\n"; theirs += i == 33 ? "line 33 changed\n" : "line \(i)\n" }
        let app = try Harness(files: ["report.md": mine, "report.sync-conflict-20261122-101500-ABCDEFG.md": theirs,
                                      "a.md": f("title: A"), "a 2.md": f("title: A")], width: 100, height: 30)
        app.press(.openConflicts)
        var text = app.text
        XCTAssertTrue(text.contains("\(app.keyLabel("keep-original")) keeps − a.md") && text.contains("\(app.keyLabel("keep-copy")) keeps + a 2.md"), text)
        XCTAssertTrue(text.contains("The two versions are the same"), text)
        app.press(.conflict(.next(1)))
        text = app.text
        XCTAssertTrue(text.contains("Sync conflict 2 of 2"), text)
        XCTAssertTrue(text.contains("2 lines only in the original, 3 only in the copy"), text)
        // One column of old line numbers, one of new, the mark, the text; changed lines once each.
        XCTAssertTrue(app.lines.contains { $0.contains(" 3    − priority: high") }, text)
        XCTAssertTrue(app.lines.contains { $0.contains("    3 + priority: low") }, text)
        XCTAssertTrue(app.lines.contains { $0.contains("    4 + due: 2026-11-30") }, text)
        XCTAssertTrue(app.lines.contains { $0.contains(" 2  2   title: Report") }, text)
        XCTAssertEqual(app.lines.filter { $0.contains("title: Report") }.count, 1, "a line both have is shown once")
        XCTAssertFalse(text.contains("line 33 changed"), "below the fold")
        for _ in 0..<20 { app.press(.menu(.down)) }
        text = app.text
        XCTAssertTrue(app.lines.contains { $0.contains("− line 33") } && text.contains("+ line 33 changed"), text)
        XCTAssertTrue(app.screen[0, 0].text.isEmpty == false)
        app.press(.conflict(.next(-1)))
        XCTAssertTrue(app.text.contains("Sync conflict 1 of 2"), app.text)
    }

    /// Conflict copies that appear, change or go while the app runs are
    /// noticed like any other change, and the open view follows them.
    func testConflictCopiesAppearingChangingAndGoingWhileRunning() throws {
        let app = try Harness(files: ["report.md": f("title: Report\npriority: high"), ".perspectives.json": #"{"version":1}"#],
                              width: 100, height: 30)
        let monitor = VaultChangeMonitor(root: app.path, environment: [:])
        func settle(until done: () -> Bool) -> Bool { app.follow(monitor, seconds: 3, until: done) }
        XCTAssertTrue(app.runtime.state.conflicts.isEmpty)
        let copy = "report (Ann's conflicted copy 2026-11-23).md"
        try f("title: Report\npriority: low").write(toFile: app.path + "/" + copy, atomically: true, encoding: .utf8)
        XCTAssertTrue(settle { app.runtime.state.conflicts.count == 1 }, "a task's conflict copy is noticed")
        XCTAssertTrue(app.lines.last!.contains("A sync conflict appeared: \(copy)"), app.lines.last!)
        app.press(.move(1))
        XCTAssertTrue(app.lines.last!.contains("1 sync conflict (\(app.keyLabel("conflicts")) resolves)"), app.lines.last!)
        let pcopy = ".perspectives.sync-conflict-20261123-090000-XYZ.json"
        try #"{"version":1,"perspectives":{"t":{"id":"t","name":"Theirs","rules":{"operator":"AND","conditions":[]}}}}"#
            .write(toFile: app.path + "/" + pcopy, atomically: true, encoding: .utf8)
        XCTAssertTrue(settle { app.runtime.state.conflicts.count == 2 }, "the perspectives file's conflict copy is noticed")
        // The view is open on the task's conflict when its copy changes on disk: it shows the new text.
        app.press(.openConflicts)
        if !app.text.contains(copy) { app.press(.conflict(.next(1))) }
        XCTAssertTrue(app.text.contains("+ priority: low"), app.text)
        try f("title: Report\npriority: medium").write(toFile: app.path + "/" + copy, atomically: true, encoding: .utf8)
        XCTAssertTrue(settle { app.text.contains("+ priority: medium") }, app.text)
        // Resolved elsewhere (the copy deleted): the view moves to the conflict left, then closes when none is.
        try FileManager.default.removeItem(atPath: app.path + "/" + copy)
        XCTAssertTrue(settle { app.runtime.state.conflicts.count == 1 })
        XCTAssertTrue(app.text.contains("Sync conflict 1 of 1") && app.text.contains(pcopy), app.text)
        XCTAssertTrue(app.text.contains("Resolved elsewhere, showing the next conflict: "), app.text)
        try FileManager.default.removeItem(atPath: app.path + "/" + pcopy)
        XCTAssertTrue(settle { app.runtime.state.conflicts.isEmpty })
        XCTAssertNil(app.runtime.state.conflictPanel)
        XCTAssertTrue(app.lines.last!.contains("no sync conflicts are left"), app.lines.last!)
    }

    /// Without inotify (a network drive, TODOMD_POLL), polling finds the
    /// perspectives file's hidden conflict copies too.
    func testPollingNoticesAPerspectivesConflictCopy() throws {
        let app = try Harness(files: ["a.md": f("title: A"), ".perspectives.json": #"{"version":1}"#], width: 100, height: 30)
        let monitor = VaultChangeMonitor(root: app.path, environment: ["TODOMD_POLL": "1"])
        XCTAssertNotEqual(monitor.mode, .inotify)
        let copy = ".perspectives (conflicted copy 2026-11-23 101500).json"
        try #"{"version":1}"#.write(toFile: app.path + "/" + copy, atomically: true, encoding: .utf8)
        XCTAssertTrue(app.follow(monitor, seconds: 5) { app.runtime.state.conflicts.count == 1 }, "found by a poll")
        XCTAssertEqual(app.runtime.state.conflicts.first?.copy, copy)
        try FileManager.default.removeItem(atPath: app.path + "/" + copy)
        XCTAssertTrue(app.follow(monitor, seconds: 5) { app.runtime.state.conflicts.isEmpty }, "and its going")
    }

    /// An edit on disk lands between the view showing a conflict and the
    /// key that resolves it (before any watcher could tell): the key is
    /// refused, the edit and the copy stay, and the view shows the new state.
    func testAFileEditedAfterItWasShownIsNeverResolvedUnseen() throws {
        for (choice, edited) in [(ConflictChoice.keepCopy, "report.md"), (.keepOriginal, "report (conflicted copy 2026-11-22 101500).md"),
                                 (.keepBoth, "report.md"), (.keepCopy, "report (conflicted copy 2026-11-22 101500).md")] {
            let copy = "report (conflicted copy 2026-11-22 101500).md"
            let app = try Harness(files: ["report.md": f("title: Report\npriority: high"), copy: f("title: Report\npriority: low")],
                                  width: 100, height: 30)
            app.press(.openConflicts)
            XCTAssertTrue(app.text.contains("+ priority: low"), app.text)
            let edit = f("title: Report\npriority: medium")
            try edit.write(toFile: app.path + "/" + edited, atomically: true, encoding: .utf8)
            app.press(.conflict(.resolve(choice)))
            XCTAssertEqual(app.file(edited), edit, "\(choice) \(edited): the edit is kept")
            XCTAssertNotNil(app.file(copy), "the copy is still there")
            XCTAssertNil(app.file("report-conflict.md"))
            XCTAssertFalse(FileManager.default.fileExists(atPath: app.trash + "/files"), "nothing went to the trash")
            XCTAssertEqual(app.runtime.state.message, "Changed on disk since shown, not resolved (look again): \(edited)")
            XCTAssertTrue(app.text.contains("priority: medium"), "the view shows the file as it now is: \(app.text)")
            // Pressed again, on what is now shown, it is resolved.
            app.press(.conflict(.resolve(choice)))
            XCTAssertNil(app.file(copy), app.text)
        }
    }

    /// A perspectives copy that is not a perspectives file (broken, the
    /// wrong shape, empty) never replaces a valid one: `2` is refused with a
    /// word, and `1` (keep the original) still works.
    func testAnUnreadablePerspectivesCopyIsRefused() throws {
        let valid = #"{"version":1,"perspectives":{"x":{"id":"x","name":"Mine","rules":{"operator":"AND","conditions":[]}}}}"#
        for bad in ["{broken", #"{"version":1,"perspectives":[1,2]}"#, ""] {
            let copy = ".perspectives.sync-conflict-20261122-101500-ABC.json"
            let app = try Harness(files: ["a.md": f("title: A"), ".perspectives.json": valid, copy: bad], width: 100, height: 30)
            app.press(.openConflicts)
            app.press(.conflict(.resolve(.keepCopy)))
            XCTAssertEqual(app.file(".perspectives.json"), valid, bad)
            XCTAssertEqual(app.file(copy), bad)
            XCTAssertTrue(app.text.contains("Not resolved: the copy is not a perspectives file todomd can read"), app.text)
            XCTAssertTrue(app.runtime.state.perspectives.contains { $0.name == "Mine" })
            app.press(.conflict(.resolve(.keepOriginal)))
            XCTAssertNil(app.file(copy))
            XCTAssertEqual(try String(contentsOfFile: app.trash + "/files/" + copy, encoding: .utf8), bad, "the copy is in the trash")
            XCTAssertTrue(app.runtime.state.conflicts.isEmpty)
        }
    }

    /// The side not kept goes to the trash with its .trashinfo; u takes it out again.
    func testTheSideNotKeptGoesToTheTrashAndUndoBringsItBack() throws {
        let copy = "report.sync-conflict-20261122-101500-ABCDEFG.md"
        let mine = f("title: Report\npriority: high"), theirs = f("title: Report\npriority: low")
        let app = try Harness(files: ["report.md": mine, copy: theirs], width: 100, height: 30)
        app.press(.openConflicts)
        app.press(.conflict(.resolve(.keepCopy)))
        XCTAssertEqual(app.file("report.md"), theirs)
        XCTAssertNil(app.file(copy))
        XCTAssertEqual(try String(contentsOfFile: app.trash + "/files/report.md", encoding: .utf8), mine, "the original's old text")
        let info = try String(contentsOfFile: app.trash + "/info/report.md.trashinfo", encoding: .utf8)
        XCTAssertTrue(info.hasPrefix("[Trash Info]\nPath=\(TrashInfo.encode(app.path))/report.md\nDeletionDate="), info)
        app.press(.undo)
        XCTAssertEqual(app.file("report.md"), mine)
        XCTAssertEqual(app.file(copy), theirs)
        XCTAssertFalse(FileManager.default.fileExists(atPath: app.trash + "/files/report.md"), "out of the trash again")
        XCTAssertEqual(app.runtime.state.conflicts.count, 1)
    }

    /// The notes Obsidian names as duplicates are neither conflicts nor
    /// touched: an Obsidian vault with `OKR.md`, `OKR 2.md` and tasks.
    func testObsidianDuplicateNotesAreNotConflicts() throws {
        let note = "# OKR\n\n" + (1...53).map { "- key result \($0)" }.joined(separator: "\n") + "\n"
        let app = try Harness(files: [".obsidian/app.json": "{}", "OKR.md": f("title: OKR", body: note), "OKR 2.md": f("title: OKR", body: note),
                                      "OKR 3.md": f("title: OKR")], width: 100, height: 30)
        XCTAssertTrue(app.runtime.state.conflicts.isEmpty)
        XCTAssertFalse(app.lines.last!.contains("sync conflict"), app.lines.last!)
        app.press(.openConflicts)
        XCTAssertTrue(app.text.contains("No sync conflicts."), app.text)
    }
}
