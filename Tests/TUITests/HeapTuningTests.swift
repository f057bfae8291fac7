import Foundation
import XCTest
@testable import TUI

/// The app fixes glibc's `mmap` threshold, so a large block freed does not
/// move every later block below its size onto the heap, where freed memory
/// stays with the process.
final class HeapTuningTests: XCTestCase {
    /// Whether glibc gave `pointer` a mapping of its own (the chunk header's `IS_MMAPPED` bit).
    func isMapped(_ pointer: UnsafeMutableRawPointer) -> Bool {
        (pointer - MemoryLayout<Int>.size).load(as: UInt.self) & 0x2 != 0
    }

    func testABlockOfAMegabyteOrMoreKeepsItsOwnMappingAfterALargerOneWasFreed() throws {
        XCTAssertTrue(HeapTuning.applied, "mallopt found and accepted")
        // A block is carved from memory the heap already holds free when there is such
        // (a whole test run leaves much): the rest is checked in a process of its own.
        guard ProcessInfo.processInfo.environment["TODOMD_HEAP_TUNING_ALONE"] != nil else {
            let child = Process(), output = Pipe()
            child.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            child.arguments = ["TUITests.HeapTuningTests/testABlockOfAMegabyteOrMoreKeepsItsOwnMappingAfterALargerOneWasFreed"]
            child.environment = ProcessInfo.processInfo.environment.merging(["TODOMD_HEAP_TUNING_ALONE": "1"]) { $1 }
            (child.standardOutput, child.standardError) = (output, output)
            try child.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            XCTAssertEqual(child.terminationStatus, 0, text)
            XCTAssertTrue(text.contains("Executed 1 test, with 0 failures"), text)
            return
        }
        for _ in 0..<3 {
            let large = malloc(8 << 20)!
            memset(large, 1, 8 << 20)
            free(large)  // (by default, from here on blocks up to 8 MB would come from the heap)
            let block = malloc(3 << 19)!
            XCTAssertTrue(isMapped(block), "a 1.5 MB block is mapped, given back when freed")
            free(block)
            let small = malloc(64 << 10)!
            XCTAssertFalse(isMapped(small), "below the threshold, blocks come from the heap as before")
            free(small)
        }
    }
}
