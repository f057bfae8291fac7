import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// A narrow task row keeps its glyph and the start of its title; the fields
/// on its right give way one by one, least important first.
final class RowFieldsGiveWayTests: XCTestCase {
    static let all: [TaskRowFields.Shown] = [
        .init(field: .place, text: "A project wi…"), .init(field: .assignees, text: "@anna @bob"), .init(field: .recurrence, text: "↻"),
        .init(field: .checklist, text: "1/4"), .init(field: .due, text: "3d overdue ⚠"),
        .init(field: .priority, text: "!!!", style: CellStyle(.priorityHigh)), .init(field: .flag, text: "⚑"),
        .init(field: .blocked, text: Glyphs.blocked), .init(field: .timer, text: Glyphs.timer + " 1h 05m"),
    ]

    /// At every width and title length: what is kept is what is left when
    /// the fields earliest in `givingWay` are taken away, it fits beside the
    /// title's minimum, and one more field would not have.
    func testFieldsGiveWayInTheirOrderAndOnlyAsFarAsNeeded() {
        let order = TaskRowFields.givingWay
        XCTAssertEqual(Set(order).count, TaskRowFields.Field.allCases.count, "every field has its place in the order")
        for titleWidth in [0, 3, 8, 40] {
            for width in 0...80 {
                let fit = TaskRowFields.fit(Self.all, titleWidth: titleWidth, width: width)
                let kept = Self.all.filter { fit.text.contains($0.text) }.map(\.field)
                let gone = order.prefix(Self.all.count - kept.count)
                XCTAssertEqual(Set(kept), Set(order).subtracting(gone), "width \(width), title \(titleWidth): \(fit.text)")
                let room = width - TaskRowFields.lead - min(titleWidth, TaskRowFields.minTitle) - (fit.text.isEmpty ? 0 : 1)
                XCTAssertLessThanOrEqual(DisplayWidth.of(fit.text), max(0, room), "width \(width), title \(titleWidth)")
                if let next = gone.last {
                    let more = Self.all.filter { kept.contains($0.field) || $0.field == next }
                    let wider = more.reduce(0) { $0 + DisplayWidth.of($1.text) } + 2 * more.count
                    XCTAssertGreaterThan(TaskRowFields.lead + min(titleWidth, TaskRowFields.minTitle) + wider, width,
                                         "\(next) gave way though it fitted at width \(width)")
                }
            }
        }
    }

    /// The priority's colour stays on the priority's columns whatever gave way before it.
    func testThePriorityColourFollowsItsColumns() {
        for width in 14...80 {
            let fit = TaskRowFields.fit(Self.all, titleWidth: 40, width: width)
            guard let at = fit.text.range(of: "!!!") else { continue }
            let column = DisplayWidth.of(String(fit.text[..<at.lowerBound]))
            XCTAssertEqual(fit.marks.map(\.columns), [column..<(column + 3)], "width \(width): \(fit.text)")
        }
    }

    /// The sizes of the issue: at 45×12 and 50×14 the rows with a long right
    /// side show their glyph, title start and the cursor, and keep the most
    /// important fields that fit.
    func testRowsAtTheSmallSizesOfTheIssue() throws {
        for (w, h) in [(45, 12), (50, 14), (40, 10)] {
            for density in Density.allCases {
                let app = try Harness(files: EverySizeTests.vault, width: w, height: h, today: "2026-11-23")
                app.runtime.setDensity(density)
                app.open("Everything")
                let lines = app.lines
                let selected = try XCTUnwrap(lines.firstIndex { $0.contains("▸ ○") }, "\(w)×\(h) \(density): the cursor shows\n\(app.text)")
                XCTAssertEqual(app.screen[app.runtime.layout.sidebarWidth + 1, selected].style.role, .selected, lines[selected])
                // (The sweep checks every row in view; here the four hardest, which all show in compact rows.)
                for title in ["Tax", "Prepare", "東京の", "🚀🎉 L"] where density == .compact && h >= 12 {
                    XCTAssertTrue(lines.contains { $0.contains("○ " + title) }, "\(w)×\(h) \(density): \(title)\n\(app.text)")
                }
                // “Tax” (overdue, high, flagged, a checklist, a project) keeps its due date first of all
                // (at 40 columns the list is too narrow for any field beside it).
                guard w >= 45 else { continue }
                let tax = try XCTUnwrap(lines.first { $0.contains("○ Tax") })
                XCTAssertTrue(tax.contains("overdue ⚠"), "\(w)×\(h): \(tax)")
                XCTAssertFalse(tax.contains("Paperwork"), "the project gives way first: \(tax)")
            }
        }
    }
}
