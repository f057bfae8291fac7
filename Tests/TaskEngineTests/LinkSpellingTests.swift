import Foundation
import XCTest
@testable import TaskEngine

/// Links spelled otherwise than the file's name: in another case (a plain
/// name is found as written, else ignoring case; several files that fold
/// alike are ambiguous), and markdown paths in angle brackets or
/// percent-encoded, as TaskNotes' parseLinkToPath reads them. A link in the
/// notes (`VaultLinks`, on disk) and a dependency's uid (`TaskTargets`) must
/// lead to the same file.
final class LinkSpellingTests: XCTestCase {
    /// A spelling of `name` with each letter's case picked at random.
    static func recased(_ name: String, _ rng: inout SeededRandom) -> String {
        String(name.map { c -> Character in
            let s = String(c)
            return Character(rng.chance(0.5) ? s.uppercased() : s.lowercased())
        })
    }

    /// The file a plain name leads to, read from the list of files directly: as written, else the one
    /// whose name folds alike; nil with the candidates when none or several.
    static func expected(_ name: String, files: [String]) -> (path: String?, ambiguous: [String]) {
        let fileName = name.lowercased().hasSuffix(".md") ? name : name + ".md"
        func last(_ p: String) -> String { String(p.split(separator: "/").last!) }
        let exact = files.filter { last($0) == fileName }
        if exact.count == 1 { return (exact[0], []) }
        if exact.count > 1 { return (nil, exact.sorted()) }
        let folded = files.filter { last($0).lowercased() == fileName.lowercased() }
        if folded.count == 1 { return (folded[0], []) }
        return (nil, folded.sorted())
    }

    func testPlainNamesAreFoundAsWrittenThenIgnoringCaseInNotesAndDependenciesAlike() throws {
        let dir = TempDir()
        // Tasks in folders, a note that is no task, and two files whose names differ only by case.
        let tasks = ["Tasks/write-docs.md", "Tasks/Ship It.md", "Tasks/sub/Review Q4.md", "A/Dup.md", "B/dup.md", "Tasks/ÉTÉ plan.md"]
        let notes = ["Notes/NOTES.md", "Notes/Style guide.md"]
        for t in tasks { dir.write(t, "---\ntitle: \(t)\n---\n") }
        for n in notes { dir.write(n, "# note\n") }
        let files = tasks + notes
        let links = VaultLinks(root: dir.path, taskIDs: tasks)
        let targets = TaskTargets(ids: tasks.sorted(by: IDOrder.less))
        var rng = SeededRandom(seed: 4343)
        var folded = 0, ambiguous = 0
        let names = ["write-docs", "Ship It", "Review Q4", "Dup", "dup", "ÉTÉ plan", "NOTES", "Style guide", "nothing here"]
        for _ in 0..<400 {
            let name = Self.recased(rng.pick(names), &rng) + (rng.chance(0.2) ? ".md" : "")
            let want = Self.expected(name, files: files)
            for raw in ["[[\(name)]]", "[[\(name)|shown]]", "[[\(name)#Part]]"] {
                let said = links.describe(try LinkReference.parse(raw), from: "Tasks/t.md")
                if let path = want.path {
                    XCTAssertEqual(said, path, raw)
                } else if want.ambiguous.isEmpty {
                    XCTAssertEqual(said, "nowhere: no file is named \(name)", raw)
                } else {
                    XCTAssertEqual(said, "ambiguous_link: any of " + want.ambiguous.joined(separator: ", "), raw)
                }
                // A dependency on the same name names the same task (a note is no task to wait for).
                let dependency = targets.resolve(raw, from: "Tasks/t.md")
                switch dependency {
                case .success(let row):
                    XCTAssertEqual(targets.ids[row], want.path, raw)
                case .failure(let why):
                    XCTAssertTrue(want.path == nil || notes.contains(want.path!), "\(raw): \(why)")
                    if !want.ambiguous.isEmpty, want.ambiguous.allSatisfy(tasks.contains) { XCTAssertTrue(why.description.hasPrefix("ambiguous_link"), "\(raw): \(why)") }
                }
            }
            if let path = want.path, !path.hasSuffix("/" + (name.hasSuffix(".md") ? name : name + ".md")) { folded += 1 }
            if !want.ambiguous.isEmpty { ambiguous += 1 }
        }
        XCTAssertGreaterThan(folded, 150, "most spellings are found by folding")
        XCTAssertGreaterThan(ambiguous, 20, "some fold to two files")
        // The tester's three, by name.
        XCTAssertEqual(links.describe(try LinkReference.parse("[[Write-Docs]]"), from: "x.md"), "Tasks/write-docs.md")
        XCTAssertEqual(links.describe(try LinkReference.parse("[[notes]]"), from: "x.md"), "Notes/NOTES.md")
        XCTAssertEqual(links.describe(try LinkReference.parse("[[style GUIDE]]"), from: "x.md"), "Notes/Style guide.md")
        // As written wins over folding: `dup` is B's file, `DUP` either.
        XCTAssertEqual(links.describe(try LinkReference.parse("[[dup]]"), from: "x.md"), "B/dup.md")
        XCTAssertEqual(links.describe(try LinkReference.parse("[[DUP]]"), from: "x.md"), "ambiguous_link: any of A/Dup.md, B/dup.md")
    }

