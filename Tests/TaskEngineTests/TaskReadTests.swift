import XCTest
@testable import TaskEngine

/// `TaskFileCodec.readTask` (what a load uses: no line copies, no key
/// places) against `parse(…).task` (what an edit uses): the same task, or
/// the same refusal, for hand-written files, generated frontmatters of every
/// shape, every line ending and byte-order mark, broken files and random
/// bytes, under each profile.
final class TaskReadTests: XCTestCase {
    enum Outcome: Equatable {
        case task(TaskItem)
        case refused(String)
    }

    func outcome(_ body: () throws -> TaskItem) -> Outcome {
        do { return .task(try body()) } catch { return .refused("\(error)") }
    }

    func assertSame(_ bytes: [UInt8], _ profile: VaultProfile, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let fast = outcome { try TaskFileCodec.readTask(bytes, id: "work/t.md", timeZone: utc, profile: profile) }
        let full = outcome { try TaskFileCodec.parse(bytes, id: "work/t.md", timeZone: utc, profile: profile).task }
        XCTAssertEqual(fast, full, context, file: file, line: line)
    }

    var files: [(String, [UInt8])] {
        var rng = SeededRandom(seed: 41)
        var out = HandWrittenFiles.all.map { ($0.name, Array($0.text.utf8)) }
        let bodies = ["", "\n", "# Heading title\n\nNotes\n", "- [ ] one\n- [x] two\n", "no newline at the end", "---\nnot a marker\n"]
        for i in 0..<1_500 {
            var text = "---\n" + FrontmatterEventsTests.randomFrontmatter(&rng) + rng.pick(["---\n", "---", "...\n", "---  \n"]) + rng.pick(bodies)
            if rng.chance(0.2) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
            var bytes = Array(text.utf8)
            if rng.chance(0.1) { bytes = [0xEF, 0xBB, 0xBF] + bytes }
            out.append(("generated #\(i)", bytes))
        }
        out += [("empty", []), ("only markers", Array("---\n---\n".utf8)), ("unclosed", Array("---\ntitle: A\n".utf8)),
                ("no frontmatter", Array("# Just notes\n".utf8)), ("null document", Array("---\n~\n---\nBody\n".utf8)),
                ("a list, not a map", Array("---\n- a\n---\n".utf8)), ("binary", [0x2D, 0x2D, 0x2D, 0x0A, 0x00, 0x0A]),
                ("not UTF-8", Array("---\ntitle: ".utf8) + [0xC3, 0x28] + Array("\n---\n".utf8)),
                ("wrong type", Array("---\ntitle: A\ndue: [1, 2]\n---\n".utf8)), ("alias", Array("---\na: &x 1\ntitle: *x\n---\n".utf8)),
                ("BOM only", [0xEF, 0xBB, 0xBF]), ("marker without newline", Array("---".utf8))]
        for (id, bytes) in DemoVaultGenerator(count: 600, seed: 42, today: pinnedToday, timeZone: utc).tasks() {
            out.append(("demo \(id)", bytes))
            out.append(("demo \(id), CRLF", Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)))
        }
        for i in 0..<300 {
            var bytes = Array("---\ntitle: Random\ntags: [a, b]\n---\nBody\n".utf8)
            for _ in 0..<rng.int(1...6) { bytes[rng.int(0...(bytes.count - 1))] = UInt8(rng.int(0...255)) }
            out.append(("damaged #\(i)", bytes))
        }
        return out
    }

    func testALoadReadsEachFileAsAnEditDoes() {
        let all = files
        for profile in [VaultProfile.todomd, .tasknotes, .backlog] {
            for (name, bytes) in all { assertSame(bytes, profile, "\(name) (\(profile.kind))") }
        }
        // The sweep holds files of every outcome.
        let outcomes = all.map { (_, bytes) in outcome { try TaskFileCodec.readTask(bytes, id: "t.md", timeZone: utc) } }
        XCTAssertGreaterThan(outcomes.filter { if case .task = $0 { return true } else { return false } }.count, 1_200)
        XCTAssertGreaterThan(outcomes.filter { if case .refused = $0 { return true } else { return false } }.count, 20)
    }
}
