import Foundation

/// Creating a task the way tasknotes-spec §5.3 describes for a typed
/// collection: field defaults, `dateCreated` / `dateModified` stamped, the
/// type's `match` made true of the new file, and a path from the type's
/// `path_pattern` (`tasks/{year}/{titleKebab}`), every variable filled or
/// the create refused.
public enum SpecCreate {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func create(taskType: [String: Any], frontmatter given: [String: Any], now: String) throws -> (path: String, frontmatter: [String: Any]) {
        var fm = given
        let fields = taskType["fields"] as? [String: Any] ?? [:]
        for (name, spec) in fields {
            guard let spec = spec as? [String: Any] else { continue }
            if fm[name] == nil, let d = spec["default"] { fm[name] = d }
        }
        for key in ["dateCreated", "dateModified"] where fm[key] == nil { fm[key] = now }
        // The new file must be one the type's `match` finds.
        if let match = taskType["match"] as? [String: Any], let wheres = match["where"] as? [String: Any] {
            for (key, condition) in wheres {
                if let c = condition as? [String: Any] {
                    if let eq = c["eq"] { fm[key] = eq }
                    if let item = c["contains"] {
                        var list = fm[key] as? [Any] ?? []
                        if !list.contains(where: { "\($0)" == "\(item)" }) { list.append(item) }
                        fm[key] = list
                    }
                    if c["exists"] as? Bool == true, fm[key] == nil { fm[key] = true }
                } else {
                    fm[key] = condition
                }
            }
        }
        for (name, spec) in fields {
            if (spec as? [String: Any])?["required"] as? Bool == true, fm[name] == nil || (fm[name] as? String)?.isEmpty == true {
                throw Failure(description: "validation_error: \(name) is required")
            }
        }
        let pattern = taskType["path_pattern"] as? String ?? "{title}"
        var path = try expand(pattern, fm, now: now)
        if !path.hasSuffix(".md") { path += ".md" }
        return (path, fm)
    }

    /// `{name}` → its value; an unknown name or a missing value refuses.
    static func expand(_ pattern: String, _ fm: [String: Any], now: String) throws -> String {
        var out = ""
        var missing: [String] = []
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            if let v = variable(name, fm, now: now), !v.isEmpty { out += v } else { missing.append(name) }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        guard missing.isEmpty else { throw Failure(description: "path_required: missing template values for \(missing.joined(separator: ", "))") }
        return out
    }

    static func words(_ s: String) -> [String] {
        s.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

    static func variable(_ name: String, _ fm: [String: Any], now: String) -> String? {
        let title = VaultProfile.titleFileStem(fm["title"] as? String ?? "")
        let w = words(fm["title"] as? String ?? "")
        let instant = (try? SpecDate.parse(now)).map { $0.day(in: TimeZone(identifier: "UTC")!) } ?? Day.today()
        let clock = now.count >= 19 ? String(now.dropFirst(11).prefix(8)).replacingOccurrences(of: ":", with: "") : "000000"
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        switch name {
        case "title": return title
        case "titleKebab": return w.map { $0.lowercased() }.joined(separator: "-")
        case "titleSnake": return w.map { $0.lowercased() }.joined(separator: "_")
        case "titleCamel": return (w.first?.lowercased() ?? "") + w.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
        case "titlePascal": return w.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
        case "titleUpper": return title.uppercased()
        case "titleLower": return title.lowercased()
        case "status", "priority": return (fm[name] as? String).map(VaultProfile.titleFileStem)
        case "statusShort", "priorityShort": return (fm[String(name.dropLast(5))] as? String).map { String($0.prefix(1)).lowercased() }
        case "dueDate", "scheduledDate":
            guard let raw = fm[String(name.dropLast(4))] as? String, let d = try? SpecDate.parse(raw) else { return nil }
            return d.writtenDay.iso
        case "year": return String(instant.year)
        case "month": return two(instant.month)
        case "day": return two(instant.dayOfMonth)
        case "date": return instant.iso
        case "shortDate": return String(instant.iso.dropFirst(2))
        case "monthName": return monthNames[instant.month - 1]
        case "monthNameShort": return String(monthNames[instant.month - 1].prefix(3))
        case "week": return two(instant.isoWeek)
        case "time": return clock
        case "timestamp": return instant.iso.replacingOccurrences(of: "-", with: "") + clock
        case "zettel": return String(instant.iso.replacingOccurrences(of: "-", with: "").dropFirst(2)) + clock
        default: return nil
        }
    }
}

extension Day {
    /// The ISO 8601 week number (the week of this week's Thursday).
    var isoWeek: Int {
        let thursday = Day(ordinal: ordinal - (isoWeekday - 1) + 3)
        guard let jan1 = Day(year: thursday.year, month: 1, day: 1) else { return 1 }
        return (thursday.ordinal - jan1.ordinal) / 7 + 1
    }
}
