/// Words on screen that name a key ("u undoes", "Esc closes") take the key
/// from the keymap in use, so that a remap in `config.yaml` changes them too.
/// A binding a remap left without a key drops its phrase, rather than name a
/// key that does nothing: every function here gives nil (or "") then, and the
/// sentence is written to read well without it.
extension Keymap {
    /// The key of the binding called `name` (looked for in `contexts` first,
    /// then in any context), as the status line shows it; with `all`, every
    /// key of it ("? or Esc").
    public func key(_ name: String, in contexts: [KeyContext] = [], all: Bool = false) -> String? {
        guard let b = binding(named: name, preferring: contexts) ?? bindings.first(where: { $0.name == name }),
              !b.keys.isEmpty else { return nil }
        return all ? b.keys.map(label).joined(separator: " or ") : label(b.keys[0])
    }

    /// "u undoes": the key, a space, `words`. With several names, their keys
    /// joined by "/" ("j/k scroll"), the unbound ones left out.
    public func phrase(_ names: [String], _ words: String, in contexts: [KeyContext] = [], all: Bool = false) -> String? {
        let keys = names.compactMap { key($0, in: contexts, all: all) }
        return keys.isEmpty ? nil : keys.joined(separator: "/") + " " + words
    }

    public func phrase(_ name: String, _ words: String, in contexts: [KeyContext] = [], all: Bool = false) -> String? {
        phrase([name], words, in: contexts, all: all)
    }

    /// The phrase after `lead` (" (u undoes)", "; u undoes"), or "" when the binding has no key.
    public func clause(_ lead: String, _ name: String, _ words: String, _ trail: String = "", in contexts: [KeyContext] = []) -> String {
        phrase(name, words, in: contexts).map { lead + $0 + trail } ?? ""
    }

    /// The phrases that have a key, joined ("Enter save · Esc cancel").
    public func phrases(_ items: [(name: String, words: String)], in contexts: [KeyContext] = [], separator: String = " · ") -> String {
        items.compactMap { phrase($0.name, $0.words, in: contexts) }.joined(separator: separator)
    }

    /// A popup's title with its keys after it ("Sort by · Enter choose · Esc close").
    public func titled(_ title: String, _ items: [(name: String, words: String)], in contexts: [KeyContext] = []) -> String {
        ([title] + items.compactMap { phrase($0.name, $0.words, in: contexts) }).joined(separator: " · ")
    }
}
