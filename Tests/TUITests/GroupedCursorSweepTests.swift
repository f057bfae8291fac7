import XCTest
@testable import TaskEngine
@testable import TUI

/// Generated key sequences in every grouping: after every key the cursor is on
/// a task or a folded group's header (never an open header or a band), on
/// screen as in the state; each move lands where stepping over the headers
/// says; `m` marks exactly the task under the cursor.
final class GroupedCursorSweepTests: XCTestCase {
    /// One step of a sequence: a key, or a few that belong together.
    enum Step: CaseIterable {
        case down, up, downArrow, upArrow, first, last, home, end, pageDown, pageUp
        case mark, markRange, markAll, fold, done, undo, cancel, search, searchNothing, click, switchPerspective

        var weight: Int {
            switch self {
            case .down, .up, .mark: return 6
            case .fold: return 4
            case .downArrow, .upArrow, .first, .last, .pageDown, .pageUp, .click: return 2
            default: return 1
            }
        }
    }

    func testNoKeySequenceLeavesTheCursorOnAnOpenHeaderAndMarksCountOnlyTasks() throws {
        let weighted = Step.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
        var rng = SeededRandom(seed: 40)
        var steps = 0
        var seen: Set<String> = []
        for grouping in GroupedVault.groupings {
            let app = try Harness(files: GroupedVault.files, width: 100, height: 16)
            app.open(GroupedVault.name(grouping))
            drawn = nil
            XCTAssertEqual(app.runtime.state.perspective?.groupBy, grouping.rawValue)
            try check(app, "\(grouping) opened")
            for sequence in 0..<4 {
                var trail: [Step] = []
                for _ in 0..<32 {
                    let step = weighted.randomElement(using: &rng)!
                    trail.append(step)
                    let what = "\(grouping) #\(sequence): \(trail)"
                    try run(step, app, what, rng: &rng)
                    try check(app, what)
                    steps += 1
                    if case .group(_, _, _, true)? = app.runtime.state.selectedRow { seen.insert("folded header") }
                    if app.runtime.state.rows.contains(where: { if case .group = $0 { return true }; return false }) { seen.insert("grouped") }
                }
                // Start the next sequence from the grouping's own view, unmarked (its folds kept).
                app.press(.cancel, .cancel)
                app.open(GroupedVault.name(grouping))
                drawn = nil
            }
        }
        XCTAssertEqual(steps, 1_664)
        XCTAssertEqual(seen, ["folded header", "grouped"], "the sweep reached folded headers in grouped views")
    }

