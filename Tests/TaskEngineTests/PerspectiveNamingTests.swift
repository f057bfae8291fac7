import Foundation
import XCTest
@testable import TaskEngine

/// New, duplicated and adopted perspectives are numbered as Finder numbers
/// files ("Untitled Perspective 2"): no two sidebar rows read the same.
final class PerspectiveNamingTests: XCTestCase {
    var scratch: [TempDir] = []

    func store() -> PerspectiveStore {
        let vault = TempDir(), cache = TempDir()
        scratch += [vault, cache]
        let s = PerspectiveStore(vaultRoot: vault.path, cacheDirectory: cache.path)
        s.load()
        return s
    }

    func customNames(_ s: PerspectiveStore) -> [String] { s.document.orderedCustom.map(\.name) }

    func testNewPerspectivesAreNumberedFromTwo() throws {
        for count in [1, 2, 4, 12] {
            let s = store()
            for _ in 0..<count { try s.create() }
            let expected = ["Untitled Perspective"] + (2..<(count + 1)).map { "Untitled Perspective \($0)" }
            XCTAssertEqual(customNames(s), expected, "\(count) new perspectives")
            // Read back from the file, the names are the same.
            let cache = TempDir()
            scratch.append(cache)
            let again = PerspectiveStore(vaultRoot: s.vaultRoot, cacheDirectory: cache.path)
            again.load()
            XCTAssertEqual(customNames(again), expected)
        }
    }

    func testAFreedNumberIsUsedAgainAndNamesCompareIgnoringCase() throws {
        let s = store()
        let first = try s.create(), second = try s.create(), third = try s.create()
        XCTAssertEqual([first.name, second.name, third.name], ["Untitled Perspective", "Untitled Perspective 2", "Untitled Perspective 3"])
        try s.delete(id: second.id)
        XCTAssertEqual(try s.create().name, "Untitled Perspective 2", "the first free number, as Finder")
        XCTAssertEqual(try s.create(name: "untitled perspective").name, "untitled perspective 4")
        XCTAssertEqual(try s.create(name: "Inbox").name, "Inbox 2", "a built-in's name is taken too")
        XCTAssertEqual(try s.create(name: "Q4 2026").name, "Q4 2026")
        XCTAssertEqual(try s.create(name: "Q4 2026").name, "Q4 2026 2", "a name's own number is kept")
    }

    func testDuplicatesAreNumberedNotCopiedTwice() throws {
        let s = store()
        var work = try s.create()
        work.name = "Work"
        try s.update(work)
        let copies = try (0..<4).map { _ in try s.duplicate(id: work.id).name }
        XCTAssertEqual(copies, ["Work Copy", "Work Copy 2", "Work Copy 3", "Work Copy 4"])
        // A copy of a copy is numbered ("Work Copy 5"), not "Work Copy Copy" nor "Work Copy 2 Copy".
        for name in ["Work Copy", "Work Copy 3"] {
            let id = try XCTUnwrap(s.find(name)).id
            XCTAssertEqual(try s.duplicate(id: id).name, "Work Copy \(copies.count + 1 + (name == "Work Copy" ? 0 : 1))")
        }
        XCTAssertEqual(try s.duplicate(id: "today").name, "Today Copy")
        XCTAssertEqual(try s.duplicate(id: "today").name, "Today Copy 2")
        let names = customNames(s)
        XCTAssertEqual(Set(names.map { $0.lowercased() }).count, names.count, "every name differs: \(names)")
    }

    func testAdoptedAreasAndProjectsAreNumberedToo() throws {
        let s = store()
        let garden = Perspective(id: VaultTree.idPrefix + "project:Garden", name: "+Garden",
                                 rules: RuleGroup(.and, [.cond("project", "within", .string("Garden"))]), isBuiltin: true)
        XCTAssertEqual(try s.adopt(garden).name, "Garden")
        XCTAssertEqual(try s.adopt(garden).name, "Garden 2")
    }

    func testANumberedLongNameStaysWithinTheLimit() throws {
        let s = store()
        let long = String(repeating: "n", count: Perspective.maxNameLength + 20)
        let names = try (0..<11).map { _ in try s.create(name: long).name }
        XCTAssertEqual(names[0].count, Perspective.maxNameLength)
        for (i, name) in names.enumerated().dropFirst() {
            XCTAssertLessThanOrEqual(name.count, Perspective.maxNameLength)
            XCTAssertTrue(name.hasSuffix(" \(i + 1)"), name)
        }
        XCTAssertEqual(Set(names).count, names.count)
    }
}
