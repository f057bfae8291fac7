import ArgumentParser
import Foundation
import TaskEngine

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List tasks in display order.")
    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: "A perspective's name or id (default: all tasks).") var perspective: String?
    @Option(name: .customLong("where"), help: "Rules as text (`area within Work and due in next 7 days`); with --perspective, both.") var rules: String?
    @Flag(name: .long, help: "Print a JSON array.") var json = false

    var values: ListRun { ListRun(global: global.choice, perspective: perspective, rules: rules, json: json) }

    func run() throws { try values.run() }
}

/// `list`'s work, on its parsed values.
struct ListRun: Equatable {
    var global: PlainVaultChoice
    var perspective: String?
    var rules: String?
    var json = false

    func run() throws -> Never {
        let root = try global.vaultRoot()
        let (store, opening) = perspectivesAndCache(root: root)
        let p = try LoadedVault.perspective(perspective, where: rules, in: store)  // (a bad --where fails before the vault is read)
        let cache = opening.wait()
        let vault = try LoadedVault.matching(p, global, root: root, store: store, cache: cache)
        let result = vault.evaluate(p)
        PhaseTrace.mark("evaluate")
        if json {
            TaskOutput.writeJSON(result.rows, blocked: try vault.blocked(among: result.rows.map(\.task), global, cache: cache))
            PhaseTrace.mark("write \(result.count) tasks")
            finish()
        }
        for group in result.groups {
            if let title = group.title { print("\(title) (\(group.count))") }
            for t in group.tasks { print((group.title == nil ? "" : "  ") + TaskOutput.line(t.task, today: vault.today)) }
        }
        finish()
    }
}

struct CountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "count", abstract: "Print the number of matching tasks.")
    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: "A perspective's name or id (default: all tasks).") var perspective: String?
    @Option(name: .customLong("where"), help: "Rules as text (`area within Work and due in next 7 days`); with --perspective, both.") var rules: String?

    var values: CountRun { CountRun(global: global.choice, perspective: perspective, rules: rules) }

    func run() throws { try values.run() }
}

/// `count`'s work, on its parsed values.
struct CountRun: Equatable {
    var global: PlainVaultChoice
    var perspective: String?
    var rules: String?

    /// A count asked again with nothing changed (no file, not the rules, not
    /// the day) is answered from the cache: a prompt or status bar may ask
    /// every few seconds. Anything unreadable in the vault is never memoised,
    /// so its warning is printed each time.
    func run() throws -> Never {
        let root = try global.vaultRoot()
        let (store, opening) = perspectivesAndCache(root: root)
        let p = try LoadedVault.perspective(perspective, where: rules, in: store)
        PhaseTrace.mark("perspectives")
        // A new cache (a first run) holds nothing to answer from: not waited for here.
        let cache = opening.isNew ? nil : opening.wait()
        PhaseTrace.mark("open cache")
        let question = CountQuestion.text(p, today: global.todayDay, projects: SequentialCLI.questionText(store))
        guard let listing = try LoadedVault.listingForCache(cache, root: root) else {
            // Nothing stored to answer from: the load lists the vault and reads every file
            // (each one's stamp taken as it is read; a new cache made meanwhile), and stores
            // what the next count answers from.
            let vault = try LoadedVault(global, root: root, store: store, cache: cache, opening: cache == nil ? opening : nil)
            let n = vault.count(p)
            PhaseTrace.mark("evaluate")
            guard let stored = cache ?? opening.wait(), vault.unreadable == 0 else { finish(String(n)) }
            finish(String(n)) { stored.storeCount(n, listing: vault.listingHash, question: question) }
        }
        PhaseTrace.mark("listing")
        let listingHash = listing.hash
        PhaseTrace.mark("question")
        if listing.problems.isEmpty, let cache, let n = cache.count(listing: listingHash, question: question) {
            LoadedVault.warnAbout(store)
            for w in RuleCompiler.compile(p.rules, today: global.todayDay).warnings + PerspectiveEvaluator.layoutWarnings(p) {
                warn("\(p.name): \(w)")
            }
            PhaseTrace.mark("memoised count")
            finish(String(n))
        }
        let n: Int
        if SequentialCLI.cacheMayAnswer(p, store: store),
           let found = VaultLoader.matching(p.rules, root: root, cache: cache, listing: listing, today: global.todayDay, decode: false) {
            LoadedVault.warnAbout(store)
            for w in found.warnings + PerspectiveEvaluator.layoutWarnings(p) { warn("\(p.name): \(w)") }
            n = found.count
        } else {
            let vault = try LoadedVault(global, root: root, store: store, cache: cache, listing: listing)
            n = vault.count(p)
            guard listing.problems.isEmpty, vault.unreadable == 0 else { finish(String(n)) }
        }
        PhaseTrace.mark("evaluate")
        finish(String(n)) { cache?.storeCount(n, listing: listingHash, question: question) }
    }
}
