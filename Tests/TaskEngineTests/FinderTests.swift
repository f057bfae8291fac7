import XCTest
@testable import TaskEngine

/// Fuzzy matching and the vault-wide finder's ranking.
final class FinderTests: XCTestCase {
    func score(_ q: String, _ text: String) -> Int? { FuzzyMatch.match(FuzzyMatch.fold(q), in: TextFold.search(text))?.score }

    func testMatchesInOrderIgnoringCaseAndAccentsWithPositions() {
        XCTAssertEqual(FuzzyMatch.positions("rep", in: "Write the Q4 Report"), [13, 14, 15])
        XCTAssertEqual(FuzzyMatch.positions("cafe", in: "Un Café noir"), [3, 4, 5, 6], "characters of the original, accents and all")
        XCTAssertEqual(FuzzyMatch.positions("東京", in: "行く東京"), [2, 3])
        XCTAssertNotNil(score("cafe", "Meet at the Café"))
        XCTAssertNotNil(score("CAFÉ", "cafe au lait"))
        XCTAssertNotNil(score("東京", "東京のホテル"))
        XCTAssertNil(score("xyz", "Write the report"))
        XCTAssertNil(score("tropre", "report"), "order matters")
        XCTAssertEqual(score("", "anything"), 0)
    }

    /// The rankings people expect, as pairs: the first must score higher than the second.
    func testRanking() {
        let pairs: [(String, String, String)] = [
            ("rep", "Write the report", "Wrap every pen"),       // consecutive beats scattered
            ("wr", "Write the report", "Answer the wrong call"), // a word's start, early
            ("q4", "Q4 report", "Quarter 4 report"),             // consecutive
            ("tp", "The plan", "Setup"),                        // word starts
            ("bank", "Call the bank", "Bring a nice kettle"),
        ]
        for (q, better, worse) in pairs {
            guard let a = score(q, better) else { XCTFail("\(q) not in \(better)"); continue }
            if let b = score(q, worse) { XCTAssertGreaterThan(a, b, "\(q): \(better) over \(worse)") }
        }
    }

    func testTheFinderSearchesEveryFieldAndRanksTitlesFirst() {
        let tasks = [
            task("title", title: "Renew the passport"),
            task("notes", title: "Travel admin", body: "Remember: the passport photo must be recent.\n"),
            task("tag", title: "Photos", tags: ["passport"]),
            task("area", title: "Forms", area: "Passport office"),
            task("scattered", title: "Nothing", body: String(repeating: "p a s s p o r t ", count: 1) + "\n"),
            task("other", title: "Buy milk"),
        ]
        let index = TaskIndex(tasks)
        let hits = TaskFinder.search("passport", in: index)
        XCTAssertEqual(hits.first?.id, "title.md")
        XCTAssertEqual(Set(hits.map(\.id)), ["title.md", "notes.md", "tag.md", "area.md"], "scattered letters in notes are noise")
        XCTAssertEqual(hits.first { $0.id == "notes.md" }?.snippet, "Remember: the passport photo must be recent.")
        XCTAssertEqual(hits.first { $0.id == "tag.md" }?.field, .tag("passport"))
        XCTAssertEqual(TaskFinder.search("", in: index).count, 0)
        XCTAssertEqual(TaskFinder.search("milk", in: index).map(\.id), ["other.md"])
        XCTAssertEqual(TaskFinder.search("pasport", in: index).first?.id, "title.md", "a letter missing still finds it")
    }

    /// Only the best hits are kept as the search goes: the same hits, in the
    /// same order and with the same snippets, as the first of every hit
    /// ranked (many tie on their score, and the notes of some are not ASCII).
    func testTheBestHitsKeptAsItGoesAreTheFirstOfAllHitsRanked() {
        var rng = SeededRandom(seed: 21)
        let words = ["report", "Report", "café", "Zürich", "plan", "RÉSUMÉ", "repo", "東京", "x"]
        func text(_ n: Int) -> String { (0..<n).map { _ in words[rng.int(0...words.count - 1)] }.joined(separator: " ") }
        let tasks = (0..<1_500).map { i in
            task("t\(rng.int(0...99_999))-\(i)", title: text(rng.int(1...3)), project: rng.chance(0.3) ? text(1) : nil,
                 tags: rng.chance(0.2) ? [words[rng.int(0...words.count - 1)]] : [], body: rng.chance(0.5) ? text(rng.int(0...12)) + "\n" + text(5) : "")
        }
        let index = TaskIndex(tasks)
        for q in ["rep", "r", "cafe", "zurich", "resume", "plan x", "東", "e"] {
            let all = TaskFinder.search(q, in: index, limit: .max)
            XCTAssertEqual(all, all.sorted { $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id }, q)
            for limit in [1, 7, 50, 400] {
                XCTAssertEqual(TaskFinder.search(q, in: index, limit: limit), Array(all.prefix(limit)), "\(q), best \(limit)")
            }
            XCTAssertTrue(all.contains { $0.field == .notes && $0.snippet?.isEmpty == false } || q == "東" || q == "plan x", "\(q): notes matched")
        }
    }

    func testFiveThousandTasksAndOddTextNeverCrash() {
        var rng = SeededRandom(seed: 9)
        let words = ["report", "café", "東京", "🚄", "\u{1B}[2J", "", "a", "Zürich", "naïve", "x"]
        let tasks = (0..<5_000).map { i in
            task("t\(i)", title: (0..<3).map { _ in words[Int(rng.next() % 10)] }.joined(separator: " "),
                 body: (0..<Int(rng.next() % 20)).map { _ in words[Int(rng.next() % 10)] }.joined(separator: " "))
        }
        let index = TaskIndex(tasks)
        for q in ["rep", "cafe", "東", "zurich", "naive", "🚄", "\u{1B}", "a b"] {
            let hits = TaskFinder.search(q, in: index)
            XCTAssertLessThanOrEqual(hits.count, 50)
            XCTAssertEqual(hits.map(\.score), hits.map(\.score).sorted(by: >))
        }
    }
}
