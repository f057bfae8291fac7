import XCTest
@testable import TaskEngine
import GRDB

/// The snapshot file (`SnapshotFile`): what is written is read back byte
/// for byte, and a file damaged anywhere is refused, never read as other bytes.
final class SnapshotFileTests: XCTestCase {
    func chunks(_ r: inout SeededRandom, count: Int) -> [[UInt8]] {
        (0..<count).map { _ in (0..<r.below(3_000)).map { _ in UInt8(truncatingIfNeeded: r.below(256)) } }
    }

    /// `bytes` handed over in pieces of random sizes (some empty).
    func pieces(_ bytes: [UInt8]?, _ r: inout SeededRandom) -> SnapshotFile.Payload? {
        guard let bytes else { return nil }
        var cuts = [0]
        while cuts.last! < bytes.count { cuts.append(min(bytes.count, cuts.last! + r.below(3) * r.below(300_000))) }
        return SnapshotFile.Payload(count: bytes.count) { sink in
            bytes.withUnsafeBytes { all in
                for (a, b) in zip(cuts, cuts.dropFirst()) { sink(UnsafeRawBufferPointer(rebasing: all[a..<b])) }
            }
        }
    }

    func read(_ path: String) -> (chunks: [[UInt8]], complete: Bool, columns: [UInt8]?)? {
        guard var reader = SnapshotFile.Reader(path: path) else { return nil }
        defer { reader.close() }
        var got: [[UInt8]] = []
        let complete = reader.forEachChunk { got.append(Array($0)) }
        let columns = reader.columns()
        // The check in pieces says what a whole read says.
        XCTAssertEqual(reader.columnsAreSound(), columns != nil, path)
        return (got, complete, columns)
    }

