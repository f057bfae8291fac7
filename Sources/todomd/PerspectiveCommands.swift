import ArgumentParser
import Foundation
import Synchronization
import TaskEngine

/// A vault with its perspectives loaded, for the perspective-aware commands.
struct LoadedVault {
    let root: String
    let index: TaskIndex
    let store: PerspectiveStore
    let today: Day

    /// Files that could not be read (reported on stderr by `loadVault`).
    let unreadable: Int
    /// Every task file with its stamp, as the load found them.
    private var files: [VaultListing.File] = []
    /// Their hash, when the load made it for the cache.
    private var loadedHash: String?
    /// The hash of the files as the load found them (`CacheSnapshot.listingHash`).
    var listingHash: String { loadedHash ?? CacheSnapshot.listingHash(files) }
    /// A perspective already evaluated on these tasks (beside the listing).
    private var early: (perspective: Perspective, result: PerspectiveResult)?
    /// The listing the tasks were confirmed by, kept to the end of the
    /// process: freeing a big vault's paths costs more than the rest of the answer.
    private(set) var listing: VaultListing.Listing?
    /// Whether it holds only the tasks a rule matched (the cache's answer), not the whole vault.
    private(set) var narrowed = false

    init(_ global: any VaultChoice, root: String? = nil, store: PerspectiveStore? = nil, cache: TaskCache? = nil,
         opening: TaskCache.Opening? = nil, listing: VaultListing.Listing? = nil) throws {
        let snapshot: VaultSnapshot
        let vaultRoot = try root ?? global.vaultRoot()
        let store = store ?? PerspectiveStore.loaded(vaultRoot)
        self.store = store
        PhaseTrace.mark("perspectives")
        (self.root, snapshot) = try loadVault(global, root: vaultRoot, cache: cache, opening: opening, listing: listing, store: store)
        index = snapshot.index
        unreadable = snapshot.unreadable.count
        (files, loadedHash) = (snapshot.files, snapshot.listingHash)
        PhaseTrace.mark("index")
        today = global.todayDay
        Self.warnAbout(self.store)
    }

    private init(root: String, index: TaskIndex, store: PerspectiveStore, today: Day) {
        var index = index
        index.addSequentialProjects(from: store)
        (self.root, self.index, self.store, self.today, unreadable) = (root, index, store, today, 0)
        narrowed = true
    }

    /// The vault narrowed to the tasks `p` matches, found through the cache's
    /// rule columns (`VaultLoader.matching`) when it can answer, else the
    /// whole vault as `init` loads it. Evaluating `p` on either
    /// gives the same result.
    static func matching(_ p: Perspective, _ global: any VaultChoice, root: String, store: PerspectiveStore, cache: TaskCache?) throws -> LoadedVault {
        // The cache's columns know the tasks' own dependencies, not what a sequential project implies.
        let cache = SequentialCLI.cacheMayAnswer(p, store: store) ? cache : nil
        guard cache?.hasSnapshot == true else { return try LoadedVault(global, root: root, store: store, cache: cache) }
        // The cache's answer is read, sorted and grouped while the vault is
        // listed, and used if the listing confirms it.
        // (set on another thread, read after it finished)
        let speculation = Mutex<(matches: SpeculativeMatches, result: PerspectiveResult)?>(nil)
        let reading = DispatchGroup()
        let today = global.todayDay
        DispatchQueue.global().async(group: reading) {
            guard let early = VaultLoader.speculate(p.rules, root: root, cache: cache, today: today) else { return }
            let result = PerspectiveEvaluator.evaluate(p, in: early.index, today: today)
            speculation.withLock { $0 = (early, result) }
        }
        let listing = try VaultListing.listing(root: root)
        PhaseTrace.mark("listing")
        reading.wait()
        if let (early, result) = speculation.withLock({ $0 }), let found = early.confirmed(by: listing), let index = found.index {
            warnAbout(store)
            var vault = LoadedVault(root: root, index: index, store: store, today: today)
            (vault.early, vault.listing) = ((p, result), listing)
            return vault
        }
        guard let found = VaultLoader.matching(p.rules, root: root, cache: cache, listing: listing, today: today, decode: true),
              let index = found.index else {
            return try LoadedVault(global, root: root, store: store, cache: cache, listing: listing)
        }
        warnAbout(store)
        var vault = LoadedVault(root: root, index: index, store: store, today: today)
        vault.listing = listing
        return vault
    }

    /// The vault's listing, for a cache with a snapshot to answer from. With
    /// none, a load reads every file and takes each one's stamp as it reads
    /// it: listing the vault first (a `stat` per file) would be wasted.
    static func listingForCache(_ cache: TaskCache?, root: String) throws -> VaultListing.Listing? {
        cache?.hasSnapshot == true ? try VaultListing.listing(root: root) : nil
    }

    /// The perspectives file's problems, on stderr.
    static func warnAbout(_ store: PerspectiveStore) {
        if let p = store.problem { warn(p) }
        if let r = store.readOnlyReason { warn(r) }
        for w in store.warnings { warn(w) }
    }

    /// The named perspective (by id or name), or all tasks when `name` is nil.
    func perspective(_ name: String?, where rules: String? = nil) throws -> Perspective { try Self.perspective(name, where: rules, in: store) }

