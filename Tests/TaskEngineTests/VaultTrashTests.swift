import Foundation
import XCTest
@testable import TaskEngine

/// Removed files go to a trash: the freedesktop.org layout (`files/`,
/// `info/NAME.trashinfo`) or an Obsidian vault's own `.trash/`.
final class VaultTrashTests: XCTestCase {
    let date = Date(timeIntervalSince1970: 1_795_786_212)  // 2026-11-27 13:30:12 UTC

    func testTheTrashInfoTextFollowsTheSpec() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        XCTAssertEqual(TrashInfo.text(path: "/home/ann/vault/Fix login.md", deletedAt: date, timeZone: berlin),
                       "[Trash Info]\nPath=/home/ann/vault/Fix%20login.md\nDeletionDate=2026-11-27T14:30:12\n")
        XCTAssertEqual(TrashInfo.deletionDate(date, timeZone: utc), "2026-11-27T13:30:12")
        // Every byte but the unreserved characters and "/" is escaped, UTF-8 byte by byte; decoding gives the path back.
        let odd: [(String, String)] = [
            ("/v/naïve café.md", "/v/na%C3%AFve%20caf%C3%A9.md"),
            ("/v/100% [done] #tag?.md", "/v/100%25%20%5Bdone%5D%20%23tag%3F.md"),
            ("/v/a&b=c;d+e,f:g@h$i.md", "/v/a%26b%3Dc%3Bd%2Be%2Cf%3Ag%40h%24i.md"),
            ("/v/keep-_.~ but !*'().md", "/v/keep-_.~%20but%20%21%2A%27%28%29.md"),
            ("/v/日本/メモ.md", "/v/%E6%97%A5%E6%9C%AC/%E3%83%A1%E3%83%A2.md"),
            ("/v/new\nline\t.md", "/v/new%0Aline%09.md"),
        ]
        for (path, encoded) in odd {
            XCTAssertEqual(TrashInfo.encode(path), encoded, path)
            XCTAssertEqual(TrashInfo.decode(encoded), path)
        }
        XCTAssertNil(TrashInfo.decode("/v/bad%2"))
        XCTAssertNil(TrashInfo.decode("/v/%FF.md"), "not UTF-8")
    }

    func testFilesGoToTheFreedesktopTrashWithUniqueNames() throws {
        let dir = TempDir()
        let home = dir.path + "/data/Trash"
        let trash = VaultTrash(place: .freedesktop(home: home), timeZone: utc)
        var entries: [VaultTrash.Entry] = []
        for i in 1...4 {
            dir.write("vault/work/Fix login.md", "version \(i)\n")
            entries.append(try trash.put(dir.path + "/vault/work/Fix login.md", now: date))
            XCTAssertNil(dir.read("vault/work/Fix login.md"), "moved away")
        }
        XCTAssertEqual(entries.map { ($0.file as NSString).lastPathComponent }, ["Fix login.md", "Fix login.2.md", "Fix login.3.md", "Fix login.4.md"])
        for (i, e) in entries.enumerated() {
            XCTAssertEqual(String(decoding: FileManager.default.contents(atPath: e.file)!, as: UTF8.self), "version \(i + 1)\n")
            XCTAssertEqual(e.info, home + "/info/" + (e.file as NSString).lastPathComponent + ".trashinfo")
            XCTAssertEqual(String(decoding: FileManager.default.contents(atPath: e.info!)!, as: UTF8.self),
                           "[Trash Info]\nPath=\(TrashInfo.encode(dir.path))/vault/work/Fix%20login.md\nDeletionDate=2026-11-27T13:30:12\n")
        }
        // A file in files/ without its info (another tool's leftover) is not taken over.
        dir.write("data/Trash/files/orphan.md", "someone's\n")
        dir.write("vault/orphan.md", "mine\n")
        let e = try trash.put(dir.path + "/vault/orphan.md", now: date)
        XCTAssertEqual((e.file as NSString).lastPathComponent, "orphan.2.md")
        XCTAssertEqual(dir.text("data/Trash/files/orphan.md"), "someone's\n")
        XCTAssertNil(dir.read("data/Trash/info/orphan.md.trashinfo"))
        // The folders are the user's own.
        var st = stat()
        XCTAssertEqual(stat(home + "/files", &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o700)
        // Text about to be written over is kept as that file.
        let kept = try trash.keep(Array("old text\n".utf8), of: dir.path + "/vault/plan.md", now: date)
        XCTAssertEqual(dir.text("data/Trash/files/plan.md"), "old text\n")
        XCTAssertEqual(kept.info, home + "/info/plan.md.trashinfo")
        // Taken out again (undo) only while it holds what was put there.
        VaultTrash.forget(kept, holding: Array("other\n".utf8))
        XCTAssertNotNil(dir.read("data/Trash/files/plan.md"))
        VaultTrash.forget(kept, holding: Array("old text\n".utf8))
        XCTAssertNil(dir.read("data/Trash/files/plan.md"))
        XCTAssertNil(dir.read("data/Trash/info/plan.md.trashinfo"))
    }

    /// A file on another file system than the home trash goes to the trash
    /// at the top of its own file system (`$topdir/.Trash-$uid`, the path in
    /// its `.trashinfo` relative to that top), as the Trash spec says; when
    /// that cannot be used, it is copied whole to the home trash, then
    /// removed. Run where /dev/shm is another file system than the
    /// temporary folder, and has no `.Trash-$uid` of its own yet.
    func testAFileOnAnotherFileSystemGoesToItsTopTrashElseIsCopied() throws {
        let dir = TempDir()
        let top = "/dev/shm", topTrash = "/dev/shm/.Trash-\(getuid())"
        let vault = top + "/todomd-trash-test-" + UUID().uuidString
        var a = stat(), b = stat()
        guard FileManager.default.isWritableFile(atPath: top), stat(top, &a) == 0, stat(dir.path, &b) == 0, a.st_dev != b.st_dev,
              !FileManager.default.fileExists(atPath: topTrash) else {
            throw XCTSkip("/dev/shm is not another file system here, or has a trash of its own")
        }
        defer {
            try? FileManager.default.removeItem(atPath: vault)
            try? FileManager.default.removeItem(atPath: topTrash)
        }
        let trash = VaultTrash(place: .freedesktop(home: dir.path + "/Trash"), timeZone: utc)
        try FileManager.default.createDirectory(atPath: vault, withIntermediateDirectories: true)
        try "far away\n".write(toFile: vault + "/far.md", atomically: false, encoding: .utf8)
        let e = try trash.put(vault + "/far.md", now: date)
        XCTAssertFalse(FileManager.default.fileExists(atPath: vault + "/far.md"))
        XCTAssertEqual(e.file, topTrash + "/files/far.md")
        XCTAssertEqual(try String(contentsOfFile: e.file, encoding: .utf8), "far away\n")
        XCTAssertEqual(try String(contentsOfFile: e.info!, encoding: .utf8),
                       "[Trash Info]\nPath=\((vault as NSString).lastPathComponent)/far.md\nDeletionDate=2026-11-27T13:30:12\n")
        var st = stat()
        XCTAssertEqual(lstat(topTrash, &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o700)
        // A top trash that cannot be used (here a file in its place): copied to the home trash, then removed.
        try FileManager.default.removeItem(atPath: topTrash)
        XCTAssertTrue(FileManager.default.createFile(atPath: topTrash, contents: Data()))
        try "far again\n".write(toFile: vault + "/far.md", atomically: false, encoding: .utf8)
        let copied = try trash.put(vault + "/far.md", now: date)
        XCTAssertFalse(FileManager.default.fileExists(atPath: vault + "/far.md"), "removed once copied")
        XCTAssertEqual(copied.file, dir.path + "/Trash/files/far.md")
        XCTAssertEqual(dir.text("Trash/files/far.md"), "far again\n")
        XCTAssertEqual(dir.text("Trash/info/far.md.trashinfo"),
                       "[Trash Info]\nPath=\(TrashInfo.encode(vault))/far.md\nDeletionDate=2026-11-27T13:30:12\n")
    }

    /// Which trash a vault uses: Obsidian's `.trash/` only where its settings
    /// say "local"; "system", "none" (Obsidian deletes for good; todomd does
    /// not), no setting or unreadable settings: the freedesktop trash, at
    /// `$XDG_DATA_HOME/Trash`, else `$HOME/.local/share/Trash`.
    func testTheTrashFollowsObsidianSettingsAndTheEnvironment() {
        let env = ["XDG_DATA_HOME": "/x/data", "HOME": "/home/ann"]
        let cases: [(String?, Bool)] = [
            (#"{"trashOption": "local"}"#, true), (#"{"trashOption": "system"}"#, false), (#"{"trashOption": "none"}"#, false),
            (#"{"alwaysUpdateLinks": true}"#, false), ("{broken", false), (nil, false), (#"{"trashOption": 3}"#, false),
        ]
        for (settings, local) in cases {
            let dir = TempDir()
            if let settings { dir.write(".obsidian/app.json", settings) }
            let trash = VaultTrash(root: dir.path, environment: env)
            XCTAssertEqual(trash.place, local ? .obsidian(folder: dir.path + "/.trash") : .freedesktop(home: "/x/data/Trash"), settings ?? "none")
        }
        XCTAssertEqual(VaultTrash.homeTrash(["HOME": "/home/ann"]), "/home/ann/.local/share/Trash")
        XCTAssertEqual(VaultTrash.homeTrash(["XDG_DATA_HOME": "", "HOME": "/home/ann"]), "/home/ann/.local/share/Trash")
        XCTAssertEqual(VaultTrash.homeTrash(["XDG_DATA_HOME": "relative/data", "HOME": "/home/ann"]), "/home/ann/.local/share/Trash")
    }

    func testObsidiansLocalTrashKeepsTheNameAndNumbersClashes() throws {
        let dir = TempDir()
        dir.write(".obsidian/app.json", #"{"trashOption":"local"}"#)
        let trash = VaultTrash(root: dir.path, environment: [:])
        var names: [String] = []
        for i in 1...3 {
            dir.write("Projects/OKR.md", "v\(i)\n")
            names.append(try trash.put(dir.path + "/Projects/OKR.md").file)
        }
        XCTAssertEqual(names, ["OKR.md", "OKR 2.md", "OKR 3.md"].map { dir.path + "/.trash/" + $0 })
        XCTAssertEqual(dir.text(".trash/OKR 3.md"), "v3\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.path + "/.trash/info"), "no .trashinfo in Obsidian's trash")
    }

    /// A deleted task's file goes to the trash; undo brings it back and takes
    /// it out of the trash; redo sends it there again.
    func testDeletingATaskTrashesItAndUndoTakesItBack() throws {
        let dir = TempDir()
        let text = "---\ntitle: Fix login bug\n---\nnotes\n"
        dir.write("vault/fix.md", text)
        let root = dir.path + "/vault"
        let writer = VaultWriter(root: root, timeZone: utc, trash: VaultTrash(place: .freedesktop(home: dir.path + "/Trash")))
        let task = try XCTUnwrap(VaultLoader.load(root: root, timeZone: utc).task(id: "fix.md"))
        let history = UndoHistory(root: root, trash: writer.trash)
        history.record("delete", paths: [writer.path(of: "fix.md")]) {
            history.noteTrashed(try! writer.delete(task), for: writer.path(of: "fix.md"))
            return ((), [])
        }
        XCTAssertNil(dir.read("vault/fix.md"))
        XCTAssertEqual(dir.text("Trash/files/fix.md"), text)
        XCTAssertTrue(dir.text("Trash/info/fix.md.trashinfo")!.contains("Path=\(TrashInfo.encode(root))/fix.md\n"))
        try history.undo()
        XCTAssertEqual(dir.text("vault/fix.md"), text)
        XCTAssertNil(dir.read("Trash/files/fix.md"), "out of the trash")
        XCTAssertNil(dir.read("Trash/info/fix.md.trashinfo"))
        try history.redo()
        XCTAssertNil(dir.read("vault/fix.md"))
        XCTAssertEqual(dir.text("Trash/files/fix.md"), text, "in the trash again")
        try history.undo()
        XCTAssertEqual(dir.text("vault/fix.md"), text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/Trash/files"), [])
        // A file changed since it was read is not deleted (nor trashed).
        dir.write("vault/fix.md", text + "more\n")
        XCTAssertThrowsError(try writer.delete(task))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/Trash/files"), [])
    }
}
