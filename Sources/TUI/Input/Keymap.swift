/// One key binding as data: keys, the action, a description for help, the
/// context it belongs to, and the name `config.yaml` remaps it by.
public struct Binding: Sendable {
    public var keys: [Key]
    public var action: Action
    public var description: String
    public var context: KeyContext
    /// The name a config file uses to remap it (`add`, `add-rule`, `menu-down`, …).
    public var name: String

    public init(_ keys: [Key], _ action: Action, _ description: String, _ context: KeyContext, name: String) {
        self.keys = keys
        self.action = action
        self.description = description
        self.context = context
        self.name = name
    }
}

/// The status line's hint for a context: the keys of the named bindings and a label ("j/k move").
public struct Hint: Sendable {
    public var names: [String]
    public var label: String
    public init(_ names: [String], _ label: String) {
        self.names = names
        self.label = label
    }
}

/// Every key of every mode, as data: routing, help, hints and remapping all read it.
public struct Keymap: Sendable {
    public var bindings: [Binding]
    public var hints: [KeyContext: [Hint]]
    /// Keys named in words ("Up", not "↑") wherever the screen names one (`glyphs: words`).
    public var spellsKeys = false

    /// The binding for `key` in the first context of `contexts` that has one
    /// (then the `anywhere` context).
    public func binding(for key: Key, in contexts: [KeyContext]) -> Binding? {
        for context in contexts + [.anywhere] {
            if let b = bindings.first(where: { $0.context == context && $0.keys.contains(key) }) { return b }
        }
        return nil
    }

    /// The action for `key` while browsing with `focus` (its pane first, then global).
    public func action(for key: Key, in focus: Focus) -> Action? {
        binding(for: key, in: [focus.context, .global])?.action
    }

    /// The keymap with the config's remapping applied: `keys: {add: [A, ctrl-n], rule-editor.add-rule: [n]}`.
    /// A bare name remaps that binding in every context that has it; `context.name` only there.
    /// Returns the problems (unknown names or keys) to show the user.
    public func remapped(_ keys: [String: [String]]) -> (Keymap, [String]) {
        var map = self
        var problems: [String] = []
        let remappedNames = Set(keys.keys.map { String($0.split(separator: ".").last ?? "") })
        for (qualified, names) in keys.sorted(by: { $0.key < $1.key }) {
            let parsed = names.map { ($0, Key(name: $0)) }
            for (text, key) in parsed where key == nil { problems.append("unknown key '\(text)' for '\(qualified)'") }
            let newKeys = parsed.compactMap(\.1)
            let parts = qualified.split(separator: ".", maxSplits: 1).map(String.init)
            let context = parts.count == 2 ? KeyContext(rawValue: parts[0]) : nil
            if parts.count == 2 && context == nil { problems.append("no key context named '\(parts[0])'"); continue }
            let name = parts.last ?? qualified
            var found = false
            for i in map.bindings.indices where map.bindings[i].name == name && (context == nil || map.bindings[i].context == context) {
                map.bindings[i].keys = newKeys
                found = true
                // A key given to this binding is taken from any other of its context (the user's choice wins), and said.
                for j in map.bindings.indices where j != i && map.bindings[j].context == map.bindings[i].context {
                    let taken = map.bindings[j].keys.filter { newKeys.contains($0) }
                    guard !taken.isEmpty, !remappedNames.contains(map.bindings[j].name) else { continue }
                    map.bindings[j].keys.removeAll { newKeys.contains($0) }
                    let left = map.bindings[j].keys.isEmpty ? "; it has no key left" : ""
                    problems.append("\(taken.map(Keymap.label).joined(separator: ", ")) now \(name) in \(map.bindings[i].context.rawValue), no longer \(map.bindings[j].name)\(left)")
                }
            }
            if !found { problems.append("no key binding named '\(qualified)'") }
        }
        return (map, problems)
    }

    /// A key as the status line and help show it.
    static func label(_ key: Key) -> String { key == .char(" ") ? "space" : key.description }

    /// A key as this keymap names it on screen: in words when it `spellsKeys`.
    func label(_ key: Key) -> String { spellsKeys ? (key == .char(" ") ? "space" : key.spelled) : Keymap.label(key) }

