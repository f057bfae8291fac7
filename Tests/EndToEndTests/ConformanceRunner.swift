import Foundation
import TaskEngine

/// A tasknotes-spec conformance runner (conformance/docs/RUNNER_GUIDE.md):
/// feeds fixtures to the bridge executable as JSON lines and applies each
/// fixture's assertion to the envelope that comes back.
enum ConformanceRunner {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/tasknotes-spec").path

    struct Fixture {
        var file: String
        var id: String
        var operation: String
        var assertion: String
        var input: [String: Any]
        var expect: [String: Any]?
        var json: [String: Any]
        /// The input as the fixture file writes it (keys in their order, which some operations depend on).
        var inputText: String? = nil
    }

    static func fixtures() throws -> [Fixture] {
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: root + "/manifest.json"))) as! [String: Any]
        var out: [Fixture] = []
        for entry in manifest["files"] as! [[String: Any]] {
            let file = entry["file"] as! String
            let data = try Data(contentsOf: URL(fileURLWithPath: root + "/fixtures/" + file))
            let list = try JSONSerialization.jsonObject(with: data) as! [[String: Any]]
            let ordered = try JSONText.parse(data).array ?? []
            for (i, f) in list.enumerated() {
                let input = i < ordered.count ? ordered[i].objectPairs?.first { $0.0 == "input" }?.1 : nil
                out.append(Fixture(file: file, id: f["id"] as! String, operation: f["operation"] as! String, assertion: f["assertion"] as! String,
                                   input: f["input"] as? [String: Any] ?? [:], expect: f["expect"] as? [String: Any], json: f,
                                   inputText: input.map(JSONText.compact)))
            }
        }
        return out
    }

    /// Runs `fixtures` through one bridge process; the envelopes in order.
    static func run(bridge: String, _ fixtures: [Fixture]) throws -> [[String: Any]] {
        try run(bridge: bridge, lines: fixtures.map { f in
            if let text = f.inputText { return Data(("{\"operation\":" + JSONText.compact(.string(f.operation)) + ",\"input\":" + text + "}").utf8) }
            return try! JSONSerialization.data(withJSONObject: ["operation": f.operation, "input": f.input])
        })
    }

    /// Sends raw lines to one bridge process (written on another thread, so
    /// neither pipe fills up); one envelope per line back.
    static func run(bridge: String, lines: [Data]) throws -> [[String: Any]] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: bridge)
        // The fixtures' local time is UTC (as the spec's own runner sets it).
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        p.environment = env
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try p.run()
        let writer = Thread {
            for line in lines { input.fileHandleForWriting.write(line + Data("\n".utf8)) }
            input.fileHandleForWriting.closeFile()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return data.split(separator: 0x0A).map { (try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]) ?? ["ok": false, "error": "not JSON"] }
    }

    /// Nil when the fixture passes, else why not.
    static func check(_ f: Fixture, _ envelope: [String: Any]) -> String? {
        switch f.assertion {
        case "envelope_equals": return deepMatch(envelope, f.expect ?? [:], f.input)
        case "envelope_error":
            if envelope["ok"] as? Bool != false { return "expected ok=false" }
            if let e = f.expect?["error"] { return deepMatch(envelope["error"] as Any, e, f.input) }
            return nil
        case "create_compat_invariants":
            if let why = deepMatch(envelope, f.expect ?? [:], f.input) { return why }
            if envelope["ok"] as? Bool == true, let path = (envelope["result"] as? [String: Any])?["path"] as? String {
                if !path.hasSuffix(".md") { return "path \(path) does not end in .md" }
                if path.contains("{") || path.contains("}") { return "path \(path) keeps a template brace" }
            }
            return nil
        case "recurrence_complete_invariants": return completeInvariants(f.input, envelope)
        case "recurrence_recalculate_invariants": return recalculateInvariants(f.input, envelope)
        default: return "unknown assertion \(f.assertion)"
        }
    }

    static func completeInvariants(_ input: [String: Any], _ envelope: [String: Any]) -> String? {
        guard envelope["ok"] as? Bool == true, let r = envelope["result"] as? [String: Any] else { return "ok is not true: \(envelope)" }
        let day = input["completionDate"] as? String ?? ""
        guard let complete = r["completeInstances"] as? [String], let skipped = r["skippedInstances"] as? [String] else { return "instance lists missing" }
        if !complete.contains(day) { return "completeInstances lacks \(day)" }
        if skipped.contains(day) { return "skippedInstances holds \(day)" }
        guard let rule = r["updatedRecurrence"] as? String, rule.contains("FREQ="), rule.contains("DTSTART:") else { return "updatedRecurrence lacks FREQ or DTSTART" }
        if input["recurrenceAnchor"] as? String == "completion", !matches(rule, "DTSTART:\(day.replacingOccurrences(of: "-", with: ""))(?:;|$)") {
            return "DTSTART is not the completion day: \(rule)"
        }
        if input["recurrenceAnchor"] as? String == "scheduled", let s = input["scheduled"] as? String,
           !matches(rule, "DTSTART:\(s.prefix(10).replacingOccurrences(of: "-", with: ""))(?:;|$)") {
            return "DTSTART is not the scheduled day: \(rule)"
        }
        if let next = r["nextScheduled"] as? String {
            if !matches(next, "^\\d{4}-\\d{2}-\\d{2}") { return "nextScheduled \(next) is not a date" }
            if String(next.prefix(10)) < day { return "nextScheduled \(next) is before \(day)" }
        }
        return offsetKept(input, r)
    }

    static func recalculateInvariants(_ input: [String: Any], _ envelope: [String: Any]) -> String? {
        guard envelope["ok"] as? Bool == true, let r = envelope["result"] as? [String: Any] else { return "ok is not true: \(envelope)" }
        guard let rule = r["updatedRecurrence"] as? String, rule.contains("FREQ=") else { return "updatedRecurrence lacks FREQ" }
        if input["recurrenceAnchor"] as? String == "scheduled", !rule.contains("DTSTART:") { return "updatedRecurrence lacks DTSTART" }
        if let next = r["nextScheduled"] as? String {
            let day = String(next.prefix(10))
            if day < input["referenceDate"] as? String ?? "" { return "nextScheduled \(next) is before the reference" }
            if input["recurrenceAnchor"] as? String != "completion", (input["completeInstances"] as? [String] ?? []).contains(day) { return "\(day) was completed" }
            if (input["skippedInstances"] as? [String] ?? []).contains(day) { return "\(day) was skipped" }
        }
        return offsetKept(input, r)
    }

    static func offsetKept(_ input: [String: Any], _ r: [String: Any]) -> String? {
        guard let ns = r["nextScheduled"] as? String, let nd = r["nextDue"] as? String, let s = input["scheduled"] as? String,
              let d = input["due"] as? String else { return nil }
        func days(_ a: String, _ b: String) -> Int? {
            let f = ISO8601DateFormatter()
            f.formatOptions = [.withFullDate]
            guard let x = f.date(from: String(a.prefix(10))), let y = f.date(from: String(b.prefix(10))) else { return nil }
            return Int((x.timeIntervalSince(y) / 86_400).rounded())
        }
        return days(d, s) == days(nd, ns) ? nil : "due moved away from scheduled: \(ns) / \(nd)"
    }

    static func matches(_ s: String, _ pattern: String) -> Bool {
        (try? NSRegularExpression(pattern: pattern))?.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil
    }

    /// RUNNER_GUIDE.md step 6: `$regex`, `$oneOf`, `$contains`, `$ref`, and
    /// plain objects as subsets; arrays and scalars compare exactly.
    static func deepMatch(_ actual: Any, _ expected: Any, _ input: [String: Any]) -> String? {
        if let e = expected as? [String: Any] {
            if let pattern = e["$regex"] as? String {
                guard let s = actual as? String else { return "expected a string matching \(pattern)" }
                return matches(s, pattern) ? nil : "\"\(s)\" does not match \(pattern)"
            }
            if let options = e["$oneOf"] as? [Any] {
                return options.contains { deepMatch(actual, $0, input) == nil } ? nil : "no option matched \(actual)"
            }
            if let subset = e["$contains"] {
                if let a = actual as? [Any], let items = subset as? [Any] {
                    for item in items where !a.contains(where: { deepMatch($0, item, input) == nil }) { return "\(a) lacks \(item)" }
                    return nil
                }
                guard let a = actual as? [String: Any], let s = subset as? [String: Any] else { return "$contains on a mismatched shape" }
                for (k, v) in s { if let why = deepMatch(a[k] as Any, v, input) { return "\(k): \(why)" } }
                return nil
            }
            if let ref = e["$ref"] as? String {
                var value: Any? = ["input": input]
                for part in ref.split(separator: ".") { value = (value as? [String: Any])?[String(part)] }
                return deepMatch(actual, value as Any, input)
            }
            guard let a = actual as? [String: Any] else { return "expected an object, got \(actual)" }
            for (k, v) in e {
                guard let av = a[k] else { return "missing key \(k)" }
                if let why = deepMatch(av, v, input) { return "\(k): \(why)" }
            }
            return nil
        }
        if let e = expected as? [Any] {
            guard let a = actual as? [Any], a.count == e.count else { return "expected \(e), got \(actual)" }
            for (x, y) in zip(a, e) { if let why = deepMatch(x, y, input) { return why } }
            return nil
        }
        return (actual as? NSObject)?.isEqual(expected) == true ? nil : "expected \(expected), got \(actual)"
    }
}
