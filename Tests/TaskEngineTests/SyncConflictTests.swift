import Foundation
import XCTest
@testable import TaskEngine

final class SyncConflictTests: XCTestCase {
    /// A copy's name for the original `Plan.md`, with what it takes besides.
    static let copyShapes: [(name: String, evidence: SyncConflictName.Evidence)] = [
        ("Plan.sync-conflict-20261127-153012-ABCDEFG.md", .name),          // Syncthing
        ("Plan (Anna's conflicted copy 2026-11-27).md", .name),             // Dropbox
        ("Plan (conflicted copy 2026-11-27 153012).md", .name),             // Nextcloud, ownCloud, Dropbox
        ("Plan_conflict-20261127-153012.md", .name),                        // ownCloud's older clients
        ("Plan.Conflict.md", .name), ("Plan.Conflict2.md", .name),          // Resilio
        ("Plan-DESKTOP-AB12CD3.md", .name), ("Plan-LAPTOP-AB12CD34.md", .name),  // OneDrive, Windows' default machine names
        ("Plan-MYPC.md", .sameTitle),                                       // OneDrive, another machine name
        ("Plan (1).md", .sameTitle),                                        // Google Drive
        ("Plan 2.md", .sameTitleOutsideObsidian), ("Plan 3.md", .sameTitleOutsideObsidian),  // iCloud
    ]

    /// Names beside `Plan.md` that no sync tool makes.
    static let ordinaryNames = ["Plan 1.md", "Plan-2.md", "Plan v2.md", "Plan-notes.md", "Plan (draft).md", "Plan 10.md", "Plan.sync-conflict.md",
                                "Plan-2026.md", "Plan-A.md", "Plan conflict.md", "Plan-conflict.md", "Plan (conflicted).md", "Plan2.md"]

    func testEveryToolsShapeNamesItsOriginal() {
        for (name, evidence) in Self.copyShapes {
            for dir in ["", "work/", "deep/er/"] {
                let m = SyncConflictName.match(dir + name)
                XCTAssertEqual(m?.original, dir + "Plan.md", dir + name)
                XCTAssertEqual(m?.evidence, evidence, dir + name)
                XCTAssertTrue(SyncConflict.mayBeACopy(dir + name), "the first look lets \(dir + name) through")
            }
        }
        for name in Self.ordinaryNames { XCTAssertNil(SyncConflictName.match(name), name) }
        XCTAssertEqual(SyncConflictName.match(".perspectives.sync-conflict-20261122-101500-XYZ.json")?.original, ".perspectives.json")
        XCTAssertEqual(SyncConflictName.match(".perspectives (conflicted copy 2026-11-22 101500).json")?.original, ".perspectives.json")
        XCTAssertEqual(SyncConflictName.match("Plan-DESKTOP-AB12CD3-DESKTOP-XY34567.md")?.original, "Plan-DESKTOP-AB12CD3.md")
    }

    /// Every copy's shape beside its original, in every combination of: the
    /// copy a task or a note; the original a task, a note, or missing; the
    /// same title or another; an Obsidian vault or not. The conflicts found
    /// are exactly those the rule names: a tool's shape, both tasks, the
    /// original there, and what the shape needs besides (the same title;
    /// for `x 2.md`, also not in an Obsidian vault). Ordinary names never count.
    func testTheConflictsFoundAreExactlyThoseTheRuleNames() {
        enum Side: CaseIterable { case task, note, missing }
        for obsidian in [false, true] {
            let dir = TempDir()
            if obsidian { dir.write(".obsidian/app.json", "{}") }
            var titles: [String: String] = [:]
            var ids: [String] = []
            var expected: Set<SyncConflict> = []
            var n = 0
            let names = Self.copyShapes.map { ($0.name, Optional($0.evidence)) } + Self.ordinaryNames.map { ($0, nil) }
            for (name, evidence) in names {
                for copyIsTask in [true, false] {
                    for original in Side.allCases {
                        for sameTitle in [true, false] {
                            n += 1
                            let folder = "case\(n)/"
                            let copy = folder + name, orig = folder + "Plan.md"
                            ids.append(copy)
                            if copyIsTask { titles[copy] = sameTitle ? "Plan" : "Plan (theirs)" }
                            if original != .missing { ids.append(orig) }
                            if original == .task { titles[orig] = "Plan" }
                            let counts: Bool
                            switch evidence {
                            case nil: counts = false
                            case .name?: counts = true
                            case .sameTitle?: counts = sameTitle
                            case .sameTitleOutsideObsidian?: counts = sameTitle && !obsidian
                            }
                            if counts && copyIsTask && original == .task { expected.insert(SyncConflict(original: orig, copy: copy)) }
                        }
                    }
                }
            }
            let found = SyncConflict.find(root: dir.path, ids: ids.shuffled()) { titles[$0] }
            XCTAssertEqual(Set(found), expected, "obsidian: \(obsidian)")
            XCTAssertEqual(found.count, expected.count, "each once")
            XCTAssertEqual(found.map(\.copy), found.map(\.copy).sorted())
            // 8 shapes that say so (each with either title), 2 that need one title, 2 of iCloud's outside Obsidian.
            XCTAssertEqual(expected.count, obsidian ? 8 * 2 + 2 : 8 * 2 + 2 + 2, "the sweep covers every kind of evidence")
        }
    }

