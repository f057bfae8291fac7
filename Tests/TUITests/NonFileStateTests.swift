import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// The app's own files (config.yaml, the vault's session file, the cache)
/// and `.perspectives.json` replaced by a FIFO, a folder or a link to a
/// device: the app starts within a bound, says what it could not read, and
/// writes nothing over them.
final class NonFileStateTests: XCTestCase {
    func make(_ shape: String, at path: String) throws {
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        switch shape {
        case "fifo": XCTAssertEqual(mkfifo(path, 0o644), 0)
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        default: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: shape)
        }
    }

    func testTheAppStartsAndSaysWhatItCouldNotRead() throws {
        for shape in ["fifo", "folder", "/dev/zero", "/dev/urandom"] {
            let dir = NSTemporaryDirectory() + "todomd-nonfile-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let vault = dir + "/vault", cache = dir + "/cache", config = dir + "/config.yaml", session = dir + "/session.yaml"
            try FileManager.default.createDirectory(atPath: vault, withIntermediateDirectories: true)
            try Data(f("title: Water the plants").utf8).write(to: URL(fileURLWithPath: vault + "/a.md"))
            for path in [config, session, vault + "/.perspectives.json"] { try make(shape, at: path) }
            // The cache's files, as a first start names them, each replaced too.
            let database = TaskCache.databasePath(vaultRoot: vault, directory: cache)
            for path in [database, database + "-wal", database + "-shm", cache + "/perspectives-"
                         + String(FileFingerprint(bytes: Array(vault.utf8)).hash, radix: 16) + ".json"] { try make(shape, at: path) }

            let started = DispatchSemaphore(value: 0)
            let box = RuntimeBox()
            DispatchQueue.global().async {
                box.runtime = try? AppRuntime(vaultRoot: vault, today: Day.parseISO("2026-11-23")!, cacheDirectory: cache,
                                              configPath: config, sessionPath: session)
                started.signal()
            }
            // (A bound against hanging, not a measure of speed.)
            XCTAssertEqual(started.wait(timeout: .now() + 20), .success, "\(shape): the app did not start")
            let runtime = try XCTUnwrap(box.runtime, shape)
            let app = Harness(runtime: runtime, path: vault, width: 120, height: 30)
            XCTAssertTrue(app.text.contains("Water the plants"), "\(shape)\n\(app.text)")
            let problem = try XCTUnwrap(runtime.state.perspectivesProblem, shape)
            XCTAssertTrue(problem.hasPrefix(PerspectiveStore.unreadableMessage) && problem.contains("not a file"), problem)
            let notice = runtime.state.message ?? ""
            XCTAssertTrue(notice.contains("config.yaml could not be read") && notice.contains("session.yaml could not be read"), "\(shape): \(notice)")

            // A perspective change is refused, and so is W (replace it), not written over what is there.
            app.press(.char("n"))
            app.press(.escape, .escape, .char("!"), .char("W"))
            XCTAssertTrue(runtime.state.message?.contains(".perspectives.json is not replaced: it is") == true, "\(shape): \(runtime.state.message ?? "")")
            XCTAssertFalse(FileManager.default.fileExists(atPath: vault + "/.perspectives.json.backup"), shape)
            var st = stat()
            XCTAssertEqual(lstat(vault + "/.perspectives.json", &st), 0)
            XCTAssertNotEqual(st.st_mode & S_IFMT, S_IFREG, "\(shape): still what the user put there")
            XCTAssertNotEqual(lstat(config, &st), -1)
            XCTAssertNotEqual(st.st_mode & S_IFMT, S_IFREG, "\(shape): config.yaml is not written over")
        }
    }

    // @unchecked: `runtime` is set before `started` is signalled and read only after waiting for it.
    final class RuntimeBox: @unchecked Sendable { var runtime: AppRuntime? }
}
