import Foundation
import XCTest
@testable import TaskEngine

final class VaultLoaderTests: XCTestCase {
    func testReadsEveryMarkdownFileAndSkipsDotFolders() throws {
        let dir = TempDir()
        dir.write("a.md", "---\ntitle: A\n---\n")
        dir.write("work/b.md", "# B\n")
        dir.write("work/clients/c.md", "")
        dir.write(".obsidian/d.md", "---\ntitle: hidden\n---\n")
        dir.write(".trash/e.md", "x")
        dir.write("notes.txt", "not a task")
        dir.write(".perspectives.json", "{}")
        let snapshot = try VaultLoader.load(root: dir.path)
        XCTAssertEqual(snapshot.tasks.map(\.id).sorted(), ["a.md", "work/b.md", "work/clients/c.md"])
        XCTAssertEqual(snapshot.unreadable, [])
    }

    func testCorruptFilesAreReportedNotShownAndNeverWritten() throws {
        let dir = TempDir()
        let files: [(String, [UInt8])] = [
            ("bad-yaml.md", Array("---\ntitle: [oops\n---\nbody\n".utf8)),
            ("wrong-due.md", Array("---\ndue: [2026-11-25]\n---\n".utf8)),
            ("wrong-tags.md", Array("---\ntags: {a: 1}\n---\n".utf8)),
            ("wrong-estimate.md", Array("---\nestimated_minutes: a lot\n---\n".utf8)),
            ("binary.md", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]),
            ("latin1.md", [0x63, 0x61, 0x66, 0xE9, 0x0A]),
            ("unclosed.md", Array("---\ntitle: x\n".utf8)),
            ("good.md", Array("---\ntitle: Good\n---\n".utf8)),
        ]
        for (id, bytes) in files { dir.write(id, bytes) }
        dir.write("empty.md", [])
        try FileManager.default.createDirectory(atPath: dir.path + "/x.md", withIntermediateDirectories: true)
        let before = Dictionary(uniqueKeysWithValues: files.map { ($0.0, dir.read($0.0)!) })

        let snapshot = try VaultLoader.load(root: dir.path)
        // A value its field cannot hold leaves the file a task, the value reported by its key.
        XCTAssertEqual(snapshot.tasks.map(\.id).sorted(), ["empty.md", "good.md", "wrong-due.md", "wrong-estimate.md", "wrong-tags.md"])
        let unreadable = Dictionary(uniqueKeysWithValues: snapshot.unreadable.map { ($0.id, $0.reason) })
        XCTAssertEqual(Set(unreadable.keys), ["bad-yaml.md", "binary.md", "latin1.md", "unclosed.md"])
        XCTAssertTrue(unreadable["bad-yaml.md"]!.contains("invalid YAML"), unreadable["bad-yaml.md"]!)
        let warned = Dictionary(grouping: snapshot.problems.filter { $0.kind == .warning }, by: \.id).mapValues { $0.map(\.reason) }
        XCTAssertTrue(warned["wrong-due.md"]?.first?.hasPrefix("`due` is \"[2026-11-25]\"") == true, "\(warned)")
        XCTAssertTrue(warned["wrong-tags.md"]?.first?.hasPrefix("`tags`") == true, "\(warned)")
        XCTAssertTrue(warned["wrong-estimate.md"]?.first?.hasPrefix("`estimated_minutes` is \"a lot\"") == true, "\(warned)")
        XCTAssertTrue(unreadable["binary.md"]!.contains("binary"))
        XCTAssertTrue(snapshot.problems.contains { $0.id == "x.md" && $0.kind == .warning && $0.reason.contains("folder") })

