import ArgumentParser
import Foundation
import TaskEngine

/// The vault and the day a command works on: `--vault DIR` and
/// `--today YYYY-MM-DD`, as parsed by swift-argument-parser (`GlobalOptions`)
/// or by `QuickArguments`.
protocol VaultChoice {
    var vault: String? { get }
    var today: String? { get }
}

/// `--vault DIR` and `--today YYYY-MM-DD`, accepted by every command.
struct GlobalOptions: ParsableArguments, VaultChoice {
    @Option(name: .long, help: "The vault folder (default: $TODOMD_VAULT, else ~/todo.md).")
    var vault: String?

    @Option(name: .long, help: "Pin today's date (YYYY-MM-DD), for scripts and tests.")
    var today: String?

    func validate() throws {
        if let t = today, Day.parseISO(t) == nil {
            throw ValidationError("--today must be a date like 2026-11-21, not '\(t)'")
        }
    }

    /// The same choice as a plain value.
    var choice: PlainVaultChoice { PlainVaultChoice(vault: vault, today: today) }

    static func createdMessage(_ path: String) -> String {
        "created a new vault at \(path) with a welcome task (another folder: --vault DIR, or TODOMD_VAULT=DIR in your shell's profile)"
    }
}

/// A `VaultChoice` held as plain values.
struct PlainVaultChoice: VaultChoice, Equatable {
    var vault: String?
    var today: String?
}

extension VaultChoice {
    var todayDay: Day { today.flatMap { Day.parseISO($0) } ?? Day.today() }

    /// The vault folder. An explicit `--vault` must exist; the default vault
    /// is created, with a welcome task, the first time it is used (and the
    /// command says so on stderr).
    func vaultRoot() throws -> String {
        let (path, created) = try resolveVault()
        if created { printError(GlobalOptions.createdMessage(path)) }
        return path
    }

    /// The vault folder, and whether it was just created.
    func resolveVault() throws -> (String, Bool) {
        if let v = vault { return (try VaultLocation.existing(v), false) }
        let path = VaultLocation.defaultPath()
        return (path, try VaultLocation.createIfMissing(path, today: todayDay))
    }
}
