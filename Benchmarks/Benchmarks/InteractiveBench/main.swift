import Foundation
import TaskEngine
import TUI

// The interactive rows of the performance table, measured through the
// headless runtime the way the terminal loop drives it (keys, the vault
// watcher, a 120×40 redraw), on one generated vault per run:
//
//     InteractiveBench 100000 [VAULT]     → one markdown row
//
// VAULT is a generated vault it may change (by default it makes one, in this
// process, which then counts in its peak memory).
//
// - rule editor keystroke: `t` on a rule of "Work — Available Now" with the
//   editor open (the list, every sidebar count, the per-rule counts, redraw);
// - Space: the write, the new list and counts, the redraw ("screen"), and the
//   process CPU of the press plus the watcher's look after it ("CPU");
// - one file changed outside → on screen: from the write to a redraw that
//   shows it, through inotify and the 200 ms quiet period, and its CPU;
// - a keystroke in the finder (`Ctrl-P`, typing "report"), median;
// - a day key in the Forecast (`]` and `[`, with the redraw), median;
// - quick add's Enter, and a delete's `y` and the `u` that undoes it (with the redraw), medians;
// - peak memory (VmHWM) of this process after all that.
//
// A timer runs throughout (started on Inbox's first task), and each frame does
// what the terminal loop does after a key (`frame`): the timer's tick, the look
// for reminders due (the demo vault has reminders), the next wake, the redraw.
//
// For profiling: RULE_KEYS=200, SPACE_KEYS=150 or ADD_KEYS=60 (adds, deletes and undos) repeats one part (under `perf record`).
let today = Day.parseISO("2026-11-21")!
// Anything else (the benchmark plugin's own arguments, say) is refused: a vault named after
// its second argument was written into the current folder.
if let first = CommandLine.arguments.dropFirst().first, Int(first) == nil || CommandLine.arguments.count > 3 {
    FileHandle.standardError.write(Data("usage: InteractiveBench [TASKS [VAULT]]\n".utf8))
    exit(2)
}
let n = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 5_000
let base = NSTemporaryDirectory() + "todomd-bench"
let dir = CommandLine.arguments.dropFirst(2).first ?? base + "-\(n)"
if !FileManager.default.fileExists(atPath: dir + "/.perspectives.json") {
    try! DemoVaultGenerator(count: n, seed: 1, today: today, tracking: true).write(to: dir)
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }
func cpu() -> Double {
    var u = rusage()
    getrusage(RUSAGE_SELF.rawValue, &u)
    return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1000 + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1000
}
func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
func peakMB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
}
/// With `SPREAD=1`: the peak and resident memory after each part.
func phase(_ name: String) {
    guard ProcessInfo.processInfo.environment["SPREAD"] != nil else { return }
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    print(name + ":", status.split(separator: "\n").filter { line in ["VmHWM", "VmRSS", "RssAnon", "RssFile"].contains { line.hasPrefix($0) } }
        .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.joined(separator: " "))
}
func fmt(_ ms: Double) -> String { ms < 10 ? String(format: "%.1f ms", ms) : String(format: "%.0f ms", ms) }

let r = try! AppRuntime(vaultRoot: dir, today: today, cacheDirectory: base + "-cache")
let monitor = VaultChangeMonitor(root: dir, environment: [:])
/// What the terminal loop does between a key and reading the next one.
@MainActor @discardableResult func frame() -> Screen {
    _ = r.tick()
    _ = r.checkReminders()
    _ = r.nextWake
    return r.render(width: 120, height: 40)
}
frame()
// A timer on Inbox's first task, running through every part below.
// (A vault an earlier run used has its timer still running: `t` would stop it.)
if r.state.runningTimer == nil { r.send(.char("l")); r.send(.char("t")); r.send(.char("h")) }
precondition(r.state.runningTimer != nil, "a timer runs")
frame()
let startPeak = peakMB()
phase("first screen")
// `SPREAD=1`: every rule key's time, and where the memory is (live heap vs. mapped files).
// The finder: each keystroke searches every task.
r.send(.escape)
let finderOpen = now()
r.send(.ctrl("p"))  // (the tasks' text laid out for the search)
frame()
let finderOpened = now() - finderOpen
var finderKey: [Double] = []
for c in "report" {
    let t0 = now()
    r.send(.char(c))
    frame()
    finderKey.append(now() - t0)
}
r.send(.escape)
phase("finder")
if ProcessInfo.processInfo.environment["SPREAD"] != nil { print("finder: Ctrl-P", Int(finderOpened), "ms, then each letter of 'report':", finderKey.map { Int($0) }) }

if ProcessInfo.processInfo.environment["SPREAD"] != nil {
    _ = (dlsym(dlopen(nil, RTLD_NOW), "malloc_trim").map { unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self) })?(0)
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    print(status.split(separator: "\n").filter { $0.hasPrefix("VmRSS") || $0.hasPrefix("RssAnon") || $0.hasPrefix("RssFile") }.joined(separator: " "))
}

