import Foundation
import TaskEngine

// The tasknotes-spec conformance bridge (conformance/docs/ADAPTER_CONTRACT.md):
// one JSON object per line on stdin, {"operation": "...", "input": {...}};
// one envelope per line on stdout, {"ok": true, "result": {...}} or
// {"ok": false, "error": "...", "error_details": {...}}. It never stops on a
// bad line: that line (blank, not JSON, or past `BridgeLines.limit` bytes) gets
// an error envelope. It calls the TaskEngine code the app and the CLI use.

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("--version") {
    print("todomd-tasknotes-bridge " + TodomdVersion.described(commit: buildCommit))
    exit(0)
}
if let unknown = arguments.first {
    let help = unknown == "--help" || unknown == "-h"
    FileHandle.standardError.write(Data("""
        usage: todomd-tasknotes-bridge [--version]
        Reads one tasknotes-spec request a line on stdin ({"operation": "...", "input": {...}}) and writes one envelope a line.

        """.utf8))
    exit(help ? 0 : 2)
}

var input = BridgeLines()
while let read = input.next() {
    let envelope: [String: Any]
    switch read {
    case .tooLong(let bytes):
        envelope = BridgeOperations.failure("bridge", code: "invalid_request", "the line is \(bytes) bytes long, past the bridge's limit of \(BridgeLines.limit) bytes")
    case .text(let line) where line.trimmingCharacters(in: .whitespaces).isEmpty:
        // A blank line is a request too: it gets its answer, so the caller's count of lines and answers stays in step.
        envelope = BridgeOperations.failure("bridge", code: "invalid_request", "the line is blank: each line must be a JSON object with an \"operation\" and an \"input\"")
    case .text(let line):
        if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
           let operation = object["operation"] as? String {
            // The input once more with its keys in order (a mapping's first field for a role wins).
            let ordered = (try? JSONText.parse(Data(line.utf8)))?.objectPairs?.first { $0.0 == "input" }?.1
            envelope = BridgeOperations.execute(operation, object["input"] as? [String: Any] ?? [:], ordered: ordered ?? .object([]))
        } else {
            envelope = BridgeOperations.failure("bridge", code: "invalid_request", "each line must be a JSON object with an \"operation\" and an \"input\"")
        }
    }
    let data = (try? JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{\"ok\":false,\"error\":\"unencodable result\"}".utf8)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}
