import Foundation
@testable import TUI

/// Every binding moved to a key no default uses, given the way a user gives
/// one: `keys:` in `config.yaml`, one bare name each (so in every context that
/// has it). Alt with a Greek, Cyrillic, Armenian, Georgian or accented letter: no default key is
/// one, so a default key on screen after this remap was not read from the keymap.
enum RemappedKeys {
    /// Set (to anything) to run every headless UI test with all keys remapped.
    static let everywhere = ProcessInfo.processInfo.environment["TODOMD_TEST_REMAP_KEYS"] != nil

    /// Each binding's name and its new key, as `config.yaml` names it.
    static let keys: [(name: String, key: String)] = {
        var names: [String] = []
        for b in Keymap.default.bindings where !names.contains(b.name) { names.append(b.name) }
        let greek = "αβγδεζηθικλμνξοπρστυφχψω", cyrillic = "абвгдежзийклмнопрстуфхцчшщыэюя"
        let accented = "àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþ"
        let letters = Array(greek + greek.uppercased() + cyrillic + cyrillic.uppercased() + "աբգդեզէըթժիլխծկհձղճմյնշոչպջռսվտրցւփքօֆ"
                            + "აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ" + accented + accented.uppercased())
        // (More names than letters: the names left over are not moved, and RemapAllTests says so.)
        return zip(names, letters).map { ($0, "alt-" + String($1)) }
    }()

    static var yaml: String { "keys:\n" + keys.map { "  \($0.name): [\"\($0.key)\"]" }.joined(separator: "\n") + "\n" }

    /// A harness's config: every key remapped when the run asks for it, unless the test remaps keys itself.
    static func config(adding config: String?) -> String? {
        guard everywhere, config?.contains("keys:") != true else { return config }
        return (config.map { $0 + "\n" } ?? "") + yaml
    }

    /// Every key label the default keymap has ("u", "Esc", "j", "space", "Ctrl-R"),
    /// in both spellings the screens use.
    static let defaultLabels: Set<String> = Set(Keymap.default.bindings.flatMap { b in b.keys.flatMap { [Keymap.label($0), $0.description] } })
}
