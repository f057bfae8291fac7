import XCTest
@testable import TaskEngine
@testable import TUI

/// The store itself fails where it must: a change of state not stated, an
/// effect not listed, an effect's action not received, or received wrongly.
final class TestStoreTests: XCTestCase {
    /// A store whose failures are collected here instead of failing this test.
    func store(_ failures: Box) throws -> TestStore {
        let store = try TestStore(self, files: ["a.md": f("title: Alpha")])
        store.fail = { message, _, _ in failures.messages.append(message) }
        return store
    }

    final class Box { var messages: [String] = [] }

    func testAnUnstatedChangeOfStateFailsAndNamesTheField() throws {
        let failures = Box()
        let store = try store(failures)
        store.send(.focus(.list))
        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(failures.messages.first?.contains("differs from the one stated in focus:") == true, "\(failures.messages)")
        // A change stated that did not happen fails too.
        store.send(.focus(.list)) { $0.focus = .sidebar }
        XCTAssertEqual(failures.messages.count, 2)
    }

    func testAnEffectNotListedFailsAndItsActionMustBeReceived() throws {
        let failures = Box()
        let store = try store(failures)
        store.send(.focus(.list)) { $0.focus = .list }
        XCTAssertEqual(failures.messages, [])
        var flagged = try XCTUnwrap(store.state.task(id: "a.md"))
        flagged.flagged = true
        store.send(.toggleFlag)  // asks for a write, not listed
        XCTAssertEqual(failures.messages.count, 1)
        XCTAssertTrue(failures.messages[0].contains("asks for the effects [TUI.Effect.writeTask"), failures.messages[0])
        XCTAssertEqual(store.queued.count, 1, "the write ran and returned its result")
        store.send(.focus(.sidebar)) { $0.focus = .sidebar }  // with the result not received
        XCTAssertEqual(failures.messages.count, 2)
        XCTAssertTrue(failures.messages[1].contains("not received"), failures.messages[1])
    }

    func testAnEffectsActionReceivedAsAnotherFailsAndNothingIsLeftToReceiveAfter() throws {
        let failures = Box()
        let store = try store(failures)
        store.send(.focus(.list)) { $0.focus = .list }
        var flagged = try XCTUnwrap(store.state.task(id: "a.md"))
        flagged.flagged = true
        store.send(.toggleFlag, effects: [.writeTask(flagged)])
        XCTAssertEqual(failures.messages, [])
        store.receive(.effect(.notice("not this")))
        XCTAssertEqual(failures.messages.count, 2, "the action, and then the state it changed: \(failures.messages)")
        XCTAssertTrue(failures.messages[0].hasPrefix("the next action an effect returned is effect(TUI.EffectResult.saved("), failures.messages[0])
        XCTAssertEqual(store.queued, [], "taken, if wrongly")
        store.receive(.resized)
        XCTAssertEqual(failures.messages.last, "no action from an effect is left to receive")
    }
}
