import XCTest
@testable import TaskEngine
@testable import TUI

/// The Forecast's day keys through `TestStore`: each states the whole state
/// after it (the slot, the list made again for it, nothing else) and asks for
/// no effect; outside the Forecast they only say why.
final class ForecastReducerTests: XCTestCase {
    func titles(_ s: AppState) -> [String] {
        s.rows.compactMap { if case .task(let r) = $0 { return r.task.task.title }; return nil }.sorted()
    }

    func testTheDayKeysMoveTheSlotAndListItsTasks() throws {
        let store = try TestStore(self, files: ForecastUITests.files)
        store.send(.focus(.sidebar)) { $0.focus = .sidebar }
        store.send(.selectPerspective(Forecast.id)) {
            $0.selectedPerspectiveID = Forecast.id
            $0.selectedRow = nil
            $0.refresh(recount: false)
        }
        let counts = try XCTUnwrap(store.state.forecast.counts)
        XCTAssertEqual([counts.overdue, counts.days[0], counts.days[1], counts.days[2], counts.later], [1, 1, 2, 9, 1])
        XCTAssertEqual(titles(store.state), ["Alpha"])
        for (move, slot, listed) in [(1, Forecast.Slot.day(1), ["Bravo", "Echo"]), (-7, .overdue, ["Charlie"]), (100, .later, ["Delta"]),
                                     (-1, .day(13), []), (-13, .day(0), ["Alpha"])] {
            store.send(.forecastMove(move)) {
                $0.forecast.slot = slot
                $0.selectedRow = nil
                $0.refresh(recount: false)
            }
            XCTAssertEqual(titles(store.state), listed, "\(slot)")
            XCTAssertEqual(store.state.forecast.counts, counts, "a move counts nothing again")
            XCTAssertEqual(store.state.selectedRow, store.state.rows.first { $0.isSelectable }, "the day's first task is selected")
        }
    }

    func testOutsideTheForecastTheDayKeysOnlySayWhy() throws {
        let store = try TestStore(self, files: ForecastUITests.files)
        for move in [1, -1, 7, -7] {
            store.send(.forecastMove(move)) { $0.message = "Only the Forecast moves by day (it is in the sidebar)." }
        }
        XCTAssertNil(store.state.forecast.counts)
    }
}
