import Foundation
import Synchronization
import XCTest
@testable import TaskEngine

/// Links, permissions, odd directory entries, same-size edits with the old
/// time put back, and writers racing on one file.
final class FileSafetyTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func load(_ dir: TempDir, _ id: String) throws -> TaskItem {
        try VaultLoader.loadOne(root: dir.path, id: id, timeZone: utc).get()
    }

    func testALinkInsideTheVaultIsWrittenThroughAndStaysALink() throws {
        let dir = TempDir()
        dir.write("real/target.md", "---\ntitle: Target\n---\n")
        XCTAssertEqual(symlink("real/target.md", dir.path + "/link.md"), 0)
        var t = try load(dir, "link.md")
        t.setStatus(.done)
        _ = try VaultWriter(root: dir.path, timeZone: utc).update(t, now: now)
        let attrs = try FileManager.default.attributesOfItem(atPath: dir.path + "/link.md")
        XCTAssertEqual(attrs[.type] as? FileAttributeType, .typeSymbolicLink, "still a link")
        XCTAssertTrue(dir.text("real/target.md")!.contains("status: done"), "the target changed")
    }

    func testALinkOutsideTheVaultOrBrokenIsRefused() throws {
        let dir = TempDir(), outside = TempDir()
        outside.write("o.md", "---\ntitle: Outside\n---\n")
        XCTAssertEqual(symlink(outside.path + "/o.md", dir.path + "/out.md"), 0)
        var t = try load(dir, "out.md")
        t.flagged = true
        XCTAssertThrowsError(try VaultWriter(root: dir.path, timeZone: utc).update(t)) { e in
            XCTAssertTrue("\(e)".contains("outside the vault"), "\(e)")
        }
        XCTAssertEqual(outside.text("o.md"), "---\ntitle: Outside\n---\n")
        // Broken after it was read: refused, nothing created.
        try FileManager.default.removeItem(atPath: outside.path + "/o.md")
        XCTAssertThrowsError(try VaultWriter(root: dir.path, timeZone: utc).update(t))
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside.path + "/o.md"))
    }

    func testAReadOnlyFileIsRefusedAndKeepsItsMode() throws {
        let dir = TempDir()
        dir.write("ro.md", "---\ntitle: RO\n---\n")
        chmod(dir.path + "/ro.md", 0o444)
        defer { chmod(dir.path + "/ro.md", 0o644) }
        var t = try load(dir, "ro.md")
        t.setStatus(.done)
        XCTAssertThrowsError(try VaultWriter(root: dir.path, timeZone: utc).update(t)) { e in
            XCTAssertEqual("\(e)", "ro.md is read-only (mode 0444); todomd never changes permissions, so nothing was written")
        }
        XCTAssertThrowsError(try VaultWriter(root: dir.path, timeZone: utc).delete(t))
        XCTAssertEqual(dir.text("ro.md"), "---\ntitle: RO\n---\n")
        var st = stat()
        stat(dir.path + "/ro.md", &st)
        XCTAssertEqual(st.st_mode & 0o777, 0o444)
    }

    func testAWriteKeepsTheFilesModeWhateverItIs() throws {
        for mode: mode_t in [0o600, 0o640, 0o664, 0o755] {
            let dir = TempDir()
            dir.write("m.md", "---\ntitle: M\n---\n")
            chmod(dir.path + "/m.md", mode)
            var t = try load(dir, "m.md")
            t.flagged = true
            _ = try VaultWriter(root: dir.path, timeZone: utc).update(t, now: now)
            var st = stat()
            stat(dir.path + "/m.md", &st)
            XCTAssertEqual(st.st_mode & 0o777, mode)
        }
    }

    func testOddEntriesAreReportedNotSkippedInSilence() throws {
        let dir = TempDir()
        dir.write("ok.md", "---\ntitle: OK\n---\n")
        XCTAssertEqual(symlink("nowhere.md", dir.path + "/dangling.md"), 0)
        XCTAssertEqual(symlink("loop.md", dir.path + "/loop.md"), 0)
        let name: [UInt8] = Array((dir.path + "/caf").utf8) + [0xE9] + Array(".md".utf8) + [0]
        let fd = name.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        let listing = try VaultListing.listing(root: dir.path)
        XCTAssertEqual(listing.files.map(\.id), ["ok.md"])
        let reasons = Dictionary(uniqueKeysWithValues: listing.problems.map { ($0.id, $0.reason) })
        XCTAssertEqual(reasons["dangling.md"], "a link whose target is missing")
        XCTAssertEqual(reasons["loop.md"], "a link that loops back on itself")
        XCTAssertEqual(reasons["caf\\xE9.md"], "the name is not UTF-8 text; rename it to read it")
        XCTAssertEqual(listing.problems.count, 3)
    }

    /// A same-size edit with the old modification time put back is still
    /// seen: by the listing (so the cache and the watcher notice) and by the writer.
    func testASameSizeEditWithTheOldTimeRestoredIsNoticed() throws {
        let dir = TempDir()
        dir.write("s.md", "---\ntitle: Same\npriority: low\n---\n")
        let path = dir.path + "/s.md"
        var st = stat()
        stat(path, &st)
        let before = try VaultListing.listing(root: dir.path).files[0]
        var t = try load(dir, "s.md")
        usleep(20_000)
        dir.write("s.md", "---\ntitle: Same\npriority: mid\n---\n")  // same size
        var times = [st.st_atim, st.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        let after = try VaultListing.listing(root: dir.path).files[0]
        XCTAssertEqual(before.size, after.size)
        XCTAssertNotEqual(before.mtime, after.mtime, "the change time moved")
        t.flagged = true
        XCTAssertThrowsError(try VaultWriter(root: dir.path, timeZone: utc).update(t)) { e in
            XCTAssertEqual(e as? VaultError, .changedOnDisk("s.md"))
        }
        XCTAssertEqual(dir.text("s.md"), "---\ntitle: Same\npriority: mid\n---\n")
    }

    /// Threads writing one file through the vault lock: every write that says
    /// it succeeded is in the file; the others were refused, never lost.
    func testConcurrentWritersNeverLoseAnAcceptedChange() throws {
        let dir = TempDir()
        let keys = ["area", "project", "source", "recurrence"]
        for round in 0..<40 {
            dir.write("r.md", "---\ntitle: Race \(round)\n---\n")
            let start = try load(dir, "r.md")
            let won = Mutex([Bool](repeating: false, count: keys.count))
            DispatchQueue.concurrentPerform(iterations: keys.count) { i in
                var t = start
                switch i {
                case 0: t.area = "A\(round)"
                case 1: t.project = "P\(round)"
                case 2: t.source = "S\(round)"
                default: t.recurrence = "FREQ=DAILY"
                }
                let done = (try? VaultWriter(root: dir.path, timeZone: utc).update(t)) != nil
                won.withLock { $0[i] = done }
            }
            let ok = won.withLock { $0 }
            let final = try load(dir, "r.md")
            XCTAssertEqual(ok.filter { $0 }.count, 1, "all started from one version: exactly one may win")
            XCTAssertEqual(final.area != nil, ok[0])
            XCTAssertEqual(final.project != nil, ok[1])
            XCTAssertEqual(final.source != nil, ok[2])
            XCTAssertEqual(final.recurrence != nil, ok[3])
        }
    }

    func testTheSafeReplaceRefusesWhenTheBytesChangedAfterTheyWereRead() throws {
        let dir = TempDir()
        dir.write("f.md", "one")
        let path = dir.path + "/f.md"
        XCTAssertFalse(try AtomicFile.replace(path, expected: Array("zero".utf8), with: Array("two".utf8)))
        XCTAssertEqual(dir.text("f.md"), "one")
        XCTAssertTrue(try AtomicFile.replace(path, expected: Array("one".utf8), with: Array("two".utf8)))
        XCTAssertEqual(dir.text("f.md"), "two")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["f.md"], "no temporary left behind")
    }

    /// A replace that finds the old file written to after its rename puts the old file back;
    /// what a program appended to the new file in that instant is kept after it, and a file
    /// someone else replaced meanwhile is left alone.
    func testPuttingTheOldFileBackKeepsWhatWasAppendedToTheNewOne() throws {
        let cases: [(now: String, expected: String)] = [
            ("ours\n", "theirs\nline 1\n"),
            ("ours\nline 9\n", "theirs\nline 1\nline 9\n"),
            ("ours\nline 9\nline 10\n", "theirs\nline 1\nline 9\nline 10\n"),
            ("someone else's\n", "someone else's\n"),
            ("", ""),
        ]
        for c in cases {
            let dir = TempDir()
            dir.write("f.md", c.now)
            AtomicFile.putBack(Array("theirs\nline 1\n".utf8), over: dir.path + "/f.md", ours: Array("ours\n".utf8))
            XCTAssertEqual(dir.text("f.md"), c.expected, c.now)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["f.md"], "no temporary left behind")
        }
    }

    func testTheUndoHistoryStaysWithinItsByteBound() throws {
        let dir = TempDir()
        let path = dir.path + "/big.md"
        let history = UndoHistory(root: dir.path)
        history.maxBytes = 5_000_000
        for i in 0..<10 {
            history.record("step \(i)", paths: [path]) {
                dir.write("big.md", Array(repeating: UInt8(0x41 + i), count: 1_000_000))
                return ((), [])
            }
        }
        XCTAssertEqual(history.undoStack.map(\.label), ["step 8", "step 9"], "2 MB a step (before and after): the oldest go first")
        XCTAssertEqual(try history.undo().label, "step 9")
        XCTAssertEqual(dir.read("big.md"), Array(repeating: UInt8(0x41 + 8), count: 1_000_000))
    }

    func testANewTaskNeverTakesTheNameOfADanglingLink() throws {
        let dir = TempDir()
        XCTAssertEqual(symlink("gone.md", dir.path + "/call-anna.md"), 0)
        let saved = try VaultWriter(root: dir.path, timeZone: utc).create(TaskItem(id: "", title: "Call Anna"))
        XCTAssertEqual(saved.id, "call-anna-2.md")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/call-anna.md"), "gone.md")
    }

    /// Undo is a write like any other: a file made read-only since is refused, and nothing of the step is applied.
    func testUndoRefusesAFileMadeReadOnlySinceAndAppliesNothing() throws {
        let dir = TempDir()
        dir.write("a.md", "---\ntitle: A\n---\n")
        dir.write("b.md", "---\ntitle: B\n---\n")
        let history = UndoHistory(root: dir.path)
        history.record("two files", paths: [dir.path + "/a.md", dir.path + "/b.md"]) {
            dir.write("a.md", "---\ntitle: A2\n---\n")
            dir.write("b.md", "---\ntitle: B2\n---\n")
            return ((), [])
        }
        chmod(dir.path + "/b.md", 0o444)
        defer { chmod(dir.path + "/b.md", 0o644) }
        XCTAssertThrowsError(try history.undo()) { e in XCTAssertTrue("\(e)".contains("read-only"), "\(e)") }
        XCTAssertEqual(dir.text("a.md"), "---\ntitle: A2\n---\n", "the step is undone whole or not at all")
        XCTAssertEqual(dir.text("b.md"), "---\ntitle: B2\n---\n")
        XCTAssertEqual(history.undoStack.count, 1, "still there to undo once the file is writable")
    }
}
