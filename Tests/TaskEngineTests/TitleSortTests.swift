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
        func digit(_ v: UInt32) -> Bool { v >= 0x30 && v <= 0x39 }
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if digit(a[i]) && digit(b[j]) {
                var i2 = i, j2 = j
                while i2 < a.count && a[i2] == 0x30 { i2 += 1 }
                while j2 < b.count && b[j2] == 0x30 { j2 += 1 }
                var ie = i2, je = j2
                while ie < a.count && digit(a[ie]) { ie += 1 }
                while je < b.count && digit(b[je]) { je += 1 }
                if ie - i2 != je - j2 { return (ie - i2) < (je - j2) ? -1 : 1 }
                for k in 0..<(ie - i2) where a[i2 + k] != b[j2 + k] { return a[i2 + k] < b[j2 + k] ? -1 : 1 }
                i = ie
                j = je
                continue
            }
            if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
            i += 1
            j += 1
        }
        if a.count - i == b.count - j { return 0 }
        return a.count - i < b.count - j ? -1 : 1
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
