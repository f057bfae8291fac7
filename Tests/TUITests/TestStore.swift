import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// Exhaustive reducer tests, in the manner of TCA's TestStore: the app runs
/// headless on a temporary vault, and every step states all that it changes.
///
/// - `send(action, effects:) { expected in ... }`: the action is reduced; the
///   closure turns the state before into the state expected after (the whole
///   state is compared), and `effects` are the effects the reducer must ask for.
/// - The runtime then runs those effects for real (files are written, read
///   and trashed in the vault); each action they return is queued, and must be
///   taken in order with `receive`, stating its change of state in turn.
/// - A state change not stated, an effect not listed, or an effect's action
///   not received (by the next `send`, or by the end of the test) fails.
final class TestStore {
    let harness: Harness
    /// What effects returned, not received yet (oldest first).
    private(set) var queued: [Action] = []

    var state: AppState { harness.runtime.state }
    /// Where a failure goes: the test's own failures (TestStoreTests sees them itself, to prove the store fails).
    var fail: (String, StaticString, UInt) -> Void = { XCTFail($0, file: $1, line: $2) }

    /// The app on a vault of `files`; what is left to receive when `test` ends fails it.
    init(_ test: XCTestCase, files: [String: String], today: String = "2026-11-22", file: StaticString = #filePath, line: UInt = #line) throws {
        harness = try Harness(files: files, today: today)
        // (Held strongly: the test's own variable is gone before its teardown runs.)
        test.addTeardownBlock { [self] in
            guard !self.queued.isEmpty else { return }
            self.fail("the test ended with \(self.queued.count) action(s) from effects not received: \(self.queued)", file, line)
        }
    }

    /// Reduces `action`: the effects asked for must be `effects`, the new state `update` applied to the old.
    func send(_ action: Action, effects: [Effect] = [], file: StaticString = #filePath, line: UInt = #line,
              _ update: (inout AppState) -> Void = { _ in }) {
        if !queued.isEmpty {
            fail("sent \(action) with \(queued.count) action(s) from effects not received: \(queued)", file, line)
            queued = []
        }
        step(action, effects: effects, file: file, line: line, update)
    }

    /// Takes the next action an effect returned: it must be `expected`.
    func receive(_ expected: Action, effects: [Effect] = [], file: StaticString = #filePath, line: UInt = #line,
                 _ update: (inout AppState) -> Void = { _ in }) {
        guard let next = take(file: file, line: line) else { return }
        if next != expected { fail("the next action an effect returned is \(next), not \(expected)", file, line) }
        step(next, effects: effects, file: file, line: line, update)
    }

    /// Takes the next action an effect returned when its value is only known
    /// once it has happened (a saved task carries the time it was saved):
    /// `extract` must find a value in it, which the update is given.
    func receive<Value>(_ extract: (Action) -> Value?, effects: [Effect] = [], file: StaticString = #filePath, line: UInt = #line,
                        _ update: (inout AppState, Value) -> Void) {
        guard let next = take(file: file, line: line) else { return }
        guard let value = extract(next) else { return fail("the next action an effect returned is not the one expected: \(next)", file, line) }
        step(next, effects: effects, file: file, line: line) { update(&$0, value) }
    }

    private func take(file: StaticString, line: UInt) -> Action? {
        guard !queued.isEmpty else {
            fail("no action from an effect is left to receive", file, line)
            return nil
        }
        return queued.removeFirst()
    }

    private func step(_ action: Action, effects: [Effect], file: StaticString, line: UInt, _ update: (inout AppState) -> Void) {
        var expected = state
        update(&expected)
        let asked = harness.runtime.step(action)
        if asked != effects { fail("\(action) asks for the effects \(asked), not \(effects)", file, line) }
        if let said = StateDiff.failure(state, expected, after: action) { fail(said, file, line) }
        for effect in asked { queued += harness.runtime.run(effect) }
    }
}

/// Where two app states differ, field by field (a whole-state failure that
/// only said "not equal" would leave the reader to find which of forty).
enum StateDiff {
    /// What to say when `got` is not `expected` (nil: they are equal).
    static func failure(_ got: AppState, _ expected: AppState, after action: Action) -> String? {
        guard got != expected else { return nil }
        let fields = differences(got, expected)
        let said = fields.map { "  \($0.name):\n    got      \($0.got)\n    expected \($0.expected)" }.joined(separator: "\n")
        return "after \(action) the state differs from the one stated in \(fields.map(\.name).joined(separator: ", ")):\n\(said)"
    }

    /// The stored properties that differ, each with both values described (cut to a readable length).
    static func differences(_ a: AppState, _ b: AppState) -> [(name: String, got: String, expected: String)] {
        zip(Mirror(reflecting: a).children, Mirror(reflecting: b).children).compactMap { x, y in
            guard let name = x.label, !same(x.value, y.value) else { return nil }
            return (name, describe(x.value), describe(y.value))
        }
    }

    private static func same(_ a: Any, _ b: Any) -> Bool {
        guard let a = a as? any Equatable else { return false }
        return equal(a, b)
    }

    private static func equal<T: Equatable>(_ a: T, _ b: Any) -> Bool { (b as? T).map { $0 == a } ?? false }

    private static func describe(_ value: Any) -> String {
        let text = String(describing: value)
        return text.count > 400 ? String(text.prefix(400)) + "…" : text
    }
}

/// The values in actions that effects return, for `receive`'s extracting form.
enum Received {
    static func saved(_ a: Action) -> TaskItem? { if case .effect(.saved(let t)) = a { return t }; return nil }
    static func created(_ a: Action) -> TaskItem? { if case .effect(.created(let t)) = a { return t }; return nil }
    static func changed(_ a: Action) -> VaultChange? { if case .effect(.changed(let c)) = a { return c.value }; return nil }
    static func bulkWritten(_ a: Action) -> (saved: [TaskItem], removed: [String], skipped: [VaultProblem], message: String)? {
        if case .effect(.bulkWritten(let saved, let removed, let skipped, let message)) = a { return (saved, removed, skipped, message) }
        return nil
    }
    static func perspectives(_ a: Action) -> ([Perspective], String?)? {
        if case .effect(.perspectives(let all, let problem, _)) = a { return (all, problem) }
        return nil
    }
}
