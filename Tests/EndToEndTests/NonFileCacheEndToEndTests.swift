import Foundation
import XCTest

/// A FIFO, a folder, or a link to `/dev/zero` or `/dev/urandom` where todomd
/// expects one of its files (the cache's database, snapshot and perspectives
/// copy; `.perspectives.json`; TaskNotes' settings): every command answers
/// within a bound, as it would without the file, and the vault's files are
/// untouched.
final class NonFileCacheEndToEndTests: XCTestCase {
    enum Shape: String, CaseIterable {
        case fifo, folder, zero, urandom

        func make(at path: String) throws {
            try? FileManager.default.removeItem(atPath: path)
            switch self {
            case .fifo: XCTAssertEqual(mkfifo(path, 0o644), 0, path)
            case .folder: try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
            case .zero: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
            case .urandom: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/urandom")
            }
        }
    }

    /// Runs the binary, killing it after `timeout` seconds (a timeout guard, not a measure): nil when it had to be killed.
    func runBounded(_ args: [String], cache: String, timeout: TimeInterval = 60) throws -> Binary.Output? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Binary.path)
        p.arguments = args
        let scratch = NSTemporaryDirectory() + "todomd-bounded-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var env = ProcessInfo.processInfo.environment
        env["XDG_CACHE_HOME"] = cache
        env["XDG_CONFIG_HOME"] = scratch + "/config"
        env["XDG_STATE_HOME"] = scratch + "/state"
        p.environment = env
        FileManager.default.createFile(atPath: scratch + "/out", contents: nil)
        FileManager.default.createFile(atPath: scratch + "/err", contents: nil)
        p.standardOutput = FileHandle(forWritingAtPath: scratch + "/out")
        p.standardError = FileHandle(forWritingAtPath: scratch + "/err")
        try p.run()
        let end = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < end { usleep(20_000) }
        if p.isRunning {
            p.terminate()
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            return nil
        }
        func text(_ name: String) -> String { String(decoding: FileManager.default.contents(atPath: scratch + "/" + name) ?? Data(), as: UTF8.self) }
        return Binary.Output(status: p.terminationStatus, stdout: text("out"), stderr: text("err"))
    }

    func testEveryCacheFileReplacedByANonFileIsIgnoredAndMadeAgain() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Water the plants\ndue: 2026-11-20\n---\n")
        vault.write("b.md", "---\ntitle: Call Anna\n---\n")
        vault.write(".perspectives.json", #"{"version": 1, "perspectives": {}}"#)
        let cache = NSTemporaryDirectory() + "todomd-nonfile-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let first = try XCTUnwrap(runBounded(["list", "--vault", vault.path, "--json"], cache: cache))
        XCTAssertEqual(first.status, 0, first.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache + "/todomd").sorted()
        XCTAssertTrue(files.contains { $0.hasSuffix(".sqlite") }, "\(files)")
        XCTAssertTrue(files.count >= 3, "the database, a snapshot, the perspectives copy: \(files)")
        let before = vault.contents()
        for shape in Shape.allCases {
            // Every file of the cache (and the database's journals) at once, then each alone.
            let names = files + files.filter { $0.hasSuffix(".sqlite") }.flatMap { [$0 + "-wal", $0 + "-shm", $0 + "-journal"] }
            for chosen in [names] + names.map({ [$0] }) {
                for name in chosen { try shape.make(at: cache + "/todomd/" + name) }
                for command in [["list", "--json"], ["count"]] {
                    guard let out = try runBounded([command[0], "--vault", vault.path] + command.dropFirst(), cache: cache) else {
                        XCTFail("\(command[0]) with \(shape) for \(chosen) did not answer"); continue
                    }
                    XCTAssertEqual(out.status, 0, "\(shape) \(chosen): \(out.stderr)")
                    if command[0] == "list" { XCTAssertEqual(out.stdout, first.stdout, "\(shape) \(chosen)") }
                    else { XCTAssertEqual(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "2", "\(shape) \(chosen)") }
                }
                for name in chosen { try? FileManager.default.removeItem(atPath: cache + "/todomd/" + name) }
            }
        }
        XCTAssertEqual(vault.contents(), before, "the vault is never written")
    }

    func testVaultSettingsFilesThatAreNotFilesAreReportedNotWaitedOn() throws {
        for shape in Shape.allCases {
            for name in [".perspectives.json", ".obsidian/plugins/tasknotes/data.json", "tasknotes.yaml", ".todomd-profile.yaml"] {
                let vault = TempVault()
                // (Named as titled: a TaskNotes settings file that cannot be read leaves TaskNotes' defaults, where
                // the file name may be the title.)
                vault.write("Water the plants.md", "---\ntitle: Water the plants\ntags: [task]\n---\n")
                try FileManager.default.createDirectory(atPath: (vault.path + "/" + name as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try shape.make(at: vault.path + "/" + name)
                let cache = NSTemporaryDirectory() + "todomd-nonfile-cache-" + UUID().uuidString
                defer { try? FileManager.default.removeItem(atPath: cache) }
                for command in ["list", "problems", "profile"] {
                    guard let out = try runBounded([command, "--vault", vault.path], cache: cache) else {
                        XCTFail("\(command) with \(name) as \(shape) did not answer"); continue
                    }
                    XCTAssertTrue(out.status == 0 || out.status == 1, "\(command) \(name) \(shape): \(out.status) \(out.stderr)")
                    if command == "list" { XCTAssertTrue(out.stdout.contains("Water the plants"), "\(name) \(shape): \(out.stdout)\(out.stderr)") }
                    if command == "problems", name != ".perspectives.json" {
                        XCTAssertTrue(out.stdout.contains(name) && out.stdout.contains("cannot be read"), "\(name) \(shape): \(out.stdout)")
                    }
                }
                let added = try XCTUnwrap(runBounded(["add", "--vault", vault.path, "New one"], cache: cache), "add \(name) \(shape)")
                XCTAssertEqual(added.status, 0, "\(name) \(shape): \(added.stderr)")
            }
        }
    }
}