    func testAngleBracketsAndPercentEncodingAreTakenOffAsTaskNotesDoes() throws {
        let cases: [(String, String, String?, LinkReference.Format)] = [
            ("[guide](<../../Notes/Style guide.md>)", "../../Notes/Style guide.md", nil, .markdown),
            ("[g](<Style guide.md#Rules>)", "Style guide.md", "Rules", .markdown),
            ("[g]( < a b.md > )", "a b.md", nil, .markdown),
            ("[Busy 11](<Busy 11.md>)", "Busy 11.md", nil, .markdown),
            ("<Busy 9.md>", "Busy 9.md", nil, .wikilink),
            ("<Busy%209.md#Plan>", "Busy 9.md", "Plan", .wikilink),
            ("< folder/Busy 9 >", "folder/Busy 9", nil, .wikilink),
        ]
        for (raw, target, anchor, format) in cases {
            let l = try LinkReference.parse(raw)
            XCTAssertEqual(l.target, target, raw)
            XCTAssertEqual(l.anchor, anchor, raw)
            XCTAssertEqual(l.format, format, raw)
            XCTAssertEqual(l.raw, raw.trimmingCharacters(in: .whitespaces), raw)
        }
        for bad in ["<>", "< >", "<a|b>", "<[[a]]>", "<https://example.com>", "<a<b>"] {
            XCTAssertThrowsError(try LinkReference.parse(bad), bad)
        }
        XCTAssertEqual(LinkScan.links(in: "Read [guide](<../../Notes/Style guide.md>) and <https://x.y>.\n").map(\.raw),
                       ["[guide](<../../Notes/Style guide.md>)"])
    }

    /// Generated names with spaces and other letters, each linked in every bracketed or encoded
    /// form from its own folder and from another: the notes' link and the dependency lead to it.
    func testEveryBracketedOrEncodedFormLeadsToTheFile() throws {
        let dir = TempDir()
        var rng = SeededRandom(seed: 911)
        let words = ["Busy", "Style", "guide", "9", "11", "Ünïcode", "plan", "a+b", "x&y"]
        var tasks = Set<String>()
        while tasks.count < 40 {
            let name = (0..<rng.int(2...3)).map { _ in rng.pick(words) }.joined(separator: " ")
            tasks.insert(rng.pick(["TaskNotes/Tasks", "TaskNotes/Tasks/sub", "Other"]) + "/" + name + ".md")
        }
        for t in tasks { dir.write(t, "---\ntitle: t\n---\n") }
        let ids = tasks.sorted(by: IDOrder.less)
        let links = VaultLinks(root: dir.path, taskIDs: ids)
        let targets = TaskTargets(ids: ids)
        let unique = Dictionary(grouping: ids) { String($0.split(separator: "/").last!).lowercased() }.filter { $0.value.count == 1 }
        var checked = 0
        for id in ids {
            let folder = String(id.split(separator: "/").dropLast().joined(separator: "/"))
            let file = String(id.split(separator: "/").last!)
            let stem = String(file.dropLast(3))
            let encoded = file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
            for source in [folder + "/here.md", "Else/deeper/there.md"] {
                let up = String(repeating: "../", count: source.split(separator: "/").count - 1)
                var forms = ["[t](<\(up)\(id)>)", "[t](\(up)\(id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!))",
                             "[t](<\(up)\(folder)/\(encoded)#Part>)", "<\(id)>", "</\(id)>", "<\(folder)/\(encoded)>", "<\(folder)/\(stem)#Part>"]
                if source.hasPrefix(folder + "/") { forms += ["[t](<\(file)>)", "[t](\(encoded))", "[t](<./\(file)>)"] }
                // A plain name: found by name when no other file folds alike.
                if unique[file.lowercased()] != nil { forms += ["<\(file)>", "<\(stem)>", "<\(encoded)>", "<\(stem.uppercased())>"] }
                for raw in forms {
                    XCTAssertEqual(links.describe(try LinkReference.parse(raw), from: source), id, "\(raw) from \(source)")
                    guard case .success(let row) = targets.resolve(raw, from: source) else {
                        XCTFail("\(raw) from \(source): \(targets.resolve(raw, from: source))")
                        continue
                    }
                    XCTAssertEqual(ids[row], id, "\(raw) from \(source)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }
}
