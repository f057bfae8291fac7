import Foundation
import TaskEngine

/// `create_compat.create`: TaskEngine's `SpecCreate`.
enum CreateBridge {
    struct Forced: Error { let code: String }

    static func run(_ input: [String: Any]) throws -> [String: Any] {
        // The fixtures' way to ask for a failure from the storage layer, passed through as its code.
        if let forced = input.string("forceCreateError") { throw Forced(code: forced) }
        let now = input.string("fixedNow") ?? ISO8601DateFormatter().string(from: Date())
        let (path, frontmatter) = try SpecCreate.create(taskType: input["taskType"] as? [String: Any] ?? [:],
                                                        frontmatter: input["frontmatter"] as? [String: Any] ?? [:], now: now)
        return ["path": path, "frontmatter": frontmatter]
    }
}
