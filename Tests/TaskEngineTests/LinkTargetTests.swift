import XCTest
@testable import TaskEngine

/// Where a link of a task's notes leads, told apart by what following it
/// does, over a small vault seen through the resolver's three questions:
/// every link form against every kind of target.
final class LinkTargetTests: XCTestCase {
    /// Task files and other files of a vault.
    let tasks: Set<String> = ["Tasks/Alpha.md", "Tasks/Beta.md", "Tasks/sub/Gamma.md", "Archive/Beta.md"]
    let others: Set<String> = ["Notes/Design notes.md", "Notes/diagram.png", "Tasks/readme.md"]

    func locate(_ text: String, from source: String = "Tasks/Alpha.md") throws -> LinkTarget.Place {
        let files = tasks.union(others)
        let resolver = LinkResolver(exists: { files.contains($0) },
                                    named: { name in files.filter { $0 == name || $0.hasSuffix("/" + name) }.sorted() })
        return LinkTarget.locate(try LinkReference.parse(text), from: source, resolver: resolver, isTask: { self.tasks.contains($0) }).place
    }

    func testEachFormLeadsWhereItShould() throws {
        let cases: [(String, LinkTarget.Place)] = [
            ("[[Alpha]]", .task("Tasks/Alpha.md")),
            ("[[Alpha|the first]]", .task("Tasks/Alpha.md")),
            ("[[Alpha#Goals]]", .task("Tasks/Alpha.md")),
            ("[[Alpha.md]]", .task("Tasks/Alpha.md")),
            ("[[Tasks/sub/Gamma]]", .task("Tasks/sub/Gamma.md")),
            ("[[Gamma]]", .task("Tasks/sub/Gamma.md")),
            ("[[./sub/Gamma]]", .task("Tasks/sub/Gamma.md")),
            ("[g](sub/Gamma.md)", .task("Tasks/sub/Gamma.md")),
            ("[a](/Tasks/Alpha.md)", .task("Tasks/Alpha.md")),
            ("[[Design notes]]", .note("Notes/Design notes.md")),
            ("[d](../Notes/Design%20notes.md)", .note("Notes/Design notes.md")),
            ("[[diagram.png]]", .note("Notes/diagram.png")),
            ("[[readme]]", .note("Tasks/readme.md")),
            ("[[Notes/Missing]]", .missing("Notes/Missing.md")),
            ("[m](../Notes/gone.md)", .missing("Notes/gone.md")),
            ("[[Nothing]]", .nowhere("no file is named Nothing")),
            ("[[Beta]]", .nowhere("ambiguous_link: any of Archive/Beta.md, Tasks/Beta.md")),
            ("[out](../../outside.md)", .nowhere("refused: path_traversal: [out](../../outside.md) points outside the vault")),
            ("[[../../x]]", .nowhere("refused: path_traversal: [[../../x]] points outside the vault")),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try locate(text), expected, text)
        }
    }

    func testEveryLinkOfNotesIsLocatedAndNoneIsLeftOut() throws {
        // Each case written into one body, among text, code and web links that are not links to files.
        let body = """
        Start with [[Alpha]] and [the spec](https://example.com/spec.md), then `[[not a link]]`.

        ```
        [[Nor this]]
        ```

        - [ ] read [[Design notes]]
        - [x] look at [d](../Notes/diagram.png) and [[Nothing]]
        """
        let links = LinkScan.links(in: body)
        XCTAssertEqual(links.map(\.raw), ["[[Alpha]]", "[[Design notes]]", "[d](../Notes/diagram.png)", "[[Nothing]]"])
        XCTAssertEqual(try links.map { try locate($0.raw) },
                       [.task("Tasks/Alpha.md"), .note("Notes/Design notes.md"), .note("Notes/diagram.png"), .nowhere("no file is named Nothing")])
    }
}
