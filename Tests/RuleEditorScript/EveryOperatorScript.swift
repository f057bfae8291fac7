import Foundation

/// A script that builds, by keys only, a perspective using every operator of
/// every rule type of docs/file-format.md, with the JSON each step must save. The
/// headless test and the tmux test play the same script.
public enum EveryOperatorScript {
    /// One key, or text typed one character at a time.
    public enum Key: Equatable, Sendable {
        case char(Character), text(String), enter, tab, space, backspace, escape
    }

    public struct Step: Sendable {
        public var keys: [Key]
        /// The condition (or group) the keys add, as docs/file-format.md writes it.
        public var json: String
    }

    /// The vault the script runs on (today is 2026-11-23, a Monday).
    public static let today = "2026-11-23"
    public static let files: [String: String] = [
        "report.md": "---\ntitle: Write the report\narea: Work\nproject: Q4 Report\ntags: [email]\nsource: email\n---\n",
        "garden.md": "---\ntitle: Plant bulbs\narea: Home\nproject: Garden\ntags: [phone]\n---\nRenew the passport too.\n",
        "loose.md": "---\ntitle: Loose end\n---\n",
    ]

    static func add(_ type: String, _ then: [Key]) -> [Key] { [.char("G"), .char("a"), .text(type), .enter] + then }
    static func compare(_ label: String) -> [Key] { [.char("o"), .text(label), .enter] }
    static func erase(_ n: Int) -> [Key] { Array(repeating: .backspace, count: n) }

