import Foundation

/// Phase timings on stderr when `TODOMD_TRACE` is set (used to find where a
/// start spends its time; `make bench` reports the whole-process figures).
public enum PhaseTrace {
    // (`getenv`: a dictionary of the whole environment would be a noticeable part of a run that does nothing.)
    public static let enabled = getenv("TODOMD_TRACE") != nil
    nonisolated(unsafe) static var last: UInt64 = 0
    nonisolated(unsafe) static var lastCPU: Double = 0

    public static func mark(_ phase: @autoclosure () -> String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let ms = last == 0 ? 0 : Double(now &- last) / 1e6
        let cpu = cpuMilliseconds(), cpuMS = last == 0 ? cpu : cpu - lastCPU
        FileHandle.standardError.write(Data("trace: \(String(format: "%7.2f", ms)) ms (CPU \(String(format: "%7.2f", cpuMS)))  \(residentMB()) MB (peak \(peakMB()))  \(phase())\n".utf8))
        last = now
        lastCPU = cpu
    }

    /// The CPU time of every thread of the process so far, user and system.
    static func cpuMilliseconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let t = { (v: timeval) in Double(v.tv_sec) * 1000 + Double(v.tv_usec) / 1000 }
        return t(usage.ru_utime) + t(usage.ru_stime)
    }

    /// The most resident memory so far (`VmHWM`), from /proc (0 where there is none).
    static func peakMB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kB = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return kB / 1024
    }

    /// Resident memory now, from /proc (0 where there is none).
    static func residentMB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
