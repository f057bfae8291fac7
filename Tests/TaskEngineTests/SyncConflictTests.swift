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
}
