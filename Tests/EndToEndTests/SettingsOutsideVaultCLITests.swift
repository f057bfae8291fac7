import Foundation
import XCTest

/// A vault whose settings name a folder outside it (TaskNotes' `tasksFolder`,
/// `tasknotes.yaml`'s `default_folder`, by `..`, an absolute path, `~`, a link,
/// a backslash or look-alike dots): `add` and `modify` write inside the vault
/// only, and `profile` and `problems` say which setting was refused and why.
final class SettingsOutsideVaultCLITests: XCTestCase {
    func testAddAndModifyNeverWriteOutsideTheVault() throws {
        let sandbox = NSTemporaryDirectory() + "todomd-outside-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: sandbox) }
        let vault = sandbox + "/vault", outside = sandbox + "/outside"
        let fm = FileManager.default
        try fm.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let shapes = ["../outside", "a/../../outside", "Tasks/../../outside", outside, "~/outside", "link-out", "link-out/Sub",
                      "..\\outside", "\u{FF0E}\u{FF0E}/outside", "\u{2024}\u{2024}/outside", "\u{202E}../outside"]
        for setting in shapes {
            for style in ["data.json", "tasknotes.yaml"] {
                try? fm.removeItem(atPath: vault)
                try fm.createDirectory(atPath: vault, withIntermediateDirectories: true)
                try fm.createSymbolicLink(atPath: vault + "/link-out", withDestinationPath: outside)
                let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [setting], options: .withoutEscapingSlashes), as: UTF8.self)
                    .dropFirst().dropLast()
                let settings = style == "data.json" ? ".obsidian/plugins/tasknotes/data.json" : "tasknotes.yaml"
                try fm.createDirectory(atPath: (vault + "/" + settings as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                let text = style == "data.json" ? "{\"tasksFolder\": \(quoted)}" : "task_detection:\n  default_folder: \(quoted)\n"
                try Data(text.utf8).write(to: URL(fileURLWithPath: vault + "/" + settings))
                try Data("---\ntitle: Existing\nstatus: open\ntags: [task]\n---\n".utf8).write(to: URL(fileURLWithPath: vault + "/Existing.md"))
                let name = "\(setting.debugDescription) in \(style)"

                let added = try Binary.run(["add", "--vault", vault, "New thing"])
                XCTAssertEqual(added.status, 0, "\(name): \(added.stderr)")
                XCTAssertTrue(added.stderr.contains("warning: ") && added.stderr.contains("root folder"), "add says why: \(name): \(added.stderr)")
                XCTAssertEqual(try fm.contentsOfDirectory(atPath: outside), [], "\(name): nothing written outside")
                let made = try fm.subpathsOfDirectory(atPath: vault).filter { $0.hasSuffix(".md") && $0 != "Existing.md" }
                XCTAssertEqual(made.count, 1, "\(name): \(made)")
                XCTAssertFalse(made.first?.contains("/") ?? true, "\(name): a refused folder leaves new tasks at the root: \(made)")

                let modified = try Binary.run(["modify", "--vault", vault, "Existing.md", "--status", "done"])
                XCTAssertEqual(modified.status, 0, "\(name): \(modified.stderr)")
                XCTAssertEqual(try fm.contentsOfDirectory(atPath: outside), [], name)

                let problems = try Binary.run(["problems", "--vault", vault])
                XCTAssertTrue(problems.stdout.contains("is not used") && problems.stdout.contains("root folder"), "\(name): \(problems.stdout)")
                let profile = try Binary.run(["profile", "--vault", vault])
                XCTAssertEqual(profile.status, 0, profile.stderr)
                XCTAssertTrue(profile.stdout.contains("warning: ") && profile.stdout.contains("is not used"), "\(name): \(profile.stdout)")
                for out in [problems.stdout, profile.stdout] {
                    XCTAssertFalse(out.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\0" }, "invisible characters are spelled out: \(out)")
                }
            }
        }
    }
}
