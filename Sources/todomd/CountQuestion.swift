import Foundation
import TaskEngine

/// What a memoised count answered: the rules, the day, the time zone, and
/// the program itself (a rebuilt todomd may count differently), as text.
enum CountQuestion {
    static func text(_ p: Perspective, today: Day, timeZone: TimeZone = .current) -> String {
        [RunningProgram.stamp, today.iso, timeZone.identifier, JSONText.render(p.rules.json)].joined(separator: "\n")
    }
}
