import XCTest
@testable import TaskEngine

/// Links as tasknotes-spec §11 reads them: taken apart, resolved to a vault
/// path, never to one outside the vault, and rewritten on a rename.
final class LinkTests: XCTestCase {
    func testParsingTakesEachFormApart() throws {
        let cases: [(String, String, String?, String?, LinkReference.Format, Bool)] = [
            ("[[task-001]]", "task-001", nil, nil, .wikilink, false),
            ("[[docs/api#auth|API]]", "docs/api", "API", "auth", .wikilink, false),
            ("  [[../up/x]]  ", "../up/x", nil, nil, .wikilink, true),
            ("[Label](./a.md#h)", "./a.md", "Label", "h", .markdown, true),
            ("[](b.md)", "b.md", nil, nil, .markdown, false),
            ("folder/task.md", "folder/task.md", nil, nil, .path, false),
            ("/root/task.md", "/root/task.md", nil, nil, .path, false),
        ]
        for (raw, target, alias, anchor, format, relative) in cases {
            let l = try LinkReference.parse(raw)
            XCTAssertEqual([l.target, l.alias, l.anchor], [target, alias, anchor], raw)
            XCTAssertEqual(l.format, format, raw)
            XCTAssertEqual(l.isRelative, relative, raw)
        }
        for bad in ["", "  ", "plain", "[[", "[[]]", "[[ | x]]", "[x](", "[x]()", "http://example.com", "mailto:a@b", "[[a]] and [[b]]",
                    "[[" + String(repeating: "a", count: LinkReference.maxLength) + "]]"] {
            XCTAssertThrowsError(try LinkReference.parse(bad), bad)
        }
    }

    /// Every link of `../` climbs from every depth: resolved inside the vault, or refused; never a path out of it.
    func testNoLinkResolvesOutsideTheVault() throws {
        let resolver = LinkResolver(exists: { _ in true }, named: { [$0] })
        let sources = ["t.md", "a/t.md", "a/b/t.md", "a/b/c/t.md"]
        for source in sources {
            let depth = source.split(separator: "/").count - 1
            for ups in 0...5 {
                let climb = String(repeating: "../", count: ups)
                for raw in ["[[\(climb)x]]", "[l](\(climb)x.md)", "\(climb)x.md", "[[\(climb)./y/../x]]", "[l](\(climb)y/../../x.md)"] {
                    guard let link = try? LinkReference.parse(raw) else { continue }
                    let net = ups + (raw.contains("y/../../") ? 1 : 0)
                    let allowed = link.format == .wikilink ? max(depth - 1, 0) : depth
                    do {
                        let outcome = try resolver.resolve(link, from: source)
                        let path = try XCTUnwrap(outcome.path, raw)
                        XCTAssertFalse(path.hasPrefix("/") || path.split(separator: "/").contains(".."), "\(raw) from \(source): \(path)")
                        // What the climb allows: a markdown link or path as far as the root, a wikilink within its top folder.
                        XCTAssertLessThanOrEqual(net, allowed, "\(raw) from \(source) should be refused")
                    } catch {
                        XCTAssertTrue(error is LinkResolver.Traversal, "\(raw) from \(source): \(error)")
                        XCTAssertGreaterThan(net, allowed, "\(raw) from \(source) should resolve")
                    }
                }
            }
        }
    }

    func testNamesResolveByIDThenFileNameWithTheExtensionsInOrder() throws {
        let files = ["notes/a.md", "notes/a.markdown", "x/dup.md", "y/dup.md", "t/one.md"]
        let r = LinkResolver(extensions: [".md", ".markdown"], exists: { files.contains($0) },
                             named: { n in files.filter { $0.hasSuffix("/" + n) } }, withID: { $0 == "id-7" ? ["t/one.md"] : [] })
        func resolve(_ raw: String, _ from: String = "s/t.md") throws -> LinkResolver.Outcome { try r.resolve(try LinkReference.parse(raw), from: from) }
        XCTAssertEqual(try resolve("[[a]]"), .found("notes/a.md"))
        XCTAssertEqual(try resolve("[[a.markdown]]"), .found("notes/a.markdown"))
        XCTAssertEqual(try resolve("[[dup]]"), .ambiguous(["x/dup.md", "y/dup.md"]))
        XCTAssertEqual(try resolve("[[x/dup]]"), .found("x/dup.md"))
        XCTAssertEqual(try resolve("[[id-7]]"), .found("t/one.md"))
        XCTAssertEqual(try resolve("[[none]]"), .unresolved)
        XCTAssertEqual(try resolve("[[../a]]", "notes/sub/t.md"), .found("notes/a.md"))
        XCTAssertEqual(try resolve("[[../notes/a]]", "notes/sub/t.md"), .missing("notes/notes/a.md"))
        XCTAssertEqual(try resolve("[[./b]]", "notes/t.md"), .missing("notes/b.md"))
        XCTAssertEqual(try resolve("[A](../notes/a.md)", "t/x.md"), .found("notes/a.md"))
        XCTAssertEqual(try resolve("[A](My%20Note.md)", "t/x.md"), .missing("t/My Note.md"))
    }

    func testARenameRewritesTheLinksThatNamedTheFile() {
        let cases = [("[[old]]", "[[new]]"), ("[[old#h|Alias]]", "[[new#h|Alias]]"), ("[[dir/old]]", "[[dir/new]]"), ("[[dir/old.md]]", "[[dir/new.md]]"),
                     ("[L](dir/old.md#x)", "[L](dir/new.md#x)"), ("dir/old.md", "dir/new.md"), ("[[other]]", "[[other]]"),
                     ("[[../dir/old]]", "[[../dir/old]]"), ("not a link", "not a link"), ("[[older]]", "[[older]]")]
        for (before, after) in cases { XCTAssertEqual(LinkRename.update(before, from: "dir/old.md", to: "dir/new.md"), after, before) }
    }

    func testTheNotesLinksAreFoundOutsideCode() {
        let body = "See [[A]] and [b](b.md), [web](https://x.y), [top](#h), `[[code]]`.\n```\n[[fenced]]\n```\n[[C|c]] [[broken\n"
        XCTAssertEqual(LinkScan.links(in: body).map(\.raw), ["[[A]]", "[b](b.md)", "[[C|c]]"])
        let many = String(repeating: "[[x]] ", count: 2000)
        XCTAssertEqual(LinkScan.links(in: many).count, LinkScan.limit)
    }
}
