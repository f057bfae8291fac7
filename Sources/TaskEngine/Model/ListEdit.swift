/// One change to a list field, as `modify` takes it: `+X` adds X, `-X`
/// removes it, a bare `X` replaces the first item (the one shown as the
/// field's single value) and keeps the rest, `none` clears the list. The same
/// for every list field (projects, contexts, assignees…): only what counts as
/// the same item differs, and the caller says that.
public enum ListEdit: Equatable, Sendable {
    case add(String)
    case remove(String)
    case replaceFirst(String)
    case clear

    /// Nil for an empty name (`+`, `-`, blank).
    public init?(_ text: String) {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if t.isEmpty { return nil }
        if t.lowercased() == "none" { self = .clear; return }
        let sign = t.first!
        let name = String(t.dropFirst()).trimmingCharacters(in: .whitespaces)
        switch sign {
        case "+": if name.isEmpty { return nil }; self = .add(name)
        case "-": if name.isEmpty { return nil }; self = .remove(name)
        default: self = .replaceFirst(t)
        }
    }

    /// `items` changed. `same` tells two items apart as the field means them
    /// (`[[Home]]` and `Home` are one project); `item` makes a new item from a name.
    public func apply(to items: [String], same: (String, String) -> Bool, item: (String) -> String) -> [String] {
        switch self {
        case .clear: return []
        case .add(let name):
            return items.contains(where: { same($0, name) }) ? items : items + [item(name)]
        case .remove(let name):
            return items.filter { !same($0, name) }
        case .replaceFirst(let name):
            // The new first item is not kept twice further on.
            let rest = items.dropFirst().filter { !same($0, name) }
            return [item(name)] + rest
        }
    }
}
