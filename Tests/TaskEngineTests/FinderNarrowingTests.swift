import XCTest
@testable import TaskEngine

/// Typing into the finder searches, for each letter added, only the tasks the
/// query before it was found in: over generated vaults and typed sequences
/// (letters added, taken back, blanks, a changed index between keys), the
/// answer is always the full search's.
final class FinderNarrowingTests: XCTestCase {
    let words = ["Report", "report", "passport", "Café", "Straße", "naïve", "東京", "q3 budget", "plan", "rope", "pear",
                 "trip", "tape", "apart", "porter", "a", "Ｗｉｄｅ", "résumé"]

    func text(_ rng: inout SeededRandom, _ n: Int) -> String { (0..<n).map { _ in words[rng.int(0...words.count - 1)] }.joined(separator: " ") }

    func testEachKeySearchesTheLastOnesTasksAndFindsWhatAFullSearchFinds() {
        var rng = SeededRandom(seed: 11)
        for vault in 0..<12 {
            var tasks: [TaskItem] = []
            for i in 0..<400 {
                var t = TaskItem(id: String(format: "v%02d-%04d.md", vault, i), title: text(&rng, rng.int(1...4)))
                // Notes: close matches, scattered letters (found, not close enough), and text past the limit.
                switch rng.int(0...4) {
                case 0: t.body = text(&rng, rng.int(1...40))
                case 1: t.body = "r x e x p x o x r x t " + text(&rng, 3)
                case 2: t.body = String(repeating: "filler ", count: 700) + "report"
                default: break
                }
                if rng.int(0...3) == 0 { t.project = words[rng.int(0...words.count - 1)] }
                if rng.int(0...3) == 0 { t.tags = [words[rng.int(0...words.count - 1)].lowercased()] }
                tasks.append(t)
            }
            var index = TaskIndex(tasks)
            var narrowed = 0
            for _ in 0..<8 {
                let target = ["report", "passport", "rope pear", "strasse", "cafe", "q3b", "zz", "re po rt"][rng.int(0...7)]
                var typed = ""
                var narrowing: TaskFinder.Narrowing?
                for c in target {
                    typed.append(c)
                    if rng.int(0...5) == 0, !typed.isEmpty { typed.removeLast() }  // a key taken back
                    if rng.int(0...9) == 0 {  // a task changed between two keys: the index is another
                        var t = index.tasks[rng.int(0...index.tasks.count - 1)].task
                        t.title = text(&rng, 2)
                        index.update([t])
                    }
                    let before = narrowing
                    let (hits, next) = TaskFinder.search(typed, in: index, after: narrowing)
                    XCTAssertEqual(hits, TaskFinder.search(typed, in: index), "vault \(vault), '\(typed)'")
                    if let before, let next, before.generation == index.generation, next.query.starts(with: before.query) {
                        XCTAssertLessThanOrEqual(next.rows?.count ?? .max, before.rows?.count ?? index.tasks.count, "'\(typed)' holds no task the query before did not")
                        narrowed += 1
                    }
                    narrowing = next
                }
            }
            XCTAssertGreaterThan(narrowed, 8, "vault \(vault): the narrowing was used")
        }
    }
}
