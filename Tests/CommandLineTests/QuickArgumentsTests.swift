import ArgumentParser
import XCTest
@testable import todomd

/// `QuickArguments` reads `count` and `list` without swift-argument-parser:
/// every command line it takes must parse to the very same values there, and
/// everything else must be left to it.
final class QuickArgumentsTests: XCTestCase {
    /// What swift-argument-parser makes of `arguments`: the values of a
    /// `count` or `list`, another command, or an error (help included).
    enum Full: Equatable { case count(CountRun), list(ListRun), other, failure }

    func full(_ arguments: [String]) -> Full {
        guard let command = try? Todomd.parseAsRoot(arguments) else { return .failure }
        if let c = command as? CountCommand { return .count(c.values) }
        if let l = command as? ListCommand { return .list(l.values) }
        return .other
    }

    func quick(_ arguments: [String]) -> Full? {
        switch QuickArguments.parse(arguments) {
        case .count(let c)?: return .count(c)
        case .list(let l)?: return .list(l)
        case nil: return nil
        }
    }

    func testTheFormsAPromptUsesAreTaken() {
        XCTAssertEqual(quick(["count"]), .count(CountRun(global: PlainVaultChoice())))
        XCTAssertEqual(quick(["count", "--vault", "/v", "--perspective", "Today"]),
                       .count(CountRun(global: PlainVaultChoice(vault: "/v"), perspective: "Today")))
        XCTAssertEqual(quick(["list", "--json", "--where=due today", "--today", "2026-11-21"]),
                       .list(ListRun(global: PlainVaultChoice(today: "2026-11-21"), rules: "due today", json: true)))
        XCTAssertEqual(quick(["list", "--where=title contains a=b"]), .list(ListRun(global: PlainVaultChoice(), rules: "title contains a=b")))
    }

    func testEverythingElseIsLeftToArgumentParser() {
        for arguments in [[], ["add", "x"], ["count", "--help"], ["count", "-h"], ["list", "--json", "--json"],
                          ["count", "--json"], ["count", "--vault"], ["count", "--vault", "--today", "2026-01-01"],
                          ["count", "--vault="], ["count", "--today", "2026-02-30"], ["count", "--vault", "a", "--vault", "b"],
                          ["count", "--", "x"], ["count", "stray"], ["count", "--bogus", "x"], ["--vault", "/v", "count"],
                          ["count", "--where", "-3"], ["list", "--version"]] {
            XCTAssertNil(QuickArguments.parse(arguments), "\(arguments)")
        }
    }

    /// Generated command lines from options, values and oddities: wherever the
    /// quick reading takes one, swift-argument-parser reads the same values.
    func testEveryTakenCommandLineParsesTheSameInArgumentParser() {
        let pool = ["--vault", "--vault=/tmp/v", "/tmp/a vault", "--today", "2026-11-21", "2026-13-40", " due today ", "--today=2024-02-29",
                    "--today=2023-02-29", "--perspective", "Inbox", "--perspective=Work — Now", "--where", "due today",
                    "--where=area within Work", "--where=a=b", "--json", "-h", "--help", "--", "-x", "", "--vault=",
                    "--bogus", "-3", "--version", "=", "--=x", "--where==", "Täglich ✓", "count", "list"]
        var rng = SplitMix(seed: 0x5eed)
        var taken = 0, left = 0
        for _ in 0..<6000 {
            let command = ["count", "list", "count", "list", "add", "done", ""][Int(rng.next() % 7)]
            var arguments = command.isEmpty ? [] : [command]
            for _ in 0..<Int(rng.next() % 7) { arguments.append(pool[Int(rng.next() % UInt64(pool.count))]) }
            guard let q = quick(arguments) else { left += 1; continue }
            taken += 1
            XCTAssertEqual(q, full(arguments), "\(arguments)")
        }
        // Both kinds are met often: the sweep compares, and the strict form is not all there is.
        XCTAssertGreaterThan(taken, 300)
        XCTAssertGreaterThan(left, 3000)
    }
}

/// A small seeded generator (the sweep is the same at every run).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
