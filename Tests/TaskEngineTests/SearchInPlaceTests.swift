import XCTest
@testable import TaskEngine

/// The finder and the list's search read ASCII text in place, lowering
/// capitals as they go, and keep a fold only of other text: the answers are
/// the ones folding every title and note first gives.
final class SearchInPlaceTests: XCTestCase {
    let pieces = ["Report", "report", "REPORT", "Café", "cafe", "Straße", "ÉCOLE", "naïve", "東京", "Ｗｉｄｅ", "x\u{301}",
                  "🇺🇸", "line\r\nbreak", "tab\there", "q3", "Q3 budget", "a", "", " ", "-", "résumé draft", "ǅemal", "İstanbul"]

    func randomText(_ rng: inout SeededRandom, words: Int) -> String {
        (0..<words).map { _ in pieces[rng.int(0...pieces.count - 1)] }.joined(separator: rng.int(0...3) == 0 ? "\n" : " ")
    }

    /// The finder as it was: every field folded to a string first.
    func referenceSearch(_ query: String, _ tasks: [IndexedTask]) -> [TaskFinder.Hit] { FinderReference.search(query, tasks) }

    func testTheFinderAndTheListSearchAnswerAsFoldingFirstDid() {
        var rng = SeededRandom(seed: 5)
        var tasks: [TaskItem] = []
        for i in 0..<4_500 {  // (past two shares of the finder's parallel search)
            var t = TaskItem(id: String(format: "t%05d.md", i), title: randomText(&rng, words: 1 + rng.int(0...4)))
            t.body = rng.int(0...2) == 0 ? "" : randomText(&rng, words: rng.int(1...30))
            if rng.int(0...9) == 0 { t.body = String(repeating: "filler text ", count: 400) + randomText(&rng, words: 5) }  // past the notes limit
            if rng.int(0...3) == 0 { t.project = pieces[rng.int(0...pieces.count - 1)] }
            tasks.append(t)
        }
        let index = TaskIndex(tasks)
        let folds = index.tasks.map { (Array(TextFold.search($0.task.title).utf8), Array(TextFold.search($0.task.body).utf8)) }
        let queries = ["rep", "REPORT", "cafe", "Café", "strasse", "ecole", "東", "wide", "q3b", "line break", "résumé", "x", "e", "", "  ",
                       "naive", "istanbul", "dzemal", "🇺", "filler", "ab", "tab"]
        for q in queries {
            XCTAssertEqual(TaskFinder.search(q, in: index), referenceSearch(q, index.tasks), "finder: \(q)")
            let folded = TextFold.search(q), wanted = Array(folded.utf8)
            for (entry, (title, body)) in zip(index.tasks, folds) {
                let reference = wanted.isEmpty || title.firstRange(of: wanted) != nil || body.firstRange(of: wanted) != nil
                XCTAssertEqual(entry.searchContains(folded), reference, "search '\(q)' in \(entry.id)")
            }
        }
        // The folds asked for are the fold of the text; only non-ASCII text keeps one.
        for entry in index.tasks.prefix(300) {
            XCTAssertEqual(entry.titleSearch, TextFold.search(entry.task.title))
            XCTAssertEqual(entry.bodySearch, TextFold.search(entry.task.body))
        }
    }

    /// A title or note that is not ASCII but folds to itself (`€`, `—`,
    /// CJK) keeps nothing made for it; one with accents or capitals keeps
    /// its fold. Either way every reading gives the fold, again and again.
    func testOnlyAFoldOtherThanTheTextIsKept() {
        var rng = SeededRandom(seed: 31)
        let tasks = (0..<600).map { i in
            var t = TaskItem(id: "t\(i).md", title: randomText(&rng, words: rng.int(1...4)))
            t.body = randomText(&rng, words: rng.int(0...8))
            return t
        }
        func read(_ bytes: UnsafeBufferPointer<UInt8>, _ lowering: Bool) -> [UInt8] {
            let l = FuzzyMatch.Lowered(bytes: bytes, lowering: lowering)
            return (0..<l.count).map { l[$0] }
        }
        let indexed = TaskIndex(tasks).tasks
        for round in 0..<2 {
            for t in indexed {
                XCTAssertEqual(t.titleSearch, TextFold.search(t.task.title))
                XCTAssertEqual(t.bodySearch, TextFold.search(t.task.body))
                XCTAssertEqual(t.withTitleSearch(read),
                               Array(TextFold.search(t.task.title).utf8), "round \(round)")
                XCTAssertEqual(t.withBodySearch(upTo: 9, read),
                               Array(TextFold.search(t.task.body).utf8.prefix(9)), "round \(round)")
                // (Latin text is folded as it is read: only other text's fold is kept.)
                func keeps(_ text: String) -> Bool {
                    !text.utf8.allSatisfy { $0 < 0x80 } && ScalarFolds.fold(text) == nil && TextFold.search(text) != text
                }
                XCTAssertEqual(t.keepsMade, keeps(t.task.title) || keeps(t.task.body), "\(t.task.title.debugDescription) / \(t.task.body.debugDescription)")
            }
        }
        XCTAssertTrue(indexed.contains { !$0.keepsMade && !$0.task.body.utf8.allSatisfy { $0 < 0x80 } }, "some notes fold to themselves")
        XCTAssertTrue(indexed.contains(where: \.keepsMade))
        XCTAssertTrue(indexed.contains { !$0.keepsMade && $0.task.body.contains("é") && $0.task.body.unicodeScalars.allSatisfy { $0.value < 0x250 } },
                      "Latin notes keep nothing")
    }
}
