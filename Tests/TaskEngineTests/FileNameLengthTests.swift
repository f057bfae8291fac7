import Foundation
import XCTest
@testable import TaskEngine

/// Titles whose names would pass the file system's 255 bytes, in scripts of
/// one to many bytes a character: every path that makes a file name from a
/// title cuts it to fit, at a character boundary, before anything is written.
final class FileNameLengthTests: XCTestCase {
    /// One character of each kind, with its size in UTF-8 bytes.
    static let characters: [(name: String, ch: String)] = [
        ("ASCII", "a"), ("accented", "é"), ("decomposed", "e\u{301}"), ("CJK", "漢"), ("Hangul", "한"),
        ("CJK extension B", "𠀀"), ("emoji", "😀"), ("VS16 emoji", "☀️"), ("skin tone", "👍🏽"),
        ("family", "👨‍👩‍👧"), ("flag", "🇫🇷"), ("Devanagari", "क्षि"),
        ("Zalgo", "Z" + String(repeating: "\u{0336}\u{0489}", count: 10)),
    ]

    /// Titles of each character repeated to lengths in bytes around 255.
    static var titles: [(label: String, title: String)] {
        characters.flatMap { c -> [(String, String)] in
            let size = c.ch.utf8.count
            return [200, 240, 246, 250, 252, 255, 256, 260, 270, 300, 1_000].map { bytes in
                let n = max(1, bytes / size)
                return ("\(c.name) ×\(n) (\(n * size) bytes)", String(repeating: c.ch, count: n))
            } + [("\(c.name) after ASCII", String(repeating: "x", count: 250) + c.ch + c.ch)]
        }
    }

    func assertFits(_ name: String, from title: String, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(name.utf8.count, FileNameLength.maxBytes, "\(label): \(name.utf8.count) bytes", file: file, line: line)
        XCTAssertTrue(name.hasSuffix(".md"), label, file: file, line: line)
        XCTAssertEqual(String(decoding: Array(name.utf8), as: UTF8.self), name, "whole characters: \(label)", file: file, line: line)
    }

    func testEveryNameMadeFromATitleFitsAtACharacterBoundary() {
        // Backlog.md folders whose highest number makes the next one 1, 12,345 or the largest counted.
        let backlogs = [1, 12345, VaultProfile.maxBacklogNumber].map { number -> TempDir in
            let dir = TempDir()
            if number > 1 { dir.write("backlog/tasks/task-\(number - 1) - x.md", "---\ntitle: x\n---\n") }
            return dir
        }
        for (label, title) in Self.titles {
            // TaskNotes (the title is the name), with room for a collision number.
            let stem = VaultProfile.titleFileStem(title)
            XCTAssertLessThanOrEqual(stem.utf8.count, FileNameLength.stemBytes, label)
            XCTAssertTrue(stem == "Untitled" || title.hasPrefix(stem), "cut at a character: \(label)")
            for n in [2, 10, 99999] { assertFits("\(stem) \(n).md", from: title, label) }
            // todomd's own format: a slug.
            let slug = Slug.make(title)
            for n in [2, 99999] { assertFits("\(slug)-\(n).md", from: title, label) }
            // Backlog.md: `task-N - ` first.
            var backlog = VaultProfile.backlog
            backlog.kind = .backlog
            for dir in backlogs {
                let (name, _) = backlog.newFileName(for: title, root: dir.path) { _ in false }
                assertFits(name, from: title, label)
                XCTAssertTrue(name.hasPrefix("task-"), name)
            }
        }
    }

    func testAShortTitleKeepsItsWholeName() {
        XCTAssertEqual(VaultProfile.titleFileStem("Buy milk"), "Buy milk")
        XCTAssertEqual(Slug.make("Café à 9h!"), "cafe-a-9h")
        let cjk = String(repeating: "漢", count: 82)  // 246 bytes: exactly the room
        XCTAssertEqual(VaultProfile.titleFileStem(cjk), cjk)
        XCTAssertEqual(VaultProfile.titleFileStem(cjk + "漢"), cjk)
        XCTAssertEqual(FileNameLength.prefix("a👍🏽b", bytes: 8), "a", "a grapheme is kept whole or not at all")
        XCTAssertEqual(FileNameLength.prefix("a👍🏽b", bytes: 9), "a👍🏽")
    }

    /// The three kinds of vault, each creating and (where the name is the title) renaming with long titles.
    func testLongTitlesAreCreatedAndRenamedInEveryKindOfVault() throws {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let kinds: [(name: String, setup: (TempDir) -> Void, nameIsTitle: Bool)] = [
            ("todomd", { _ in }, false),
            ("TaskNotes", { $0.write(".obsidian/plugins/tasknotes/data.json", VaultProfileTests.taskNotesSettings) }, true),
            ("Backlog.md", { $0.write("backlog/config.yml", VaultProfileTests.backlogConfig) }, false),
        ]
        let scripts = [("CJK", "漢", 90), ("emoji", "😀", 64), ("combining", "e\u{301}", 100), ("skin tone", "👍🏽", 40), ("CJK", "漢", 100)]
        for kind in kinds {
            let dir = TempDir()
            kind.setup(dir)
            let writer = VaultWriter(root: dir.path, timeZone: utc)
            for (script, ch, count) in scripts {
                let title = String(repeating: ch, count: count)
                let label = "\(kind.name) / \(script) ×\(count)"
                let saved = try writer.create(TaskItem(id: "", title: title), now: now)
                let name = (saved.id as NSString).lastPathComponent
                assertFits(name, from: title, label)
                XCTAssertNotNil(dir.read(saved.id), label)
                if kind.nameIsTitle {
                    XCTAssertEqual(saved.title, String(name.dropLast(3)), label)
                    // (less a collision number: the same title made twice)
                    let base = saved.title.replacingOccurrences(of: #"[ -]\d+$"#, with: "", options: .regularExpression)
                    XCTAssertTrue(title.hasPrefix(base), label)
                } else {
                    XCTAssertEqual(saved.title, title, "the title in the file stays whole: \(label)")
                }
                // A new long title: where the name is the title, the file is renamed to a name that fits.
                var edited = saved
                edited.title = String(repeating: ch, count: count + 7)
                let updated = try writer.update(edited, now: now)
                assertFits((updated.id as NSString).lastPathComponent, from: edited.title, label)
                XCTAssertNotNil(dir.read(updated.id), label)
                if !kind.nameIsTitle { XCTAssertEqual(updated.title, edited.title, label) }
            }
            // Same long title again and again: each gets its own name, all fitting.
            let title = String(repeating: "漢", count: 120)
            var names = Set<String>()
            for _ in 0..<3 {
                let saved = try writer.create(TaskItem(id: "", title: title), now: now)
                assertFits((saved.id as NSString).lastPathComponent, from: title, kind.name)
                names.insert(saved.id)
            }
            XCTAssertEqual(names.count, 3, kind.name)
        }
    }
}
