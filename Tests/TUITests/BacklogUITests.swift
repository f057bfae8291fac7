import Foundation
import XCTest
@testable import TaskEngine
@testable import TUI

/// A Backlog.md project in the app: Drafts is a view of its own in the
/// sidebar (and drafts are in no other view), rows and the detail pane show
/// assignees as `@alice`, and an epic's plan in a subfolder is no task.
final class BacklogUITests: XCTestCase {
    static let files = [
        "backlog/config.yml": "project_name: \"Demo\"\nstatuses: [\"To Do\", \"In Progress\", \"Done\"]\n",
        "backlog/tasks/task-1 - Fix-login.md": f("id: TASK-1\ntitle: Fix login\nstatus: To Do\nassignee:\n  - '@alice'\ncreated_date: '2026-11-20 10:00'\nlabels: []"),
        "backlog/tasks/task-2 - Write-docs.md": f("id: TASK-2\ntitle: Write docs\nstatus: To Do\nassignee: []\ncreated_date: '2026-11-20 11:00'"),
        "backlog/tasks/epics/task-90 - Epic-plan.md": f("id: TASK-90\ntitle: Epic plan\nstatus: To Do"),
        "backlog/drafts/draft-1 - Dark-mode.md": f("id: DRAFT-1\ntitle: Dark mode\nstatus: To Do\nassignee: [@bob]"),
    ]

    func testDraftsHaveTheirOwnViewAndRowsShowAssignees() throws {
        let h = try Harness(files: Self.files, width: 100, height: 24)
        var screen = h.text
        XCTAssertTrue(screen.contains("Drafts"), "the sidebar lists Drafts in a Backlog.md project: \(screen)")
        let inbox = try XCTUnwrap(h.row("Fix login"), screen)
        XCTAssertTrue(h.lines[inbox].contains("@alice"), h.lines[inbox])
        XCTAssertNotNil(h.row("Write docs"), screen)
        XCTAssertNil(h.row("Dark mode"), "a draft is not in the Inbox: \(screen)")
        XCTAssertNil(h.row("Epic plan"), "an epic's plan is not a task: \(screen)")

        h.open("Drafts")
        XCTAssertEqual(h.runtime.state.perspective?.id, "drafts")
        screen = h.text
        let draft = try XCTUnwrap(h.row("Dark mode"), screen)
        XCTAssertTrue(h.lines[draft].contains("@bob"), h.lines[draft])
        XCTAssertNil(h.row("Fix login"), "Drafts shows drafts only: \(screen)")
    }

    func testTheDetailPaneShowsAssignees() throws {
        let h = try Harness(files: Self.files, width: 120, height: 30)
        h.open("Inbox")
        for _ in 0..<3 where h.runtime.state.selectedTask?.title != "Fix login" { h.press(.move(1)) }
        h.press(.toggleDetail)
        XCTAssertTrue(h.text.contains("Assignees @alice"), h.text)
    }

    func testQuickAddAssignsWithAt() throws {
        let h = try Harness(files: Self.files, width: 100, height: 24)
        h.press(.focus(.list), .addTask)
        h.type("Call the bank @carol @dave !high")
        XCTAssertTrue(h.text.contains("→ Call the bank · high · @carol @dave"), h.text)
        h.press(.quickAdd(.add))
        let id = "backlog/tasks/task-3 - Call-the-bank.md"
        let text = try XCTUnwrap(h.file(id), "the next number after the task files' (the epic's plan is none): \(h.text)")
        XCTAssertTrue(text.hasPrefix("---\nid: TASK-3\ntitle: Call the bank\nstatus: To Do\nassignee:\n  - '@carol'\n  - '@dave'\ncreated_date: '"), text)
        XCTAssertFalse(text.contains("area"), text)
    }

    func testNoDraftsViewOutsideABacklogProject() throws {
        let h = try Harness(files: ["a.md": f("title: Alpha task\nassignees: [alice]")], width: 100, height: 24)
        XCTAssertFalse(h.text.contains("Drafts"), h.text)
        XCTAssertTrue(h.lines[try XCTUnwrap(h.row("Alpha task"))].contains("@alice"), "todomd's own assignees key: \(h.text)")
    }
}
