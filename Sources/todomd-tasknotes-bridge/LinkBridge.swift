import Foundation
import TaskEngine

/// The `link.*` operations: TaskEngine's `LinkReference`, `LinkResolver` and `LinkRename`.
enum LinkBridge {
    static func run(_ operation: String, _ input: [String: Any]) throws -> [String: Any] {
        switch operation {
        case "link.parse":
            guard let raw = input["raw"] as? String else { throw LinkReference.Refusal.invalid("(not text)") }
            let link = try LinkReference.parse(raw)
            return ["raw": link.raw, "target": link.target, "alias": link.alias ?? NSNull(), "anchor": link.anchor ?? NSNull(),
                    "format": link.format.rawValue, "is_relative": link.isRelative]
        case "link.resolve":
            return try resolve(input)
        case "link.update_references_on_rename":
            let old = input.string("oldPath") ?? "", new = input.string("newPath") ?? ""
            let references = (input["references"] as? [Any] ?? []).compactMap { $0 as? String }
            return ["updated": references.map { LinkRename.update($0, from: old, to: new) }]
        default:
            throw BridgeInputError(field: "operation", message: "no operation \(BoundedQuote.prefix(operation))")
        }
    }

    /// The files are the `candidates` given, and the ids `idIndex` gives them.
    static func resolve(_ input: [String: Any]) throws -> [String: Any] {
        guard let raw = input["raw"] as? String else { throw LinkReference.Refusal.invalid("(not text)") }
        let link = try LinkReference.parse(raw)
        let files = Set((input["candidates"] as? [Any] ?? []).compactMap { $0 as? String })
        let ids = (input["idIndex"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
        let extensions = (input["extensions"] as? [Any] ?? []).compactMap { $0 as? String }.filter { $0.hasPrefix(".") }
        let resolver = LinkResolver(extensions: extensions, exists: { files.contains($0) },
                                    named: { name in files.filter { $0 == name || $0.hasSuffix("/" + name) } },
                                    withID: { id in ids.filter { $0.value == id }.map(\.key) },
                                    namedIgnoringCase: { folded in files.filter { ($0.split(separator: "/").last ?? "").lowercased() == folded } })
        switch try resolver.resolve(link, from: input.string("sourcePath") ?? "") {
        case .found(let path), .missing(let path): return ["path": path]
        case .unresolved: throw LinkFailure(code: "unresolved_link_target", message: "unresolved_link_target: \(link.target) names no file")
        case .ambiguous(let paths): throw LinkFailure(code: "ambiguous_link", message: "ambiguous_link: \(link.target) could be \(paths.joined(separator: " or "))")
        }
    }
}

struct LinkFailure: Error {
    var code: String
    var message: String
}
