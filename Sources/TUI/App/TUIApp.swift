import Foundation
import TaskEngine

/// Runs the full-screen app until `q`.
public enum TUIApp {
    /// `notice` is shown in the status line until the first key.
    public static func run(vaultRoot: String, today: Day?, notice: String? = nil) throws {
        let snapshot = try VaultLoader.load(root: vaultRoot)
        var state = TaskListState(vaultRoot: vaultRoot, snapshot: snapshot, today: today ?? Day.today())
        state.notice = notice
        let backend = NcursesBackend()
        defer { backend.end() }
        while true {
            let (w, h) = backend.size
            backend.present(TaskListView.render(&state, width: w, height: h))
            guard let key = backend.readKey() else { continue }
            if key != .resize { state.notice = nil }
            switch key {
            case .char("q"): return
            case .char("j"), .code(NcursesBackend.keyDown): state.move(by: 1)
            case .char("k"), .code(NcursesBackend.keyUp): state.move(by: -1)
            case .char("g"), .code(NcursesBackend.keyHome): state.selection = 0
            case .char("G"), .code(NcursesBackend.keyEnd): state.move(by: state.tasks.count)
            default: break
            }
        }
    }
}
