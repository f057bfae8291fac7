import Foundation
import XCTest
@testable import TaskEngine

/// A link never leads to a file outside the vault through a symbolic link:
/// a folder of the vault that is a link to elsewhere (which the vault's walk
/// never enters) or a file that is one. A real vault on disk, every link form
/// (wikilink, markdown link, bare path, angle brackets, from several folders)
/// to every kind of place, each with where it must lead or that it is
/// refused; the `..` refusals stay as they were.
final class LinkContainmentTests: XCTestCase {
    /// What a link to a vault path must give.
    enum Expect: Equatable {
        case found(String), missing(String), refused
    }

    /// The vault: `linkdir` and `Notes/secret-file.md` lead out, `Notes/innerlink` and
    /// `Notes/alias.md` lead to places inside, `Notes/dangling.md` to nothing;
    /// `Tasks/linked-task.md` is a task whose file is a link to one outside.
    struct Layout {
        let vault = TempDir(), outside = TempDir()

        init() {
            outside.write("outside-secret.md", "secret\n")
            outside.write("sub/deep.md", "deeper secret\n")
            outside.write("secret.txt", "secret\n")
            outside.write("task.md", "---\ntitle: Outside task\n---\n")
            vault.write("Real/inside.md", "inside\n")
            vault.write("Tasks/t.md", "---\ntitle: T\n---\n")
            vault.write("Tasks/deep/t2.md", "---\ntitle: T2\n---\n")
            vault.write("root.md", "---\ntitle: Root\n---\n")
            vault.write("Notes/plain.md", "plain\n")
            link(outside.path, "linkdir")
            link(vault.path + "/Real", "Notes/innerlink")
            link(outside.path + "/outside-secret.md", "Notes/secret-file.md")
            link("../Real/inside.md", "Notes/alias.md")
            link(outside.path + "/gone.md", "Notes/dangling.md")
            link(outside.path + "/task.md", "Tasks/linked-task.md")
        }

        func link(_ target: String, _ at: String) {
            XCTAssertEqual(symlink(target, vault.path + "/" + at), 0, at)
        }

        var taskIDs: [String] { ["Tasks/t.md", "Tasks/deep/t2.md", "root.md", "Tasks/linked-task.md"] }
    }

    /// Vault paths (without `.md` where it is one) and what a link to each gives.
    static let places: [(String, Expect)] = [
        ("linkdir/outside-secret", .refused),
        ("linkdir/sub/deep", .refused),
        ("linkdir/secret.txt", .refused),
        ("linkdir/no-such-note", .refused),  // (nothing there, but the folder it would be in is outside)
        ("Notes/secret-file", .refused),
        ("Notes/innerlink/inside", .found("Notes/innerlink/inside.md")),
        ("Notes/alias", .found("Notes/alias.md")),
        ("Real/inside", .found("Real/inside.md")),
        ("Notes/plain", .found("Notes/plain.md")),
        ("Notes/dangling", .missing("Notes/dangling.md")),
        ("Notes/none", .missing("Notes/none.md")),
        ("Tasks/linked-task", .found("Tasks/linked-task.md")),  // a task, read by the walk as todomd reads such tasks
    ]

    /// `path` written from the folder of `source` with `../` (a markdown link's or bare path's way).
    static func relative(_ path: String, from source: String) -> String {
        let depth = source.split(separator: "/").count - 1
        return String(repeating: "../", count: depth) + path
    }

    /// Every form of a link to `place` (a vault path without its `.md`, or with its own extension) from `source`.
    static func forms(_ place: String, from source: String) -> [String] {
        let file = LinkResolver.hasExtension(place) ? place : place + ".md"
        let encoded = file.replacingOccurrences(of: " ", with: "%20")
        let rel = relative(file, from: source)
        return ["[[\(place)]]", "[[\(place)|alias]]", "[[\(place)#Heading]]", "[[/\(place)]]", "[[\(file)]]",
                "[x](/\(encoded))", "[x](\(relative(encoded, from: source)))", "[x](<\(rel)>)", "[x](<\(rel)#h>)",
                "/\(file)", rel.hasPrefix("../") ? rel : "./" + rel, "<\(file)>", "<\(place)>"]
    }

    func outcome(_ links: VaultLinks, _ raw: String, from source: String) throws -> Expect {
        let link = try LinkReference.parse(raw)
        do {
            switch try links.resolve(link, from: source) {
            case .found(let p): return .found(p)
            case .missing(let p): return .missing(p)
            case let other: XCTFail("\(raw): \(other)"); return .refused
            }
        } catch {
            XCTAssertNotNil(error.through, "\(raw): refused for its symbolic link, with the path named")
            XCTAssertTrue(error.description.hasPrefix("path_traversal: "), error.description)
            return .refused
        }
    }

