/// Checks that `.perspectives.json` has the shape docs/file-format.md gives it: the
/// known keys hold the JSON types they must (`perspectives` an object,
/// `rules` a group, `conditions` a list, `enabled` true or false, `order` a
/// list of ids, `icon` text, …). Unknown keys, fields, operators and values
/// are not checked: they are kept and skipped, as the spec says. A file that
/// does not fit is treated like one that is not JSON at all, so a save never
/// "repairs" it by dropping what todomd could not read.
///
///     PerspectivesSchema.problems(in: json)
///     // ["$.perspectives.work.rules.conditions: must be a list, not null"]
public enum PerspectivesSchema {
    /// The newest file version this todomd writes.
    public static let knownVersion = 1

    public static func problems(in json: JSONValue) -> [String] {
        var out: [String] = []
        guard let top = json.objectPairs else { return ["$: must be an object, not \(kind(json))"] }
        for (key, value) in top {
            let path = "$." + key
            switch key {
            case "version":
                if value.int == nil || value.int! < 1 { out.append("\(path): must be a whole number, not \(kind(value))") }
            case "order":
                checkStringList(value, path, &out)
            case "perspectives":
                guard let pairs = value.objectPairs else { out.append("\(path): must be an object of perspectives by id, not \(kind(value))"); continue }
                for (id, p) in pairs { checkPerspective(p, path + "." + id, &out) }
            case "builtins":
                guard let pairs = value.objectPairs else { out.append("\(path): must be an object, not \(kind(value))"); continue }
                for (id, b) in pairs {
                    let p = path + "." + id
                    guard let fields = b.objectPairs else { out.append("\(p): must be an object, not \(kind(b))"); continue }
                    for (k, v) in fields { checkOrderKey(k, v, p + "." + k, &out) }
                }
            case "projects":
                checkProjects(value, path, &out)
            default: break
            }
        }
        return out
    }

    /// Most projects `projects` holds, and most ids one project's order lists: past them the
    /// file does not fit (a setting no one writes by hand, and every task reads it).
    public static let maxProjects = 10_000
    public static let maxProjectOrder = 200_000

    /// `projects`: an object of projects by name, each `sequential` true or false and a `manual_order` list.
    static func checkProjects(_ value: JSONValue, _ path: String, _ out: inout [String]) {
        guard let pairs = value.objectPairs else { out.append("\(path): must be an object of projects by name, not \(kind(value))"); return }
        if pairs.count > maxProjects { out.append("\(path): more than \(maxProjects) projects (\(pairs.count))") }
        for (name, entry) in pairs.prefix(maxProjects) {
            let p = path + "." + name
            guard let fields = entry.objectPairs else { out.append("\(p): must be an object like {\"sequential\": true}, not \(kind(entry))"); continue }
            for (k, v) in fields {
                switch k {
                case "sequential": if v.bool == nil { out.append("\(p).\(k): must be true or false, not \(kind(v))") }
                case "manual_order":
                    if v.isNull { continue }
                    checkStringList(v, p + "." + k, &out)
                    if let n = v.array?.count, n > maxProjectOrder { out.append("\(p).\(k): more than \(maxProjectOrder) ids (\(n))") }
                default: break
                }
            }
        }
    }

    static func checkPerspective(_ p: JSONValue, _ path: String, _ out: inout [String]) {
        guard let fields = p.objectPairs else { out.append("\(path): must be an object, not \(kind(p))"); return }
        for (k, v) in fields {
            let at = path + "." + k
            switch k {
            case "id", "name", "group_by", "layout":
                if v.string == nil { out.append("\(at): must be text, not \(kind(v))") }
            case "icon", "color":
                if v.string == nil && !v.isNull { out.append("\(at): must be text or null, not \(kind(v))") }
            case "rules":
                checkGroup(v, at, &out)
            default:
                checkOrderKey(k, v, at, &out)
            }
        }
    }

    /// `sort`, `previous_sort` and `manual_order`, which built-ins carry too.
    static func checkOrderKey(_ key: String, _ v: JSONValue, _ at: String, _ out: inout [String]) {
        switch key {
        case "sort", "previous_sort":
            if v.string != nil || (key == "previous_sort" && v.isNull) { return }
            guard let s = v.objectPairs else { out.append("\(at): must be an object like {\"field\": \"due\"}, not \(kind(v))"); return }
            for (k, x) in s where (k == "field" && x.string == nil) || (k == "direction" && x.string == nil && !x.isNull) {
                out.append("\(at).\(k): must be text, not \(kind(x))")
            }
        case "manual_order":
            if !v.isNull { checkStringList(v, at, &out) }
        default: break
        }
    }

    /// A group `depth` levels deep in the rules at `rules` (the rules' own group is 1; too deep
    /// is said of the rules, whose path is short).
    static func checkGroup(_ g: JSONValue, _ path: String, _ out: inout [String], depth: Int = 1, rules: String? = nil) {
        guard let fields = g.objectPairs else { out.append("\(path): must be a group object, not \(kind(g))"); return }
        guard depth <= RuleStats.maxDepth else {
            out.append("\(rules ?? path): groups nested deeper than \(RuleStats.maxDepth) levels")
            return
        }
        for (k, v) in fields {
            let at = path + "." + k
            switch k {
            case "operator": if v.string == nil { out.append("\(at): must be \"AND\", \"OR\" or \"NOT\", not \(kind(v))") }
            case "enabled": if v.bool == nil { out.append("\(at): must be true or false, not \(kind(v))") }
            case "conditions":
                guard let items = v.array else { out.append("\(at): must be a list, not \(kind(v))"); continue }
                for (i, item) in items.enumerated() {
                    let itemPath = "\(at)[\(i)]"
                    if item["conditions"] != nil || item["operator"] != nil {
                        checkGroup(item, itemPath, &out, depth: depth + 1, rules: rules ?? path)
                    } else {
                        checkCondition(item, itemPath, &out)
                    }
                }
            default: break
            }
        }
    }

    static func checkCondition(_ c: JSONValue, _ path: String, _ out: inout [String]) {
        guard let fields = c.objectPairs else { out.append("\(path): must be a condition object, not \(kind(c))"); return }
        for (k, v) in fields {
            let at = path + "." + k
            switch k {
            case "field", "op": if v.string == nil { out.append("\(at): must be text, not \(kind(v))") }
            case "unit": if v.string == nil && !v.isNull { out.append("\(at): must be text, not \(kind(v))") }
            case "enabled": if v.bool == nil { out.append("\(at): must be true or false, not \(kind(v))") }
            default: break
            }
        }
    }

    static func checkStringList(_ v: JSONValue, _ path: String, _ out: inout [String]) {
        guard let items = v.array else { out.append("\(path): must be a list of ids, not \(kind(v))"); return }
        for (i, item) in items.enumerated() where item.string == nil { out.append("\(path)[\(i)]: must be text, not \(kind(item))") }
    }

    /// `a list`, `the text "zzz"`, `null`, … for messages.
    static func kind(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return "the number \(n)"
        case .string(let s): return "the text \"\(s.count > 20 ? String(s.prefix(20)) + "…" : s)\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