    /// The vault the issue was found in: an Obsidian vault (TaskNotes) whose
    /// notes `OKR.md`, `OKR 2.md`, `OKR 3.md` and `Untitled 1.md` are
    /// Obsidian's own duplicates, and a task with a real Syncthing copy.
    /// Read as todomd reads it, only the task's copy is a conflict; the same
    /// names in a vault that is not Obsidian's, as tasks with one title, are
    /// iCloud's copies.
    func testObsidianDuplicatesAreNotConflictsButSyncCopiesAre() throws {
        let dir = TempDir()
        dir.write(".obsidian/plugins/tasknotes/data.json", VaultProfileTests.taskNotesSettings)
        let note = "# OKR\n\n" + (1...53).map { "- objective \($0)" }.joined(separator: "\n") + "\n"
        for name in ["OKR.md", "OKR 2.md", "OKR 3.md", "Untitled.md", "Untitled 1.md"] { dir.write(name, note) }
        let task = "---\ntitle: Ship it\nstatus: open\ntags: [task]\n---\n"
        dir.write("TaskNotes/Tasks/Ship it.md", task)
        dir.write("TaskNotes/Tasks/Ship it.sync-conflict-20261127-153012-ABCDEFG.md", task.replacingOccurrences(of: "open", with: "done"))
        dir.write("TaskNotes/Tasks/Ship it 2.md", task)  // a task, one title: but Obsidian names duplicates so
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        XCTAssertEqual(SyncConflict.find(root: dir.path, snapshot: snapshot),
                       [SyncConflict(original: "TaskNotes/Tasks/Ship it.md", copy: "TaskNotes/Tasks/Ship it.sync-conflict-20261127-153012-ABCDEFG.md")])

        let plain = TempDir()
        plain.write("report.md", "---\ntitle: Report\n---\n")
        plain.write("report 2.md", "---\ntitle: Report\n---\nmore\n")
        plain.write("plan.md", "---\ntitle: Plan\n---\n")
        plain.write("plan 2.md", "---\ntitle: Another plan\n---\n")
        let found = SyncConflict.find(root: plain.path, snapshot: try VaultLoader.load(root: plain.path, timeZone: utc))
        XCTAssertEqual(found, [SyncConflict(original: "report.md", copy: "report 2.md")])
    }

