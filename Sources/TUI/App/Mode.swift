import TaskEngine

/// What the app is doing: browsing, or one modal thing on top of it. Key
/// routing (`Mode.contexts`), drawing (`AppView`) and the mouse
/// (`MouseRouting`) all ask this one value, so they cannot disagree about
/// what is open. Each case carries its own sub-state.
public indirect enum Mode: Hashable, Sendable {
    /// The sidebar and the task list take the keys.
    case browse
    /// The search line at the top of the list is being typed (`AppState.search` follows it).
    case search(TextField)
    case form(TaskForm)
    /// The one-line quick add at the bottom (`a`).
    case quickAdd(QuickAddEntry)
    /// The vault-wide finder (`Ctrl-P`).
    case finder(Finder)
    /// The half-pane rule editor (its working copy is what the list shows).
    case ruleEditor(RuleEditor)
    /// A question; `over` is what it was asked from (the form, for a save conflict).
    case dialog(Dialog, over: Mode)
    case sortMenu(cursor: Int)
    case settings(row: Int)
    case quickFilter(cursor: Int)
    case conflicts(ConflictPanel)
    /// A read-only text (a perspective's rules, the problem files).
    case overlay(Overlay)
    /// The keys, over whatever was open (closing help goes back to it).
    case help(scroll: Int, over: Mode)

    /// What is drawn under popups: browse, or the rule editor (which takes half the list pane).
    public var base: Mode {
        switch self {
        case .ruleEditor: return self
        case .dialog(_, let over), .help(_, let over): return over.base
        default: return .browse
        }
    }

    /// The mode with help peeled off (what help describes).
    public var underHelp: Mode {
        if case .help(_, let over) = self { return over.underHelp }
        return self
    }

    public var isSearching: Bool { if case .search = self { return true }; return false }

    /// The part of the screen holding the focused item (where the terminal's
    /// cursor goes): in browse the focused pane, else what the mode opened.
    public func focusArea(focus: Focus) -> FocusArea {
        switch self {
        case .browse:
            switch focus {
            case .sidebar: return .sidebar
            case .list: return .list
            case .detail: return .detail
            }
        case .search: return .search
        case .ruleEditor(let e):
            switch e.control {
            case .none, .name, .text: return .ruleEditor
            case .picker, .calendar: return .popup
            }
        default: return .popup  // (a dialog or help is drawn last, over what it was opened from)
        }
    }

    /// The keymap contexts that read keys in this mode, most specific first.
    public func contexts(focus: Focus) -> [KeyContext] {
        switch self {
        case .browse: return [focus.context, .global]
        case .search: return [.search, .text]
        case .quickAdd(let e): return [e.changing == nil ? .quickAdd : .changeLine, .text]
        case .finder: return [.finder, .text]
        case .form(let f):
            if f.focus.choices != nil { return [.form, .formChoice] }
            return f.focus == .recurrence ? [.form, .formPresets, .text] : [.form, .text]
        case .ruleEditor(let e):
            switch e.control {
            case .none: return [.ruleEditor]
            case .name: return [.editorName, .text]
            case .text: return [.ruleText, .text]
            case .picker(let p, _): return p.columns == nil ? [.picker, .text] : [.iconGrid, .picker, .text]
            case .calendar(let d, _): return d.side == .calendar ? [.calendar] : [.calendarChoices, .picker, .text]
            }
        case .dialog(.formConflict, _): return [.formConflict]
        case .dialog(.discardForm, _): return [.discard]
        case .dialog: return [.dialog]
        case .sortMenu: return [.sortMenu, .menu]
        case .settings: return [.settings, .menu]
        case .quickFilter: return [.quickFilter, .menu]
        case .conflicts: return [.conflicts, .menu]
        case .overlay: return [.overlay, .menu]
        case .help: return [.help, .menu]
        }
    }
}

/// The sync-conflict panel: which conflict, and both versions' lines as the
/// runtime read them (views never read files).
public struct ConflictPanel: Hashable, Sendable {
    public var index: Int
    /// The conflict shown (to follow it when the list of conflicts changes underneath).
    public var conflict: SyncConflict?
    /// The two versions as one diff (the original's lines `-`, the copy's `+`).
    public var diff: [LineDiff.Line] = []
    /// The first diff line shown.
    public var scroll = 0
    /// Both files' bytes as read for the diff (nil: not read yet): a resolution acts only on these.
    public var shown: SyncConflict.Shown?

    public init(index: Int, conflict: SyncConflict? = nil, shown: SyncConflict.Shown? = nil) {
        self.index = index
        self.conflict = conflict
        self.shown = shown
        if let shown { diff = LineDiff.lines(from: Self.lines(shown.original), to: Self.lines(shown.copy)) }
    }

    /// A file's text as lines ("(missing)" for a file that is gone); the final newline ends the last line.
    static func lines(_ bytes: [UInt8]?) -> [String] {
        let text = bytes.map { String(decoding: $0, as: UTF8.self) } ?? "(missing)"
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

extension AppState {
    /// The open form, if the mode (or the mode under a dialog) is one.
    public var form: TaskForm? {
        switch mode.underHelp {
        case .form(let f), .dialog(_, .form(let f)): return f
        default: return nil
        }
    }

    /// The open rule editor (also while help or a question is over it).
    public var editor: RuleEditor? {
        if case .ruleEditor(let e) = mode.base { return e }
        return nil
    }

    public var overlay: Overlay? { if case .overlay(let o) = mode.underHelp { return o }; return nil }
    public var searchEditing: Bool { mode.isSearching }
    /// The search line while it is typed.
    var searchField: TextField? { if case .search(let field) = mode { return field }; return nil }
}
