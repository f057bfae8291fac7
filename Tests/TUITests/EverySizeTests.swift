import Foundation
import Synchronization
import XCTest
@testable import TaskEngine
@testable import TUI

/// Every mode rendered at many sizes from the minimum up, on a vault of
/// rows that are hard to fit (long, wide and empty titles, long right
/// sides): no task row loses its glyph or title start, no text lands on a
/// border, no corner is left stray beside a popup.
final class EverySizeTests: XCTestCase {
    static let checklist = "- [ ] one\n- [x] two\n- [ ] three\n- [ ] four\n"

    static let vault: [String: String] = [
        "long.md": f("title: Prepare the quarterly budget review presentation for the board of directors and send it round\nproject: A project with a rather long name\n"
                     + "due: 2026-11-20\npriority: high\nflagged: true\nassignees: [anna, bob]\nrecurrence: FREQ=WEEKLY", body: checklist),
        "cjk.md": f("title: 東京のホテルを予約する前に新幹線の切符を買う\nproject: 京都旅行の計画\ndue: 2026-11-22\npriority: medium\nflagged: true", body: checklist),
        "emoji.md": f("title: 🚀🎉 Launch party 🍕🍕 with everyone\narea: Home\ndue: 2026-11-21\npriority: low", body: checklist),
        "empty.md": f("title: \"\"\nproject: Nameless\ndue: 2026-11-19\npriority: high\nflagged: true", body: checklist),
        "short.md": f("title: Tax\nproject: Paperwork and other long things\ndue: 2026-11-10\npriority: high\nflagged: true", body: checklist),
        "plain.md": f("title: Water the plants\narea: Home", body: "Twice a week.\n"),
        "done.md": f("title: File the taxes\nstatus: done\ncompleted: 2026-11-21\nproject: Paperwork and other long things"),
        "taxes.sync-conflict-20261122-101500-ABCDEFG.md": f("title: File the taxes (phone copy)\nstatus: done"),
        ".perspectives.json": """
            {"version": 1, "perspectives": {"everything": {"id": "everything", "name": "Everything", "icon": "tray"},
            "byproject": {"id": "byproject", "name": "By project", "icon": "folder", "group_by": "project",
            "rules": {"operator": "AND", "conditions": [{"field": "due", "op": "on_or_before", "value": "today"}]}}}}
            """,
    ]

    /// The sizes to render: every one from the minimum to 60×20, then strides
    /// of widths and heights up to 200×60 (the full square at step 1 takes
    /// minutes in a debug build).
    static let sizes: [(Int, Int)] = {
        let near = (AppView.minWidth...60).flatMap { w in (AppView.minHeight...20).map { (w, $0) } }
        let farWidths = [61, 75, 90, 100, 120, 150, 200], farHeights = [10, 12, 14, 17, 20, 30, 45, 60]
        return near + farWidths.flatMap { w in farHeights.map { (w, $0) } } + [40, 45, 50, 55, 60].flatMap { w in [30, 60].map { (w, $0) } }
    }()