    /// Presses the keys of `step` and checks what they did against the rows before.
    func run(_ step: Step, _ app: Harness, _ what: String, rng: inout SeededRandom) throws {
        let before = app.runtime.state
        let restable = GroupedVault.restable(before.rows)
        let at = before.selectedIndex.flatMap { restable.firstIndex(of: $0) }
        let page = max(1, app.runtime.layout.listHeight - 1)
        func expectRow(_ position: Int, _ label: String) {
            guard !restable.isEmpty, at != nil else { return }
            let want = before.rows[restable[min(max(0, position), restable.count - 1)]]
            XCTAssertEqual(app.runtime.state.selectedRow, want, "\(label): \(what)")
        }
        switch step {
        case .down, .downArrow:
            press(app, step == .down ? .char("j") : .down)
            expectRow((at ?? 0) + 1, "down")
        case .up, .upArrow:
            press(app, step == .up ? .char("k") : .up)
            expectRow((at ?? 0) - 1, "up")
        case .first, .home:
            press(app, step == .first ? .char("g") : .home)
            expectRow(0, "first")
        case .last, .end:
            press(app, step == .last ? .char("G") : .end)
            expectRow(restable.count - 1, "last")
        case .pageDown:
            press(app, .pageDown)
            expectRow((at ?? 0) + page, "page down")
        case .pageUp:
            press(app, .pageUp)
            expectRow((at ?? 0) - page, "page up")
        case .mark:
            press(app, .char("m"))
            guard let sel = before.selectedIndex else { break }
            if case .task(let row) = before.rows[sel] {
                XCTAssertEqual(app.runtime.state.marks, before.marks.symmetricDifference([row.id]), "m toggles the task under the cursor: \(what)")
                expectRow((at ?? 0) + 1, "m then down")
            } else {
                XCTAssertEqual(app.runtime.state.marks, before.marks, "m on a folded header marks nothing: \(what)")
                XCTAssertTrue(app.runtime.state.message?.contains("is folded") == true, "\(app.runtime.state.message ?? "nil"): \(what)")
            }
        case .markRange: press(app, .char("M"))
        case .markAll:
            press(app, .ctrl("a"))
            let shown = Set(before.rows.compactMap { if case .task(let t) = $0 { return t.id }; return nil })
            XCTAssertTrue(app.runtime.state.marks.isSubset(of: shown.union(before.marks)), what)
        case .fold:
            press(app, .char("z"))
            guard let sel = before.selectedIndex else { break }
            let after = app.runtime.state
            switch before.rows[sel] {
            case .task(let row) where after.rows.contains(where: { if case .group = $0 { return true }; return false }):
                XCTAssertEqual(after.selectedRow.flatMap(groupKey), row.group, "z folds the task's group and rests on its header: \(what)")
                if case .group(_, _, _, let folded)? = after.selectedRow { XCTAssertTrue(folded, what) }
            case .group(let key, _, _, _):
                guard case .task(let row)? = after.selectedRow else { return XCTFail("z on a folded header lands on its first task: \(what)") }
                XCTAssertEqual(row.group, key, what)
            default: break
            }
        case .done: press(app, .char("x"))
        case .undo: press(app, .char("u"))
        case .cancel: press(app, .escape)
        case .search:
            if before.search != nil { press(app, .char("/"), .escape) }
            press(app, .char("/"))
            type(app, "task 0")
            press(app, .enter)
        case .searchNothing:
            if before.search != nil { press(app, .char("/"), .escape) }
            press(app, .char("/"))
            type(app, "zzz")
            press(app, .enter)
            XCTAssertTrue(app.runtime.state.rows.isEmpty, what)
            press(app, .char("m"))
            XCTAssertEqual(app.runtime.state.message, "No task matches the search (Esc clears it).", what)
            press(app, .char("/"), .escape)
            XCTAssertNil(app.runtime.state.search, what)
        case .click:
            let hits = app.runtime.layout.listHits.sorted { $0.key < $1.key }
            guard let (y, row) = hits.randomElement(using: &rng) else { break }
            press(app, .click(x: app.runtime.layout.sidebarWidth + 4, y: y))
            let want = restable.contains(row) ? before.rows[row] : before.selectedRow
            XCTAssertEqual(app.runtime.state.selectedRow, want, "a click on row \(row) (\(before.rows[row])): \(what)")
        case .switchPerspective:
            press(app, .char("h"), Bool.random(using: &rng) ? .char("j") : .char("k"), .char("l"))
        }
    }

    /// The screen drawn after the last key (each key is drawn, as the app does; the check reads that drawing).
    var drawn: Screen?

    func press(_ app: Harness, _ keys: Key...) {
        for k in keys {
            app.runtime.send(k)
            drawn = app.runtime.render(width: app.width, height: app.height)
        }
    }

    func type(_ app: Harness, _ text: String) { for c in text { press(app, .char(c)) } }

    func groupKey(_ row: ListRow) -> String? {
        if case .group(let key, _, _, _) = row { return key }
        return nil
    }

    /// The state's cursor rests where something can be done, and the screen shows it there.
    func check(_ app: Harness, _ what: String) throws {
        let s = app.runtime.state
        XCTAssertEqual(s.focus, .list, what)
        XCTAssertTrue(s.marks.allSatisfy { s.task(id: $0) != nil }, "marks are tasks: \(what)")
        let screen = drawn ?? app.screen
        let layout = app.runtime.layout
        guard !s.rows.isEmpty else { return }
        guard let sel = s.selectedIndex else { return XCTFail("a list with rows has a cursor: \(what)") }
        XCTAssertTrue(GroupedVault.restable(s.rows).contains(sel), "the cursor is on \(s.rows[sel]): \(what)")
        let x = layout.sidebarWidth + 1
        let cursorLines = layout.listHits.filter { y, _ in screen[x, y].style.role == .selected }
        XCTAssertFalse(cursorLines.isEmpty, "the cursor is drawn: \(what)\n\(screen.text)")
        for (y, row) in cursorLines {
            XCTAssertEqual(row, sel, "the drawn cursor is the state's: \(what)")
            let line = String(screen.lines[y].dropFirst(x))
            XCTAssertFalse(line.hasPrefix("▾"), "an open header drawn as the cursor: \(what)\n\(screen.text)")
        }
        // The header (and band) right above the cursor are in view.
        var above = sel
        while above > 0, !s.rows[above - 1].isSelectable { above -= 1 }
        XCTAssertTrue(layout.listHits.values.contains(above), "row \(above) above the cursor is shown: \(what)\n\(screen.text)")
    }
}