        // A write to an unreadable file is refused and leaves it as it was.
        let writer = VaultWriter(root: dir.path)
        for (id, _) in files where unreadable[id] != nil {
            var fake = TaskItem(id: id, title: "overwrite attempt")
            fake.flagged = true
            XCTAssertThrowsError(try writer.update(fake), id)
            XCTAssertEqual(dir.read(id), before[id], id)
        }
    }

    func testMissingVaultAndFileInsteadOfFolder() {
        XCTAssertThrowsError(try VaultLoader.load(root: "/nonexistent/todomd-vault")) {
            XCTAssertEqual($0 as? VaultError, .notFound("/nonexistent/todomd-vault"))
        }
        let dir = TempDir()
        dir.write("file", "x")
        XCTAssertThrowsError(try VaultLoader.load(root: dir.path + "/file")) {
            XCTAssertEqual($0 as? VaultError, .notADirectory(dir.path + "/file"))
        }
    }

    func testDefaultVaultIsCreatedWithAWelcomeTask() throws {
        let dir = TempDir()
        let path = dir.path + "/todo.md"
        XCTAssertEqual(VaultLocation.defaultPath(environment: ["TODOMD_VAULT": path]), path)
        XCTAssertTrue(VaultLocation.defaultPath(environment: [:]).hasSuffix("/todo.md"))
        XCTAssertTrue(try VaultLocation.createIfMissing(path, today: Day.parseISO("2026-11-22")!))
        XCTAssertFalse(try VaultLocation.createIfMissing(path, today: Day.parseISO("2026-11-22")!))
        let tasks = try VaultLoader.load(root: path).tasks
        XCTAssertEqual(tasks.map(\.title), ["Welcome to todomd"])
        XCTAssertEqual(tasks[0].due?.raw, "2026-11-22")
    }

    func testDemoVaultIsDeterministicAndVaried() throws {
        let today = Day.parseISO("2026-11-21")!
        let a = DemoVaultGenerator(count: 500, seed: 42, today: today, timeZone: utc).tasks()
        let b = DemoVaultGenerator(count: 500, seed: 42, today: today, timeZone: utc).tasks()
        let c = DemoVaultGenerator(count: 500, seed: 43, today: today, timeZone: utc).tasks()
        XCTAssertEqual(a.map(\.id), b.map(\.id))
        XCTAssertEqual(a.map(\.bytes), b.map(\.bytes))
        XCTAssertNotEqual(a.map(\.bytes), c.map(\.bytes))
        XCTAssertEqual(Set(a.map(\.id)).count, 500, "unique ids")

        let dir = TempDir()
        try DemoVaultGenerator(count: 500, seed: 42, today: today, timeZone: utc).write(to: dir.path)
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: utc)
        XCTAssertEqual(snapshot.tasks.count, 500)
        XCTAssertEqual(snapshot.unreadable, [])
        let tasks = snapshot.tasks
        XCTAssertEqual(Set(tasks.map(\.status)), Set(TaskStatus.allCases))
        XCTAssertEqual(Set(tasks.map(\.priority)), Set(Priority.allCases))
        XCTAssertTrue(tasks.contains { $0.area?.contains("/") == true }, "nested areas")
        XCTAssertTrue(tasks.contains { $0.due.map { $0.day < today } == true })
        XCTAssertTrue(tasks.contains { $0.due.map { $0.day > today } == true })
        XCTAssertTrue(tasks.contains { $0.scheduled != nil } && tasks.contains { $0.defer_ != nil })
        XCTAssertTrue(tasks.contains { $0.estimatedMinutes != nil } && tasks.contains { $0.recurrence != nil } && tasks.contains { $0.source != nil })
        XCTAssertTrue(tasks.contains { $0.tags.count >= 2 } && tasks.contains { $0.flagged })
        XCTAssertTrue(tasks.contains { $0.title.unicodeScalars.contains { $0.value >= 0x3040 && $0.value <= 0x9FFF } }, "CJK")
        XCTAssertTrue(tasks.contains { $0.title.unicodeScalars.contains { $0.properties.isEmojiPresentation } }, "emoji")
        XCTAssertTrue(tasks.contains { $0.title.contains("é") }, "accents")
        XCTAssertTrue(tasks.contains { $0.body.split(separator: "\n").count >= 2 })
        XCTAssertTrue(tasks.allSatisfy { $0.modified!.day <= today })
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.path + "/.perspectives.json"))) as! [String: Any]
        let names = (json["perspectives"] as! [String: [String: Any]]).values.map { $0["name"] as! String }.sorted()
        XCTAssertEqual(names, ["Quick Wins Under 15 min", "Work — Available Now"])
    }
}
