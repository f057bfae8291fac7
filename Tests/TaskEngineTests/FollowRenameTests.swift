import Foundation
import XCTest
@testable import TaskEngine

/// A rename followed into the other task files: generated vaults in each
/// profile's dependency shapes, with links of every spelling (aliases, anchors,
/// folders, `.md`, case, markdown links, angle brackets, relative links, bare names, quotes),
/// in dependency lists, projects and notes, each written with the spelling the
/// rename must give it. The rewritten files must be exactly the expected bytes;
/// a link to another file, inside code, or naming the task by its id stays.
final class FollowRenameTests: XCTestCase {
    /// One reference: as written before the rename, and after (nil: unchanged), written in the file at `Tasks/…`.
    struct Spelling {
        var before: String
        var after: String?
    }

    /// Links as a quoted YAML value (a dependency's uid, a project) from a file in `Tasks/`; the old file is
    /// `Tasks/Write docs.md`, the new `Tasks/Write the docs.md`.
    static let quoted: [Spelling] = [
        Spelling(before: "\"[[Write docs]]\"", after: "\"[[Write the docs]]\""),
        Spelling(before: "\"[[Write docs|the docs]]\"", after: "\"[[Write the docs|the docs]]\""),
        Spelling(before: "\"[[Write docs#Steps|steps]]\"", after: "\"[[Write the docs#Steps|steps]]\""),
        Spelling(before: "\"[[Tasks/Write docs]]\"", after: "\"[[Tasks/Write the docs]]\""),
        Spelling(before: "\"[[Tasks/Write docs.md]]\"", after: "\"[[Tasks/Write the docs.md]]\""),
        Spelling(before: "\"[[write docs]]\"", after: "\"[[Write the docs]]\""),
        Spelling(before: "'[[Write docs]]'", after: "'[[Write the docs]]'"),
        Spelling(before: "\"[[./Write docs]]\"", after: "\"[[./Write the docs]]\""),
        Spelling(before: "\"[Docs](Write%20docs.md)\"", after: "\"[Docs](Write%20the%20docs.md)\""),
        Spelling(before: "\"[Docs](/Tasks/Write docs.md#Steps)\"", after: "\"[Docs](/Tasks/Write the docs.md#Steps)\""),
        Spelling(before: "\"Tasks/Write docs.md\"", after: "\"Tasks/Write the docs.md\""),
        // Angle brackets (TaskNotes strips them): the name inside changes, spaces as they were.
        Spelling(before: "\"<Write docs.md>\"", after: "\"<Write the docs.md>\""),
        Spelling(before: "\"[Docs](<Write docs.md>)\"", after: "\"[Docs](<Write the docs.md>)\""),
        Spelling(before: "\"<Tasks/Write%20docs.md#Steps>\"", after: "\"<Tasks/Write%20the%20docs.md#Steps>\""),
        Spelling(before: "\"[[Write docsmith]]\"", after: nil),
        Spelling(before: "\"[[Other]]\"", after: nil),
        Spelling(before: "\"[[Archive/Write docs]]\"", after: nil),
    ]

    /// Links in the notes.
    static let inNotes: [Spelling] = [
        Spelling(before: "See [[Write docs]] first.", after: "See [[Write the docs]] first."),
        Spelling(before: "- [ ] [[Write docs|the docs]] and [[Other]]", after: "- [ ] [[Write the docs|the docs]] and [[Other]]"),
        Spelling(before: "[how](Write%20docs.md#how) · [[Tasks/Write docs#Steps]]", after: "[how](Write%20the%20docs.md#how) · [[Tasks/Write the docs#Steps]]"),
        Spelling(before: "[how](<Write docs.md#how>) and [up](<../Tasks/Write docs.md>)", after: "[how](<Write the docs.md#how>) and [up](<../Tasks/Write the docs.md>)"),
        Spelling(before: "Code: `[[Write docs]]` stays", after: nil),
        Spelling(before: "Web: [Write docs](https://example.com/Write docs.md)", after: nil),
        Spelling(before: "Write docs, said plainly, is no link", after: nil),
    ]

