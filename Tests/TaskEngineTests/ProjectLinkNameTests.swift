import XCTest
@testable import TaskEngine

/// A TaskNotes project given as a link is named by its note's file name, as
/// the plugin tells projects apart (it groups every link to one file
/// together; an alias is only how a card shows it): over the spellings the
/// plugin writes or reads, the name is the same, no folder makes a nested
/// project, and `project equals` matches that name.
final class ProjectLinkNameTests: XCTestCase {
    static let names = ["Q4 Report", "Home", "Ünïcode straße", "v1.2 launch", "a-b_c"]

    /// Every spelling of a link to `name`'s note: folders, `.md`, an anchor, an alias, wikilink or markdown
    /// (its path maybe in angle brackets), or a path in angle brackets alone.
    static func spellings(_ name: String) -> [String] {
        var out: [String] = []
        for folder in ["", "folder/", "Projects/2026/", "/"] {
            for ext in ["", ".md"] {
                for anchor in ["", "#Goals"] {
                    for alias in ["", "|Alias", "|\(name)", "|other/thing"] {
                        out.append("[[\(folder)\(name)\(ext)\(anchor)\(alias)]]")
                    }
                    guard ext == ".md" else { continue }
                    let encoded = (folder + name).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? folder + name
                    out.append("[\(name)](\(encoded).md\(anchor))")
                    out.append("[Alias](\(folder)\(name).md\(anchor))")
                    out.append("[Alias](<\(folder)\(name).md\(anchor)>)")
                    out.append("<\(folder)\(name).md\(anchor)>")
                    out.append("<\(encoded).md\(anchor)>")
                }
            }
        }
        return out
    }

    func testEverySpellingNamesTheNote() {
        var checked = 0
        for name in Self.names {
            for s in Self.spellings(name) {
                XCTAssertEqual(VaultProfile.plain(s), name, s)
                XCTAssertEqual(VaultProfile.plain("  " + s + " "), name, "spaces around: \(s)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 300)
        // Not links: as written (a web address is no note; a plain name with a slash is todomd's nesting).
        for (value, shown) in [("Work/Site", "Work/Site"), ("#tag", "tag"), ("[x](https://example.com/a.md)", "[x](https://example.com/a.md)"),
                               ("[[]]", ""), ("[[#Heading]]", ""), ("plain", "plain")] {
            XCTAssertEqual(VaultProfile.plain(value), shown, value)
        }
    }

    func testAVaultShowsOneProjectPerNoteAndRulesMatchItsName() throws {
        let dir = TempDir()
        dir.write(".obsidian/plugins/tasknotes/data.json", "{\"taskTag\": \"task\"}")
        let spellings = Self.spellings("Q4 Report")
        for (n, s) in spellings.enumerated() {
            let quoted = "\"" + s.replacingOccurrences(of: "\"", with: "\\\"") + "\""
            dir.write("Tasks/t\(n).md", "---\ntitle: Task \(n)\nstatus: open\ntags: [task]\nprojects: [\(quoted)]\n---\n")
        }
        dir.write("Tasks/other.md", "---\ntitle: Other\nstatus: open\ntags: [task]\nprojects: [\"[[Q4 Report/Sub]]\"]\n---\n")
        let snapshot = try VaultLoader.load(root: dir.path, timeZone: TimeZone(identifier: "UTC")!)
        let index = snapshot.index
        XCTAssertEqual(index.tasks.count, spellings.count + 1)
        for (n, s) in spellings.enumerated() {
            XCTAssertEqual(snapshot.task(id: "Tasks/t\(n).md")?.project, "Q4 Report", s)
        }
        XCTAssertEqual(snapshot.task(id: "Tasks/other.md")?.project, "Sub", "a folder of the same name is a folder, not a parent project")
        let tree = VaultTree.build(index).filter { !$0.isArea }
        XCTAssertEqual(tree.map(\.label).sorted(), ["Q4 Report", "Sub"], "no nested project made of a folder")
        XCTAssertTrue(tree.allSatisfy { $0.depth == 0 }, "\(tree.map { ($0.label, $0.depth) })")
        let today = try XCTUnwrap(Day(year: 2026, month: 11, day: 22))
        let matched = RuleBits.matching(try RuleTextParser.parse("project = \"Q4 Report\""), in: index, today: today)
        XCTAssertEqual(index.tasks.indices.filter { matched.bits[$0] }.count, spellings.count)
        // The cache keeps the names read (its schema changed with them).
        XCTAssertEqual(TaskRecord.encode(snapshot.task(id: "Tasks/t1.md")!).withUnsafeBytes {
            TaskRecord.decode($0, id: "Tasks/t1.md", timeZone: TimeZone(identifier: "UTC")!)?.project }, "Q4 Report")
    }
}
