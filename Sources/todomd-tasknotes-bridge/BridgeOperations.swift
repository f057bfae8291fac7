import Foundation
import TaskEngine

/// The operations the bridge answers, each a thin call into TaskEngine.
enum BridgeOperations {
    static var claim: [String: Any] { [
        "implementation": "todomd",
        "version": TodomdVersion.number,
        "spec_version": "0.3.0-rc.3",
        "validation_modes": ["strict"],
        "profiles": ["core-lite", "recurrence", "extended"],
        // (`extended` asks for dependencies, reminders, links and time tracking: ADAPTER_CONTRACT.)
        "capabilities": ["config-lite", "validation-core", "dependencies", "links", "time-tracking", "reminders"],
    ] }

    static func execute(_ operation: String, _ input: [String: Any], ordered: JSONValue = .object([])) -> [String: Any] {
        do {
            switch operation {
            case "meta.claim": return success(claim)
            case "meta.has_capability":
                return success(["value": (claim["capabilities"] as? [String] ?? []).contains(input.string("capability") ?? "")])
            case "meta.has_profile":
                return success(["value": (claim["profiles"] as? [String] ?? []).contains(input.string("profile") ?? "")])
            case "recurrence.complete", "recurrence.recalculate", "recurrence.uncomplete_instance",
                 "recurrence.skip_instance", "recurrence.unskip_instance", "recurrence.effective_state":
                return success(try RecurrenceBridge.run(operation, input))
            case "validation.core_evaluate": return success(ValidationBridge.run(ordered))
            case _ where operation.hasPrefix("op.") || operation.hasPrefix("migration.") || operation == "delete.remove":
                return success(try OperationsBridge.run(operation, input, ordered: ordered))
            case "create_compat.create":
                do { return success(try CreateBridge.run(input)) } catch let f as CreateBridge.Forced {
                    return ["ok": false, "error": f.code, "error_details": ["operation": operation, "code": f.code, "message": f.code]]
                }
            case _ where operation.hasPrefix("config."):
                return success(try ConfigBridge.run(operation, input))
            case _ where operation.hasPrefix("field."):
                return success(try FieldBridge.run(operation, ordered))
            case _ where operation.hasPrefix("dependency."):
                return success(try DependencyBridge.run(operation, input))
            case _ where operation.hasPrefix("link."):
                return success(try LinkBridge.run(operation, input))
            case _ where operation.hasPrefix("time.") || operation.hasPrefix("reminder.") || operation == "validation.time_entries":
                return success(try TrackingBridge.run(operation, input))
            case _ where operation.hasPrefix("date."):
                return success(try DateBridge.run(operation, input))
            default:
                return failure(operation, code: "unsupported_operation", "todomd's bridge does not implement \(BoundedQuote.prefix(operation)) yet")
            }
        } catch let e as RecurrenceProgress.Failure {
            let code: String
            switch e {
            case .missingSeed: code = "missing_recurrence_seed"
            case .invalidRule: code = "invalid_recurrence"
            case .invalidAnchor: code = "invalid_recurrence_anchor"
            case .pastLastYear: code = "invalid_recurrence"
            }
            return failure(operation, code: code, e.description)
        } catch let e as SpecDate.Failure {
            return failure(operation, code: e == .empty ? "empty_date_value" : "invalid_date_value", e.description)
        } catch let e as SpecCreate.Failure {
            return failure(operation, code: e.description.hasPrefix("validation_error") ? "validation_error" : "path_required", e.description)
        } catch let e as SpecOperations.Refused {
            return failure(operation, code: e.code, e.description)
        } catch let e as TaskNotesConfig.Invalid {
            return failure(operation, code: "invalid_configuration", e.description)
        } catch let e as TaskDependency.Refusal {
            return failure(operation, code: e.code, e.description)
        } catch let e as TimeEntry.Refusal {
            return failure(operation, code: e.code, e.description)
        } catch let e as TimeTracking.Refusal {
            return failure(operation, code: e.code, e.description)
        } catch let e as Reminder.Refusal {
            return failure(operation, code: e.code, e.description)
        } catch let e as LinkReference.Refusal {
            return failure(operation, code: e.code, e.description)
        } catch let e as LinkResolver.Traversal {
            return failure(operation, code: "path_traversal", e.description)
        } catch let e as LinkFailure {
            return failure(operation, code: e.code, e.message)
        } catch let e as BridgeInputError {
            return failure(operation, code: "invalid_input", e.message, field: e.field)
        } catch {
            return failure(operation, code: "error", "\(error)")
        }
    }

    static func success(_ result: [String: Any]) -> [String: Any] { ["ok": true, "result": result] }

    /// Scalars of an error message kept: a message may quote the input, and the input may be megabytes.
    static let messageLimit = 600

    static func failure(_ operation: String, code: String, _ message: String, field: String? = nil) -> [String: Any] {
        let message = BoundedQuote.prefix(message, limit: messageLimit)
        var details: [String: Any] = ["operation": BoundedQuote.prefix(operation), "code": code, "message": message]
        if let field { details["field"] = field }
        return ["ok": false, "error": message, "error_details": details]
    }
}

struct BridgeInputError: Error {
    var field: String
    var message: String
}

extension Dictionary where Key == String, Value == Any {
    func string(_ key: String) -> String? { self[key] as? String }

    func strings(_ key: String) throws -> [String] {
        guard let v = self[key], !(v is NSNull) else { return [] }
        guard let list = v as? [Any], list.allSatisfy({ $0 is String }) else { throw BridgeInputError(field: key, message: "\(key) must be a list of dates") }
        return list as! [String]
    }

    func day(_ key: String) throws -> Day? {
        guard let s = string(key) else { return nil }
        guard let d = Day.parseISO(s.prefix(10)) else { throw BridgeInputError(field: key, message: "\(key) is not a date: \(BoundedQuote.prefix(s))") }
        return d
    }
}