    /// A dependency entry in a profile's shape around a quoted uid.
    static func dependency(_ uid: String, kind: VaultProfile.Kind, block: Bool, gap: Bool) -> String {
        switch (kind, block) {
        case (.tasknotes, _), (_, true):
            return "  - uid: \(uid)\n    reltype: \(gap ? "STARTTOSTART" : "FINISHTOSTART")\n" + (gap ? "    gap: P1D\n" : "")
        default:
            return gap ? "{uid: \(uid), reltype: STARTTOSTART, gap: P1D}" : uid
        }
    }

    static let profiles: [(VaultProfile, String)] = [(.todomd, "blocked_by"), (.tasknotes, "blockedBy"), (.backlog, "dependencies")]

    /// A vault of the renamed task and referring tasks, each a generated mix of spellings.
    struct Case {
        var files: [String: String] = [:]
        var expected: [String: String] = [:]
    }

    static func generate(_ profile: VaultProfile, key: String, seed: UInt64) -> Case {
        var rng = SeededRandom(seed: seed)
        var c = Case()
        let head = profile.kind == .tasknotes ? "status: open\ntags: [task]\n" : "status: todo\n"
        c.files["Tasks/Write docs.md"] = "---\ntitle: Write docs\n\(head)---\n"
        c.files["Tasks/Other.md"] = "---\ntitle: Other\n\(head)---\n"
        c.files["Tasks/Write docsmith.md"] = "---\ntitle: Write docsmith\n\(head)---\n"
        c.files["Archive/Old.md"] = "---\ntitle: Old\n\(head)---\n"
        for n in 0..<6 {
            let picks = (0..<rng.int(1...4)).map { _ in rng.pick(quoted) }
            let block = profile.kind != .todomd || rng.int(0...1) == 0
            var before = "---\ntitle: Task \(n)\n\(head)", after = before
            if block {
                before += "\(key):\n"
                after += "\(key):\n"
            }
            var flowBefore: [String] = [], flowAfter: [String] = []
            for (i, s) in picks.enumerated() {
                let gap = i % 2 == 1
                let b = dependency(s.before, kind: profile.kind, block: block, gap: gap)
                let a = dependency(s.after ?? s.before, kind: profile.kind, block: block, gap: gap)
                if block { before += b; after += a } else { flowBefore.append(b); flowAfter.append(a) }
            }
            if !block {
                before += "\(key): [" + flowBefore.joined(separator: ", ") + "]  # kept\n"
                after += "\(key): [" + flowAfter.joined(separator: ", ") + "]  # kept\n"
            }
            if profile.projectsAsLinks, rng.int(0...1) == 0 {
                before += "projects:\n  - \"[[Write docs]]\"\n  - '[[Other|O]]'\n"
                after += "projects:\n  - \"[[Write the docs]]\"\n  - '[[Other|O]]'\n"
            }
            before += "---\n"
            after += "---\n"
            let notes = (0..<rng.int(0...3)).map { _ in rng.pick(inNotes) }
            for s in notes {
                before += s.before + "\n"
                after += (s.after ?? s.before) + "\n"
            }
            if rng.int(0...2) == 0 {
                before += "```\n[[Write docs]]\n```\n"
                after += "```\n[[Write docs]]\n```\n"
            }
            c.files["Tasks/t\(n).md"] = before
            c.expected["Tasks/t\(n).md"] = after
        }
        return c
    }

    /// Writes the case, moves `Tasks/Write docs.md` to its new name, follows the rename.
    func run(_ c: Case, profile: VaultProfile, dir: TempDir, from old: String = "Tasks/Write docs.md",
             to new: String = "Tasks/Write the docs.md") throws -> FollowedRename {
        for (id, text) in c.files { dir.write(id, text) }
        let ids = c.files.keys.sorted()
        let tasks = try ids.map { try TaskFileCodec.parse(XCTUnwrap(dir.read($0)), id: $0, timeZone: utc, profile: profile).task }
        XCTAssertEqual(rename(dir.path + "/" + old, dir.path + "/" + new), 0)
        let writer = VaultWriter(root: dir.path, timeZone: utc, profile: profile)
        return writer.followRename(from: old, to: new, candidates: tasks, ids: ids)
    }