    func testWhatIsWrittenIsReadBack() throws {
        let dir = TempDir()
        var r = SeededRandom(seed: 11)
        for round in 0..<40 {
            let written = chunks(&r, count: r.below(12))
            let columns: [UInt8]? = r.below(3) == 0 ? nil : (0..<r.below(2_000_000)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let path = dir.path + "/s\(round)"
            // (Columns past a megabyte: their checksum goes into a header already written.)
            let payload = pieces(columns, &r)
            XCTAssertTrue(SnapshotFile.write(to: path, count: written.count, record: { SnapshotFile.Record(.chunk, payload: written[$0]) }, columns: { payload }))
            let back = try XCTUnwrap(read(path))
            XCTAssertEqual(back.chunks, written)
            XCTAssertTrue(back.complete)
            XCTAssertEqual(back.columns, columns)
            XCTAssertFalse(SnapshotFile.write(to: path, count: 0, record: { _ in SnapshotFile.Record(.chunk, payload: []) }, columns: { nil }), "never over a file there")
            XCTAssertEqual(try XCTUnwrap(read(path)).chunks, written)
        }
    }

    /// Chunks made whole on their own (header and checksum with them) are the
    /// records a streamed write makes, and read back at every size, those
    /// that go past the writer's buffer and those that fill it by turns.
    func testRecordsMadeWholeAreReadBackAtEverySize() throws {
        let dir = TempDir()
        var r = SeededRandom(seed: 23)
        let sizes = [0, 1, 7, 8, 9, 65_535 - 13, 65_536 - 13, 65_536, 65_537, 131_072, 300_001]
        for round in 0..<12 {
            let written = (0..<(1 + r.below(8))).map { _ in
                (0..<sizes[r.below(sizes.count)]).map { _ in UInt8(truncatingIfNeeded: r.below(256)) }
            }
            for chunk in written {
                let record = SnapshotFile.Record(.chunk, payload: chunk)
                XCTAssertEqual(Array(record.bytes.dropFirst(SnapshotFile.headerSize)), chunk)
                XCTAssertEqual(record.bytes[0], SnapshotFile.Kind.chunk.rawValue)
                var streamed = SnapshotFile.Checksum(kind: .chunk, count: chunk.count)
                chunk.withUnsafeBytes { all in
                    var at = 0
                    while at < all.count {
                        let n = min(all.count - at, 1 + r.below(100))
                        streamed.add(UnsafeRawBufferPointer(rebasing: all[at..<(at + n)]))
                        at += n
                    }
                }
                record.bytes.withUnsafeBytes {
                    XCTAssertEqual(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 1, as: UInt32.self)), UInt32(chunk.count))
                    XCTAssertEqual(UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 5, as: UInt64.self)), streamed.value)
                }
            }
            let path = dir.path + "/w\(round)"
            let columns = round % 2 == 0 ? nil : (0..<r.below(200_000)).map { UInt8(truncatingIfNeeded: $0 &* 13) }
            let payload = pieces(columns, &r)
            XCTAssertTrue(SnapshotFile.write(to: path, count: written.count, record: { SnapshotFile.Record(.chunk, payload: written[$0]) },
                                             columns: { payload }))
            let back = try XCTUnwrap(read(path))
            XCTAssertEqual(back.chunks, written)
            XCTAssertTrue(back.complete)
            XCTAssertEqual(back.columns, columns)
        }
    }

    /// Every kind of damage a power cut or a stray write can leave: whatever
    /// is read is what was written, or the reader says it could not.
    func testADamagedFileIsRefusedNeverMisread() throws {
        let dir = TempDir()
        var r = SeededRandom(seed: 5)
        let written = chunks(&r, count: 7)
        let columns = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let good = dir.path + "/good"
        let payload = pieces(columns, &r)
        XCTAssertTrue(SnapshotFile.write(to: good, count: written.count, record: { SnapshotFile.Record(.chunk, payload: written[$0]) }, columns: { payload }))
        let original = try XCTUnwrap(FileManager.default.contents(atPath: good))
        var refused = 0
        for round in 0..<600 {
            var bytes = original
            switch round % 4 {
            case 0: bytes[r.below(bytes.count)] ^= UInt8(1 + r.below(255))  // one byte changed
            case 1: bytes = bytes.prefix(r.below(bytes.count))  // torn: cut short
            case 2:  // a run of zeros (a block the file system never wrote)
                let start = r.below(bytes.count), end = min(bytes.count, start + 1 + r.below(8_192))
                bytes.replaceSubrange(start..<end, with: repeatElement(0, count: end - start))
            default: bytes.append(contentsOf: (0..<(1 + r.below(64))).map { _ in UInt8(truncatingIfNeeded: r.below(256)) })  // grown
            }
            let path = dir.path + "/d\(round)"
            try bytes.write(to: URL(fileURLWithPath: path))
            guard let back = read(path) else { refused += 1; continue }
            XCTAssertEqual(back.chunks, Array(written.prefix(back.chunks.count)), "round \(round): only chunks as written")
            XCTAssertTrue(back.columns == nil || back.columns == columns, "round \(round)")
            if !back.complete || back.columns == nil { refused += 1 }
            if back.complete, back.columns != nil { XCTAssertEqual(back.chunks, written, "round \(round): whole only when whole") }
            XCTAssertTrue(bytes != original || back.complete)
        }
        XCTAssertGreaterThan(refused, 500, "nearly every damage is noticed (a change inside unused bytes cannot be)")
    }

    /// The checksum of a payload handed over in pieces is the one of the
    /// whole, wherever it is cut.
    func testAChecksumInPiecesIsTheChecksumOfTheWhole() {
        var r = SeededRandom(seed: 23)
        for round in 0..<400 {
            let bytes = (0..<r.below(round < 50 ? 40 : 5_000)).map { _ in UInt8(truncatingIfNeeded: r.below(256)) }
            let kind: SnapshotFile.Kind = [.chunk, .columns, .trailer][r.below(3)]
            var sum = SnapshotFile.Checksum(kind: kind, count: bytes.count), at = 0
            bytes.withUnsafeBytes { all in
                while at < all.count || r.below(4) == 0 {
                    let n = min(all.count - at, r.below(20))
                    sum.add(UnsafeRawBufferPointer(rebasing: all[at..<(at + n)]))
                    at += n
                    if at == all.count, r.below(2) == 0 { break }
                }
            }
            XCTAssertEqual(sum.value, bytes.withUnsafeBytes { SnapshotFile.checksum($0, kind: kind) }, "round \(round): \(bytes.count) bytes")
        }
    }

    /// A payload that gives fewer or more bytes than it said leaves no file.
    func testAPayloadOtherThanItsLengthLeavesNoFile() throws {
        let dir = TempDir()
        for (said, given) in [(10, 9), (10, 11), (2_000_000, 1_999_999), (0, 1)] {
            let path = dir.path + "/p\(said)-\(given)"
            let bytes = [UInt8](repeating: 7, count: given)
            let payload = SnapshotFile.Payload(count: said) { sink in bytes.withUnsafeBytes(sink) }
            XCTAssertFalse(SnapshotFile.write(to: path, count: 1, record: { _ in SnapshotFile.Record(.chunk, payload: [1, 2, 3]) }, columns: { payload }))
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "\(said) said, \(given) given")
        }
    }
}
