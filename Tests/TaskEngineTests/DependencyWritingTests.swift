import Foundation
import XCTest
@testable import TaskEngine

/// Writing a task's dependency list in each profile's words. A sweep of
/// generated lists (good entries, bad ones, duplicates, odd quoting and key
/// order) in each shape (flow, block, one value) and each profile, with an
/// entry added, each readable entry removed, and all removed: the new file
/// must read back as meant, keep every entry it did not change as written
/// (bad ones byte for byte), and keep every other line.
final class DependencyWritingTests: XCTestCase {
    /// An entry as a flow item and as block item lines (after `- `, later lines indented by 4), and whether todomd reads it.
    struct Sample {
        var flow: String
        var block: [String]
        var good: Bool
    }

    static let samples: [Sample] = [
        Sample(flow: "\"[[Alpha]]\"", block: ["\"[[Alpha]]\""], good: true),
        Sample(flow: "'[[Beta]]'", block: ["'[[Beta]]'"], good: true),
        Sample(flow: "Gamma", block: ["Gamma"], good: true),
        Sample(flow: "{uid: \"[[Delta]]\", reltype: FINISHTOSTART}", block: ["uid: \"[[Delta]]\"", "reltype: FINISHTOSTART"], good: true),
        Sample(flow: "{reltype: startToStart, gap: PT4H, uid: '[[Eps]]'}", block: ["reltype: startToStart   # odd case", "gap: PT4H", "uid: '[[Eps]]'"], good: true),
        Sample(flow: "{reltype: FINISHTOSTART}", block: ["reltype: FINISHTOSTART"], good: false),
        Sample(flow: "[nested, list]", block: ["[nested, list]"], good: false),
        Sample(flow: "\"[bad](\"", block: ["\"[bad](\""], good: false),
        Sample(flow: "{uid: [x]}", block: ["uid: [x]"], good: false),
        Sample(flow: "\"[[Alpha|again]]\"", block: ["\"[[Alpha|again]]\""], good: true),  // a duplicate of Alpha
    ]

    enum Shape: CaseIterable { case flow, block, single }

    /// The key's lines for `items` in `shape`.
    static func listText(_ key: String, _ items: [Sample], _ shape: Shape) -> String {
        switch shape {
        case .flow: return "\(key): [" + items.map(\.flow).joined(separator: ", ") + "]  # kept\n"
        case .single: return "\(key): \(items[0].flow)\n"
        case .block:
            return "\(key):\n" + items.map { s in "  - " + s.block[0] + "\n" + s.block.dropFirst().map { "    \($0)\n" }.joined() }.joined()
        }
    }

    /// Lists drawn from the samples (seeded): one to five entries.
    static func lists(count: Int) -> [[Sample]] {
        var rng = SeededRandom(seed: 43)
        return (0..<count).map { _ in (0..<rng.int(1...5)).map { _ in rng.pick(samples) } }
    }