    /// A binding's description as help shows it: in words, its arrows and minus signs said.
    func described(_ b: Binding) -> String {
        guard spellsKeys else { return b.description }
        return b.description.replacingOccurrences(of: " → ", with: ", then ").replacingOccurrences(of: "−", with: "minus")
    }

    /// The status line's hints for a chain of contexts, naming the keys in
    /// use (remapped ones included). A hint whose bindings have no key left is dropped.
    public func hints(_ contexts: [KeyContext]) -> String { hintItems(contexts).joined(separator: " · ") }

    /// The hints that fit in `width` columns: whole hints only, in the order the
    /// keymap lists them (most useful first), and the one that opens help always
    /// there and always last, so every other key can be found.
    /// (`skipping` names hints that would not be true now.)
    public func hints(_ contexts: [KeyContext], width: Int, skipping: Set<String> = []) -> String {
        var items = hintItems(contexts, skipping: skipping)
        guard let help = items.popLast() else { return "" }
        var used = DisplayWidth.of(help)
        guard used <= width else { return DisplayWidth.truncate(help, to: width) }
        var kept: [String] = []
        for item in items {
            let w = DisplayWidth.of(item) + 3
            if used + w > width { break }  // a later, shorter hint never jumps ahead of one left out
            kept.append(item)
            used += w
        }
        return (kept + [help]).joined(separator: " · ")
    }

    /// Each hint as "keys label", in order; the help hint last (one is made
    /// from the key that opens help when the contexts list none).
    func hintItems(_ contexts: [KeyContext], skipping: Set<String> = []) -> [String] {
        var seen = Set<String>()
        var seenKeys = Set<[String]>()
        var out: [String] = []
        var help: String?
        for context in contexts {
            for hint in hints[context] ?? [] where !seen.contains(hint.label) && skipping.isDisjoint(with: hint.names) {
                let found = hint.names.compactMap { binding(named: $0, preferring: contexts) }
                let keys = found.compactMap { $0.keys.first.map(label) }
                // (Keys a hint of a more specific context already named are not named twice: the grid's "↓/↑ row" is the list's "↓/↑ move".)
                guard !keys.isEmpty, !seenKeys.contains(keys) else { continue }
                seen.insert(hint.label)
                seenKeys.insert(keys)
                let item = keys.joined(separator: "/") + " " + hint.label
                if found.contains(where: { $0.action == .toggleHelp }) { help = help ?? item } else { out.append(item) }
            }
        }
        if help == nil, let b = (contexts + [.anywhere]).lazy.compactMap({ c in self.bindings.first { $0.context == c && $0.action == .toggleHelp } }).first,
           let key = b.keys.first {
            help = label(key) + " help"
        }
        return out + (help.map { [$0] } ?? [])
    }

    /// The binding called `name` in the first of `contexts` that has one (else any).
    func binding(named name: String, preferring contexts: [KeyContext]) -> Binding? {
        for c in contexts + [.global, .anywhere] {
            if let b = bindings.first(where: { $0.name == name && $0.context == c }) { return b }
        }
        return nil
    }

    /// Help: the given contexts first (the current mode's keys), then every
    /// other context; one line per binding. A binding whose action cannot act
    /// now says why (`unavailable` gives the reason, nil when it can act).
    public func helpLines(first contexts: [KeyContext] = [], unavailable: (Action) -> String? = { _ in nil }) -> [String] {
        var order = contexts.filter { $0 != .anywhere } + [.anywhere]
        for c in KeyContext.allCases where !order.contains(c) { order.append(c) }
        var out: [String] = []
        for (n, context) in order.enumerated() {
            let items = bindings.filter { $0.context == context }
            guard !items.isEmpty else { continue }
            if n == 0 && !contexts.isEmpty { out.append("Now: \(context.title)") } else { out.append(context.title) }
            for b in items {
                let keys = b.keys.isEmpty ? "(no key)" : b.keys.map { spellsKeys ? $0.spelled : $0.description }.joined(separator: " / ")
                var line = "  " + keys.padding(toLength: max(16, keys.count + 1), withPad: " ", startingAt: 0) + described(b) + "  (\(b.name))"
                if contexts.contains(context), let why = unavailable(b.action) { line += " · not now: " + why }
                out.append(line)
            }
            out.append("")
        }
        return out
    }
}

// (Compared whole in tests: AppState is Equatable.)
extension Binding: Equatable {}
extension Hint: Equatable {}
extension Keymap: Equatable {}
