import XCTest
@testable import TaskEngine

/// The walk that finds a linked file that is no task: every regular file by
/// its name, hidden folders and files passed over, a link to a file counted
/// and a link to a folder not followed (a loop cannot trap it), and no more
/// than its limit.
final class VaultFileNamesTests: XCTestCase {
    func testTheWalkFindsFilesByNameAndNothingItShouldNot() throws {
        let dir = TempDir()
        dir.write(["a.md": "x", "Notes/Design notes.md": "x", "Notes/deep/er/diagram.png": "x", "Other/a.md": "x",
                   ".obsidian/plugins/p.md": "x", "Notes/.hidden.md": "x", ".trash/gone.md": "x"])
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.path + "/Notes/alias.md", withDestinationPath: dir.path + "/a.md")
        try fm.createSymbolicLink(atPath: dir.path + "/Notes/loop", withDestinationPath: dir.path + "/Notes")
        try fm.createSymbolicLink(atPath: dir.path + "/Notes/broken.md", withDestinationPath: dir.path + "/nowhere.md")
        let files = VaultFileNames.walk(root: dir.path, limit: 100)
        XCTAssertEqual(files["a.md"]?.sorted(), ["Other/a.md", "a.md"])
        XCTAssertEqual(files["Design notes.md"], ["Notes/Design notes.md"])
        XCTAssertEqual(files["diagram.png"], ["Notes/deep/er/diagram.png"])
        XCTAssertEqual(files["alias.md"], ["Notes/alias.md"], "a link to a file is a file")
        XCTAssertNil(files["broken.md"], "a link to nothing is not")
        XCTAssertNil(files["p.md"]); XCTAssertNil(files[".hidden.md"]); XCTAssertNil(files["gone.md"])
        XCTAssertEqual(files.values.map(\.count).reduce(0, +), 5, "nothing found twice through the loop: \(files)")
        XCTAssertEqual(VaultFileNames.walk(root: dir.path, limit: 2).values.map(\.count).reduce(0, +), 2)
        XCTAssertEqual(VaultFileNames.walk(root: dir.path + "/none", limit: 10), [:])
    }
}
