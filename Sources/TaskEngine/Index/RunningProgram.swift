import Foundation

/// Which build of todomd is running, as text: what one build derived and
/// stored (a count, the rule columns) is used by the same build only, since a
/// rebuilt todomd may fold or count differently.
public enum RunningProgram {
    /// The running executable's size and modification time.
    public static let stamp: String = {
        var st = stat()
        guard stat("/proc/self/exe", &st) == 0 else { return "unknown-\(UUID().uuidString)" }  // never matched across runs
        return "\(st.st_size)-\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
    }()
}
