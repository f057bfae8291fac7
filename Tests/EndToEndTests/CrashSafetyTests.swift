import Foundation
import XCTest

/// kill -9 in the middle of saving leaves the old file or the new one, never a torn one.
final class CrashSafetyTests: XCTestCase {
    func testKillingTheProcessWhileItWritesNeverTearsAFile() throws {
        let vault = TempVault()
        let body = String(repeating: "A line of notes that makes the file large enough to take a while to write.\n", count: 40_000)
        let original = "---\ntitle: Big task\nstatus: todo\n---\n" + body
        // How long one save takes here, so the kills land before, during and after it.
        var duration = 0.0
        for _ in 0..<2 {  // the slower of two, so the kills reach past the end under load too
            vault.write("big.md", original)
            let start = Date()
            try Binary.run(["done", "big.md", "--vault", vault.path])
            duration = max(duration, Date().timeIntervalSince(start))
        }
        var sawOld = 0, sawNew = 0
        for i in 0..<30 {
            vault.write("big.md", original)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: Binary.path)
            p.arguments = ["done", "big.md", "--vault", vault.path]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            usleep(useconds_t(duration * 1_000_000 * Double(i) / 20))  // from the start to well past the end
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let now = vault.text("big.md")!
            if now == original {
                sawOld += 1
            } else {
                XCTAssertTrue(now.hasPrefix("---\ntitle: Big task\nstatus: done\n"), "iteration \(i): torn file")
                XCTAssertTrue(now.hasSuffix("---\n" + body), "iteration \(i): body intact")
                sawNew += 1
            }
        }
        XCTAssertEqual(sawOld + sawNew, 30)
        XCTAssertGreaterThan(sawOld, 0, "some kills landed before the rename")
        XCTAssertGreaterThan(sawNew, 0, "some saves completed")
        // Leftover temporary files are hidden, so never read as tasks.
        let count = try Binary.run(["count", "--vault", vault.path])
        XCTAssertEqual(count.stdout, "1\n")
        // The next start of the app removes them once they are a minute old.
        let leftovers = { (try? FileManager.default.contentsOfDirectory(atPath: vault.path))?.filter { $0.hasPrefix(".todomd-") } ?? [] }
        for name in leftovers() {
            var times = [timespec(tv_sec: time(nil) - 120, tv_nsec: 0), timespec(tv_sec: time(nil) - 120, tv_nsec: 0)]
            utimensat(AT_FDCWD, vault.path + "/" + name, &times, 0)
        }
        guard TmuxTestCase.tmuxInstalled else { return }
        let s = try TmuxSession(todomd: vault, today: nil, width: 100, height: 24)
        try s.waitFor("Logbook")  // the task may be done or not: the app is up either way
        // A start from the cache checks the vault (and clears leftovers) after its first
        // screen: on a busy machine that is waited for, up to 10 s, before quitting.
        let until = Date().addingTimeInterval(10)
        while !leftovers().isEmpty && Date() < until { Thread.sleep(forTimeInterval: 0.1) }
        try s.send("q")
        XCTAssertEqual(leftovers(), [], "the app cleaned up after the killed saves")
        XCTAssertTrue(vault.text("big.md") == original || vault.text("big.md")!.contains("status: done"))
    }
}
