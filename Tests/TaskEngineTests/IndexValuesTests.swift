import XCTest
@testable import TaskEngine

/// The areas and projects quick add offers (`TaskIndex.values(of:)`), read from the rule
/// columns: the same as a plain reading of every task (A–Z by folded name, the first spelling in
/// id order), over names in several cases and accents, empty ones, and indexes patched by adds,
/// changes and deletes (a name whose last task went is no longer offered).
final class IndexValuesTests: XCTestCase {
    static let names = ["Work", "work", "WORK", "Café", "cafe", "CAFÉ", "Home/Garden", "home/garden", "", " ", "Zeta", "ärger", "Ärger", "a"]

    /// What `values(of:)` means, written out over the tasks.
    static func plain(_ index: TaskIndex, _ field: TaskField) -> [String] {
        var seen: [String: String] = [:]
        for t in index.tasks {
            guard let v = field == .area ? t.task.area : t.task.project else { continue }
            if seen[TextFold.key(v)] == nil { seen[TextFold.key(v)] = v }
        }
        return seen.sorted { $0.key < $1.key }.map(\.value)
    }

    static func task(_ id: String, _ rng: inout SeededRandom) -> TaskItem {
        var t = TaskItem(id: id, title: id)
        if rng.chance(0.8) { t.area = rng.pick(names) }
        if rng.chance(0.8) { t.project = rng.pick(names) }
        return t
    }

    func testAreasAndProjectsFromTheColumnsEqualAPlainReading() {
        var rng = SeededRandom(seed: 4_343)
        var offered = 0
        for round in 0..<60 {
            var index = TaskIndex((0..<rng.int(0...50)).map { Self.task("t\($0).md", &rng) })
            for step in 0..<10 {
                for field in [TaskField.area, .project] {
                    let got = index.values(of: field)
                    XCTAssertEqual(got, Self.plain(index, field), "round \(round) step \(step) \(field)")
                    offered += got.count
                }
                let ids = index.tasks.map(\.id)
                switch rng.int(0...2) {
                case 0 where !ids.isEmpty: index.update([Self.task(rng.pick(ids), &rng)])
                case 1 where !ids.isEmpty: index.update([], removing: Set((0..<rng.int(1...6)).map { _ in rng.pick(ids) }))
                default: index.update([Self.task("n\(round)-\(step).md", &rng)])
                }
            }
        }
        XCTAssertGreaterThan(offered, 1_000)
    }
}
