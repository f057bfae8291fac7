import Foundation
import TaskEngine

/// `validation.core_evaluate`: TaskEngine's `SpecValidation`.
enum ValidationBridge {
    static func run(_ input: JSONValue) -> [String: Any] {
        func pairs(_ key: String) -> [(String, JSONValue)] { input.objectPairs?.first { $0.0 == key }?.1.objectPairs ?? [] }
        let taskPath = input.objectPairs?.first { $0.0 == "taskPath" }?.1.string
        let reject = input.objectPairs?.first { $0.0 == "rejectUnknownFields" }?.1.bool ?? false
        let issues = SpecValidation.evaluate(fields: pairs("fields"), frontmatter: pairs("frontmatter"), taskPath: taskPath, rejectUnknownFields: reject)
        let errors = issues.filter { $0.severity == "error" }
        return [
            "hasErrors": !errors.isEmpty, "errorCodes": errors.map(\.code), "allCodes": issues.map(\.code),
            "issues": issues.map { i -> [String: Any] in
                var o: [String: Any] = ["code": i.code, "severity": i.severity, "message": i.message]
                if let f = i.field { o["field"] = f }
                return o
            },
        ]
    }
}
