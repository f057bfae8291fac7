import Foundation
import Synchronization
import XCTest
@testable import TaskEngine
@testable import TUI

/// Another program writes a task while the app edits it: nothing it wrote is
/// ever lost. Every app write either lands on the version the script left or
/// is refused (and the app reloads).
final class ConcurrentEditTests: XCTestCase {
    func testAScriptAppendingToTheBodyWhileKeysCycleTheStateLosesNoLine() throws {
        let app = try Harness(files: ["a.md": f("title: Appended\ndue: 2026-11-22", body: "start\n")])
        app.open("Today")
        XCTAssertNotNil(app.row("Appended"), app.text)
        app.press(.char("l"))
        let path = app.path + "/a.md"
        let stop = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let counter = Mutex(0)  // lines the writer appended
        DispatchQueue.global().async {
            while stop.wait(timeout: .now()) == .timedOut {
                let fd = open(path, O_WRONLY | O_APPEND)
                if fd >= 0 {
                    let line = Array("line \(counter.withLock { $0 })\n".utf8)
                    _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    close(fd)
                    counter.withLock { $0 += 1 }
                }
                usleep(300)
            }
            finished.signal()
        }
        var refused = 0, written = 0
        for _ in 0..<150 {
            app.runtime.pollChanges()
            let before = app.file("a.md")
            app.press(.char(" "))
            if app.runtime.state.message?.contains("changed on disk") == true { refused += 1 } else if app.file("a.md") != before { written += 1 }
            // Keep the task selected whatever band it moved to.
            if app.runtime.state.selectedTask?.id != "a.md" { app.press(.char("g")) }
            usleep(500)
        }
        stop.signal()
        finished.wait()
        let text = try XCTUnwrap(app.file("a.md"))
        let appended = counter.withLock { $0 }  // (read after the writer signalled it finished)
        for n in 0..<appended { XCTAssertTrue(text.contains("line \(n)\n"), "line \(n) of \(appended) lost") }
        XCTAssertGreaterThan(appended, 50)
        XCTAssertGreaterThan(written + refused, 50, "the keys did act")
        XCTAssertNoThrow(try TaskFileCodec.parse(Array(text.utf8), id: "a.md"))
    }
}

