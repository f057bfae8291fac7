import XCTest
@testable import TaskEngine

/// The finder's fast path (every title folded into one buffer when it opens,
/// the names of areas, projects and tags scored once per query, the scorer
/// making no positions) answers as the straightforward finder does: the same
/// hits, order and snippets, over generated vaults and queries.
final class FinderFastPathTests: XCTestCase {
    let pieces = ["Report", "report", "REPORT", "Café", "cafe", "Straße", "ÉCOLE", "naïve", "東京", "Ｗｉｄｅ", "x\u{301}", "🇺🇸",
                  "q3", "Q3 budget", "a", "-", "résumé draft", "İstanbul", "passport", "rope", "pear", "trip", "Renée", "r.e.p"]

    func words(_ rng: inout SeededRandom, _ n: Int) -> String {
        (0..<n).map { _ in pieces[rng.int(0...pieces.count - 1)] }.joined(separator: rng.int(0...4) == 0 ? "\n" : " ")
    }

    /// Without positions, the scorer gives `match`'s score, and its first and last positions as the window.
    func testTheWindowIsTheMatchWithoutItsPositions() {
        var rng = SeededRandom(seed: 43)
        let alphabet: [UInt8] = Array("aAbBrReEpPoOtT -_.1\n".utf8) + [0xC3, 0xA9, 0xE6, 0x9D, 0xB1]
        var matched = 0
        for round in 0..<20_000 {
            let lowering = round % 2 == 0
            let letters = lowering ? alphabet.filter { $0 < 0x80 } : alphabet
            let text = (0..<rng.int(0...40)).map { _ in letters[rng.int(0...letters.count - 1)] }
            // Queries as folded: lower case, and often letters of the text in order.
            var query: [UInt8] = text.isEmpty || rng.int(0...2) == 0
                ? (0..<rng.int(1...4)).map { _ in letters[rng.int(0...letters.count - 1)] }
                : text.enumerated().filter { _ in rng.int(0...3) == 0 }.map(\.element)
            query = query.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }.filter { $0 != 0x20 }
            if query.isEmpty { continue }
            let expected = text.withUnsafeBufferPointer { FuzzyMatch.match(query, in: $0, lowering: lowering) }
            let window = text.withUnsafeBufferPointer { t in
                query.withUnsafeBufferPointer { FuzzyMatch.window($0, in: FuzzyMatch.Lowered(bytes: t, lowering: lowering)) }
            }
            let context = "\(String(decoding: query, as: UTF8.self).debugDescription) in \(String(decoding: text, as: UTF8.self).debugDescription)"
            XCTAssertEqual(window?.score, expected?.score, context)
            XCTAssertEqual(window?.start, expected?.positions.first, context)
            XCTAssertEqual(window?.end, expected?.positions.last, context)
            if expected != nil { matched += 1 }
        }
        XCTAssertGreaterThan(matched, 5_000, "most queries match")
    }

    func vault(_ seed: UInt64, count: Int) -> [TaskItem] {
        var rng = SeededRandom(seed: seed)
        let areas = ["Work", "work", "Café", "Home/Garden", "東京", "Reports"]
        let tags = ["report", "Report", "café", "CAFE", "trip", "東京", "q3", "x\u{301}", "pear"]
        return (0..<count).map { i in
            var t = TaskItem(id: String(format: "s%02d-%05d.md", Int(seed), i), title: words(&rng, rng.int(1...4)))
            switch rng.int(0...5) {
            case 0: t.body = words(&rng, rng.int(1...30))
            case 1: t.body = "r x e x p x o x r x t\n" + words(&rng, 3)
            case 2:  // long notes, the query's letters just before, across and past the 4,000 bytes searched
                let filler = String(repeating: rng.int(0...1) == 0 ? "filler " : "füller ", count: 569 + rng.int(0...2))
                t.body = filler + words(&rng, 3)
            case 3: t.body = "Notes — " + words(&rng, 2)
            default: break
            }
            if rng.int(0...2) == 0 { t.area = areas[rng.int(0...areas.count - 1)] }
            if rng.int(0...2) == 0 { t.project = pieces[rng.int(0...pieces.count - 1)] }
            if rng.int(0...1) == 0 { t.tags = (0..<rng.int(1...3)).map { _ in tags[rng.int(0...tags.count - 1)] } }
            return t
        }
    }

    /// Queries: fixed ones, and letters picked in order from some task's title, tag, area or notes.
    func queries(_ tasks: [TaskItem], _ rng: inout SeededRandom) -> [String] {
        var out = ["r", "e", "rep", "report", "cafe", "東", "q3b", "wide", "istanbul", "x", "zz", "ca fe", "trip", "rt", "reneé", "fl"]
        for _ in 0..<8 {
            let t = tasks[rng.int(0...tasks.count - 1)]
            let source = [t.title, t.tags.first ?? t.title, t.area ?? t.title, String(t.body.prefix(60))][rng.int(0...3)]
            let picked = String(source.filter { _ in rng.int(0...2) == 0 }.prefix(6))
            if !picked.isEmpty { out.append(picked) }
        }
        return out
    }

    func testTheFinderAnswersAsTheStraightforwardOneOverGeneratedVaults() {
        var found = 0
        var fields: Set<String> = []
        for seed in 1...4 as ClosedRange<UInt64> {
            var rng = SeededRandom(seed: seed * 7)
            let tasks = vault(seed, count: seed == 2 ? 2_100 : 400)  // (past one share of the search's rows, or not)
            let index = TaskIndex(tasks)
            let folds = FinderReference.folds(index.tasks)
            for q in queries(tasks, &rng) {
                // Every hit, and the best ones kept as the search goes.
                let reference = FinderReference.search(q, index.tasks, limit: .max, folds: folds)
                XCTAssertEqual(TaskFinder.search(q, in: index, limit: .max), reference, "vault \(seed), '\(q)'")
                XCTAssertEqual(TaskFinder.search(q, in: index), Array(reference.prefix(50)), "vault \(seed), '\(q)', best 50")
                found += reference.count
                for h in reference { fields.insert(String("\(h.field)".prefix(3))) }
            }
        }
        XCTAssertGreaterThan(found, 1_000)
        XCTAssertEqual(fields, ["tit", "are", "pro", "tag", "not"], "every field was the best of some task")
    }

    /// Typed a letter at a time from the finder's start, with keys taken back and tasks changed
    /// between keys (their area, project and tags too: the text is made again, the columns patched).
    func testTypingFromTheStartAnswersAsTheStraightforwardOne() {
        var rng = SeededRandom(seed: 77)
        var index = TaskIndex(vault(9, count: 600))
        for _ in 0..<6 {
            var narrowing: TaskFinder.Narrowing? = TaskFinder.start(in: index)
            var typed = ""
            for c in ["report", "cafe trip", "q3 budget", "east"][rng.int(0...3)] {
                typed.append(c)
                if rng.int(0...6) == 0 { typed.removeLast() }
                if rng.int(0...4) == 0 {
                    var t = index.tasks[rng.int(0...index.tasks.count - 1)].task
                    t.title = words(&rng, 2)
                    t.area = rng.int(0...1) == 0 ? nil : "Report desk"
                    t.project = rng.int(0...1) == 0 ? nil : pieces[rng.int(0...pieces.count - 1)]
                    t.tags = rng.int(0...1) == 0 ? [] : ["REPORT", "report", "trip"]
                    index.update([t])
                }
                let (hits, next) = TaskFinder.search(typed, in: index, limit: .max, after: narrowing)
                XCTAssertEqual(hits, FinderReference.search(typed, index.tasks, limit: .max), "'\(typed)'")
                narrowing = next
            }
        }
    }

    /// A query taken back to nothing keeps the finder's text for the next letter; another index makes it again.
    func testTheTextIsKeptForItsIndexOnly() {
        var index = TaskIndex(vault(3, count: 300))
        let start = TaskFinder.start(in: index)
        let (_, afterR) = TaskFinder.search("r", in: index, after: start)
        XCTAssertTrue(afterR?.text === start.text, "the first letter searches the text made when the finder opened")
        XCTAssertEqual(afterR?.rows?.count, TaskFinder.search("r", in: index, limit: .max).count, "and keeps the rows it was found in (one letter in the notes is always close enough to be a hit)")
        let (none, empty) = TaskFinder.search("", in: index, after: afterR)
        XCTAssertEqual(none, [])
        XCTAssertTrue(empty?.text === start.text, "the text is kept")
        XCTAssertEqual(empty?.rows, nil, "the next letter searches every row")
        var t = index.tasks[0].task
        t.title = "Report on the renewal"
        index.update([t])
        let (hits, next) = TaskFinder.search("renewal", in: index, after: empty)
        XCTAssertFalse(next?.text === start.text, "made again for the changed index")
        XCTAssertEqual(hits.first?.id, t.id)
        XCTAssertEqual(TaskFinder.search("", in: index, after: afterR).narrowing, nil, "nothing kept of another index")
    }
}