    func testGeneratedVaultsRewriteExactlyTheLinksToTheRenamedFile() throws {
        var rewritten = 0
        for (profile, key) in Self.profiles {
            for seed in UInt64(1)...15 {
                let c = Self.generate(profile, key: key, seed: seed)
                let dir = TempDir()
                let followed = try run(c, profile: profile, dir: dir)
                XCTAssertEqual(followed.skipped.map(\.id), [], "\(profile.kind) \(seed): \(followed.skipped)")
                for (id, text) in c.expected {
                    XCTAssertEqual(dir.text(id), text, "\(profile.kind) seed \(seed) \(id)")
                    XCTAssertEqual(followed.updated.contains { $0.id == id }, text != c.files[id], "\(profile.kind) seed \(seed) \(id)")
                }
                for id in ["Tasks/Other.md", "Tasks/Write docsmith.md", "Archive/Old.md"] { XCTAssertEqual(dir.text(id), c.files[id]) }
                rewritten += followed.updated.count
                // Each updated task reads its dependencies as meant: every one that named the old file names the new one.
                let ids = c.files.keys.filter { $0 != "Tasks/Write docs.md" } + ["Tasks/Write the docs.md"]
                let graph = DependencyGraph(count: ids.count, id: { ids[$0] }, closed: { _ in false }, dependencies: { i in
                    (try? TaskFileCodec.parse(dir.read(ids[i]) ?? [], id: ids[i], timeZone: utc, profile: profile).task.dependencies) ?? []
                }, implied: [])
                XCTAssertFalse(graph.problems.contains { $0.text.contains("Write docs") && !$0.text.contains("Archive") && !$0.text.contains("docsmith") },
                               "\(profile.kind) \(seed): \(graph.problems)")
            }
        }
        XCTAssertGreaterThan(rewritten, 60, "the sweep rewrites many files")
    }

    /// A dependency naming a Backlog.md task by its id still names it after a rename: left as written.
    func testAnIDIsNotAFileName() throws {
        let dir = TempDir()
        var c = Case()
        c.files["backlog/tasks/task-1 - Write docs.md"] = "---\nid: task-1\ntitle: Write docs\nstatus: To Do\n---\n"
        c.files["backlog/tasks/task-2 - Ship.md"] = "---\nid: task-2\ntitle: Ship\nstatus: To Do\ndependencies:\n  - task-1\n  - '[[task-1 - Write docs]]'\n---\nSee [[task-1]].\n"
        let followed = try run(c, profile: .backlog, dir: dir, from: "backlog/tasks/task-1 - Write docs.md", to: "backlog/tasks/task-1 - Write the docs.md")
        XCTAssertEqual(dir.text("backlog/tasks/task-2 - Ship.md"),
                       "---\nid: task-2\ntitle: Ship\nstatus: To Do\ndependencies:\n  - task-1\n  - '[[task-1 - Write the docs]]'\n---\nSee [[task-1]].\n")
        XCTAssertEqual(followed.links, 1)
    }

    /// Bare names (todomd's and Backlog.md's plain entries) follow, in a block list, a flow list and alone;
    /// a new name YAML would read otherwise is quoted; a single-quoted one doubles its quote.
    func testBareNamesAndQuoting() throws {
        for (new, plain, single) in [("Write the docs", "Write the docs", "'[[Write the docs]]'"),
                                     ("Write: docs, now", "\"Write: docs, now\"", "'[[Write: docs, now]]'"),
                                     ("Bob's docs", "Bob's docs", "'[[Bob''s docs]]'")] {
            let dir = TempDir()
            var c = Case()
            c.files["Tasks/Write docs.md"] = "---\ntitle: Write docs\n---\n"
            c.files["Tasks/a.md"] = "---\ntitle: A\nblocked_by:\n  - Write docs\n  - '[[Write docs]]'\n---\n"
            c.files["Tasks/b.md"] = "---\ntitle: B\nblocked_by: [Other, Write docs]\n---\n"
            c.files["Tasks/c.md"] = "---\ntitle: C\nblocked_by: Write docs   # one\n---\n"
            c.files["Tasks/Other.md"] = "---\ntitle: Other\n---\n"
            let followed = try run(c, profile: .todomd, dir: dir, to: "Tasks/\(new).md")
            XCTAssertEqual(followed.skipped.map(\.id), [], "\(new)")
            XCTAssertEqual(dir.text("Tasks/a.md"), "---\ntitle: A\nblocked_by:\n  - \(plain)\n  - \(single)\n---\n", new)
            XCTAssertEqual(dir.text("Tasks/b.md"), "---\ntitle: B\nblocked_by: [Other, \(plain)]\n---\n", new)
            XCTAssertEqual(dir.text("Tasks/c.md"), "---\ntitle: C\nblocked_by: \(plain)   # one\n---\n", new)
        }
    }

