import Foundation
import XCTest
@testable import TaskEngine

/// Several renames made by one write (a change of several tasks whose titles
/// are their file names), followed in the order made (`VaultWriter.followRenames`):
/// generated vaults of tasks linking each other and a note, a random set of them
/// retitled (a new name may be one an earlier rename freed, or one taken, which
/// gets its number), against the plain reading of what each rename means: every
/// link to a file's old name, in the order the renames were made, names its new one.
/// And the vault's setting that turns following off, read from each place it is kept.
final class FollowRenamesTests: XCTestCase {
    static let names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]
    static let head = "status: open\ntags: [task]\n"

    static func profile() -> VaultProfile {
        var p = VaultProfile.tasknotes
        p.detection.newTaskFolder = "Tasks"
        return p
    }

    /// A link to `name` as written in a file (`[[Name]]`, with an alias, with the folder).
    static func link(_ name: String, _ rng: inout SeededRandom) -> String {
        rng.pick(["[[\(name)]]", "[[\(name)|that one]]", "[[Tasks/\(name)]]", "[[\(name)#Steps]]"])
    }

    /// The text after a rename of `old` to `new` (both file names without `.md`), as Obsidian would leave it.
    static func renamed(_ text: String, _ old: String, _ new: String) -> String {
        var out = text
        for (a, b) in [("[[\(old)]]", "[[\(new)]]"), ("[[\(old)|", "[[\(new)|"), ("[[Tasks/\(old)]]", "[[Tasks/\(new)]]"), ("[[\(old)#", "[[\(new)#")] {
            out = out.replacingOccurrences(of: a, with: b)
        }
        return out
    }

    func generate(_ dir: TempDir, seed: UInt64) -> [String: String] {
        var rng = SeededRandom(seed: seed)
        var files: [String: String] = [:]
        for name in Self.names {
            let others = Self.names.filter { $0 != name }
            var text = "---\n" + Self.head
            let waits = (0..<rng.int(0...2)).map { _ in rng.pick(others) }
            if !waits.isEmpty {
                text += "blockedBy:\n" + Set(waits).sorted().map { "  - uid: \"[[\($0)]]\"\n    reltype: FINISHTOSTART\n" }.joined()
            }
            if rng.int(0...2) == 0 { text += "projects:\n  - \"\(Self.link(rng.pick(others), &rng))\"\n" }
            text += "---\n"
            for _ in 0..<rng.int(0...2) { text += "See \(Self.link(rng.pick(others), &rng)) next.\n" }
            files["Tasks/\(name).md"] = text
        }
        files["Notes/Plan.md"] = "# Plan\n" + (0..<3).map { _ in "- \(Self.link(rng.pick(Self.names), &rng))\n" }.joined()
        for (id, text) in files { dir.write(id, text) }
        return files
    }

    func testSeveralRenamesInOneWriteFollowAsIfEachWasFollowedInTurn() throws {
        var followedLinks = 0, freedNames = 0
        for seed in UInt64(1)...25 {
            let dir = TempDir()
            let files = generate(dir, seed: seed)
            var rng = SeededRandom(seed: seed * 7)
            let writer = VaultWriter(root: dir.path, timeZone: utc, profile: Self.profile())
            let before = try VaultLoader.load(root: dir.path, timeZone: utc, profile: writer.profile)
            XCTAssertEqual(before.index.tasks.count, Self.names.count)
            // Retitled in a random order; a new title may be a name an earlier one freed, a name still taken, or new.
            let order = Self.names.shuffled(using: &rng).prefix(rng.int(2...5))
            var freed: [String] = [], renames: [(from: String, to: String)] = [], written: [String: TaskItem] = [:]
            var afterWrite: [String: String] = [:]
            for name in order {
                let t = try XCTUnwrap(before.task(id: "Tasks/\(name).md"))
                var edited = t
                edited.title = rng.int(0...2) == 0 && !freed.isEmpty ? freed.removeFirst()
                    : rng.int(0...3) == 0 ? rng.pick(Self.names) : name + " v\(seed)"
                if edited.title == name { edited.title += " again" }
                let saved = try writer.update(edited)
                if Self.names.contains(where: { "Tasks/\($0).md" == saved.id || "Tasks/\($0)-2.md" == saved.id }) { freedNames += 1 }
                XCTAssertNotEqual(saved.id, t.id)
                freed.append(name)
                renames.append((t.id, saved.id))
                written[t.id] = saved
                afterWrite[saved.id] = dir.text(saved.id)
            }
            let followed = writer.followRenames(renames, before: before.index, written: written)
            XCTAssertEqual(followed.skipped.map(\.id), [], "seed \(seed)")
            // Each file as the renames, in turn, leave it.
            func stem(_ id: String) -> String { String(id.dropFirst("Tasks/".count).dropLast(3)) }
            var expected: [String: String] = [:]
            for (id, text) in files {
                let now = renames.first { $0.from == id }?.to ?? id
                var out = afterWrite[now] ?? text
                for r in renames { out = Self.renamed(out, stem(r.from), stem(r.to)) }
                expected[now] = out
            }
            for (id, text) in expected { XCTAssertEqual(dir.text(id), text, "seed \(seed): \(id)") }
            let changed = Set(expected.filter { $0.value != (afterWrite[$0.key] ?? files[$0.key]) }.keys)
            XCTAssertEqual(Set(followed.updated.map(\.id) + followed.notes), changed, "seed \(seed)")
            XCTAssertEqual(followed.updated.count, Set(followed.updated.map(\.id)).count, "each file once, as last written")
            for t in followed.updated {
                let read = try TaskFileCodec.parse(XCTUnwrap(dir.read(t.id)), id: t.id, timeZone: utc, profile: writer.profile).task
                XCTAssertEqual(read.fingerprint, t.fingerprint, "seed \(seed): \(t.id) returned as now on disk")
            }
            // Every dependency still leads to a task of the vault (the generated ones may close cycles, as many after as before).
            let after = try VaultLoader.load(root: dir.path, timeZone: utc, profile: writer.profile)
            let cycles = { (s: VaultSnapshot) in s.index.dependencies.problems.filter { $0.text.hasPrefix("dependency cycle") }.count }
            XCTAssertEqual(after.index.dependencies.problems.filter { !$0.text.hasPrefix("dependency cycle") }.map(\.text), [], "seed \(seed)")
            XCTAssertEqual(cycles(after), cycles(before), "seed \(seed)")
            followedLinks += followed.links
        }
        XCTAssertGreaterThan(followedLinks, 40, "the sweep rewrites many links")
        XCTAssertGreaterThan(freedNames, 3, "the sweep takes names other renames freed or held")
    }

    /// Where the vault's settings say renames are not followed, no other file is written.
    func testNothingIsFollowedWhereTheSettingsSaySo() throws {
        let dir = TempDir()
        let files = generate(dir, seed: 3)
        var profile = Self.profile()
        profile.followsRenames = false
        let writer = VaultWriter(root: dir.path, timeZone: utc, profile: profile)
        let before = try VaultLoader.load(root: dir.path, timeZone: utc, profile: profile)
        var edited = try XCTUnwrap(before.task(id: "Tasks/Alpha.md"))
        edited.title = "Alpha renamed"
        let saved = try writer.update(edited)
        XCTAssertEqual(saved.id, "Tasks/Alpha renamed.md", "the file is still renamed: the title is its name")
        let many = writer.followRenames([("Tasks/Alpha.md", saved.id)], before: before.index, written: ["Tasks/Alpha.md": saved])
        let one = writer.followRename(from: "Tasks/Alpha.md", to: saved.id, candidates: before.tasks, ids: before.tasks.map(\.id),
                                      notes: ["Notes/Plan.md"])
        for f in [many, one] {
            XCTAssertEqual(f.updated.map(\.id) + f.notes, [])
            XCTAssertEqual(f.links, 0)
        }
        for (id, text) in files where id != "Tasks/Alpha.md" { XCTAssertEqual(dir.text(id), text, id) }
    }

    /// The setting, from Obsidian's settings in a TaskNotes plugin vault (no setting: on; Obsidian would
    /// ask, and todomd does as its "yes" does), and from tasknotes.yaml's `links.update_references_on_rename`,
    /// which wins where both are.
    func testTheSettingIsReadWhereEachVaultKeepsIt() {
        let plugin = ".obsidian/plugins/tasknotes/data.json", app = ".obsidian/app.json"
        let cases: [(files: [String: String], on: Bool, source: String?)] = [
            ([plugin: "{}"], true, nil),
            ([plugin: "{}", app: #"{"alwaysUpdateLinks": true}"#], true, ".obsidian/app.json alwaysUpdateLinks"),
            ([plugin: "{}", app: #"{"alwaysUpdateLinks": false, "trashOption": "local"}"#], false, ".obsidian/app.json alwaysUpdateLinks"),
            ([plugin: "{}", app: #"{"alwaysUpdateLinks": "no"}"#], true, nil),
            ([plugin: "{}", app: "{broken"], true, nil),
            (["tasknotes.yaml": "title:\n  storage: filename\n"], true, nil),
            (["tasknotes.yaml": "links:\n  update_references_on_rename: false\n"], false, "tasknotes.yaml links.update_references_on_rename"),
            (["tasknotes.yaml": "links:\n  update_references_on_rename: true\n"], true, "tasknotes.yaml links.update_references_on_rename"),
            ([plugin: "{}", app: #"{"alwaysUpdateLinks": false}"#, "tasknotes.yaml": "links:\n  update_references_on_rename: true\n"],
             true, "tasknotes.yaml links.update_references_on_rename"),
            // Obsidian's setting is TaskNotes' plugin's way of renaming: a vault of todomd's own format does not read it.
            ([app: #"{"alwaysUpdateLinks": false}"#], true, nil),
        ]
        for c in cases {
            let dir = TempDir()
            for (path, text) in c.files { dir.write(path, text) }
            let p = ProfileDetection.detect(root: dir.path).profile
            XCTAssertEqual(p.followsRenames, c.on, "\(c.files)")
            XCTAssertEqual(p.followsRenamesSource, c.source, "\(c.files)")
        }
    }
}
