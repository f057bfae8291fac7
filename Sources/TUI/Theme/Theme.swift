import Foundation
import TaskEngine
import Yams

/// A terminal color: the terminal's default, or an xterm-256 index.
public enum TermColor: Hashable, Sendable {
    case `default`
    case index(Int)

    static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// `default`, a name (`red`, `bright-blue`), a number 0–255, or `#RRGGBB` (the nearest of the 256).
    public init?(_ text: String) {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t == "default" || t.isEmpty { self = .default; return }
        if let i = TermColor.names.firstIndex(of: t) { self = .index(i); return }
        if t.hasPrefix("bright-"), let i = TermColor.names.firstIndex(of: String(t.dropFirst(7))) { self = .index(i + 8); return }
        if let n = Int(t), (0...255).contains(n) { self = .index(n); return }
        if t.hasPrefix("#"), t.count == 7, let v = Int(t.dropFirst(), radix: 16) {
            self = .index(TermColor.nearest256(r: (v >> 16) & 0xFF, g: (v >> 8) & 0xFF, b: v & 0xFF))
            return
        }
        return nil
    }

    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The closest color of the xterm 6×6×6 cube and gray ramp.
    static func nearest256(r: Int, g: Int, b: Int) -> Int {
        func level(_ v: Int) -> Int { cubeLevels.indices.min { abs(cubeLevels[$0] - v) < abs(cubeLevels[$1] - v) }! }
        let (ri, gi, bi) = (level(r), level(g), level(b))
        let cube = 16 + 36 * ri + 6 * gi + bi
        let cubeDist = sq(cubeLevels[ri] - r) + sq(cubeLevels[gi] - g) + sq(cubeLevels[bi] - b)
        let gray = max(0, min(23, (((r + g + b) / 3) - 8) / 10))
        let gv = 8 + 10 * gray
        let grayDist = sq(gv - r) + sq(gv - g) + sq(gv - b)
        return grayDist < cubeDist ? 232 + gray : cube
    }

    static func sq(_ x: Int) -> Int { x * x }

    /// The same color on an 8-color terminal.
    public var basic: TermColor {
        guard case .index(let i) = self else { return self }
        if i < 16 { return .index(i % 8) }
        let (r, g, b) = rgb(i)
        let bits = (r > 127 ? 1 : 0) | (g > 127 ? 2 : 0) | (b > 127 ? 4 : 0)
        return .index(bits)  // ANSI order: black red green yellow blue magenta cyan white
    }

    func rgb(_ i: Int) -> (Int, Int, Int) {
        if i >= 232 { let v = 8 + 10 * (i - 232); return (v, v, v) }
        let c = i - 16
        return (TermColor.cubeLevels[c / 36], TermColor.cubeLevels[(c / 6) % 6], TermColor.cubeLevels[c % 6])
    }
}

/// How one role looks.
public struct RoleStyle: Hashable, Sendable {
    public var fg: TermColor
    public var bg: TermColor
    public var bold: Bool
}

/// A color theme: a style per screen role, read from a YAML file in `themes/`.
public struct Theme: Hashable, Sendable {
    public var name: String
    public var styles: [CellStyle.Role: RoleStyle]

    public enum LoadError: Error, CustomStringConvertible {
        case invalid(String, String)
        public var description: String {
            if case .invalid(let file, let why) = self { return "theme \(file): \(why)" }
            return ""
        }
    }

    /// Parses a theme file:
    ///
    ///     name: Dark
    ///     colors:
    ///       header: {fg: white, bg: blue, bold: true}
    public static func parse(_ text: String, file: String) throws -> Theme {
        do { try YAMLBounds.check(text) } catch { throw LoadError.invalid(file, "\(error)") }
        guard let root = try? Yams.load(yaml: text) as? [String: Any] else { throw LoadError.invalid(file, "not a YAML map") }
        var theme = Theme.fallback
        theme.name = root["name"] as? String ?? (file as NSString).lastPathComponent
        let colors = root["colors"] as? [String: Any] ?? [:]
        for (key, value) in colors {
            guard let role = CellStyle.Role(name: key) else { throw LoadError.invalid(file, "unknown role '\(key)'") }
            guard let v = value as? [String: Any] else { throw LoadError.invalid(file, "'\(key)' needs fg, bg, bold") }
            func color(_ k: String) throws -> TermColor {
                guard let raw = v[k] else { return .default }
                guard let c = TermColor("\(raw)") else { throw LoadError.invalid(file, "'\(key).\(k)': unknown color '\(raw)'") }
                return c
            }
            theme.styles[role] = RoleStyle(fg: try color("fg"), bg: try color("bg"), bold: v["bold"] as? Bool ?? false)
        }
        return theme
    }

    /// Used when no theme file can be found: the dark theme's colors.
    public static let fallback = Theme(name: "dark", styles: [
        .normal: RoleStyle(fg: .default, bg: .default, bold: false),
        .header: RoleStyle(fg: .index(15), bg: .index(24), bold: true),
        .dim: RoleStyle(fg: .index(245), bg: .default, bold: false),
        .accent: RoleStyle(fg: .index(75), bg: .default, bold: false),
        .selected: RoleStyle(fg: .index(16), bg: .index(75), bold: false),
        .warning: RoleStyle(fg: .index(214), bg: .default, bold: true),
        .done: RoleStyle(fg: .index(71), bg: .default, bold: false),
        .overdue: RoleStyle(fg: .index(203), bg: .default, bold: false),
        .priorityLow: RoleStyle(fg: .index(33), bg: .default, bold: false),
        .priorityMedium: RoleStyle(fg: .index(208), bg: .default, bold: false),
        .priorityHigh: RoleStyle(fg: .index(196), bg: .default, bold: true),
    ])
}

extension CellStyle.Role {
    static let names: [String: CellStyle.Role] = [
        "normal": .normal, "header": .header, "dim": .dim, "accent": .accent, "selected": .selected,
        "warning": .warning, "done": .done, "overdue": .overdue,
        "priority-low": .priorityLow, "priority-medium": .priorityMedium, "priority-high": .priorityHigh,
    ]

    init?(name: String) {
        guard let r = CellStyle.Role.names[name.lowercased()] else { return nil }
        self = r
    }
}