    /// A new name another file already has elsewhere: a simple name gets its folder (tasknotes-spec §11.6).
    func testANewNameSharedWithAnotherFileGetsItsFolder() throws {
        let dir = TempDir()
        var c = Case()
        c.files["Tasks/Write docs.md"] = "---\ntitle: Write docs\n---\n"
        c.files["Archive/Ship.md"] = "---\ntitle: Old ship\n---\n"
        c.files["Tasks/a.md"] = "---\ntitle: A\nblocked_by: [\"[[Write docs]]\"]\n---\nSee [[Write docs|it]] or [[Tasks/Write docs]].\n"
        _ = try run(c, profile: .todomd, dir: dir, to: "Tasks/Ship.md")
        XCTAssertEqual(dir.text("Tasks/a.md"), "---\ntitle: A\nblocked_by: [\"[[Tasks/Ship]]\"]\n---\nSee [[Tasks/Ship|it]] or [[Tasks/Ship]].\n")
    }

    /// A file changed since it was read is not written over: it is named as skipped, the others are written.
    func testAFileChangedMeanwhileIsSkippedAndNamed() throws {
        let dir = TempDir()
        var c = Case()
        c.files["Tasks/Write docs.md"] = "---\ntitle: Write docs\n---\n"
        c.files["Tasks/a.md"] = "---\ntitle: A\nblocked_by: [\"[[Write docs]]\"]\n---\n"
        c.files["Tasks/b.md"] = "---\ntitle: B\nblocked_by: [\"[[Write docs]]\"]\n---\n"
        for (id, text) in c.files { dir.write(id, text) }
        let ids = c.files.keys.sorted()
        let tasks = try ids.map { try TaskFileCodec.parse(XCTUnwrap(dir.read($0)), id: $0, timeZone: utc).task }
        let changed = "---\ntitle: B changed\nblocked_by: [\"[[Write docs]]\"]\n---\n"
        dir.write("Tasks/b.md", changed)
        XCTAssertEqual(rename(dir.path + "/Tasks/Write docs.md", dir.path + "/Tasks/Write the docs.md"), 0)
        let followed = VaultWriter(root: dir.path, timeZone: utc, profile: .todomd)
            .followRename(from: "Tasks/Write docs.md", to: "Tasks/Write the docs.md", candidates: tasks, ids: ids)
        XCTAssertEqual(followed.updated.map(\.id), ["Tasks/a.md"])
        XCTAssertEqual(followed.skipped.map(\.id), ["Tasks/b.md"])
        XCTAssertEqual(followed.skipped.first?.why, "changed on disk")
        XCTAssertEqual(dir.text("Tasks/b.md"), changed)
        XCTAssertEqual(dir.text("Tasks/a.md"), "---\ntitle: A\nblocked_by: [\"[[Write the docs]]\"]\n---\n")
    }

