import Foundation
import XCTest
@testable import TaskEngine

final class SyncConflictTests: XCTestCase {
    func testConflictCopyNamesOfEverySyncTool() {
        let exists: (String) -> Bool = { ["report.md", "work/plan.md", ".perspectives.json"].contains($0) }
        let cases: [(String, String?)] = [
            ("report.sync-conflict-20261122-101500-ABCDEFG.md", "report.md"),
            ("work/plan (Ann's conflicted copy 2026-11-22).md", "work/plan.md"),
            ("report (conflicted copy 2026-11-22 101500).md", "report.md"),
            ("report 2.md", "report.md"),
            ("other 2.md", nil),                       // iCloud style only when the original exists
            ("report.md", nil), ("version 2 notes.md", nil),
            (".perspectives.sync-conflict-20261122-101500-XYZ.json", ".perspectives.json"),
            (".perspectives (conflicted copy 2026-11-22).json", ".perspectives.json"),
        ]
        for (path, want) in cases { XCTAssertEqual(SyncConflict.original(of: path, exists: exists), want, path) }
    }

    func testFindAndResolveEachWay() throws {
        for choice in [SyncConflict.Resolution.keepOriginal, .keepCopy, .keepBoth] {
            let dir = TempDir()
            dir.write("report.md", "---\ntitle: Mine\n---\n")
            dir.write("report.sync-conflict-20261122-101500-ABC.md", "---\ntitle: Theirs\n---\n")
            dir.write(".perspectives.json", "{}")
            dir.write(".perspectives (conflicted copy 2026-11-22).json", "{\"version\": 1}")
            let found = SyncConflict.find(root: dir.path)
            XCTAssertEqual(found.map(\.original), [".perspectives.json", "report.md"])
            let c = found[1]
            try c.resolve(choice, root: dir.path)
            XCTAssertNil(dir.read(c.copy), "the copy is gone")
            switch choice {
            case .keepOriginal: XCTAssertEqual(dir.text("report.md"), "---\ntitle: Mine\n---\n")
            case .keepCopy: XCTAssertEqual(dir.text("report.md"), "---\ntitle: Theirs\n---\n")
            case .keepBoth:
                XCTAssertEqual(dir.text("report.md"), "---\ntitle: Mine\n---\n")
                XCTAssertEqual(dir.text("report-conflict.md"), "---\ntitle: Theirs\n---\n")
            }
            XCTAssertEqual(SyncConflict.find(root: dir.path).count, 1, "the perspectives conflict remains")
            try found[0].resolve(.keepCopy, root: dir.path)
            XCTAssertEqual(dir.text(".perspectives.json"), "{\"version\": 1}")
        }
    }

    /// The first look at every file of a vault (through its bytes) says yes
    /// to every name that ends like " 2.md" or holds "conflict", as a plain
    /// search of the name's bytes does, and to nothing else: 4,000 generated
    /// names, short and long, ASCII and not, with near misses.
    func testTheFirstLookMatchesAPlainSearch() {
        var random = SeededRandom(seed: 77)
        let pieces = ["conflict", "conflic", "onflict", "Conflict", "conf", "lict", "c", " ", " 2", " 9", " 1", " x", ".md", ".MD", "é", "日本",
                      "notes", "/", "-", "sync-", "(Ann's ", "copy)", "2", "t"]
        let word = Array("conflict".utf8)
        for _ in 0..<4_000 {
            let name = (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let u = Array(name.utf8)
            let endsLikeACopy = u.count >= 5 && u[u.count - 5] == 0x20 && (0x32...0x39).contains(u[u.count - 4])
            let holdsTheWord = u.count >= 8 && (0...(u.count - 8)).contains { Array(u[$0..<($0 + 8)]) == word }
            XCTAssertEqual(SyncConflict.mayBeACopy(name), endsLikeACopy || holdsTheWord, name)
        }
    }

    /// The perspectives file's copies are found among the top folder's names
    /// without a string made for each of the others: the same names a full
    /// listing of the folder gives, beside 3,000 task files.
    func testThePerspectivesCopiesAreFoundAmongManyFiles() throws {
        let dir = TempDir()
        for i in 0..<3_000 { dir.write("task-\(i).md", "x") }
        let names = [".perspectives.json", ".perspectives (conflicted copy 2026-11-22).json", ".perspectives.sync-conflict-1-2-X.json",
                     ".perspectives", ".perspectives-é.json", ".perspective.json", "perspectives.json", "x.perspectives.json"]
        for n in names { dir.write(n, "{}") }
        let all = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        XCTAssertEqual(Set(SyncConflict.namesInFolder(dir.path, startingWith: ".perspectives")), Set(all.filter { $0.hasPrefix(".perspectives") }))
        XCTAssertEqual(SyncConflict.namesInFolder(dir.path, startingWith: ".perspectives").count, 5)
        XCTAssertEqual(SyncConflict.namesInFolder(dir.path + "/missing", startingWith: "."), [])
        XCTAssertEqual(SyncConflict.find(root: dir.path).map(\.copy).sorted(),
                       [".perspectives (conflicted copy 2026-11-22).json", ".perspectives.sync-conflict-1-2-X.json"])
    }
}
