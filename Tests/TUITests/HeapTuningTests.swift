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

    func testABlockOfAMegabyteOrMoreKeepsItsOwnMappingAfterALargerOneWasFreed() {
        XCTAssertTrue(HeapTuning.applied, "mallopt found and accepted")
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