// The Forecast: `]` a day on, then `[` back (the list narrowed to the day, the strip redrawn;
// its counts are made once for the index, not at each day).
r.send(.char("g"))
for _ in 0..<3 { r.send(.char("j")) }
precondition(r.state.showsForecast, "the Forecast is shown")
frame()
var forecastKey: [Double] = []
for i in 0..<20 {
    let t0 = now()
    r.send(.char(i < 10 ? "]" : "["))
    frame()
    forecastKey.append(now() - t0)
}
r.send(.char("g"))
phase("forecast")

// The rule editor: the last custom perspective but one is "Work — Available Now".
r.send(.char("z")); r.send(.char("G")); r.send(.char("k")); r.send(.char("e"))  // (z folds the areas and projects)
for _ in 0..<7 { r.send(.char("j")) }
frame()
var ruleKey: [Double] = []
let ruleKeys = Int(ProcessInfo.processInfo.environment["RULE_KEYS"] ?? "") ?? 20
for _ in 0..<ruleKeys {  // (an even number: the rule ends as it was)
    let t0 = now()
    r.send(.char("t"))
    frame()
    ruleKey.append(now() - t0)
}
r.send(.escape)
frame()
// Let the watcher see the save, so it is not counted below.
for _ in 0..<30 { r.checkVault(monitor); usleep(10_000) }
phase("rule editor")

// Space in the list of "Work — Available Now".
r.send(.char("l"))
r.send(.char("j"))  // (from the group header to its first task)
precondition(r.state.selectedTask != nil, "a task is selected")
var spaceScreen: [Double] = [], spaceCPU: [Double] = []
for _ in 0..<(Int(ProcessInfo.processInfo.environment["SPACE_KEYS"] ?? "") ?? 21) {
    let c0 = cpu(), t0 = now()
    r.send(.char(" "))
    frame()
    spaceScreen.append(now() - t0)
    // The loop's next looks: the watcher reports the app's own write.
    usleep(50_000)
    r.checkVault(monitor, now: Date().addingTimeInterval(5))
    spaceCPU.append(cpu() - c0)  // (sleeping costs no CPU)
}
phase("Space")

// One file changed outside, shown on screen.
var outside: [Double] = [], outsideCPU: [Double] = []
for i in 0..<7 {
    guard let id = r.state.selectedTask?.id, let text = try? String(contentsOfFile: dir + "/" + id, encoding: .utf8) else { break }
    let edited = text.replacingOccurrences(of: "\ntitle: ", with: "\ntitle: Edited outside \(i) ")
    let c0 = cpu(), t0 = now()
    try! edited.write(toFile: dir + "/" + id, atomically: true, encoding: .utf8)
    while true {
        if r.checkVault(monitor), frame().text.contains("Edited outside \(i)") { break }
        usleep(5_000)
        if now() - t0 > 5_000 { break }
    }
    outside.append(now() - t0)
    outsideCPU.append(cpu() - c0)
    try! text.write(toFile: dir + "/" + id, atomically: true, encoding: .utf8)  // (as it was, for the next run)
    for _ in 0..<30 { r.checkVault(monitor); usleep(10_000) }
}
phase("outside changes")

// Quick add (`a`, a line, Enter): the write, the index and the dependency graph patched,
// the new list and counts, the redraw. Timed from Enter.
var addKey: [Double] = [], deleteKey: [Double] = [], undoKey: [Double] = []
@MainActor func settle() { for _ in 0..<30 { r.checkVault(monitor); usleep(10_000) } }
let addKeys = Int(ProcessInfo.processInfo.environment["ADD_KEYS"] ?? "") ?? 7
for i in 0..<addKeys {
    r.send(.char("a"))
    for c in "Bench task \(i) +Errands" { r.send(.char(c)) }
    let t0 = now()
    r.send(.enter)
    frame()
    addKey.append(now() - t0)
    settle()
}
// Delete (`d`, timed from the `y` that answers its question) a task of the list, and `u` bringing it back.
for _ in 0..<addKeys {
    guard r.state.selectedTask != nil else { break }
    r.send(.char("d"))
    let t0 = now()
    r.send(.char("y"))
    frame()
    deleteKey.append(now() - t0)
    settle()
    let t1 = now()
    r.send(.char("u"))
    frame()
    undoKey.append(now() - t1)
    settle()
}
phase("add and delete")

if ProcessInfo.processInfo.environment["SPREAD"] != nil { print("rule keys:", ruleKey.sorted().map { Int($0) }, "peak after the first screen:", startPeak, "MB") }
print("| \(n) | \(fmt(median(ruleKey))) | \(fmt(median(spaceScreen))) / \(fmt(median(spaceCPU))) | \(fmt(median(outside))) / \(fmt(median(outsideCPU))) | \(peakMB()) MB | \(fmt(median(finderKey))) | \(fmt(median(forecastKey))) | \(fmt(median(addKey))) | \(deleteKey.isEmpty ? "n/a" : fmt(median(deleteKey))) / \(undoKey.isEmpty ? "n/a" : fmt(median(undoKey))) |")
