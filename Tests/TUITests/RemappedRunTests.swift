import Foundation
import XCTest

/// A sample of the headless UI tests run again, in a process of their own,
/// with every binding remapped in `config.yaml` (the harness adds the remap
/// when `TODOMD_TEST_REMAP_KEYS` is set): the tests press keys by what they
/// do, so a remap does not break them. (`TODOMD_TEST_REMAP_KEYS=1` remaps
/// any run; tests about the default keys' names fail in it, as they should.)
final class RemappedRunTests: XCTestCase {
    /// Tests of every kind of screen that press many keys (none of them about the keys' names).
    static let sample = ["UndoTests", "MarksUITests", "QuickAddUITests", "TaskFormTests", "RuleEditorTests", "ConflictTests",
                         "DetailPaneTests", "FinderUITests", "QuickFilterTests", "RepeatingTaskUITests", "AddingAKeyTests"]

    func testASampleOfUITestsPassesWithEveryKeyRemapped() throws {
        if RemappedKeys.everywhere { return }  // (this is the remapped run)
        let run = Process()
        run.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        run.arguments = [Self.sample.map { "TUITests." + $0 }.joined(separator: ",")]
        run.environment = ProcessInfo.processInfo.environment.merging(["TODOMD_TEST_REMAP_KEYS": "1"]) { _, new in new }
        let out = Pipe()
        run.standardOutput = out
        run.standardError = out
        try run.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        let failures = text.split(separator: "\n").filter { $0.contains("error:") || $0.contains(" failed (") }
        XCTAssertEqual(run.terminationStatus, 0, "with every key remapped:\n" + failures.prefix(40).joined(separator: "\n"))
        XCTAssertTrue(text.contains("Executed") && !text.contains("Executed 0 tests"), String(text.suffix(2000)))
    }
}