    func testGeneratedListsKeepWhatTheyDoNotChange() throws {
        let profiles: [(VaultProfile, String)] = [(.todomd, "blocked_by"), (.tasknotes, "blockedBy"), (.backlog, "dependencies")]
        var checked = 0
        for (profile, key) in profiles {
            for items in Self.lists(count: 40) {
                for shape in Shape.allCases where shape != .single || items.count == 1 {
                    let list = Self.listText(key, items, shape)
                    let text = "---\ntitle: Ship\n\(list)status: todo\n---\nBody [[Alpha]].\n"
                    let parsed = try TaskFileCodec.parse(Array(text.utf8), id: "ship.md", timeZone: utc, profile: profile)
                    let old = parsed.task.dependencies
                    XCTAssertEqual(old.count, items.filter(\.good).count, text)
                    var changes: [(String, [TaskDependency])] = [("add", old + [TaskDependency(uid: "[[New one]]")]), ("clear", [])]
                    for n in old.indices { changes.append(("remove \(n)", old.enumerated().filter { $0.offset != n }.map(\.element))) }
                    for (what, entries) in changes {
                        var edited = parsed.task
                        edited.dependencies = entries
                        let label = "\(profile.kind) \(shape) \(what):\n\(text)"
                        let bytes = try write(parsed, edited, profile: profile, label: label)
                        let after = String(decoding: bytes, as: UTF8.self)
                        // Every other line as it was; the body too.
                        XCTAssertTrue(after.hasPrefix("---\ntitle: Ship\n"), label + after)
                        XCTAssertTrue(after.hasSuffix("status: todo\n---\nBody [[Alpha]].\n"), label + after)
                        // Each bad entry byte for byte; each kept good one as written.
                        let removed = Set(old.filter { e in !entries.contains(e) || old.filter { $0 == e }.count > entries.filter { $0 == e }.count })
                        for s in items {
                            let written = shape == .block ? s.block.joined(separator: "\n    ") : s.flow
                            let reading = (try? TaskFileCodec.parse(Array("---\n\(key): [\(s.flow)]\n---\n".utf8), id: "x.md", profile: profile))?.task.dependencies.first
                            if !s.good || (reading.map { !removed.contains($0) } ?? false) {
                                XCTAssertTrue(after.contains(written), "kept \(written): " + label + after)
                            }
                        }
                        let reread = try TaskFileCodec.parse(bytes, id: "ship.md", timeZone: utc, profile: profile)
                        XCTAssertEqual(reread.task.dependencies, entries, label + after)
                        XCTAssertEqual(reread.task.warnings.filter { !$0.contains("duplicate") }.count,
                                       parsed.task.warnings.filter { !$0.contains("duplicate") }.count, label + after)
                        checked += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 600)
    }

    /// What each profile writes for a new list, and for the last entry removed.
    func testEachProfileWritesItsOwnWords() throws {
        let cases: [(VaultProfile, String, String)] = [
            (.todomd, "blocked_by", "blocked_by: [\"[[write-docs]]\", {uid: \"[[review]]\", reltype: STARTTOSTART, gap: P1D}]\n"),
            (.tasknotes, "blockedBy", "blockedBy:\n  - uid: \"[[write-docs]]\"\n    reltype: FINISHTOSTART\n  - uid: \"[[review]]\"\n    reltype: STARTTOSTART\n    gap: P1D\n"),
            (.backlog, "dependencies", "dependencies:\n  - '[[write-docs]]'\n  - uid: '[[review]]'\n    reltype: STARTTOSTART\n    gap: P1D\n"),
        ]
        for (profile, key, expected) in cases {
            let text = "---\ntitle: Ship\nstatus: todo\n---\n"
            let parsed = try TaskFileCodec.parse(Array(text.utf8), id: "ship.md", timeZone: utc, profile: profile)
            var edited = parsed.task
            edited.dependencies = [TaskDependency(uid: "[[write-docs]]"), TaskDependency(uid: "[[review]]", relation: .startToStart, gap: "P1D")]
            let after = String(decoding: try write(parsed, edited, profile: profile, label: key), as: UTF8.self)
            XCTAssertEqual(after, "---\ntitle: Ship\nstatus: todo\n" + expected + "---\n", "\(profile.kind)")
            // Emptied: the key goes (Backlog.md writes an empty list, as its serializer does).
            let full = try TaskFileCodec.parse(Array(after.utf8), id: "ship.md", timeZone: utc, profile: profile)
            var cleared = full.task
            cleared.dependencies = []
            let empty = String(decoding: try write(full, cleared, profile: profile, label: key), as: UTF8.self)
            XCTAssertEqual(empty, "---\ntitle: Ship\nstatus: todo\n" + (profile.kind == .backlog ? "dependencies: []\n" : "") + "---\n")
        }
        // Backlog.md's ids are written plain, after an empty list as a block list.
        let backlog = "---\nid: task-3\ntitle: Ship\nstatus: To Do\ndependencies: []\npriority: high\n---\n"
        let parsed = try TaskFileCodec.parse(Array(backlog.utf8), id: "backlog/tasks/task-3 - Ship.md", timeZone: utc, profile: .backlog)
        var edited = parsed.task
        edited.dependencies = [TaskDependency(uid: "task-1")]
        let after = String(decoding: try write(parsed, edited, profile: .backlog, label: "backlog"), as: UTF8.self)
        XCTAssertEqual(after, "---\nid: task-3\ntitle: Ship\nstatus: To Do\ndependencies:\n  - task-1\npriority: high\n---\n")
    }

    /// A TaskNotes `blockedBy:` holding one link (not a list), given another entry: every entry
    /// a `uid`/`reltype` map, as the plugin saves (its serializeDependencies), the link spelled as
    /// written; never a bare string beside maps. A lone map stays as written; todomd's own format keeps its flow list.
    func testATaskNotesLoneLinkBecomesAMapBesideTheNewOne() throws {
        let added = "  - uid: \"[[New one]]\"\n    reltype: FINISHTOSTART\n"
        let cases: [(VaultProfile, String, String)] = [
            (.tasknotes, "blockedBy: \"[[Write docs]]\"\n", "blockedBy:\n  - uid: \"[[Write docs]]\"\n    reltype: FINISHTOSTART\n" + added),
            (.tasknotes, "blockedBy: '[[Write docs]]'\n", "blockedBy:\n  - uid: '[[Write docs]]'\n    reltype: FINISHTOSTART\n" + added),
            (.tasknotes, "blockedBy: Write docs\n", "blockedBy:\n  - uid: Write docs\n    reltype: FINISHTOSTART\n" + added),
            (.tasknotes, "blockedBy: {uid: \"[[Write docs]]\", reltype: STARTTOSTART}\n",
             "blockedBy:\n  - {uid: \"[[Write docs]]\", reltype: STARTTOSTART}\n" + added),
            (.tasknotes, "blockedBy:\n  uid: \"[[Write docs]]\"\n  reltype: FINISHTOSTART\n",
             "blockedBy:\n  - uid: \"[[Write docs]]\"\n    reltype: FINISHTOSTART\n" + added),
            (.todomd, "blocked_by: \"[[Write docs]]\"\n", "blocked_by: [\"[[Write docs]]\", \"[[New one]]\"]\n"),
        ]
        for (profile, before, after) in cases {
            let text = "---\ntitle: Ship\n" + before + "status: open\n---\nBody.\n"
            let parsed = try TaskFileCodec.parse(Array(text.utf8), id: "ship.md", timeZone: utc, profile: profile)
            XCTAssertEqual(parsed.task.dependencies.count, 1, before)
            var edited = parsed.task
            edited.dependencies.append(TaskDependency(uid: "[[New one]]"))
            let bytes = String(decoding: try write(parsed, edited, profile: profile, label: before), as: UTF8.self)
            XCTAssertEqual(bytes, "---\ntitle: Ship\n" + after + "status: open\n---\nBody.\n", before)
        }
    }

    /// A `[…]` list over several lines with comments beside its entries: an entry added or removed
    /// leaves the others' lines and comments where they were (they were joined on one line, the comments lost).
    func testAFlowListOverSeveralLinesKeepsItsLinesAndComments() throws {
        let text = "---\ntitle: Ship\nblocked_by: [\n  \"[[a]]\",  # the copy\n  \"[[b]]\"  # legal\n]  # kept\nstatus: open\n---\nBody.\n"
        let parsed = try parse(text, id: "ship.md")
        XCTAssertEqual(parsed.task.dependencies.count, 2)
        var added = parsed.task
        added.dependencies.append(TaskDependency(uid: "[[c]]"))
        XCTAssertEqual(String(decoding: try write(parsed, added, profile: .todomd, label: "add"), as: UTF8.self),
                       "---\ntitle: Ship\nblocked_by: [\n  \"[[a]]\",  # the copy\n  \"[[b]]\",  # legal\n  \"[[c]]\"\n]  # kept\nstatus: open\n---\nBody.\n")
        var removed = parsed.task
        removed.dependencies.removeFirst()
        XCTAssertEqual(String(decoding: try write(parsed, removed, profile: .todomd, label: "remove"), as: UTF8.self),
                       "---\ntitle: Ship\nblocked_by: [\n  \"[[b]]\"  # legal\n]  # kept\nstatus: open\n---\nBody.\n")
    }

    /// JSON frontmatter is changed as JSON: kept entries (bad ones too) as they were, new ones appended.
    func testJSONFrontmatterKeepsItsEntries() throws {
        let text = "---\n{\"title\": \"Ship\", \"blocked_by\": [\"[[A]]\", {\"reltype\": \"FINISHTOSTART\"}, {\"uid\": \"[[B]]\", \"reltype\": \"STARTTOSTART\"}]}\n---\n"
        let parsed = try parse(text, id: "ship.md")
        XCTAssertEqual(parsed.task.dependencies, [TaskDependency(uid: "[[A]]"), TaskDependency(uid: "[[B]]", relation: .startToStart)])
        var edited = parsed.task
        edited.dependencies = [TaskDependency(uid: "[[B]]", relation: .startToStart), TaskDependency(uid: "[[C]]")]
        let after = String(decoding: try write(parsed, edited, profile: .todomd, label: "json"), as: UTF8.self)
        XCTAssertEqual(after, "---\n{\"title\": \"Ship\", \"blocked_by\": [{\"reltype\": \"FINISHTOSTART\"}, {\"uid\": \"[[B]]\", \"reltype\": \"STARTTOSTART\"}, \"[[C]]\"]}\n---\n")
    }

    /// A list libyaml cannot follow plainly (an anchor) is refused with a reason, the file untouched.
    func testAListWithAnAnchorIsRefused() throws {
        let text = "---\ntitle: Ship\nother: &a \"[[A]]\"\nblocked_by: [*a]\n---\n"
        let parsed = try parse(text, id: "ship.md")
        var edited = parsed.task
        edited.dependencies += [TaskDependency(uid: "[[C]]")]
        XCTAssertThrowsError(try FrontmatterEditor.render(parsed, edited: edited, profile: .todomd)) { error in
            XCTAssertTrue("\(error)".contains("edit it in your editor"), "\(error)")
        }
    }

    /// The writer's bytes, checked as a save checks them (read back as meant, other keys unchanged).
    func write(_ parsed: ParsedTaskFile, _ edited: TaskItem, profile: VaultProfile, label: String) throws -> [UInt8] {
        let edits = FrontmatterEdit.changes(from: parsed.task, to: edited, profile: profile)
        let bytes = try FrontmatterEditor.render(parsed, edited: edited, edits: edits, profile: profile)
        do {
            _ = try WriteCheck.verify(old: parsed, newBytes: bytes, changedKeys: Set(edits.map(\.key)), expected: edited, timeZone: utc, profile: profile)
        } catch {
            XCTFail("\(label)\n\(String(decoding: bytes, as: UTF8.self))\n\(error)")
        }
        return bytes
    }
}
