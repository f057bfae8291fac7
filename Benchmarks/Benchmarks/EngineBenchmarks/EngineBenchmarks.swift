import Benchmark
import Foundation
import TaskEngine

/// Evaluate, sort and group a 10-rule perspective, and compute every sidebar
/// count at once, at 500 to 100,000 generated tasks.
let sizes = [500, 1_000, 5_000, 50_000, 100_000]
let today = Day.parseISO("2026-11-21")!

nonisolated(unsafe) var indexes: [Int: TaskIndex] = [:]

func index(_ n: Int) -> TaskIndex {
    if let i = indexes[n] { return i }
    let i = TaskIndex(DemoVaultGenerator(count: n, seed: 1, today: today).taskItems())
    indexes[n] = i
    return i
}

/// Ten conditions across every kind of rule, nested three levels.
let tenRules = Perspective(id: "bench", name: "Ten rules", rules: RuleGroup(.and, [
    .cond("status", "in", .strings(["todo", "in-progress", "someday"])),
    .cond("area", "within", .string("Work")),
    .any([
        .cond("priority", "in", .strings(["high", "medium"])),
        .cond("flagged", "equals", .bool(true)),
        .cond("due", "in_next", .int(14), unit: "days"),
    ]),
    .none([
        .cond("tags", "contains_any", .strings(["waiting-for"])),
        .cond("defer", "after", .string("today")),
    ]),
    .cond("estimated_minutes", "less_than", .int(240)),
    .cond("title", "string_contains", .string("e")),
    .cond("created", "in_past", .int(6), unit: "months"),
]), sort: SortSpec(field: "due"), groupBy: "project")

let sidebar = BuiltinPerspectives.all + [tenRules]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2), maxIterations: 200)
    for n in sizes {
        Benchmark("Evaluate+sort+group 10 rules, \(n) tasks") { benchmark in
            let i = index(n)
            benchmark.startMeasurement()
            blackHole(PerspectiveEvaluator.evaluate(tenRules, in: i, today: today))
        } setup: {
            _ = index(n)
        }
        Benchmark("All sidebar counts, \(n) tasks") { benchmark in
            let i = index(n)
            benchmark.startMeasurement()
            blackHole(PerspectiveEvaluator.counts(sidebar, in: i, today: today))
        } setup: {
            _ = index(n)
        }
    }
}
