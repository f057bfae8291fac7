import XCTest
@testable import TaskEngine
@testable import TUI

/// What was still said by colour or by bold alone, now in the characters too
/// (monochrome, as under NO_COLOR): a completion offered after the caret, the
/// calendar's today, the pane with the focus, the sort in use, a perspective's colour.
extension NothingByColourTests {
    func testACompletionIsBracketedAfterTheCaret() throws {
        let app = try app()
        app.press(.addTask)
        app.type("Call +Cl")
        try snapshot(app, "quick-add-completion")
        let line = app.lines[app.height - 2]
        XCTAssertTrue(line.contains("Call +Cl▏[ients]"), "the caret where typing goes, the completion bracketed after it: \(line)")
        XCTAssertEqual(app.screen.focus.map { app.screen[$0.x, $0.y].text }, "▏", "the terminal's cursor on the caret, before the completion")
        app.press(.text(.right))
        XCTAssertTrue(app.lines[app.height - 2].contains("Call +Clients▏"), "taken: typed text, no brackets")
        XCTAssertFalse(app.lines[app.height - 2].contains("["), app.lines[app.height - 2])
        app.press(.quickAdd(.cancel))
        // The form's completion, the same way.
        app.press(.addTaskInForm)
        while app.runtime.state.form?.focus != .project { app.press(.form(.nextField)) }
        app.type("Cl")
        XCTAssertTrue(app.text.contains("Cl▏[ients]"), app.text)
    }

    func testTheCalendarsTodayIsStarred() throws {
        let app = try app()
        app.open("Work")
        app.press(.focus(.sidebar), .editPerspective, .editor(.addRule))
        app.type("due date in")
        app.press(.picker(.pick), .calendar(.switchSide))
        // On today: bracketed and still starred (the star in the closing bracket's place: Monday the 23rd), and the preview says "today".
        XCTAssertTrue(app.lines.contains { $0.contains(" [23*24 25") }, app.text)
        app.press(.calendar(.move(1)), .calendar(.move(1)))
        try snapshot(app, "date-calendar-today")
        XCTAssertTrue(app.lines.contains { $0.contains(" 23*24[25]") }, "today starred, the cursor two days on:\n\(app.text)")
        // The cursor on the next day takes the blank after today: the star goes before it.
        app.press(.calendar(.move(-1)))
        XCTAssertTrue(app.lines.contains { $0.contains("*23[24]") }, app.text)
        app.press(.calendar(.move(-7)))
        XCTAssertTrue(app.lines.contains { $0.contains(" 23*24 25 ") }, app.text)
    }

    /// Today of one digit under the cursor: both brackets and the star, in the blank before the digit.
    func testTheCalendarsTodayOfOneDigitKeepsItsStarUnderTheCursor() throws {
        let app = try Harness(files: NothingByColourTests.vault, width: 50, height: 24, today: "2026-11-05", config: "theme: monochrome\n")
        app.open("Work")
        app.press(.focus(.sidebar), .editPerspective, .editor(.addRule))
        app.type("due date in")
        app.press(.picker(.pick), .calendar(.switchSide))
        XCTAssertTrue(app.lines.contains { $0.contains(" 4[*5] 6") }, app.text)
        app.press(.calendar(.move(1)))
        XCTAssertTrue(app.lines.contains { $0.contains(" 4* 5[ 6] 7") }, app.text)
    }

    func testThePaneWithTheFocusIsMarked() throws {
        let app = try app()
        app.open("Today")
        app.press(.focus(.sidebar))
        XCTAssertTrue(app.lines[1].hasPrefix("┌ ▸ Perspectives "), app.lines[1])
        XCTAssertFalse(app.lines[1].contains("┌ ▸ ★ Today"), "one pane has the focus: \(app.lines[1])")
        app.press(.focus(.list))
        XCTAssertTrue(app.lines[1].hasPrefix("┌ Perspectives "), app.lines[1])
        XCTAssertTrue(app.lines[1].contains("┌ ▸ ★ Today · "), app.lines[1])
        app.press(.toggleDetail, .switchFocus)
        XCTAssertEqual(app.runtime.state.focus, .detail)
        XCTAssertTrue(app.lines.contains { $0.contains("┌ ▸ Detail") }, app.text)
        XCTAssertTrue(app.lines[1].contains("┌ ★ Today · "), app.lines[1])
        // In words, said so.
        let words = try Harness(files: Self.vault, width: 80, height: 24, today: "2026-11-23", config: "theme: monochrome\nglyphs: words\n")
        words.press(.focus(.sidebar))
        XCTAssertTrue(words.lines[1].hasPrefix("┌ [focus] Perspec"), words.lines[1])
    }