    /// The named perspective (or every task), narrowed by `--where` rules written as text.
    static func perspective(_ name: String?, where rules: String?, in store: PerspectiveStore) throws -> Perspective {
        var p = try perspective(name, in: store)
        guard let rules else { return p }
        let parsed: RuleGroup
        do { parsed = try RuleTextParser.parse(rules) } catch let f as RuleTextParser.Failure {
            throw CLIError("--where: \(f) in \"\(VisibleText.escape(f.excerpt(of: rules)))\"")
        }
        // Typed for this one command: a rule that cannot be read is refused, not skipped (skipped, it would count every task).
        if let w = RuleCompiler.compile(parsed, today: .today()).warnings.first {
            throw CLIError("--where: " + w.message.replacingOccurrences(of: "; rule skipped", with: "") + " in \"\(VisibleText.escape(rules))\"")
        }
        p.rules = name == nil ? parsed : RuleGroup(.and, [.group(p.rules), .group(parsed)])
        if name == nil { p.name = "--where" }
        return p
    }

    static func perspective(_ name: String?, in store: PerspectiveStore) throws -> Perspective {
        guard let name else { return Perspective.allTasks }
        guard let p = store.find(name) else {
            let names = store.all.map { "\"\($0.name)\"" }.joined(separator: ", ")
            let why = store.problem.map { "; \(PerspectiveStore.fileName) could not be read: \($0)" } ?? ""
            throw CLIError("no perspective named '\(name)' (there are: \(names))\(why)")
        }
        return p
    }

    /// How many tasks `p` shows (its warnings on stderr), without sorting them.
    func count(_ p: Perspective) -> Int {
        let (n, warnings) = PerspectiveEvaluator.count(p, in: index, today: today)
        for w in warnings { warn("\(p.name): \(w)") }
        return n
    }

    func evaluate(_ p: Perspective) -> PerspectiveResult {
        let result = early.flatMap { $0.perspective == p ? $0.result : nil } ?? PerspectiveEvaluator.evaluate(p, in: index, today: today)
        for w in result.warnings { warn("\(p.name): \(w)") }
        return result
    }
}

func warn(_ message: String) {
    printError("warning: \(message)")
}

struct PerspectivesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "perspectives", abstract: "List every perspective with its count.")
    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print a JSON array.") var json = false

    /// Counted over the cache's rule columns when it can answer (no task
    /// decoded), else over the whole vault.
    func run() throws {
        let root = try global.vaultRoot()
        let (store, opening) = perspectivesAndCache(root: root)
        let all = store.all
        let cache = opening.wait()
        let listing = try LoadedVault.listingForCache(cache, root: root)
        let counts: [String: Int]
        if let listing, all.allSatisfy({ SequentialCLI.cacheMayAnswer($0, store: store) }),
           let cached = VaultLoader.counts(all, root: root, cache: cache, listing: listing, today: global.todayDay) {
            LoadedVault.warnAbout(store)
            counts = cached
        } else {
            let vault = try LoadedVault(global, root: root, store: store, cache: cache, listing: listing)
            counts = PerspectiveEvaluator.counts(all, in: vault.index, today: vault.today)
        }
        if json {
            let rows: [[String: Any]] = all.map {
                ["id": $0.id, "name": $0.name, "builtin": $0.isBuiltin, "count": counts[$0.id] ?? 0,
                 "icon": $0.icon ?? Perspective.defaultIcon, "color": $0.color ?? NSNull()]
            }
            let data = try JSONSerialization.data(withJSONObject: rows, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            print(VisibleText.escapeJSON(String(decoding: data, as: UTF8.self)))
            return
        }
        let width = all.map { $0.name.count }.max() ?? 10
        for p in all {
            let kind = p.isBuiltin ? "built-in" : "custom"
            print("\(p.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(String(counts[p.id] ?? 0).leftPad(5))  \(kind)  [\(p.id)]")
        }
    }
}

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "explain", abstract: "Show a perspective's rules in words, with resolved dates and counts.")
    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: "The perspective's name or id.") var perspective: String

    /// Counted over the cache's rule columns when it can answer, else over the whole vault.
    func run() throws {
        let root = try global.vaultRoot()
        let (store, opening) = perspectivesAndCache(root: root)
        let p = try LoadedVault.perspective(perspective, in: store)
        let today = global.todayDay
        let cache = opening.wait()
        let listing = try LoadedVault.listingForCache(cache, root: root)
        let counts: [[Int]: Int], total: Int
        if let listing, SequentialCLI.cacheMayAnswer(p, store: store),
           let found = VaultLoader.ruleCounts(p.rules, root: root, cache: cache, listing: listing, today: today) {
            LoadedVault.warnAbout(store)
            for w in found.warnings + PerspectiveEvaluator.layoutWarnings(p) { warn("\(p.name): \(w)") }
            (counts, total) = (found.counts, found.counts[[]] ?? 0)  // (the whole tree is the top group)
        } else {
            let vault = try LoadedVault(global, root: root, store: store, cache: cache, listing: listing)
            total = vault.count(p)
            counts = RuleMatchCounts.counts(p.rules, index: vault.index, today: today)
        }
        print("\(p.name)\(p.isBuiltin ? " (built-in)" : "") · \(total) task\(total == 1 ? "" : "s") · today is \(today.iso)")
        for line in RuleDescriber.explain(p.rules, counts: counts, today: today) { print(line) }
        print("As text: " + VisibleText.escape(RuleText.text(p.rules)))
        let direction = p.sort.ascending ? "ascending" : "descending"
        print("Sort: \(p.sort.sortField?.label ?? p.sort.field) (\(direction)) · Group: \(p.groupBy) · Layout: \(p.layout)")
    }
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
