import Foundation
import XCTest
@testable import TaskEngine

/// The digest remembered counts are kept under: FIPS 180-4's own examples,
/// and every length around the padding's block edges against `sha256sum`.
final class SHA256Tests: XCTestCase {
    func testTheStandardsExamples() {
        XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hex(Array(repeating: UInt8(ascii: "a"), count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testEveryLengthToThreeBlocksAgreesWithSha256sum() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum") else { throw XCTSkip("no sha256sum") }
        let dir = TempDir()
        var rng = SeededRandom(seed: 7)
        var inputs: [[UInt8]] = []
        for length in 0...200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            inputs.append(bytes)
            dir.write("\(length)", bytes)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        p.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        p.arguments = (0...200).map(String.init)
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let sums = text.split(separator: "\n").map { String($0.prefix(64)) }
        XCTAssertEqual(sums.count, inputs.count)
        for (length, (bytes, sum)) in zip(inputs, sums).enumerated() {
            XCTAssertEqual(SHA256.hex(bytes), sum, "\(length) bytes")
        }
    }
}
