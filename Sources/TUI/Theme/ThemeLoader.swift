import Foundation
import TaskEngine

/// Finds theme files: `$XDG_CONFIG_HOME/todomd/themes`, `themes/` next to the
/// binary (or in `share/todomd/themes` beside its folder), and the repository's
/// top-level `themes/` when run from a checkout. Earlier folders win.
public enum ThemeLoader {
    public static func searchPaths(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var paths: [String] = []
        if let config = AppConfig.directory(environment: environment) { paths.append(config + "/themes") }
        let binary = executable().deletingLastPathComponent()
        paths.append(binary.appendingPathComponent("themes").path)
        paths.append(binary.deletingLastPathComponent().appendingPathComponent("share/todomd/themes").path)
        // A checkout: .build/<config>/todomd → the repository's themes/.
        var dir = binary
        for _ in 0..<5 {
            dir = dir.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                paths.append(dir.appendingPathComponent("themes").path)
                break
            }
        }
        return paths
    }

    /// The running binary, links resolved: the kernel's `/proc/self/exe` (a command found on
    /// `PATH` has only its bare name in argv[0]), else argv[0] itself.
    static func executable() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), path.hasPrefix("/") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
    }

    /// Where a theme compiled into the binary "is".
    static let builtinPrefix = "built-in:"

    /// Theme name → file, first found wins; then the themes compiled into the
    /// binary (so a copied binary has them all).
    public static func available(in paths: [String] = searchPaths(), builtins: Bool = true) -> [(name: String, path: String)] {
        var seen = Set<String>()
        var out: [(String, String)] = []
        for dir in paths {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            for file in files.sorted() where file.hasSuffix(".yaml") || file.hasSuffix(".yml") {
                let name = (file as NSString).deletingPathExtension
                if seen.insert(name).inserted { out.append((name, dir + "/" + file)) }
            }
        }
        if builtins {
            for name in BuiltinThemes.files.keys.sorted() where seen.insert(name).inserted { out.append((name, builtinPrefix + name)) }
        }
        return out
    }

    /// The named theme, or the fallback with the reason it could not be used.
    public static func load(_ name: String, paths: [String] = searchPaths()) -> (Theme, String?) {
        guard let entry = available(in: paths).first(where: { $0.name == name }) else {
            return (.fallback, name == Theme.fallback.name ? nil : "theme '\(name)' not found; using the built-in dark colors")
        }
        do {
            let text = entry.path.hasPrefix(builtinPrefix) ? BuiltinThemes.files[entry.name]!
                : try themeText(entry.path)
            var theme = try Theme.parse(text, file: entry.path)
            theme.name = entry.name
            return (theme, nil)
        } catch {
            return (.fallback, "\(error)")
        }
    }

    /// A theme file's text; a FIFO or a device named like a theme is refused, never waited on.
    static func themeText(_ path: String) throws -> String {
        switch RegularFile.read(path, limit: 1 << 20) {
        case .bytes(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .missing: throw CocoaError(.fileNoSuchFile)
        case .refused(let why): throw YAMLDocumentEditor.Refused(description: "theme file \(path) could not be read: \(why)")
        }
    }
}
