import Foundation
import TaskEngine
import Yams

/// `$XDG_CONFIG_HOME/todomd/config.yaml` (else `~/.config/todomd/config.yaml`):
///
///     theme: dark            # a file name from themes/, without .yaml
///     density: compact       # compact, comfortable or detailed
///     mouse: true            # wheel scrolls, click selects
///     keys:                  # remap any binding by its name (see `?`)
///       add: [A, ctrl-n]
public struct AppConfig: Codable, Hashable, Sendable {
    public var theme: String?
    public var density: String?
    public var keys: [String: [String]]?
    /// Mouse wheel scrolling and click to select (default on).
    public var mouse: Bool?
    /// The quick filter panel's settings, remembered across restarts.
    public var quickFilter: QuickFilter?
    /// The perspective shown when the app was last closed.
    public var lastPerspective: String?

    enum CodingKeys: String, CodingKey { case theme, density, keys, mouse, quickFilter = "quick_filter", lastPerspective = "last_perspective" }

    public init() {}

    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let x = environment["XDG_CONFIG_HOME"], !x.isEmpty { return x + "/todomd" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/todomd"
    }

    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        directory(environment: environment).map { $0 + "/config.yaml" }
    }

    /// The config, or the default one and why the file could not be read.
    public static func load(from path: String?) -> (AppConfig, String?) {
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return (AppConfig(), nil) }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return (AppConfig(), nil) }
        do {
            return (try YAMLDecoder().decode(AppConfig.self, from: text), nil)
        } catch {
            return (AppConfig(), "config.yaml could not be read (\(String(describing: error).prefix(120))); using defaults")
        }
    }

    public func save(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let text = "# todomd settings (the settings screen, `,`, rewrites this file)\n" + (try YAMLEncoder().encode(self))
        try AtomicFile.write(Array(text.utf8), to: path)
    }
}
