import Foundation
import XCTest

/// The real binary runs on mimalloc: its target's dependency on `CMimalloc`
/// (Package.swift) is what links it, not the engine library, so a binary
/// without it would still pass every other test, only slower.
final class AllocatorEndToEndTests: XCTestCase {
    func testTheBinaryLoadsMimallocAndAnswers() throws {
        let v = TempVault()
        XCTAssertEqual(try Binary.run(["demo", v.path, "--count", "20", "--seed", "2"]).status, 0)
        // glibc's loader names each library it loads when asked to.
        let out = try Binary.run(["count", "--vault", v.path], env: ["LD_DEBUG": "libs"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stderr.contains("libmimalloc.so"), "mimalloc loaded")
        XCTAssertTrue(out.stdout.split(separator: "\n").contains { Int($0.trimmingCharacters(in: .whitespaces)) != nil }, out.stdout)
    }
}
