import Foundation
import Synchronization
import XCTest
@testable import TaskEngine

/// `RegularFile.read`: a regular file's bytes up to a limit; anything else at
/// the path (FIFO, folder, device, a link to one) refused with what it is,
/// without waiting and without reading on.
final class RegularFileTests: XCTestCase {
    func testFilesAreReadWholeUpToTheLimit() throws {
        let dir = TempDir()
        for size in [0, 1, 4095, 4096, 4097, 100_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            dir.write("f\(size)", bytes)
            XCTAssertEqual(RegularFile.read(dir.path + "/f\(size)"), .bytes(bytes), "\(size)")
            XCTAssertEqual(RegularFile.read(dir.path + "/f\(size)", limit: size), .bytes(bytes), "exactly the limit: \(size)")
            if size > 0 {
                guard case .refused(let why) = RegularFile.read(dir.path + "/f\(size)", limit: size - 1) else { return XCTFail("\(size)") }
                XCTAssertTrue(why.contains("larger than"), why)
            }
        }
        XCTAssertEqual(RegularFile.read(dir.path + "/none"), .missing)
        XCTAssertEqual(RegularFile.read(dir.path + "/f1/below"), .missing, "a file where a folder is asked for")
    }

    func testWhatIsNotAFileIsRefusedAtOnce() throws {
        let dir = TempDir()
        XCTAssertEqual(mkfifo(dir.path + "/fifo", 0o644), 0)
        try FileManager.default.createDirectory(atPath: dir.path + "/folder", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/zero", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/urandom", withDestinationPath: "/dev/urandom")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/to-fifo", withDestinationPath: "fifo")
        let expected = ["fifo": "named pipe", "to-fifo": "named pipe", "folder": "folder", "zero": "device", "urandom": "device"]
        for (name, word) in expected {
            // (On another thread with a bound, so a read that waited would fail here, not hang the suite.)
            let done = DispatchSemaphore(value: 0)
            let box = Mutex<RegularFile.Contents?>(nil)
            DispatchQueue.global().async {
                let read = RegularFile.read(dir.path + "/" + name)
                box.withLock { $0 = read }
                done.signal()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success, name)
            let value = box.withLock { $0 }
            guard case .refused(let why)? = value else { XCTFail("\(name): \(String(describing: value))"); continue }
            XCTAssertTrue(why.contains(word), "\(name): \(why)")
            XCTAssertNil(RegularFile.bytes(dir.path + "/" + name))
        }
    }
}
