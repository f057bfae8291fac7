import Foundation
import TaskEngine

// The tasknotes-spec conformance bridge (conformance/docs/ADAPTER_CONTRACT.md):
// one JSON object per line on stdin, {"operation": "...", "input": {...}};
// one envelope per line on stdout, {"ok": true, "result": {...}} or
// {"ok": false, "error": "...", "error_details": {...}}. It never stops on a
// bad line: that line gets an error envelope. It calls the TaskEngine code the
// app and the CLI use.

while let line = readLine(strippingNewline: true) {
    if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
    let envelope: [String: Any]
    if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
       let operation = object["operation"] as? String {
        // The input once more with its keys in order (a mapping's first field for a role wins).
        let ordered = (try? JSONText.parse(Data(line.utf8)))?.objectPairs?.first { $0.0 == "input" }?.1
        envelope = BridgeOperations.execute(operation, object["input"] as? [String: Any] ?? [:], ordered: ordered ?? .object([]))
    } else {
        envelope = BridgeOperations.failure("bridge", code: "invalid_request", "each line must be a JSON object with an \"operation\" and an \"input\"")
    }
    let data = (try? JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{\"ok\":false,\"error\":\"unencodable result\"}".utf8)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}
