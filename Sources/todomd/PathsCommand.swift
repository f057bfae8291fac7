import ArgumentParser
import Foundation
import TaskEngine
import TUI

/// `todomd paths`: where this vault and todomd's own files are, as the XDG
/// base directories place them. It reads and creates nothing.
struct PathsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paths",
        abstract: "Show where the vault, settings, themes, state, cache and trash are (creates nothing).")
    @OptionGroup var global: GlobalOptions

    func run() throws {
        let env = ProcessInfo.processInfo.environment
        let vault = global.vault.map { VaultLocation.expand($0) } ?? VaultLocation.defaultPath()
        let exists = FileManager.default.fileExists(atPath: vault)
        let source = global.vault != nil ? "--vault" : (env["TODOMD_VAULT"].map { !$0.isEmpty } == true ? "$TODOMD_VAULT" : "the default")
        var lines = [("vault", vault + " (\(source)" + (exists ? ")" : "; not made yet: `todomd` makes it with a welcome task)"))]
        lines.append(("config", AppConfig.path().map { $0 + (FileManager.default.fileExists(atPath: $0) ? "" : " (not made yet: `,` in the app saves it)") }
            ?? "none: neither $XDG_CONFIG_HOME nor $HOME is set"))
        lines.append(("themes", ThemeLoader.searchPaths().joined(separator: ", ") + " (then the built-in ones)"))
        lines.append(("state", VaultSession.path(vaultRoot: vault).map { $0 + " (this vault's last perspective, quick filter, quick-add lines)" } ?? "none"))
        lines.append(("cache", PerspectiveStore.defaultCacheDirectory().map { $0 + " (safe to delete)" } ?? "none"))
        switch VaultTrash(root: vault).place {
        case .obsidian(let folder): lines.append(("trash", folder + " (Obsidian's \"Move to Obsidian trash\")"))
        case .freedesktop(let home): lines.append(("trash", home))
        }
        for (name, value) in lines { print(name.padding(toLength: 8, withPad: " ", startingAt: 0) + value) }  // (print shows control characters)
    }
}
