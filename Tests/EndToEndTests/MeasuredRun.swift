import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the binary as `Binary.run` does, and says how it ended (a signal is
/// not an exit) and its peak resident memory. The peak is the child's own
/// high-water mark (`VmHWM` in /proc), read every few milliseconds while it
/// runs: `wait4`'s `ru_maxrss` would not do, as a child started from this
/// process carries this process's peak (the memory it was spawned from) in
/// it. Memory is taken a page at a time, so a run that grows by hundreds of
/// MB is seen growing. A run past `timeout` is killed (a guard against a
/// hang, not a measure of speed).
enum MeasuredRun {
    struct Result {
        /// The exit status, nil when a signal ended it.
        var status: Int32?
        var signal: Int32?
        var stdout: String
        var stderr: String
        /// Peak resident memory, in KB.
        var peakKB: Int
        var timedOut: Bool
    }

    static func run(_ args: [String], env: [String: String] = [:], timeout: TimeInterval = 60) throws -> Result {
        let scratch = NSTemporaryDirectory() + "todomd-measured-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "todomd-e2e-cache"  // never the user's cache
        environment["XDG_CONFIG_HOME"] = scratch + "/config"  // nor their settings
        environment["XDG_STATE_HOME"] = scratch + "/state"  // nor what they remember
        for (k, v) in env { environment[k] = v }

        let argv = ([Binary.path] + args).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, scratch + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, scratch + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, Binary.path, &actions, nil, argv + [nil], envp + [nil])
        guard spawned == 0 else { throw NSError(domain: "posix_spawn", code: Int(spawned)) }

        var status: Int32 = 0
        var timedOut = false
        var peakKB = 0
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            peakKB = max(peakKB, highWaterKB(pid))
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r == -1 && errno != EINTR { throw NSError(domain: "waitpid", code: Int(errno)) }
            if Date() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                timedOut = true
                break
            }
            usleep(2_000)
        }
        let signal = status & 0x7f
        func text(_ name: String) -> String {
            String(decoding: FileManager.default.contents(atPath: scratch + "/" + name) ?? Data(), as: UTF8.self)
        }
        return Result(status: signal == 0 ? (status >> 8) & 0xff : nil, signal: signal == 0 ? nil : signal,
                      stdout: text("out"), stderr: text("err"), peakKB: peakKB, timedOut: timedOut)
    }

    /// A running process's peak resident memory so far, in KB (0 once it has ended).
    static func highWaterKB(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    }
}