    /// Each mode: its name and the keys that open it (by what they do, so that a
    /// remapped keymap opens it too), from the list on "Everything".
    static let modes: [(String, @Sendable (Harness) -> Void)] = [
        ("list compact", { $0.runtime.setDensity(.compact); $0.press(.focus(.list)) }),
        ("list comfortable", { $0.runtime.setDensity(.comfortable); $0.press(.focus(.list), .move(1)) }),
        ("list detailed", { $0.runtime.setDensity(.detailed); $0.press(.focus(.list), .move(1), .move(1)) }),
        ("grouped compact", { $0.runtime.setDensity(.compact); $0.open("By project"); $0.press(.move(1), .move(1)) }),
        ("grouped detailed", { $0.runtime.setDensity(.detailed); $0.open("By project"); $0.press(.move(1)) }),
        ("sidebar", { $0.press(.focus(.sidebar)) }),
        ("marks", { $0.press(.focus(.list), .mark, .move(1), .mark) }),
        ("search", { $0.press(.focus(.list), .startSearch); $0.type("a") }),
        ("rule editor", { $0.press(.focus(.sidebar), .editPerspective, .editor(.last)) }),
        ("rule field picker", { $0.press(.focus(.sidebar), .editPerspective, .editor(.addRule)) }),
        ("rule value picker", { $0.press(.focus(.sidebar), .editPerspective, .editor(.addRule)); $0.type("status"); $0.press(.picker(.pick)) }),
        ("date picker", { $0.press(.focus(.sidebar), .editPerspective, .editor(.addRule)); $0.type("due date in"); $0.press(.picker(.pick)) }),
        ("calendar", { $0.press(.focus(.sidebar), .editPerspective, .editor(.addRule)); $0.type("due date in"); $0.press(.picker(.pick), .calendar(.switchSide)) }),
        ("color picker", { $0.press(.focus(.sidebar), .editPerspective, .editor(.first), .editor(.down), .editor(.down), .editor(.edit)) }),
        ("sort picker", { $0.press(.focus(.sidebar), .editPerspective, .editor(.first), .editor(.down), .editor(.down), .editor(.down), .editor(.edit)) }),
        ("comparison list", { $0.open("By project"); $0.press(.focus(.sidebar), .editPerspective, .editor(.last), .editor(.cycleOperator)) }),
        ("icon grid", { $0.press(.focus(.sidebar), .editPerspective, .editor(.first), .editor(.down), .editor(.edit)) }),
        ("form new", { $0.press(.addTaskInForm); $0.type("Call the bank") }),
        ("form edit", { $0.press(.focus(.list), .editTask) }),
        ("form discard", { $0.press(.addTaskInForm); $0.type("Call the bank"); $0.press(.form(.cancel)) }),
        ("quick add", { $0.press(.focus(.list), .addTask); $0.type("Call Anna tomorrow 3pm #phone !high +Clients") }),
        ("change line", { $0.press(.focus(.list), .changeTasks); $0.type("+Garden fri") }),
        ("finder", { $0.press(.openFinder); $0.type("ta") }),
        ("detail pane", { $0.press(.focus(.list), .toggleDetail) }),
        ("detail focused", { $0.press(.focus(.list), .toggleDetail, .switchFocus, .detail(.down)) }),
        ("help", { $0.press(.focus(.list), .toggleHelp) }),
        ("sort menu", { $0.press(.focus(.list), .openSortMenu) }),
        ("delete question", { $0.press(.focus(.list), .deleteTask) }),
        ("problems", { $0.press(.showProblems) }),
        ("quick filter", { $0.press(.openFilterPanel) }),
        ("settings", { $0.press(.openSettings) }),
        ("sync conflict", { $0.press(.openConflicts) }),
        ("built-in rules", { $0.open("Today"); $0.press(.focus(.sidebar), .showRules) }),
        ("forecast", { $0.open("Forecast"); $0.press(.forecastMove(-1)) }),
    ]

    /// The faults of one screen, each prefixed with where it was seen.
    static func faults(_ state: AppState, _ layout: ViewLayout, width: Int, height: Int, listShown: Bool) -> [String] {
        var layout = layout
        let screen = AppView.render(state, layout: &layout, width: width, height: height)
        var found = ScreenChecks.textOverBorders(screen) + ScreenChecks.strayCorners(screen) + ScreenChecks.popupEdges(screen)
            + ScreenChecks.textAgainstPopupEdges(screen)
        if listShown { found += ScreenChecks.rowsWithoutTitle(screen, state, layout) }
        return found
    }

    func testEveryModeAtEverySize() throws {
        var report: [String] = []
        for (name, open) in Self.modes {
            let app = try Harness(files: Self.vault, width: 80, height: 24, today: "2026-11-23")
            app.open("Everything")
            open(app)
            let state = app.runtime.state, layout = app.runtime.layout
            // (The date picker's rule, not yet given a day, matches nothing while it is open.)
            XCTAssertEqual(state.rows.isEmpty, ["date picker", "calendar"].contains(name), "\(name): the list shows tasks")
            let found = Faults()
            DispatchQueue.concurrentPerform(iterations: Self.sizes.count) { i in
                let (w, h) = Self.sizes[i]
                let faults = Self.faults(state, layout, width: w, height: h, listShown: true)
                if let one = faults.first { found.add("\(name) at \(w)×\(h): \(one)") }
            }
            if let first = found.all.sorted().first { report.append("\(first) (and \(found.all.count - 1) more sizes)") }
        }
        XCTAssert(report.isEmpty, "\n" + report.joined(separator: "\n"))
    }
}

/// Faults gathered from renders running side by side.
final class Faults: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ s: String) { list.withLock { $0.append(s) } }
    var all: [String] { list.withLock { $0 } }
}
