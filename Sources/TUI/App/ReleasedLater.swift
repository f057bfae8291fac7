import Dispatch

/// Lets go of what a keystroke replaced (the rows and groups of a long list:
/// a reference to every task shown) on another thread, after the keystroke:
/// releasing each of them was a tenth of a rule-editor key at 100,000 tasks,
/// time the screen waited for. Only for values nothing else needs to see go:
/// no deinit with an effect the app waits on.
enum ReleasedLater {
    private static let queue = DispatchQueue(label: "todomd.released-later", qos: .utility)

    static func drop<T>(_ value: consuming T) {
        let held = Held(value)
        queue.async { held.value = nil }
    }

    /// Waits until everything dropped so far is let go of (for tests).
    static func drain() { queue.sync {} }

    private final class Held<T>: @unchecked Sendable {
        var value: T?
        init(_ value: consuming T) { self.value = value }
    }
}
