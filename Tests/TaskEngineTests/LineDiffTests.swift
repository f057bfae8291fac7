import XCTest
@testable import TaskEngine

/// The conflict view's diff: for many random pairs of versions, both sides
/// come back from the diff, the shared lines are a longest common run, and
/// nothing is marked changed that both have in place.
final class LineDiffTests: XCTestCase {
    func testKnownCases() {
        let a = ["---", "title: Report", "priority: high", "---", "notes"]
        let b = ["---", "title: Report", "priority: low", "due: 2026-11-30", "---", "notes"]
        let d = LineDiff.lines(from: a, to: b)
        XCTAssertEqual(d.map(\.kind), [.same, .same, .removed, .added, .added, .same, .same])
        XCTAssertEqual(d[2].text, "priority: high")
        XCTAssertEqual(d[2].old, 3)
        XCTAssertEqual(d[3].new, 3)
        XCTAssertEqual(LineDiff.lines(from: a, to: a).map(\.kind), Array(repeating: .same, count: a.count))
        XCTAssertEqual(LineDiff.lines(from: [], to: ["x"]).map(\.kind), [.added])
        XCTAssertEqual(LineDiff.lines(from: ["x"], to: []).map(\.kind), [.removed])
        XCTAssertEqual(LineDiff.lines(from: [], to: []), [])
    }

    func testRandomPairsRoundTripAndKeepTheLongestCommonRun() {
        var rng = SystemRandomNumberGenerator()
        let words = ["title: A", "title: B", "---", "", "tags: [x]", "due: 2026-11-30", "- [ ] item", "- [x] item", "notes"]
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...14, using: &rng)).map { _ in words.randomElement(using: &rng)! }
            var b = a
            for _ in 0..<Int.random(in: 0...5, using: &rng) {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where !b.isEmpty: b.remove(at: Int.random(in: 0..<b.count, using: &rng))
                case 1: b.insert(words.randomElement(using: &rng)!, at: Int.random(in: 0...b.count, using: &rng))
                default: if !b.isEmpty { b[Int.random(in: 0..<b.count, using: &rng)] = words.randomElement(using: &rng)! }
                }
            }
            let d = LineDiff.lines(from: a, to: b)
            let (old, new) = LineDiff.sides(d)
            XCTAssertEqual(old, a)
            XCTAssertEqual(new, b)
            XCTAssertEqual(d.filter { $0.kind == .same }.count, lcs(a, b), "\(a) → \(b)")
            // Line numbers count up on each side.
            XCTAssertEqual(d.compactMap(\.old), Array(1...max(1, a.count)).prefix(a.count).map { $0 })
            XCTAssertEqual(d.compactMap(\.new), Array(1...max(1, b.count)).prefix(b.count).map { $0 })
        }
    }

    /// The length of a longest common subsequence, the slow sure way.
    func lcs(_ a: [String], _ b: [String]) -> Int {
        var t = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0..<a.count {
            for j in 0..<b.count {
                t[i + 1][j + 1] = a[i] == b[j] ? t[i][j] + 1 : max(t[i][j + 1], t[i + 1][j])
            }
        }
        return t[a.count][b.count]
    }
}
