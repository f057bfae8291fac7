import Foundation
import TaskEngine

/// What a memoised count answered: the rules, the day, the time zone, and
/// the program itself (a rebuilt todomd may count differently), as text.
enum CountQuestion {
    static func text(_ p: Perspective, today: Day, timeZone: TimeZone = .current) -> String {
        [program, today.iso, timeZone.identifier, JSONText.render(p.rules.json)].joined(separator: "\n")
    }

    /// The running executable's size and modification time.
    static let program: String = {
        var st = stat()
        guard stat("/proc/self/exe", &st) == 0 else { return "unknown-\(UUID().uuidString)" }  // never memoised across runs
        return "\(st.st_size)-\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
    }()
}
