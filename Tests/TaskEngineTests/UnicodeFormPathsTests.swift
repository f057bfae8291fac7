import Foundation
import XCTest
@testable import TaskEngine

/// Two files named alike but for their Unicode form (`café.md` with `é`, and
/// with `e` + U+0301) are two files on Linux, while Swift's strings call
/// them equal: a change to both, reported by the watcher or found by the
/// start's check, reaches both.
final class UnicodeFormPathsTests: XCTestCase {
    static let composed = "work/caf\u{E9}.md", decomposed = "work/cafe\u{301}.md"

    func testAReportKeepsBothByWalkingTheirFolder() {
        var r = InotifyWatch.Report()
        r.addFile(Self.composed)
        r.addFile(Self.composed)
        XCTAssertEqual(r, InotifyWatch.Report(files: [Self.composed]), "the same path twice is one")
        r.addFile(Self.decomposed)
        XCTAssertEqual(r.folders, ["work"], "the other form: its folder is walked")
        var top = InotifyWatch.Report()
        top.addFile("caf\u{E9}.md")
        top.merge(InotifyWatch.Report(files: ["cafe\u{301}.md"]))
        XCTAssertTrue(top.everything, "alike in the vault's own folder: the vault is walked")
        var folders = InotifyWatch.Report()
        folders.addFolder("notes/caf\u{E9}")
        folders.addFolder("notes/cafe\u{301}")
        XCTAssertEqual(folders.folders, ["notes/caf\u{E9}", "notes"])
    }

    func writeBoth(_ vault: TempDir, _ text: String) {
        vault.write(Self.composed, "---\ntitle: Composed \(text)\n---\n")
        vault.write(Self.decomposed, "---\ntitle: Decomposed \(text)\n---\n")
    }

    /// What a report says changed, as the app reads it: both files.
    func changed(_ report: InotifyWatch.Report, _ signature: inout VaultSignature, _ vault: TempDir) -> [[UInt8]] {
        let changes = report.everything ? signature.update(files: [], folders: [""], root: vault.path)
                                        : signature.update(files: report.files, folders: report.folders, root: vault.path)
        return changes.changed.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    func testBothChangedWhileWatchedAreSeen() throws {
        let vault = TempDir()
        writeBoth(vault, "1")
        vault.write("work/other.md", "---\ntitle: Other\n---\n")
        XCTAssertEqual(try VaultListing.listing(root: vault.path).files.count, 3, "two files on disk")
        var signature = VaultSignature(listed: try VaultListing.listing(root: vault.path).files, perspectives: nil)
        let w = try XCTUnwrap(InotifyWatch(root: vault.path))
        usleep(20_000)
        writeBoth(vault, "2, longer")
        var report = InotifyWatch.Report()
        let end = Date().addingTimeInterval(2)
        while Date() < end, report.folders.isEmpty {
            report.merge(w.drainReport())
            usleep(10_000)
        }
        XCTAssertEqual(changed(report, &signature, vault), [Array(Self.composed.utf8), Array(Self.decomposed.utf8)].sorted { $0.lexicographicallyPrecedes($1) })
    }

    func testBothChangedWhileClosedAreFoundByTheStartsCheck() throws {
        let vault = TempDir()
        writeBoth(vault, "1")
        let before = try VaultListing.listing(root: vault.path).files
        var signature = VaultSignature(listed: before, perspectives: nil)
        writeBoth(vault, "2, longer")
        let check = try VaultListing.compare(root: vault.path, with: before)
        XCTAssertEqual(check.differing.folders, ["work"])
        XCTAssertEqual(changed(check.differing, &signature, vault), [Array(Self.composed.utf8), Array(Self.decomposed.utf8)].sorted { $0.lexicographicallyPrecedes($1) })
    }
}
