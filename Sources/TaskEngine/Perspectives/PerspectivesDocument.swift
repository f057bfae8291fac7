/// The contents of `.perspectives.json`: custom perspectives, their order,
/// and the user's sort and manual order for built-ins. Unknown keys at every
/// level are kept.
public struct PerspectivesDocument: Sendable {
    public var version: Int
    /// Custom perspective ids as listed in `order` (may name missing ids).
    public var order: [String]
    /// Custom perspectives in the file's key order.
    public var perspectives: [Perspective]
    /// `"builtins": {"today": {"sort": {...}, "manual_order": [...]}}`.
    var builtins: JSONValue
    /// `"projects": {"Q4 Report": {"sequential": true, "manual_order": [...]}}` (`PerspectivesDocument+Projects`).
    var projects: JSONValue
    var raw: JSONValue

    public init() {
        version = 1
        order = []
        perspectives = []
        builtins = .object([])
        projects = .object([])
        raw = .object([("version", .int(1)), ("order", .array([])), ("perspectives", .object([]))])
    }

    public init(json: JSONValue) throws {
        guard json.objectPairs != nil else { throw JSONText.ParseError(description: "the top level is not an object") }
        raw = json
        version = json["version"]?.int ?? 1
        order = json["order"]?.array?.compactMap(\.string) ?? []
        perspectives = (json["perspectives"]?.objectPairs ?? []).map { key, value in
            var p = Perspective(id: key, json: value)
            p.id = key
            return p
        }
        builtins = json["builtins"] ?? .object([])
        projects = json["projects"] ?? .object([])
    }

    public var json: JSONValue {
        var out = raw
        // A key the file does not have is added only when it says something: a save with no
        // change writes nothing, and a file without `order` does not gain `"order": []`.
        if raw["version"].map({ $0.int != version }) ?? (version != 1) { out.set("version", .int(version)) }
        if raw["order"] != nil {
            out.set("order", .strings(order))
        } else if !order.isEmpty, case .object(var pairs) = out {
            // A first order goes where todomd writes it, before the perspectives, not after every other key.
            pairs.insert(("order", .strings(order)), at: pairs.firstIndex { $0.0 == "perspectives" } ?? pairs.count)
            out = .object(pairs)
        }
        if raw["perspectives"] != nil || !perspectives.isEmpty { out.set("perspectives", .object(perspectives.map { ($0.id, $0.json) })) }
        if raw["builtins"] != nil || builtins != .object([]) { out.set("builtins", builtins) }
        if raw["projects"] != nil || projects != .object([]) { out.set("projects", projects) }
        return out
    }

    /// Custom perspectives top to bottom: those in `order`, then the rest in file order.
    public var orderedCustom: [Perspective] {
        var byID: [String: Perspective] = [:]
        for p in perspectives where byID[p.id] == nil { byID[p.id] = p }
        var seen = Set<String>()
        var out: [Perspective] = []
        for id in order { if let p = byID[id], seen.insert(id).inserted { out.append(p) } }
        for p in perspectives where seen.insert(p.id).inserted { out.append(p) }
        return out
    }

    /// A built-in with the user's sort and manual order applied.
    public func builtin(_ base: Perspective) -> Perspective {
        var p = base
        guard let o = builtins[base.id] else { return p }
        if let s = o["sort"] { p.sort = SortSpec(json: s) }
        p.manualOrder = o["manual_order"]?.array?.compactMap(\.string)
        if let prev = o["previous_sort"] { p.previousSort = SortSpec(json: prev) }
        return p
    }

    /// Stores a built-in's sort and manual order (its rules never change).
    public mutating func setBuiltinOrder(_ p: Perspective) {
        // Saving a built-in as it is shown (the rule editor closed without a change) stores nothing.
        if let base = BuiltinPerspectives.perspective(id: p.id) {
            let shown = builtin(base)
            if shown.sort == p.sort && shown.manualOrder == p.manualOrder && shown.previousSort == p.previousSort { return }
        }
        var entry = builtins[p.id] ?? .object([])
        entry.set("sort", p.sort.json)
        entry.set("manual_order", p.manualOrder.map { .strings($0) } ?? .null)
        entry.set("previous_sort", p.previousSort?.json)
        builtins.set(p.id, entry)
    }
}
