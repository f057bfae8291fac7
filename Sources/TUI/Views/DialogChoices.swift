/// A question's answers as the keymap in use has them, the default one (what
/// Esc answers) with its key in brackets: which answer is the default shows
/// in the characters, and the terminal's cursor goes on its words.
extension Dialog {
    struct Answer: Equatable {
        var keys: String
        var words: String
        var isDefault: Bool
        /// After a lone key (one blank after a bracketed one).
        var gap = "  "

        var shown: String { isDefault ? "[" + keys + "] " + words : keys + gap + words }
    }

    /// The answers, in order, and what goes between them.
    func answers(_ keys: Keymap) -> (answers: [Answer], separator: String) {
        func answer(_ name: String, _ words: String, _ context: KeyContext, all: Bool = false) -> Answer? {
            guard let key = keys.key(name, in: [context], all: all) else { return nil }
            let isDefault = keys.binding(for: .escape, in: [context])?.name == name
            return Answer(keys: key, words: words, isDefault: isDefault, gap: self == .discardForm ? " " : "  ")
        }
        switch self {
        case .formConflict:
            return ([answer("keep-mine-as-copy", "keep mine as a copy", .formConflict), answer("take-disk", "take the disk version", .formConflict),
                     answer("back-to-form", "back to the form", .formConflict)].compactMap { $0 }, "   ")
        case .discardForm:
            return ([answer("discard-yes", "discards", .discard), answer("discard-no", "goes back to the form", .discard, all: true)].compactMap { $0 }, " · ")
        default:
            return ([answer("yes", "yes", .dialog), answer("no", "no", .dialog)].compactMap { $0 }, "      ")
        }
    }

    /// The answers and their keys on one line: "y  yes      [n] no".
    func choices(_ keys: Keymap) -> String {
        let (all, separator) = answers(keys)
        return all.map(\.shown).joined(separator: separator)
    }

    /// Where the default answer's words start in `choices` (nil: no answer is the default).
    func defaultColumn(_ keys: Keymap) -> Int? {
        let (all, separator) = answers(keys)
        guard let i = all.firstIndex(where: \.isDefault) else { return nil }
        let before = all[..<i].map { $0.shown + separator }.joined()
        return DisplayWidth.of(before) + DisplayWidth.of(all[i].shown) - DisplayWidth.of(all[i].words)
    }
}
