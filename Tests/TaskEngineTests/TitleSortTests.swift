import XCTest
@testable import TaskEngine

/// A sort by title reads every folded title as UTF-8 bytes in one buffer;
/// the order is the one comparing each title's code points gave.
final class TitleSortTests: XCTestCase {
    let pieces = ["Task", "task", "TASK", "2", "02", "10", "007", "0", "9", "Café", "cafe", "Éclair", "eclair", "Straße", "東京",
                  "Ｗｉｄｅ", "ｗ", "x\u{301}", "🇺🇸", "ǅemal", "İstanbul", "ı", "ÿ", "\u{7F}", "\u{80}", "\u{FFFF}", "\u{10000}",
                  "a", "z", " ", "-", "", "résumé", "١٢", "²"]

    /// The comparison as it was: folded titles as arrays of code points.
    func referenceCompare(_ a: [UInt32], _ b: [UInt32]) -> Int {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in NaturalOrder.compare(a, b) } }
    }

    func randomTitle(_ rng: inout SeededRandom) -> String {
        (0..<rng.int(0...5)).map { _ in pieces[rng.int(0...pieces.count - 1)] }.joined(separator: rng.chance(0.5) ? " " : "")
    }

    /// Every pair of 400 random titles compares as their code points did,
    /// and the title keys hold each task's fold whether it is ASCII or not.
    func testTitleBytesCompareAsTheirCodePointsDid() {
        var rng = SeededRandom(seed: 17)
        let titles = (0..<400).map { _ in randomTitle(&rng) }
        let indexed = TaskIndex(titles.enumerated().map { task("t\($0.offset)", title: $0.element) }).tasks
        let keys = TitleSortKeys(indexed)
        let scalars = indexed.map { $0.titleSearch.unicodeScalars.map(\.value) }
        var differing = 0
        for a in indexed.indices {
            for b in indexed.indices {
                let expected = referenceCompare(scalars[a], scalars[b])
                XCTAssertEqual(keys.compare(a, b), expected, "\(indexed[a].task.title.debugDescription) vs \(indexed[b].task.title.debugDescription)")
                if expected != 0 { differing += 1 }
            }
        }
        XCTAssertGreaterThan(differing, indexed.count * indexed.count / 2, "the titles are not mostly alike")
    }

    /// A whole sort by title, both ways, orders tasks as sorting by the
    /// reference comparison does (ties by id), in every band.
    func testASortByTitleOrdersAsTheReference() {
        var rng = SeededRandom(seed: 5)
        for round in 0..<12 {
            let tasks = (0..<(50 + round * 20)).map { i in
                task("t\(i)", title: randomTitle(&rng), status: [.todo, .inProgress, .done][rng.int(0...2)])
            }
            let indexed = TaskIndex(tasks).tasks
            for direction in ["asc", "desc"] {
                let sorted = TaskSorter(spec: SortSpec(field: "title", direction: direction)).sorted(indexed)
                let reference = indexed.sorted { a, b in
                    if a.band != b.band { return a.band.rawValue < b.band.rawValue }
                    let c = referenceCompare(a.titleSearch.unicodeScalars.map(\.value), b.titleSearch.unicodeScalars.map(\.value))
                    if c != 0 { return (c < 0) == (direction == "asc") }
                    return a.idRank < b.idRank
                }
                XCTAssertEqual(sorted.map(\.id), reference.map(\.id), "round \(round) \(direction)")
            }
        }
    }
}
