import Foundation
import XCTest
@testable import TaskEngine

/// Task ids are ordered by their bytes everywhere.
final class IDOrderTests: XCTestCase {
    func testByteOrderOverManyIDs() {
        var rng = SeededRandom(seed: 12)
        let alphabet = Array("ab/.-0é東🎉 Z") + ["e\u{301}"]
        let ids = (0..<400).map { _ in String((0..<rng.int(0...8)).map { _ in rng.pick(alphabet) }) + ".md" }
        for _ in 0..<2000 {
            let a = rng.pick(ids), b = rng.pick(ids)
            XCTAssertEqual(IDOrder.less(a, b), a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) < \(b)")
            XCTAssertEqual(IDOrder.same(a, b), Array(a.utf8) == Array(b.utf8))
        }
        let sorted = ids.sorted(by: IDOrder.less)
        XCTAssertTrue(zip(sorted, sorted.dropFirst()).allSatisfy { !IDOrder.less($1, $0) })
    }

    func testTwoFilesThatDifferOnlyInNormalizationAreTwoTasks() throws {
        let composed = "caf\u{E9}.md", decomposed = "cafe\u{301}.md"
        XCTAssertEqual(composed, decomposed, "Swift calls them equal")
        var a = TaskItem(id: composed, title: "Composed")
        a.fingerprint = nil
        let b = TaskItem(id: decomposed, title: "Decomposed")
        let index = TaskIndex([b, a, TaskItem(id: "a.md", title: "A"), TaskItem(id: "z.md", title: "Z")])
        XCTAssertEqual(index.tasks.count, 4)
        XCTAssertEqual(index.task(id: composed)?.task.title, "Composed")
        XCTAssertEqual(index.task(id: decomposed)?.task.title, "Decomposed")
        XCTAssertEqual(index.removing(id: composed).task(id: decomposed)?.task.title, "Decomposed")

        let vault = TempDir()
        vault.write(composed, "---\ntitle: Composed\n---\n")
        vault.write(decomposed, "---\ntitle: Decomposed\n---\n")
        let snapshot = try VaultLoader.load(root: vault.path)
        XCTAssertEqual(Set(snapshot.tasks.map(\.title)), ["Composed", "Decomposed"])
    }
}
