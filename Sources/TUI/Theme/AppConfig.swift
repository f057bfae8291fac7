import Foundation
import TaskEngine
import Yams

/// `$XDG_CONFIG_HOME/todomd/config.yaml` (else `~/.config/todomd/config.yaml`):
///
///     theme: dark            # a file name from themes/, without .yaml
///     density: compact       # compact, comfortable or detailed
///     mouse: true            # wheel scrolls, click selects
///     forecast_busy: 8       # a Forecast day with more tasks stands out
///     screen_reader: true    # the terminal's cursor follows the focus
///     glyphs: words          # [todo] [high] [flagged] instead of ○ !!! ⚑
///     reminder_bell: false   # a reminder coming due rings the terminal bell (default true)
///     reminder_command: [notify-send, todomd]   # run too, the task's title added (no shell)
///     keys:                  # remap any binding by its name (see `?`)
///       add: [A, ctrl-n]
public struct AppConfig: Codable, Hashable, Sendable {
    public var theme: String?
    public var density: String?
    public var keys: [String: [String]]?
    /// Mouse wheel scrolling and click to select (default on).
    public var mouse: Bool?
    /// The terminal's cursor on the focused item, for screen readers (default off).
    public var screenReader: Bool?
    /// `symbols` (default) or `words`: how rows and panes mark states.
    public var glyphs: String?
    /// The quick filter panel's settings, remembered across restarts.
    public var quickFilter: QuickFilter?
    /// The perspective shown when the app was last closed.
    public var lastPerspective: String?
    /// A Forecast day with more tasks than this stands out (default 8).
    public var forecastBusy: Int?
    /// A reminder coming due rings the terminal bell (default on).
    public var reminderBell: Bool?
    /// A program run when a reminder comes due, the task's title added as its last argument (never through a shell).
    public var reminderCommand: [String]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        static var allKeys: AllCases { allCases }
        case theme, density, keys, mouse, screenReader = "screen_reader", glyphs, quickFilter = "quick_filter", lastPerspective = "last_perspective",
             forecastBusy = "forecast_busy", reminderBell = "reminder_bell", reminderCommand = "reminder_command"
    }

    public init() {}

    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        // A relative XDG path is ignored, as the XDG base directory spec says.
        if let x = environment["XDG_CONFIG_HOME"], x.hasPrefix("/") { return x + "/todomd" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/todomd"
    }

    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        directory(environment: environment).map { $0 + "/config.yaml" }
    }

    /// The config, or the default one and why the file could not be read.
    public static func load(from path: String?) -> (AppConfig, String?) {
        guard let path else { return (AppConfig(), nil) }
        let text: String
        switch RegularFile.read(path) {
        case .bytes(let bytes): text = String(decoding: bytes, as: UTF8.self)
        case .missing: return (AppConfig(), nil)
        case .refused(let why): return (AppConfig(), "config.yaml could not be read (\(why)); using defaults")
        }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return (AppConfig(), nil) }
        do {
            try YAMLBounds.check(text)
            return (try YAMLDecoder().decode(AppConfig.self, from: text), nil)
        } catch let error as DecodingError {
            // (Only past the bounds check: the file is read once more, as a tree.)
            if let (config, dropped) = withoutBadValues(text) {
                return (config, dropped.map { "\($0) ignored (not a value it takes)" }.joined(separator: "; "))
            }
            return (AppConfig(), "config.yaml could not be read (\(String(describing: error).prefix(120))); using defaults")
        } catch {
            return (AppConfig(), "config.yaml could not be read (\(String(describing: error).prefix(120))); using defaults")
        }
    }

    /// One value of the wrong kind (`screen_reader: 1`, `mouse: maybe`) costs only its
    /// own key: the keys whose values do not decode are dropped, one at a time, and
    /// the rest kept. Nil when the file is no mapping or a failure names no key.
    static func withoutBadValues(_ text: String) -> (AppConfig, [String])? {
        guard let node = try? Yams.compose(yaml: text), case .mapping(var map) = node else { return nil }
        var dropped: [String] = []
        for _ in 0..<CodingKeys.allKeys.count {
            do {
                return (try YAMLDecoder().decode(AppConfig.self, from: Node.mapping(map)), dropped)
            } catch let error as DecodingError {
                guard let key = error.topKey, let bad = map.keys.first(where: { $0.string == key }) else { return nil }
                map[bad] = nil
                dropped.append(key)
            } catch { return nil }
        }
        return nil
    }

    /// Writes the settings that differ between `old` (the file as read) and
    /// `self` into the file at `path`, editing only those keys' lines:
    /// comments and keys todomd does not know stay. Nothing changed, nothing
    /// written. A file changed meanwhile is re-read and the edit applied to it.
    public func save(over old: AppConfig, to path: String) throws {
        try SettingsFile.write(try changedKeys(from: old), to: path,
                               header: "# todomd settings: edit freely; todomd changes only the keys it sets\n")
    }

    /// Each setting whose value differs, as the YAML block to write (nil removes it).
    func changedKeys(from old: AppConfig) throws -> [(key: String, block: String?)] {
        var out: [(String, String?)] = []
        func compare<T: Encodable & Equatable>(_ key: CodingKeys, _ a: T?, _ b: T?) throws {
            if a != b { out.append((key.rawValue, try SettingsFile.block(key.rawValue, b))) }
        }
        try compare(.theme, old.theme, theme)
        try compare(.density, old.density, density)
        try compare(.keys, old.keys, keys)
        try compare(.mouse, old.mouse, mouse)
        try compare(.screenReader, old.screenReader, screenReader)
        try compare(.quickFilter, old.quickFilter, quickFilter)
        try compare(.lastPerspective, old.lastPerspective, lastPerspective)
        return out
    }
}

extension DecodingError {
    /// The config key a decoding failure is under (the first of its path).
    var topKey: String? {
        let context: Context
        switch self {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): context = c
        case .keyNotFound(_, let c): context = c
        @unknown default: return nil
        }
        return context.codingPath.first?.stringValue
    }
}
