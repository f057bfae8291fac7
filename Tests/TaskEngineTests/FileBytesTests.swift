import Foundation
import XCTest
@testable import TaskEngine

/// Reading a whole file (`FileBytes`) at every size around its first read's
/// length, and what is not a readable file.
final class FileBytesTests: XCTestCase {
    func testEverySizeIsReadWhole() throws {
        let dir = TempDir()
        var r = SeededRandom(seed: 9)
        let edge = FileBytes.firstRead
        let sizes = [0, 1, 2, 100, edge - 1, edge, edge + 1, 2 * edge - 1, 2 * edge, 2 * edge + 1, 3 * edge + 17, 1_000_003]
            + (0..<40).map { _ in r.below(5 * edge) }
        for (k, size) in sizes.enumerated() {
            let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: r.below(256)) }
            dir.write("f\(k)", bytes)
            XCTAssertEqual(FileBytes.read(dir.path + "/f\(k)"), bytes, "size \(size)")
            XCTAssertEqual(FileBytes.read("f\(k)", in: try XCTUnwrap(FileBytes.Folder(dir.path))), bytes, "size \(size), below the folder")
            // Stamped, the read is sized by the open file's size.
            var stamp = (size: -1, mtime: Int64(0))
            XCTAssertEqual(FileBytes.read(dir.path + "/f\(k)", stamp: &stamp), bytes, "size \(size), stamped")
            XCTAssertEqual(stamp.size, size)
            XCTAssertEqual(stamp.mtime, VaultListing.stamp(root: dir.path, id: "f\(k)")?.mtime)
        }
    }

    /// A file longer than its size said when it was opened (as a file that grows
    /// meanwhile is; `/proc` files say 0) is read to its end.
    func testAFileLongerThanItsStatSaysIsReadToItsEnd() throws {
        var stamp = (size: -1, mtime: Int64(0))
        let stamped = try XCTUnwrap(FileBytes.read("/proc/version", stamp: &stamp))
        XCTAssertEqual(stamp.size, 0)
        XCTAssertGreaterThan(stamped.count, 10)
        XCTAssertEqual(stamped, FileBytes.read("/proc/version"))
        XCTAssertEqual(String(decoding: stamped, as: UTF8.self).hasPrefix("Linux"), true)
    }

    func testWhatIsNotAReadableFileGivesNothing() throws {
        let dir = TempDir()
        try FileManager.default.createDirectory(atPath: dir.path + "/folder.md", withIntermediateDirectories: true)
        XCTAssertNil(FileBytes.read(dir.path + "/folder.md"), "a folder")
        XCTAssertNil(FileBytes.read(dir.path + "/missing.md"), "a missing file")
        XCTAssertNil(FileBytes.Folder(dir.path + "/missing"), "a missing folder")
        dir.write("sub/a.md", "---\ntitle: A\n---\n")
        XCTAssertNil(FileBytes.Folder(dir.path + "/sub/a.md"), "a file is not a folder")
        let folder = try XCTUnwrap(FileBytes.Folder(dir.path))
        XCTAssertEqual(FileBytes.read("sub/a.md", in: folder), Array("---\ntitle: A\n---\n".utf8), "a path of folders below it")
        XCTAssertNil(FileBytes.read("folder.md", in: folder))
        // A FIFO where a task file was listed: the read must not wait for a writer that never comes.
        XCTAssertEqual(mkfifo(dir.path + "/pipe.md", 0o644), 0)
        let done = expectation(description: "the read returns")
        DispatchQueue.global().async {
            XCTAssertEqual(FileBytes.read(dir.path + "/pipe.md") ?? [], [])
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        if getuid() != 0 {  // (root reads whatever the mode says)
            dir.write("secret.md", "x")
            chmod(dir.path + "/secret.md", 0)
            XCTAssertNil(FileBytes.read(dir.path + "/secret.md"), "no permission")
        }
    }

    /// A run's files read by their names in their own folders (each folder
    /// opened once as the run comes to it) give what their whole paths give,
    /// stamps too, in any order, with folders missing, gone or not folders.
    func testARunOfFilesReadFolderByFolderGivesWhatWholePathsGive() throws {
        let dir = TempDir()
        var r = SeededRandom(seed: 21)
        let folders = ["", "work", "work/q4", "work/clients/acme-rollout-very-long-name", "日本", "café", "a b"]
        var ids: [String] = []
        for i in 0..<300 {
            let folder = folders[r.below(folders.count)]
            let name = ["t\(i).md", "a-file-name-longer-than-sixteen-bytes-\(i).md", "ノート\(i).md"][r.below(3)]
            let id = folder.isEmpty ? name : folder + "/" + name
            dir.write(id, "---\ntitle: T\(i)\n---\n" + String(repeating: "x", count: r.below(3_000)))
            ids.append(id)
        }
        dir.write("plain.md", "no folder")
        try FileManager.default.createDirectory(atPath: dir.path + "/work/folder.md", withIntermediateDirectories: true)
        ids += ["missing/a.md", "work/missing.md", "plain.md/under-a-file.md", "work/folder.md", "plain.md", "work/q4/../q4/t1.md"]
        let vault = try XCTUnwrap(FileBytes.Folder(dir.path))
        for order in [ids.sorted(), ids.shuffled(using: &r), ids.sorted().reversed()] {
            let run = FileBytes.FolderRun(vault)
            for id in order {
                var got = (size: -1, mtime: Int64(0)), want = (size: -1, mtime: Int64(0))
                let bytes = withUnsafeMutablePointer(to: &got) { run.read(id, stamp: $0) }
                let expected = withUnsafeMutablePointer(to: &want) { FileBytes.read(dir.path + "/" + id, stamp: $0) }
                XCTAssertEqual(bytes, expected, id)
                XCTAssertEqual(got.size, want.size, id)
                XCTAssertEqual(got.mtime, want.mtime, id)
            }
        }
    }
}
