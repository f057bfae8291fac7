@testable import TUI

/// What tests read of the open mode. The app itself switches over `AppState.mode`
/// and `RuleEditor.control`; these only name the parts a test looks at.
extension AppState {
    var dialog: Dialog? { if case .dialog(let d, _) = mode { return d }; return nil }
    var showHelp: Bool { if case .help = mode { return true }; return false }
    var sortMenu: Int? { if case .sortMenu(let i) = mode.underHelp { return i }; return nil }
    var settingsRow: Int? { if case .settings(let i) = mode.underHelp { return i }; return nil }
    var filterPanel: Int? { if case .quickFilter(let i) = mode.underHelp { return i }; return nil }
    var conflictPanel: Int? { if case .conflicts(let c) = mode.underHelp { return c.index }; return nil }
    var quickAddEntry: QuickAddEntry? { if case .quickAdd(let e) = mode.underHelp { return e }; return nil }
}

extension RuleEditor {
    var picker: Picker? { if case .picker(let p, _) = control { return p }; return nil }
    var datePicker: DatePicker? { if case .calendar(let d, _) = control { return d }; return nil }
    var textLine: RuleTextLine? { if case .text(let line) = control { return line }; return nil }
    var editingName: Bool { if case .name = control { return true }; return false }
}