    func testTheSortInUseIsNotTheMarkOfAMarkedTask() throws {
        let app = try app()
        app.open("Today")
        app.press(.openSortMenu, .menu(.down))
        let current = try XCTUnwrap(app.lines.first { $0.contains("Due date") })
        XCTAssertTrue(current.contains("• Due date"), current)
        XCTAssertFalse(app.text.contains("●"), "the marked task's glyph is no menu's:\n\(app.text)")
        let focus = try XCTUnwrap(app.screen.focus)
        XCTAssertEqual(app.screen[focus.x - 1, focus.y].text, " ", "the cursor on the item's words, after its marks")
        XCTAssertTrue(app.screen[focus.x, focus.y].text.first?.isLetter == true, app.text)
        app.press(.menu(.up))
        let on = try XCTUnwrap(app.screen.focus)
        XCTAssertEqual((on.x..<(on.x + 8)).map { app.screen[$0, on.y].text }.joined(), "Due date", "on the sort in use: its name, after the •")
    }

    func testAPerspectivesColourIsNamed() throws {
        for (name, hex) in RuleEditor.palette {
            XCTAssertEqual(ColorName.described(hex), "\(name) (\(hex))")
            XCTAssertEqual(ColorName.described(hex.lowercased()), "\(name) (\(hex.lowercased()))")
        }
        XCTAssertEqual(ColorName.described("#C00010"), "#C00010 (near Red)")
        XCTAssertEqual(ColorName.described("#000080"), "#000080 (near Indigo)")
        XCTAssertEqual(ColorName.described("#A0A0A0"), "#A0A0A0 (near Gray)")
        // Named by hue first: a dark navy is Blue (by the channels' plain distance it was Brown).
        for (hex, name) in [("#123456", "Blue"), ("#4A2C10", "Brown"), ("#FFA500", "Orange"), ("#008000", "Green"),
                            ("#000000", "Black"), ("#FFFFFF", "White"), ("#101010", "Black"), ("#6A0DAD", "Purple")] {
            XCTAssertEqual(ColorName.described(hex), "\(hex) (near \(name))")
        }
        // Each palette colour made darker or lighter keeps its name, for those whose hue no other shares.
        for (name, hex) in RuleEditor.palette where ["Green", "Yellow", "Purple", "Teal", "Indigo"].contains(name) {
            let c = ColorName.hsl(try XCTUnwrap(ColorName.rgb(hex)))
            for l in stride(from: 0.3, through: 0.7, by: 0.1) {
                XCTAssertEqual(ColorName.nearest(Self.rgb(h: c.h, s: c.s, l: l)), name, "\(name) at lightness \(l)")
            }
        }
        XCTAssertEqual(ColorName.described("teal-ish"), "teal-ish", "a value that is no colour is shown as it is")
        XCTAssertNil(ColorName.rgb("#12345"))
        XCTAssertNil(ColorName.rgb("#GG0000"))
        // The editor's colour row.
        var files = Self.vault
        files[".perspectives.json"] = ##"{"version": 1, "perspectives": {"work": {"id": "work", "name": "Work", "icon": "briefcase", "color": "#4A90D9", "rules": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}}}"##
        let app = try Harness(files: files, width: 80, height: 24, today: "2026-11-23", config: "theme: monochrome\n")
        app.open("Work")
        app.press(.focus(.sidebar), .editPerspective)
        XCTAssertTrue(app.lines.contains { $0.contains("Color:  Blue (#4A90D9)") }, app.text)
    }

    /// A colour from hue, saturation and lightness (the test's own conversion, not ColorName's).
    static func rgb(h: Double, s: Double, l: Double) -> (Int, Int, Int) {
        let c = (1 - abs(2 * l - 1)) * s, x = c * (1 - abs((h / 60).truncatingRemainder(dividingBy: 2) - 1)), m = l - c / 2
        let (r, g, b): (Double, Double, Double) = switch Int(h / 60) % 6 {
        case 0: (c, x, 0)
        case 1: (x, c, 0)
        case 2: (0, c, x)
        case 3: (0, x, c)
        case 4: (x, 0, c)
        default: (c, 0, x)
        }
        return (Int(((r + m) * 255).rounded()), Int(((g + m) * 255).rounded()), Int(((b + m) * 255).rounded()))
    }
}
