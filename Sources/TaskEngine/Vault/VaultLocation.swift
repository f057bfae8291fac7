import Foundation

/// Where the vault is: `--vault`, else `$TODOMD_VAULT`, else `~/todo.md`.
public enum VaultLocation {
    public static func defaultPath(environment: [String: String]? = nil) -> String {
        if let v = EnvironmentValue.named("TODOMD_VAULT", in: environment), !v.isEmpty { return expand(v, environment: environment) }
        return expand("~/todo.md", environment: environment)
    }

    /// The collection's path by tasknotes-spec's precedence: a flag, else the
    /// environment, else a remembered path, else the working folder; blank
    /// values count as absent, relative ones are taken from `cwd`.
    public static func resolve(flag: String?, environment: String?, persisted: String?, cwd: String) -> String {
        let chosen = [flag, environment, persisted].lazy.compactMap { $0?.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? cwd
        let path = chosen.hasPrefix("/") || chosen == cwd ? chosen : (cwd as NSString).appendingPathComponent(chosen)
        return (path as NSString).standardizingPath
    }

    /// Expands `~` with `$HOME` (as shells do), then the account's home folder.
    /// (`environment`: the process's when nil.)
    public static func expand(_ path: String, environment: [String: String]? = nil) -> String {
        var expanded = path
        if path == "~" || path.hasPrefix("~/") {
            let home = EnvironmentValue.named("HOME", in: environment).flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            expanded = home + path.dropFirst()
        }
        return expanded.count > 1 && expanded.hasSuffix("/") ? String(expanded.dropLast()) : expanded
    }

    /// The path of an existing vault folder, or an error saying why not.
    public static func existing(_ path: String) throws -> String {
        let p = expand(path)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: p, isDirectory: &isDir) else { throw VaultError.notFound(p) }
        guard isDir.boolValue else { throw VaultError.notADirectory(p) }
        return p
    }

    /// Creates the folder with one welcome task when it does not exist.
    /// Returns true when it created it.
    public static func createIfMissing(_ path: String, today: Day) throws -> Bool {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            guard isDir.boolValue else { throw VaultError.notADirectory(path) }
            return false
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var welcome = TaskItem(id: "", title: "Welcome to todomd")
        welcome.setStatus(.todo)
        welcome.flagged = true
        welcome.due = TaskDate(day: today)
        welcome.body = """
        Every markdown file in this folder is a task. Press `a` to add one,
        `space` to change its state, `x` to mark it done, `?` for every key.

        This folder is \(path). To keep your tasks in another folder, start
        todomd with `--vault DIR`, or set `TODOMD_VAULT=DIR` in your shell's
        profile. `todomd paths` shows where settings and state are kept.

        """
        _ = try VaultWriter(root: path).create(welcome)
        return true
    }
}
