import Benchmark
import Foundation
import TaskEngine
import TUI

/// Launch to the first full screen (read every file, evaluate the sidebar and
/// the first perspective, draw 120×40), and one keystroke's redraw (move the
/// selection, recount, redraw), at 5,000 and 50,000 tasks.
let today = Day.parseISO("2026-11-21")!
nonisolated(unsafe) var vaults: [Int: String] = [:]
nonisolated(unsafe) var runtimes: [Int: AppRuntime] = [:]

func vault(_ n: Int) -> String {
    if let v = vaults[n] { return v }
    let dir = NSTemporaryDirectory() + "todomd-bench-\(n)"
    if !FileManager.default.fileExists(atPath: dir + "/.perspectives.json") {
        try! DemoVaultGenerator(count: n, seed: 1, today: today).write(to: dir)
    }
    vaults[n] = dir
    return dir
}

func runtime(_ n: Int) -> AppRuntime {
    if let r = runtimes[n] { return r }
    let r = try! AppRuntime(vaultRoot: vault(n), today: today, cacheDirectory: NSTemporaryDirectory() + "todomd-bench-cache")
    r.send(.char("l"))
    runtimes[n] = r
    return r
}

nonisolated(unsafe) var editor: AppRuntime?

/// The app on 5,000 tasks with "Work — Available Now" open in the rule editor,
/// the cursor on its first rule.
func editorRuntime() -> AppRuntime {
    if let e = editor { return e }
    let r = try! AppRuntime(vaultRoot: vault(5_000), today: today, cacheDirectory: NSTemporaryDirectory() + "todomd-bench-cache")
    r.send(.char("G"))      // the last perspective in the sidebar
    r.send(.char("k"))      // Work — Available Now
    r.send(.char("e"))
    for _ in 0..<7 { r.send(.char("j")) }
    editor = r
    return r
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 50)
    Benchmark("Rule editor keystroke (toggle a rule: list + every sidebar count + redraw), 5000 tasks") { benchmark in
        let r = editorRuntime()
        benchmark.startMeasurement()
        r.send(.char("t"))
        blackHole(r.render(width: 120, height: 40))
    } setup: {
        _ = editorRuntime()
    }
    for n in [5_000, 50_000] {
        Benchmark("Launch to first screen, \(n) tasks") { benchmark in
            let path = vault(n)
            benchmark.startMeasurement()
            let r = try! AppRuntime(vaultRoot: path, today: today, cacheDirectory: NSTemporaryDirectory() + "todomd-bench-cache")
            blackHole(r.render(width: 120, height: 40))
        } setup: {
            _ = vault(n)
        }
        Benchmark("Keystroke redraw (j), \(n) tasks") { benchmark in
            let r = runtime(n)
            benchmark.startMeasurement()
            r.send(.char("j"))
            blackHole(r.render(width: 120, height: 40))
        } setup: {
            _ = runtime(n)
        }
        Benchmark("Keystroke redraw (space: write, re-band, recount), \(n) tasks") { benchmark in
            let r = runtime(n)
            benchmark.startMeasurement()
            r.send(.char(" "))
            blackHole(r.render(width: 120, height: 40))
        } setup: {
            _ = runtime(n)
        }
    }
}