    func testEveryFormOfLinkThroughASymbolicLinkOutOfTheVaultIsRefused() throws {
        let layout = Layout()
        let links = VaultLinks(root: layout.vault.path, taskIDs: layout.taskIDs)
        var refused = 0, checked = 0
        for source in ["Tasks/t.md", "Tasks/deep/t2.md", "root.md"] {
            for (place, expected) in Self.places {
                for raw in Self.forms(place, from: source) {
                    XCTAssertEqual(try outcome(links, raw, from: source), expected, "\(raw) from \(source)")
                    checked += 1
                    if expected == .refused { refused += 1 }
                }
            }
        }
        XCTAssertGreaterThan(checked, 400)
        XCTAssertGreaterThan(refused, 150)
    }

    /// A plain name is found among the vault's files (a link to a file is listed, a linked folder is
    /// not entered): a file that is a link out of the vault is refused by its name too.
    func testAPlainNameOfAFileThatLeadsOutIsRefused() throws {
        let layout = Layout()
        let links = VaultLinks(root: layout.vault.path, taskIDs: layout.taskIDs)
        XCTAssertEqual(links.describe(try LinkReference.parse("[[secret-file]]"), from: "Tasks/t.md"),
                       "refused: path_traversal: [[secret-file]] points outside the vault (Notes/secret-file.md is a symbolic link, or in a linked folder, leading out of it)")
        XCTAssertEqual(links.describe(try LinkReference.parse("[[Secret-File]]"), from: "Tasks/t.md").prefix(24), "refused: path_traversal:")
        XCTAssertEqual(links.describe(try LinkReference.parse("[[outside-secret]]"), from: "Tasks/t.md"), "nowhere: no file is named outside-secret",
                       "the linked folder is not walked")
        XCTAssertEqual(links.describe(try LinkReference.parse("[[alias]]"), from: "Tasks/t.md"), "Notes/alias.md")
        XCTAssertEqual(links.describe(try LinkReference.parse("[[inside]]"), from: "Tasks/t.md"), "Real/inside.md")
        // The `..` forms are refused as before, without a symbolic link to name.
        for raw in ["[[../../x]]", "[x](../../../x.md)", "../../../x.md", "<../../x.md>"] {
            XCTAssertEqual(links.describe(try LinkReference.parse(raw), from: "Tasks/deep/t2.md"), "refused: path_traversal: \(raw) points outside the vault", raw)
        }
    }

    /// The containment itself, over generated paths below each kind of entry: outside exactly when
    /// the path goes through `linkdir` or is the file link out.
    func testContainmentOfGeneratedPaths() {
        let layout = Layout()
        let containment = VaultContainment(root: layout.vault.path)
        var rng = SeededRandom(seed: 43)
        let heads = ["linkdir", "Notes/innerlink", "Real", "Notes", "Tasks", "nothing", "Notes/secret-file.md", "Notes/dangling.md"]
        for _ in 0..<300 {
            let head = rng.pick(heads)
            let tail = (0..<rng.int(0...3)).map { _ in rng.pick(["a", "sub", "deep.md", "inside.md", "x y.md"]) }
            let path = ([head] + tail).joined(separator: "/")
            let out = head == "linkdir" || head == "Notes/secret-file.md"
            XCTAssertEqual(containment.contains(path), !out, path)
        }
        XCTAssertTrue(containment.contains(""))
    }

    /// A dependency names a task the vault's walk read: never a file through a linked folder.
    func testADependencyThroughALinkedFolderNamesNoTask() throws {
        let layout = Layout()
        layout.outside.write("blocker.md", "---\ntitle: Outside blocker\n---\n")
        layout.vault.write("Tasks/ship.md", "---\ntitle: Ship\nblocked_by:\n  - \"[[linkdir/blocker]]\"\n  - \"[x](../linkdir/blocker.md)\"\n---\n")
        let snapshot = try VaultLoader.load(root: layout.vault.path, timeZone: utc)
        XCTAssertNil(snapshot.index.task(id: "linkdir/blocker.md"), "the walk does not enter the linked folder")
        let ship = try XCTUnwrap(snapshot.index.task(id: "Tasks/ship.md"))
        let row = try XCTUnwrap(snapshot.index.row(id: ship.id))
        let edges = snapshot.index.dependencies.edges(of: row)
        XCTAssertEqual(edges.count, 2)
        XCTAssertTrue(edges.allSatisfy { $0.target == nil && $0.problem?.contains("names no task") == true }, "\(edges.map(\.problem))")
    }
}