    func testFindAndResolveEachWayTheOtherSideGoesToTheTrash() throws {
        for choice in [SyncConflict.Resolution.keepOriginal, .keepCopy, .keepBoth] {
            let dir = TempDir()
            let trash = VaultTrash(place: .freedesktop(home: dir.path + "/.data/Trash"))
            dir.write("report.md", "---\ntitle: Mine\n---\n")
            dir.write("report.sync-conflict-20261122-101500-ABC.md", "---\ntitle: Theirs\n---\n")
            dir.write(".perspectives.json", "{}")
            dir.write(".perspectives (conflicted copy 2026-11-22).json", "{\"version\": 1}")
            let found = SyncConflict.find(root: dir.path, snapshot: try VaultLoader.load(root: dir.path, timeZone: utc))
            XCTAssertEqual(found.map(\.original), [".perspectives.json", "report.md"])
            let c = found[1]
            let outcome = try c.resolve(choice, root: dir.path, shown: c.read(root: dir.path), trash: trash)
            XCTAssertNil(dir.read(c.copy), "the copy is gone")
            let trashed = outcome.trashed.map { String(decoding: FileManager.default.contents(atPath: $0.entry.file)!, as: UTF8.self) }
            switch choice {
            case .keepOriginal:
                XCTAssertEqual(dir.text("report.md"), "---\ntitle: Mine\n---\n")
                XCTAssertEqual(trashed, ["---\ntitle: Theirs\n---\n"], "the copy is in the trash")
            case .keepCopy:
                XCTAssertEqual(dir.text("report.md"), "---\ntitle: Theirs\n---\n")
                XCTAssertEqual(trashed, ["---\ntitle: Mine\n---\n"], "the original's old text is in the trash")
                XCTAssertEqual(outcome.trashed.first?.entry.file, dir.path + "/.data/Trash/files/report.md")
            case .keepBoth:
                XCTAssertEqual(dir.text("report.md"), "---\ntitle: Mine\n---\n")
                XCTAssertEqual(dir.text("report-conflict.md"), "---\ntitle: Theirs\n---\n")
                XCTAssertEqual(trashed, [])
            }
            let left = SyncConflict.find(root: dir.path, snapshot: try VaultLoader.load(root: dir.path, timeZone: utc))
            XCTAssertEqual(left.count, 1, "the perspectives conflict remains")
            try left[0].resolve(.keepCopy, root: dir.path, shown: left[0].read(root: dir.path), trash: trash)
            XCTAssertEqual(dir.text(".perspectives.json"), "{\"version\": 1}")
        }
    }

    /// The view showed both files; one changed before the key was pressed:
    /// every resolution is refused and both files stay as they are now.
    func testAFileChangedSinceShownRefusesEveryResolution() throws {
        for choice in [SyncConflict.Resolution.keepOriginal, .keepCopy, .keepBoth] {
            for changed in ["report.md", "report (conflicted copy 2026-11-22 101500).md"] {
                let dir = TempDir()
                let trash = VaultTrash(place: .freedesktop(home: dir.path + "/.data/Trash"))
                let c = SyncConflict(original: "report.md", copy: "report (conflicted copy 2026-11-22 101500).md")
                dir.write(c.original, "---\ntitle: Mine\n---\n")
                dir.write(c.copy, "---\ntitle: Theirs\n---\n")
                let shown = c.read(root: dir.path)
                dir.write(changed, "---\ntitle: Edited meanwhile\n---\n")
                let now = c.read(root: dir.path)
                XCTAssertThrowsError(try c.resolve(choice, root: dir.path, shown: shown, trash: trash), "\(choice) \(changed)") {
                    XCTAssertEqual($0 as? VaultError, .changedOnDisk(changed))
                }
                XCTAssertEqual(c.read(root: dir.path), now, "nothing was written")
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/.data/Trash/files"), "nothing went to the trash")
                XCTAssertNil(dir.read("report-conflict.md"))
                // The copy removed since it was shown: refused too.
                unlink(dir.path + "/" + c.copy)
                XCTAssertThrowsError(try c.resolve(choice, root: dir.path, shown: now, trash: trash))
                XCTAssertEqual(dir.text(c.original), now.original.map { String(decoding: $0, as: UTF8.self) })
            }
        }
    }