    /// Hostile notes (a line of 300,000 `[`, unclosed links, a link past the longest read)
    /// are read in one pass and left as they were; the link after them still follows.
    func testHostileLinesAreReadOnceAndKept() throws {
        let dir = TempDir()
        var c = Case()
        let long = "[[Write docs#" + String(repeating: "x", count: LinkReference.maxLength) + "]]"
        let hostile = String(repeating: "[", count: 300_000) + " Write docs [a](b [[c " + long
        c.files["Tasks/Write docs.md"] = "---\ntitle: Write docs\n---\n"
        c.files["Tasks/b.md"] = "---\ntitle: B\n---\n\(hostile)\n[[Write docs]]\n"
        let followed = try run(c, profile: .todomd, dir: dir)
        XCTAssertEqual(dir.text("Tasks/b.md"), "---\ntitle: B\n---\n\(hostile)\n[[Write the docs]]\n")
        XCTAssertEqual(followed.updated.map(\.id), ["Tasks/b.md"])
    }

    /// Notes that are no task (a project's note) follow too: links in their text and quoted frontmatter
    /// values; one that does not name the task, a task's file, a file in a `.` folder and a note whose
    /// frontmatter is not YAML are left as they were.
    func testNotesThatAreNoTaskFollow() throws {
        let dir = TempDir()
        var c = Case()
        c.files["Tasks/Write docs.md"] = "---\ntitle: Write docs\n---\n"
        for (id, text) in c.files { dir.write(id, text) }
        let project = "---\nrelated: \"[[Write docs|docs]]\"\nother: Write docs\n---\n# Alpha\n- [[Write docs]]\n- [d](../Tasks/Write%20docs.md)\n```\n[[Write docs]]\n```\n"
        let notes = ["Projects/Alpha.md": project,
                     "Daily/2026-11-22.md": "Did [[write docs]] today.\n",
                     "Daily/2026-11-23.md": "Nothing about it.\n",
                     ".obsidian/cache.md": "[[Write docs]]\n",
                     "Broken.md": "---\nkey: [oops\n---\n[[Write docs]]\n"]
        for (id, text) in notes { dir.write(id, text) }
        let writer = VaultWriter(root: dir.path, timeZone: utc, profile: .todomd)
        let found = writer.notesNaming("Tasks/Write docs.md", taskIDs: ["Tasks/Write docs.md"])
        XCTAssertEqual(found, ["Broken.md", "Daily/2026-11-22.md", "Projects/Alpha.md"])
        XCTAssertEqual(rename(dir.path + "/Tasks/Write docs.md", dir.path + "/Tasks/Write the docs.md"), 0)
        let followed = writer.followRename(from: "Tasks/Write docs.md", to: "Tasks/Write the docs.md", candidates: [],
                                           ids: ["Tasks/Write docs.md"], notes: found)
        XCTAssertEqual(followed.notes, ["Daily/2026-11-22.md", "Projects/Alpha.md"])
        XCTAssertEqual(followed.skipped.map(\.id), ["Broken.md"])
        XCTAssertEqual(dir.text("Projects/Alpha.md"), project.replacingOccurrences(of: "\"[[Write docs|", with: "\"[[Write the docs|")
                        .replacingOccurrences(of: "- [[Write docs]]", with: "- [[Write the docs]]")
                        .replacingOccurrences(of: "Write%20docs.md", with: "Write%20the%20docs.md"))
        XCTAssertEqual(dir.text("Daily/2026-11-22.md"), "Did [[Write the docs]] today.\n")
        for id in ["Daily/2026-11-23.md", ".obsidian/cache.md", "Broken.md"] { XCTAssertEqual(dir.text(id), notes[id], id) }
    }

    /// The index's cheap pick holds every task that names the file, and not the others.
    func testTheCandidatesHoldEveryTaskThatNamesTheFile() throws {
        let c = Self.generate(.tasknotes, key: "blockedBy", seed: 7)
        let dir = TempDir()
        for (id, text) in c.files { dir.write(id, text) }
        let tasks = try c.files.keys.sorted().map { try TaskFileCodec.parse(XCTUnwrap(dir.read($0)), id: $0, timeZone: utc, profile: .tasknotes).task }
        let index = TaskIndex(tasks)
        let picked = Set(index.mayName("Tasks/Write docs.md").map(\.id))
        for (id, text) in c.expected where text != c.files[id] { XCTAssertTrue(picked.contains(id), id) }
        XCTAssertFalse(picked.contains("Tasks/Other.md"))
        XCTAssertFalse(picked.contains("Tasks/Write docs.md"))
    }
}
