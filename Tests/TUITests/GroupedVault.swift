import Foundation
@testable import TaskEngine
@testable import TUI

/// A vault whose tasks spread over every grouping (projects, areas, tags, some
/// with several, assignees, priorities, due days, states, flags), with one
/// perspective per grouping ("By project", "By tag" …) that shows every task.
enum GroupedVault {
    static let groupings = GroupBy.allCases

    static func name(_ g: GroupBy) -> String { "By \(g.rawValue)" }

    static var files: [String: String] {
        let projects = ["Garden", "House", nil, "Garden", "Taxes"]
        let areas = ["Home", nil, "Work", "Home"]
        let tags = [["phone"], [], ["phone", "shop"], ["shop"], ["later", "phone"]]
        let priorities = ["high", "none", "low", "medium", "none", "low"]
        let dues = ["2026-11-20", nil, "2026-11-22", "2026-11-25", "2026-12-10", nil, "2026-11-23"]
        let states = ["todo", "todo", "in-progress", "todo", "done", "todo", "cancelled"]
        var out: [String: String] = [:]
        for i in 0..<18 {
            var front = ["title: Task \(String(format: "%02d", i))", "created: 2026-11-\(String(format: "%02d", i + 1))",
                         "status: \(states[i % states.count])", "priority: \(priorities[i % priorities.count])"]
            if let p = projects[i % projects.count] { front.append("project: \(p)") }
            if let a = areas[i % areas.count] { front.append("area: \(a)") }
            let t = tags[i % tags.count]
            if !t.isEmpty { front.append("tags: [\(t.joined(separator: ", "))]") }
            if let d = dues[i % dues.count] { front.append("due: \(d)") }
            if i % 3 == 0 { front.append("flagged: true") }
            if i % 4 == 1 { front.append("scheduled: 2026-11-2\(i % 7)") }
            if i % 5 == 2 { front.append("defer: 2026-11-2\(i % 6)") }
            if i % 4 == 0 { front.append("assignees: [ann\(i % 8 == 0 ? ", bo" : "")]") }
            out["t\(String(format: "%02d", i)).md"] = f(front.joined(separator: "\n"))
        }
        let perspectives = groupings.map { g in
            #""by-\#(g.rawValue)": {"id": "by-\#(g.rawValue)", "name": "\#(name(g))", "rules": {"operator": "AND", "conditions": []}, "#
                + #""sort": {"field": "created", "direction": "asc"}, "group_by": "\#(g.rawValue)"}"#
        }
        out[".perspectives.json"] = #"{"version": 1, "perspectives": {"# + perspectives.joined(separator: ", ") + "}}"
        return out
    }

    /// The rows the cursor may rest on: tasks, and folded headers (where a group is unfolded).
    static func restable(_ rows: [ListRow]) -> [Int] {
        rows.indices.filter {
            switch rows[$0] {
            case .task: return true
            case .group(_, _, _, let folded): return folded
            case .band: return false
            }
        }
    }
}
