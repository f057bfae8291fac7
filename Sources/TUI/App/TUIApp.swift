import Foundation
import TaskEngine

/// Runs the full-screen app until `q`.
public enum TUIApp {
    /// `notice` is shown in the status line until the first key.
    public static func run(vaultRoot: String, today: Day?, notice: String? = nil) throws {
        let runtime = try AppRuntime(vaultRoot: vaultRoot, today: today ?? Day.today())
        runtime.dispatch(.resized)
        var message = notice
        let backend = NcursesBackend()
        defer { backend.end() }
        runtime.runExternal = { backend.runSuspended($0) }
        while !runtime.state.quitRequested {
            let (w, h) = backend.size
            var state = runtime.state
            if let m = message { state.message = m }
            backend.present(AppView.render(&state, width: w, height: h))
            runtime.adoptLayout(from: state)
            guard let key = backend.readKey() else { continue }
            if key != .resize { message = nil }
            runtime.send(key)
        }
    }
}
