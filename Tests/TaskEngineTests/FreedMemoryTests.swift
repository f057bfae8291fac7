import CMimalloc
import Foundation
import XCTest
@testable import TaskEngine

/// mimalloc is the process's malloc (linked before glibc, it takes its
/// place), the engine finds it by name, and the app's footprint setting
/// gives freed pages back.
final class FreedMemoryTests: XCTestCase {
    func testTheEngineFindsMimallocAndItsOptionsAreTheHeaders() {
        XCTAssertTrue(FreedMemory.mimalloc, "mi_collect found by name")
        XCTAssertEqual(FreedMemory.pageResetOption, Int32(mi_option_page_reset.rawValue))
        XCTAssertEqual(FreedMemory.decommitDelayOption, Int32(mi_option_decommit_delay.rawValue))
        FreedMemory.keepFootprintSmall()
        XCTAssertEqual(mi_option_get(mi_option_page_reset), 1)
        XCTAssertEqual(mi_option_get(mi_option_decommit_delay), 0)
    }

    func testMallocAndSwiftsObjectsComeFromMimalloc() {
        let block = malloc(100)!
        defer { free(block) }
        XCTAssertTrue(mi_is_in_heap_region(block), "malloc is mimalloc's (else glibc's came first in the link)")
        let object = NSObject()
        XCTAssertTrue(mi_is_in_heap_region(Unmanaged.passUnretained(object).toOpaque()), "Swift's objects too")
        var bytes = [UInt8](repeating: 1, count: 1 << 16)
        bytes.withUnsafeMutableBytes { XCTAssertTrue(mi_is_in_heap_region($0.baseAddress!)) }
        XCTAssertGreaterThanOrEqual(mi_usable_size(block), 100)
    }

    /// 256 MB in blocks of 64 KB and of 100 bytes, written and freed: with the app's setting
    /// and `giveBack`, resident memory comes back to within 24 MB of where it was. (In a
    /// process of its own: a whole test run's heap would blur it.)
    func testTheAppsSettingGivesFreedPagesBack() throws {
        let mode = ProcessInfo.processInfo.environment["TODOMD_HEAP_ALONE"]
        guard let mode else {
            for (m, expected) in [("small", true), ("default", false)] {
                let (status, text) = try runAlone(mode: m)
                XCTAssertEqual(status, 0, text)
                XCTAssertTrue(text.contains("given back: \(expected)"), "\(m): \(text)")
            }
            return
        }
        if mode == "small" { FreedMemory.keepFootprintSmall() }
        let before = residentMB()
        for size in [64 << 10, 100] {
            var blocks: [UnsafeMutableRawPointer] = []
            for _ in 0..<((128 << 20) / size) {
                let b = malloc(size)!
                memset(b, 7, size)
                blocks.append(b)
            }
            blocks.forEach { free($0) }
        }
        if mode == "small" { FreedMemory.giveBack() }
        let after = residentMB()
        print("given back: \(after < before + 24) (\(before) → \(after) MB)")
    }

    private func runAlone(mode: String) throws -> (Int32, String) {
        let child = Process(), output = Pipe()
        child.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        child.arguments = ["TaskEngineTests.FreedMemoryTests/testTheAppsSettingGivesFreedPagesBack"]
        child.environment = ProcessInfo.processInfo.environment.merging(["TODOMD_HEAP_ALONE": mode]) { $1 }
        (child.standardOutput, child.standardError) = (output, output)
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        return (child.terminationStatus, text)
    }

    private func residentMB() -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
