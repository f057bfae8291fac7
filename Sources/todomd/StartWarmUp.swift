import Foundation
import TaskEngine

/// What `count` and `list` need a little later, made on another core while
/// the main thread finds the vault and reads its perspectives: the current
/// time zone (Foundation reads the whole environment and sets up its
/// calendar data for it, about half a millisecond of every command) and the
/// field tables of todomd's own format. Each is made once in a process,
/// under a lock: a thread that asks for one while it is being made waits
/// for it, and nothing is made twice.
enum StartWarmUp {
    static func begin() {
        DispatchQueue.global().async {
            _ = TimeZone.current
            _ = VaultProfile.todomd
        }
    }
}