    public static let steps: [Step] = [
        // Status and priority: is, is not, is any of.
        Step(keys: add("status", [.enter]), json: #"{"field":"status","op":"in","value":["todo","in-progress"]}"#),
        Step(keys: add("status", [.enter] + compare("status is") + [.text("done"), .enter]), json: #"{"field":"status","op":"equals","value":"done"}"#),
        Step(keys: add("status", [.enter] + compare("is not") + [.text("cancel"), .enter]), json: #"{"field":"status","op":"not_equals","value":"cancelled"}"#),
        Step(keys: add("priority", [.enter]), json: #"{"field":"priority","op":"equals","value":"high"}"#),
        Step(keys: add("priority", [.enter] + compare("any of") + [.text("medium"), .space, .enter]),
             json: #"{"field":"priority","op":"in","value":["medium","high"]}"#),
        Step(keys: add("priority", [.enter] + compare("is not") + [.text("none"), .enter]), json: #"{"field":"priority","op":"not_equals","value":"none"}"#),
        // Flagged, and not.
        Step(keys: add("flagged", [.enter]), json: #"{"field":"flagged","op":"equals","value":true}"#),
        Step(keys: add("flagged", [.enter] + compare("not flagged")), json: #"{"field":"flagged","op":"equals","value":false}"#),
        // Has a due / scheduled / defer date, and does not (Enter on a rule without a value asks how it compares).
        Step(keys: add("has a due", []), json: #"{"field":"due","op":"is_not_nil"}"#),
        Step(keys: add("has a due", [.enter, .text("does not"), .enter]), json: #"{"field":"due","op":"is_nil"}"#),
        Step(keys: add("has a sched", []), json: #"{"field":"scheduled","op":"is_not_nil"}"#),
        Step(keys: add("has a defer", []), json: #"{"field":"defer","op":"is_not_nil"}"#),
        // Dates: the relative choices, then the calendar (Tab) with each comparison (o).
        Step(keys: add("due date in", [.text("next 14"), .enter]), json: #"{"field":"due","op":"in_next","value":14,"unit":"days"}"#),
        Step(keys: add("due date in", [.text("past 4 weeks"), .enter]), json: #"{"field":"due","op":"in_past","value":4,"unit":"weeks"}"#),
        Step(keys: add("due date in", [.text("on tomorrow"), .enter]), json: #"{"field":"due","op":"on","value":"tomorrow"}"#),
        Step(keys: add("due date in", [.text("on today"), .enter]), json: #"{"field":"due","op":"on","value":"today"}"#),
        Step(keys: add("due date in", [.text("on yesterday"), .enter]), json: #"{"field":"due","op":"on","value":"yesterday"}"#),
        Step(keys: add("due date in", [.tab, .char("l"), .enter]), json: #"{"field":"due","op":"on","value":"2026-11-24"}"#),
        Step(keys: add("due date in", [.tab, .char("o"), .char("j"), .enter]), json: #"{"field":"due","op":"before","value":"2026-11-30"}"#),
        // Scheduled and defer rules start as "on or before today", so their calendar opens on [on or before]:
        // O steps back to after; a move alone keeps on or before.
        Step(keys: add("scheduled date in", [.tab, .char("O"), .char("t"), .enter]),
             json: #"{"field":"scheduled","op":"after","value":"2026-11-23"}"#),
        Step(keys: add("defer date in", [.tab, .char("l"), .enter]),
             json: #"{"field":"defer","op":"on_or_before","value":"2026-11-24"}"#),
        Step(keys: add("created date in", [.tab, .char("o"), .char("o"), .char("o"), .char("o"), .char("h"), .enter]),
             json: #"{"field":"created","op":"on_or_after","value":"2026-11-22"}"#),
        // Between: two picks; an end before the start is refused, then a later end is taken.
        Step(keys: add("completed date in", [.tab, .char("O"), .enter, .char("h"), .enter, .char("l"), .char("l"), .char("l"), .enter]),
             json: #"{"field":"completed","op":"between","value":["2026-11-23","2026-11-25"]}"#),
        Step(keys: add("modified date in", [.text("past 1 month"), .enter]), json: #"{"field":"modified","op":"in_past","value":1,"unit":"months"}"#),
        Step(keys: add("created date in", [.text("next 2 weeks"), .enter]), json: #"{"field":"created","op":"in_next","value":2,"unit":"weeks"}"#),
        // Area and project: equals, does not equal, is any of, is in.
        Step(keys: add("area equals", [.text("work"), .enter]), json: #"{"field":"area","op":"equals","value":"Work"}"#),
        Step(keys: add("area equals", [.text("home"), .enter] + compare("does not") + [.enter]), json: #"{"field":"area","op":"not_equals","value":"Home"}"#),
        Step(keys: add("area equals", [.text("home"), .enter] + compare("any of") + [.text("work"), .space, .enter]),
             json: #"{"field":"area","op":"in","value":["Home","Work"]}"#),
        Step(keys: add("is in area", [.text("work"), .enter]), json: #"{"field":"area","op":"within","value":"Work"}"#),
        Step(keys: add("project equals", [.text("q4"), .enter]), json: #"{"field":"project","op":"equals","value":"Q4 Report"}"#),
        Step(keys: add("project equals", [.text("q4"), .enter] + compare("does not") + erase(0) + [.text("gard"), .enter]),
             json: #"{"field":"project","op":"not_equals","value":"Garden"}"#),
        Step(keys: add("project equals", [.text("q4"), .enter] + compare("any of") + [.text("garden"), .space, .enter]),
             json: #"{"field":"project","op":"in","value":["Garden","Q4 Report"]}"#),
        Step(keys: add("is in project", [.text("q4"), .enter]), json: #"{"field":"project","op":"within","value":"Q4 Report"}"#),
        Step(keys: add("has no area", [.enter]), json: #"{"field":"inbox","op":"equals","value":true}"#),
        Step(keys: add("has no area", [.enter] + compare("has an area")), json: #"{"field":"inbox","op":"equals","value":false}"#),
        // Tags: any of, all of, one tag, untagged, has a tag.
        Step(keys: add("tagged with any", [.text("phone"), .space] + erase(5) + [.text("email"), .space, .enter]),
             json: #"{"field":"tags","op":"contains_any","value":["email","phone"]}"#),
        Step(keys: add("tagged with all", [.text("phone"), .space] + erase(5) + [.text("email"), .space, .enter]),
             json: #"{"field":"tags","op":"contains_all","value":["email","phone"]}"#),
        Step(keys: add("tagged with any", [.text("phone"), .space, .enter] + compare("one tag") + [.enter]),
             json: #"{"field":"tags","op":"contains","value":"phone"}"#),
        Step(keys: add("untagged", []), json: #"{"field":"tags","op":"is_nil"}"#),
        Step(keys: add("untagged", [.enter, .text("has a tag"), .enter]), json: #"{"field":"tags","op":"is_not_nil"}"#),
        // Estimated time: has, has not, less than, greater than (a typed number).
        Step(keys: add("has estimated", []), json: #"{"field":"estimated_minutes","op":"is_not_nil"}"#),
        Step(keys: add("has estimated", [.enter, .text("has no"), .enter]), json: #"{"field":"estimated_minutes","op":"is_nil"}"#),
        Step(keys: add("less than", [.text("15"), .enter]), json: #"{"field":"estimated_minutes","op":"less_than","value":15}"#),
        Step(keys: add("greater than", [.text("90"), .enter]), json: #"{"field":"estimated_minutes","op":"greater_than","value":90}"#),
        // Repeating, and not.
        Step(keys: add("repeating", []), json: #"{"field":"recurrence","op":"is_not_nil"}"#),
        Step(keys: add("repeating", [.enter, .text("not rep"), .enter]), json: #"{"field":"recurrence","op":"is_nil"}"#),
        // Source, title, body.
        Step(keys: add("source", [.text("email"), .enter]), json: #"{"field":"source","op":"equals","value":"email"}"#),
        Step(keys: add("source", [.text("email"), .enter] + compare("does not") + [.enter]), json: #"{"field":"source","op":"not_equals","value":"email"}"#),
        Step(keys: add("title contains", [.text("report"), .enter]), json: #"{"field":"title","op":"string_contains","value":"report"}"#),
        Step(keys: add("body contains", [.text("passport"), .enter]), json: #"{"field":"body","op":"string_contains","value":"passport"}"#),
        // Blocked, not blocked, blocks others.
        Step(keys: add("is blocked", [.enter]), json: #"{"field":"blocked","op":"equals","value":true}"#),
        Step(keys: add("is blocked", [.enter] + compare("is not blocked")), json: #"{"field":"blocked","op":"equals","value":false}"#),
        Step(keys: add("is blocked", [.enter] + compare("blocks others")), json: #"{"field":"blocked","op":"blocks_others"}"#),
        // Tracked time: more than (a typed number of minutes), this week, and none.
        Step(keys: add("tracked more", [.text("150"), .enter]), json: #"{"field":"tracked","op":"greater_than","value":150}"#),
        Step(keys: add("tracked this week", []), json: #"{"field":"tracked","op":"this_week"}"#),
        Step(keys: add("tracked this week", [.enter, .text("has no"), .enter]), json: #"{"field":"tracked","op":"is_nil"}"#),
        // The groups, from the same list, nested (adding on a group adds into it).
        Step(keys: add("all of the following", []) + [.char("a"), .text("any of the following"), .enter]
             + [.char("a"), .text("none of the following"), .enter] + [.char("a"), .text("flagged"), .enter, .enter],
             json: #"{"operator":"AND","conditions":[{"operator":"OR","conditions":[{"operator":"NOT","conditions":[{"field":"flagged","op":"equals","value":true}]}]}]}"#),
    ]

    /// The conditions a new perspective starts with, before the script's.
    public static let startingConditions = 1

    /// Each expected node as a Foundation object, to compare with what was saved.
    public static func expected() throws -> [NSDictionary] {
        try steps.map { try JSONSerialization.jsonObject(with: Data($0.json.utf8)) as! NSDictionary }
    }
}
