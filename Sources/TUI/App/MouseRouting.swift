/// Clicks and wheel turns, turned into actions by asking the mode what is on
/// top and the layout where it was drawn. What is under a popup never takes
/// the mouse.
enum MouseRouting {
    static func action(for key: Key, state: AppState, layout: ViewLayout) -> Action? {
        switch key {
        case .click(let x, let y): return click(x: x, y: y, state: state, layout: layout)
        case .wheel(let up, let x, _): return wheel(up: up, x: x, state: state, layout: layout)
        default: return nil
        }
    }

    static func click(x: Int, y: Int, state: AppState, layout: ViewLayout) -> Action? {
        // A popup's rows: a click moves its cursor there (the key then acts on it).
        func popupRow() -> Int? {
            guard let p = layout.popup, p.contains(x: x, y: y) else { return nil }
            return p.rows[y]
        }
        switch state.mode {
        case .browse, .search:
            if x < layout.sidebarWidth, let id = layout.sidebarHits[y] { return .selectPerspective(id) }
            if x >= layout.sidebarWidth, let row = layout.listHits[y] { return .selectRow(row) }
            // A slot of the Forecast's strip: as many days on (or back) as it is from the selected one.
            if let strip = layout.forecastStrip, strip.y == y, let cell = strip.cells.first(where: { $0.x.contains(x) }) {
                return .forecastMove(cell.position - state.forecast.position)
            }
            return nil
        case .ruleEditor(let e):
            switch e.control {
            case .none: return popupRow().map { .editor(.selectLine($0)) }
            case .name, .text, .picker, .calendar: return nil
            }
        case .form:
            return popupRow().map { .form(.focusField($0)) }
        case .sortMenu, .settings, .quickFilter, .conflicts:
            return popupRow().map(Action.menuSelect)
        case .dialog, .overlay, .help, .quickAdd:
            return nil
        case .finder:
            return popupRow().map { .finder(.select($0)) }
        }
    }

    static func wheel(up: Bool, x: Int, state: AppState, layout: ViewLayout) -> Action? {
        switch state.mode {
        case .browse, .search: return .scroll(up: up, sidebar: x < layout.sidebarWidth)
        case .ruleEditor(let e):
            switch e.control {
            case .none: return .editor(up ? .up : .down)
            case .name, .text: return nil
            case .picker: return .picker(up ? .up : .down)
            case .calendar: return .calendar(.month(up ? -1 : 1))
            }
        case .form: return .form(up ? .previousField : .nextField)
        case .sortMenu, .settings, .quickFilter, .conflicts, .overlay, .help: return .menu(up ? .up : .down)
        case .dialog, .quickAdd: return nil
        case .finder: return .finder(.move(up ? -1 : 1))
        }
    }
}
