import Foundation
import XCTest
@testable import TUI

/// A text file in `Snapshots/` that a drawn screen is compared with. A
/// difference fails with a line diff; under `TODOMD_RECORD_SNAPSHOTS=1` the
/// file is written anew instead (then the diff is read in git).
enum ScreenSnapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    static let recording = ProcessInfo.processInfo.environment["TODOMD_RECORD_SNAPSHOTS"] != nil

    /// What `app` shows at its size, as the snapshots hold it: the vault's
    /// temporary folder named `~/vault` (its name changes every run).
    static func screen(of app: Harness) -> Screen {
        var state = app.runtime.state
        state.vaultRoot = "~/vault"
        var layout = app.runtime.layout
        return AppView.render(state, layout: &layout, width: app.width, height: app.height)
    }

    /// Compares `text` with the file `name` (or records it).
    static func check(_ text: String, named name: String, file: StaticString, line: UInt) throws {
        let url = directory.appendingPathComponent(name)
        if recording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return XCTFail("No snapshot \(name): run the tests with TODOMD_RECORD_SNAPSHOTS=1 to record it", file: file, line: line)
        }
        if expected != text { XCTFail("\(name) differs:\n" + diff(expected, text), file: file, line: line) }
    }

    /// A line diff: each differing line as `-expected` / `+actual`, with its number.
    static func diff(_ expected: String, _ actual: String) -> String {
        let a = expected.components(separatedBy: "\n"), b = actual.components(separatedBy: "\n")
        var out: [String] = []
        for i in 0..<max(a.count, b.count) {
            let l = i < a.count ? a[i] : nil, r = i < b.count ? b[i] : nil
            guard l != r else { continue }
            if let l { out.append(String(format: "%3d -", i + 1) + l) }
            if let r { out.append(String(format: "%3d +", i + 1) + r) }
        }
        return out.joined(separator: "\n")
    }
}
