import ArgumentParser
import Foundation
import TaskEngine
import TUI

struct Todomd: ParsableCommand {
    static var configuration: CommandConfiguration {
        var c = plainConfiguration
        if skipsCompletionCheck { c._superCommandName = c.commandName }
        return c
    }

    /// swift-argument-parser parses the arguments twice more at every start to
    /// see whether they ask for a completion script (work every start pays); it
    /// leaves that out for a command with a super-command name. So while the
    /// arguments are parsed, and only when none of them asks for a script, the
    /// root's configuration has one (`Entry.parseArguments`); help, usage and
    /// error messages, all made after the parse, never see it.
    nonisolated(unsafe) static var skipsCompletionCheck = false

    static let plainConfiguration = CommandConfiguration(
        commandName: "todomd",
        abstract: "A keyboard-driven terminal task manager for a folder of markdown task files.",
        discussion: """
            With no command, opens the full-screen app on the vault: --vault DIR, else $TODOMD_VAULT, else ~/todo.md \
            (made with a welcome task the first time). `todomd paths` shows where settings, state, cache and trash live.
            """,
        version: TodomdVersion.described(commit: buildCommit),
        subcommands: [ListCommand.self, CountCommand.self, PerspectivesCommand.self, ExplainCommand.self,
                      AddCommand.self, ModifyCommand.self, DoneCommand.self, SkipCommand.self, ShowCommand.self, ProblemsCommand.self, ProfileCommand.self,
                      StartCommand.self, StopCommand.self, RunningCommand.self, ReportCommand.self, RemindersCommand.self,
                      DemoCommand.self, PathsCommand.self, ForecastCommand.self, ProjectCommand.self]
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Show the terminal's cursor on the focused item, for screen readers and braille displays (also config.yaml `screen_reader: true`, TODOMD_SCREEN_READER=1).")
    var screenReader = false

    func run() throws {
        // Before anything is created or read: without a usable terminal, say so and stop.
        if let problem = TUIApp.terminalProblem() { throw CLIError(problem) }
        let (root, created) = try global.resolveVault()
        // (the status line is short: how to choose another folder first, then where this one is)
        let notice = created ? "Welcome! Another folder: --vault DIR or TODOMD_VAULT=DIR · this new vault: \(root)" : nil
        try TUIApp.run(vaultRoot: root, today: global.today.flatMap { Day.parseISO($0) }, notice: notice, screenReader: screenReader)
    }
}

/// A failure the user can act on: printed as one line, exit status 2.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

enum Entry {
    static func main() {
        PhaseTrace.mark("main")
        do {
            if let quick = QuickArguments.parse(Array(CommandLine.arguments.dropFirst())) {
                PhaseTrace.mark("args (quick)")
                try quick.run()
            }
            var command = try parseArguments()
            PhaseTrace.mark("args")
            try command.run()
            VaultLoader.waitForCacheWrites()
        } catch {
            if Todomd.exitCode(for: error) == .success {
                Todomd.exit(withError: error)  // --help, --version
            }
            if let code = error as? ExitCode { Foundation.exit(code.rawValue) }  // already reported
            let message: String
            switch error {
            case let e as WriteRefusal: message = e.description
            case let e as CLIError: message = e.description
            case let e as VaultError: message = e.description
            case let e as VaultProblem: message = e.description
            case let e as FileWriteError: message = e.description
            case let e as TUIApp.TerminalUnavailable: message = e.description
            case let e as RecurrenceProgress.Failure: message = e.description
            default:
                message = Todomd.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            }
            printError(message)
            VaultLoader.waitForCacheWrites()
            Foundation.exit(2)
        }
    }

    /// The command the arguments name (see `Todomd.skipsCompletionCheck`).
    static func parseArguments() throws -> ParsableCommand {
        let arguments = Array(CommandLine.arguments.dropFirst())
        Todomd.skipsCompletionCheck = !arguments.contains { $0.hasPrefix("--generate-completion-script") }
        defer { Todomd.skipsCompletionCheck = false }
        return try Todomd.parseAsRoot(arguments)
    }
}

