import XCTest
@testable import TaskEngine

/// A file's fingerprint changes with any change of its bytes; the hash that
/// names files after the vault's path never changes.
final class FileFingerprintTests: XCTestCase {
    func testEveryChangeOfOneByteChangesTheFingerprint() {
        var rng = SeededRandom(seed: 11)
        for size in Array(0...40) + [63, 64, 65, 200, 1_000] {
            let bytes = (0..<size).map { _ in UInt8(rng.int(0...255)) }
            let original = FileFingerprint(contents: bytes)
            XCTAssertEqual(original, FileFingerprint(contents: bytes), "the same bytes, the same fingerprint")
            XCTAssertEqual(original.size, size)
            for i in 0..<size {
                for delta in [1, 128, 255] {
                    var changed = bytes
                    changed[i] = changed[i] &+ UInt8(delta)
                    XCTAssertNotEqual(FileFingerprint(contents: changed), original, "byte \(i) of \(size) changed by \(delta)")
                }
            }
            // A byte more or less, even a zero one (the last word is padded with zeros), is a change too.
            XCTAssertNotEqual(FileFingerprint(contents: bytes + [0]), original)
            if size > 0 { XCTAssertNotEqual(FileFingerprint(contents: Array(bytes.dropLast())), original) }
        }
    }

    func testTwoWordsSwappedIsAChange() {
        let a = Array("status: todo\ntitle: A\n---\n".utf8), b = Array("title: A\nstatus: todo\n---\n".utf8)
        XCTAssertEqual(a.count, b.count)
        XCTAssertNotEqual(FileFingerprint(contents: a), FileFingerprint(contents: b))
    }

    /// FNV-1a, as the cache's, the perspectives' copy's and the session's file names have it.
    func testThePathHashIsFNV1a() {
        XCTAssertEqual(FileFingerprint(bytes: []).hash, 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(FileFingerprint(bytes: Array("a".utf8)).hash, 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(FileFingerprint(bytes: Array("foobar".utf8)).hash, 0x8594_4171_f739_67e8)
    }
}