    /// A perspectives copy that does not read as a perspectives file (broken
    /// JSON, the wrong shape, nothing) never replaces a valid one.
    func testAnUnreadablePerspectivesCopyIsRefused() throws {
        let valid = #"{"version":1,"perspectives":{"x":{"id":"x","name":"Mine","rules":{"operator":"AND","conditions":[]}}}}"#
        for bad in ["{broken", "[1, 2, 3]", "", #"{"version":1,"perspectives":[]}"#, #"{"version":"one"}"#] {
            let dir = TempDir()
            let trash = VaultTrash(place: .freedesktop(home: dir.path + "/.data/Trash"))
            dir.write(".perspectives.json", valid)
            dir.write(".perspectives.sync-conflict-20261122-101500-ABC.json", bad)
            let c = try XCTUnwrap(SyncConflict.find(root: dir.path, ids: [], title: { _ in nil }).first)
            XCTAssertThrowsError(try c.resolve(.keepCopy, root: dir.path, shown: c.read(root: dir.path), trash: trash), bad) {
                XCTAssertTrue("\($0)".contains("is not a perspectives file todomd can read"), "\($0)")
            }
            XCTAssertEqual(dir.text(".perspectives.json"), valid, bad)
            XCTAssertEqual(dir.text(c.copy), bad)
            // Keeping the original is still possible: the copy goes to the trash.
            try c.resolve(.keepOriginal, root: dir.path, shown: c.read(root: dir.path), trash: trash)
            XCTAssertNil(dir.read(c.copy))
            XCTAssertEqual(FileManager.default.contents(atPath: dir.path + "/.data/Trash/files/" + c.copy).map { [UInt8]($0) }, Array(bad.utf8))
        }
    }

    /// The first look at every file of a vault (through its bytes) says yes
    /// to every name a plain reading of the shapes' ends lets through, and to
    /// nothing else: 4,000 generated names, short and long, ASCII and not,
    /// with near misses. Every name a shape matches is among them.
    func testTheFirstLookMatchesAPlainSearch() {
        var random = SeededRandom(seed: 77)
        let pieces = ["conflict", "conflic", "onflict", "Conflict", "conf", "lict", "c", " ", " 2", " 9", " 1", " x", ".md", ".MD", "é", "日本",
                      "notes", "/", "-", "sync-", "(Ann's ", "copy)", "2", "t", "(1)", ")", "-PC", "-DESKTOP-AB12CD3", "AB", "-a"]
        for _ in 0..<4_000 {
            let name = (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let file = name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
            let dot = file.lastIndex(of: ".")
            let stem = dot == nil || dot == file.startIndex ? file : String(file[..<dot!])
            let s = Array(stem.utf8)
            let endsLikeICloud = s.count >= 2 && s[s.count - 2] == 0x20 && (0x32...0x39).contains(s[s.count - 1])
            let run = s.reversed().prefix { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
            let machine = run.count >= 2 && run.count <= 15 && s.count > run.count && s[s.count - run.count - 1] == 0x2D
                && run.contains { $0 >= 0x41 }
            let want = endsLikeICloud || s.last == 0x29 || machine || name.contains("conflict") || name.contains("Conflict")
            XCTAssertEqual(SyncConflict.mayBeACopy(name), want, name)
            if SyncConflictName.match(name) != nil { XCTAssertTrue(SyncConflict.mayBeACopy(name), name) }
        }
    }

    /// The perspectives file's copies are found among the top folder's names
    /// without a string made for each of the others: the same names a full
    /// listing of the folder gives, beside 3,000 task files.
    func testThePerspectivesCopiesAreFoundAmongManyFiles() throws {
        let dir = TempDir()
        for i in 0..<3_000 { dir.write("task-\(i).md", "x") }
        let names = [".perspectives.json", ".perspectives (conflicted copy 2026-11-22).json", ".perspectives.sync-conflict-20261122-101500-X.json",
                     ".perspectives", ".perspectives-é.json", ".perspective.json", "perspectives.json", "x.perspectives.json"]
        for n in names { dir.write(n, "{}") }
        let all = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        XCTAssertEqual(Set(SyncConflict.namesInFolder(dir.path, startingWith: ".perspectives")), Set(all.filter { $0.hasPrefix(".perspectives") }))
        XCTAssertEqual(SyncConflict.namesInFolder(dir.path, startingWith: ".perspectives").count, 5)
        XCTAssertEqual(SyncConflict.namesInFolder(dir.path + "/missing", startingWith: "."), [])
        XCTAssertEqual(SyncConflict.find(root: dir.path, ids: [], title: { _ in nil }).map(\.copy).sorted(),
                       [".perspectives (conflicted copy 2026-11-22).json", ".perspectives.sync-conflict-20261122-101500-X.json"])
    }
}
