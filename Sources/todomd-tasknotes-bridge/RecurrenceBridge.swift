import Foundation
import TaskEngine

/// `recurrence.*`: completion, recalculation and the instance lists, through
/// `RecurrenceProgress` and `InstanceLists` (the code `todomd done`/`skip` use).
enum RecurrenceBridge {
    static func run(_ operation: String, _ input: [String: Any]) throws -> [String: Any] {
        var lists = InstanceLists(complete: try input.strings("completeInstances"), skipped: try input.strings("skippedInstances"))
        switch operation {
        case "recurrence.uncomplete_instance", "recurrence.skip_instance", "recurrence.unskip_instance", "recurrence.effective_state":
            guard let target = try input.day("targetDate") else { throw BridgeInputError(field: "targetDate", message: "targetDate is required") }
            switch operation {
            case "recurrence.uncomplete_instance": lists.uncompleteInstance(target.iso)
            case "recurrence.skip_instance": lists.skipInstance(target.iso)
            case "recurrence.unskip_instance": lists.unskipInstance(target.iso)
            default: return ["value": lists.state(on: target.iso).rawValue]
            }
            var result: [String: Any] = ["completeInstances": lists.complete, "skippedInstances": lists.skipped]
            // §4.8: the rule (and its DTSTART) is never rolled back by these.
            if let rule = input.string("recurrence") { result["updatedRecurrence"] = rule }
            return result
        default:
            guard let recurrence = input.string("recurrence"), !recurrence.isEmpty else {
                throw BridgeInputError(field: "recurrence", message: "recurrence is required")
            }
            var progress = try RecurrenceProgress(recurrence: recurrence, anchor: input.string("recurrenceAnchor"),
                                                  scheduled: input.string("scheduled"), due: input.string("due"),
                                                  created: input.string("dateCreated"), instances: lists)
            var result: [String: Any] = [:]
            if operation == "recurrence.complete" {
                guard let day = try input.day("completionDate") else { throw BridgeInputError(field: "completionDate", message: "completionDate is required") }
                let outcome = try progress.complete(on: day)
                result["nextScheduled"] = outcome.nextScheduled
                result["nextDue"] = outcome.nextDue
            } else {
                guard let reference = try input.day("referenceDate") else { throw BridgeInputError(field: "referenceDate", message: "referenceDate is required") }
                let outcome = try progress.recalculate(reference: reference)
                result["nextScheduled"] = outcome.nextScheduled
                result["nextDue"] = outcome.nextDue
            }
            result["updatedRecurrence"] = progress.rule.text
            result["completeInstances"] = progress.instances.complete
            result["skippedInstances"] = progress.instances.skipped
            return result
        }
    }
}
