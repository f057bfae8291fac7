import Foundation
import XCTest
@testable import TaskEngine

/// Folders named by a vault's settings (TaskNotes' tasks folder and excluded
/// folders, in `data.json` or `tasknotes.yaml`) resolve inside the vault or
/// are refused with the reason: new tasks then go to the vault's root folder,
/// the refusal is a profile problem, and nothing is ever written outside.
final class SettingsPathTests: XCTestCase {
    /// A sandbox holding the vault and, beside it, the folder `outside` that nothing may touch.
    final class Sandbox {
        let path = NSTemporaryDirectory() + "todomd-paths-" + UUID().uuidString
        var vault: String { path + "/vault" }
        var outside: String { path + "/outside" }

        init() throws {
            let fm = FileManager.default
            for dir in [vault + "/Real", outside] { try fm.createDirectory(atPath: dir, withIntermediateDirectories: true) }
            try fm.createSymbolicLink(atPath: vault + "/link-out", withDestinationPath: outside)
            try fm.createSymbolicLink(atPath: vault + "/link-in", withDestinationPath: "Real")
            try fm.createSymbolicLink(atPath: vault + "/dangling", withDestinationPath: path + "/nowhere")
            _ = fm.createFile(atPath: vault + "/notes.txt", contents: Data("not a folder\n".utf8))
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        var outsideIsEmpty: Bool { ((try? FileManager.default.contentsOfDirectory(atPath: outside)) ?? ["?"]).isEmpty }
    }

    static let nfd = "Ta\u{0302}ches", nfc = "T\u{00E2}ches"

    /// Shapes that stay inside, with the folder they name.
    static let inside: [(setting: String, folder: String)] = [
        ("Tasks", "Tasks"), ("Tasks/", "Tasks"), ("./Tasks//Sub", "Tasks/Sub"), ("a/../Tasks", "Tasks"), ("", ""), (".", ""),
        (nfc, nfc), (nfd, nfd), ("link-in", "link-in"), ("link-in/Sub", "link-in/Sub"), ("Real/./x/..", "Real"), ("...", "..."),
        ("a..b/c", "a..b/c"), ("Tasks/.hidden", "Tasks/.hidden"),
    ]

    /// Shapes that would leave the vault or hide what they are, with a word of the reason.
    static func refused(_ sandbox: Sandbox) -> [(setting: String, why: String)] {
        [("..", "'..'"), ("../outside", "'..'"), ("a/../../outside", "'..'"), ("./../outside", "'..'"), ("Tasks/../../outside", "'..'"),
         ("../vault/../outside", "'..'"), (sandbox.outside, "absolute"), ("/", "absolute"), ("//outside", "absolute"), ("~/outside", "~"), ("~", "~"),
         ("..\\outside", "backslash"), ("Tasks\\..\\..\\outside", "backslash"), ("Tasks\u{0}/../../../outside", "NUL"),
         ("\u{FF0E}\u{FF0E}/outside", "looks like '..'"), ("\u{2024}\u{2024}/outside", "looks like '..'"), ("\u{2025}/outside", "looks like '..'"),
         ("Tasks/\u{FF0E}", "looks like '.'"), ("\u{202E}../outside", "U+202E"), ("Tasks\u{202E}dm.txt", "U+202E"), ("Tasks\u{2066}", "U+2066"),
         ("Tasks\nx", "U+A"), ("link-out", "outside the vault"), ("link-out/Sub", "outside the vault"), ("dangling", "target is missing"),
         ("dangling/Sub", "target is missing"), ("notes.txt/Sub", "not a folder"), ("notes.txt", "not a folder")]
    }

    func testEveryShapeResolvesInsideOrIsRefusedWithItsReason() throws {
        let sandbox = try Sandbox()
        for (setting, folder) in Self.inside {
            XCTAssertEqual(VaultRelativePath.resolve(setting, root: sandbox.vault), .inside(folder), setting.debugDescription)
        }
        for (setting, why) in Self.refused(sandbox) {
            guard case .refused(let reason) = VaultRelativePath.resolve(setting, root: sandbox.vault) else {
                XCTFail("\(setting.debugDescription) is refused"); continue
            }
            XCTAssertTrue(reason.contains(why), "\(setting.debugDescription): \(reason)")
            XCTAssertFalse(VaultRelativePath.shown(reason).unicodeScalars.contains { VaultRelativePath.isInvisibleControl($0) }, reason)
        }
    }

    /// Each shape as TaskNotes' `tasksFolder` and as `tasknotes.yaml`'s `default_folder`:
    /// `add` lands inside (the root when refused), the problem names the reason, `outside` stays empty.
    func testASettingsFileNeverLeadsANewTaskOutside() throws {
        let sandbox = try Sandbox()
        let shapes = Self.inside.map { ($0.setting, Optional($0.folder)) } + Self.refused(sandbox).map { ($0.setting, String?.none) }
        var written = 0
        for (setting, folder) in shapes {
            for style in ["data.json", "tasknotes.yaml"] {
                let vault = sandbox.vault
                try? FileManager.default.removeItem(atPath: vault + "/.obsidian")
                try? FileManager.default.removeItem(atPath: vault + "/tasknotes.yaml")
                let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [setting], options: .withoutEscapingSlashes), as: UTF8.self)
                    .dropFirst().dropLast()
                if style == "data.json" {
                    try FileManager.default.createDirectory(atPath: vault + "/.obsidian/plugins/tasknotes", withIntermediateDirectories: true)
                    try Data("{\"tasksFolder\": \(quoted), \"excludedFolders\": \(quoted)}".utf8)
                        .write(to: URL(fileURLWithPath: vault + "/.obsidian/plugins/tasknotes/data.json"))
                } else {
                    try Data("task_detection:\n  default_folder: \(quoted)\n  excluded_folders: [\(quoted)]\n".utf8)
                        .write(to: URL(fileURLWithPath: vault + "/tasknotes.yaml"))
                }
                let (profile, problems) = ProfileDetection.detect(root: vault)
                let name = "\(setting.debugDescription) in \(style)"
                if let folder {
                    XCTAssertEqual(profile.detection.newTaskFolder, folder, name)
                    XCTAssertEqual(problems, [], name)
                    XCTAssertEqual(profile.detection.excluded, folder.isEmpty ? [] : [folder], name)
                } else {
                    XCTAssertEqual(profile.detection.newTaskFolder, "", "refused: new tasks go to the root (\(name))")
                    XCTAssertTrue(problems.contains { $0.contains("is not used") && $0.contains("root folder") }, "\(name): \(problems)")
                    XCTAssertFalse(problems.joined().unicodeScalars.contains { $0 == "\0" || $0 == "\u{202E}" || $0 == "\u{2066}" },
                                   "the setting is shown with its invisible characters spelled out: \(problems)")
                }
                let saved = try VaultWriter(root: vault, profile: profile).create(TaskItem(id: "", title: "New thing \(written)"))
                written += 1
                let real = try XCTUnwrap(WriteTarget.realPath(vault + "/" + saved.id), name)
                XCTAssertTrue(real.hasPrefix((WriteTarget.realPath(vault) ?? vault) + "/"), "\(name) wrote \(real)")
                XCTAssertEqual((saved.id as NSString).deletingLastPathComponent, folder ?? "", "in the folder named, else the root: \(name)")
                XCTAssertTrue(sandbox.outsideIsEmpty, "\(name) wrote outside the vault")
            }
        }
        XCTAssertEqual(written, shapes.count * 2)
    }

    /// A folder named in the other Unicode form than the one on disk is the folder on disk, not a second one.
    func testAFolderInAnotherUnicodeFormIsTheOneOnDisk() throws {
        let sandbox = try Sandbox()
        for (disk, setting) in [(Self.nfc, Self.nfd), (Self.nfd, Self.nfc)] {
            try? FileManager.default.removeItem(atPath: sandbox.vault + "/" + disk)
            try FileManager.default.createDirectory(atPath: sandbox.vault + "/" + disk + "/Sub", withIntermediateDirectories: true)
            for (named, expected) in [(setting, disk), (setting + "/Sub", disk + "/Sub"), (setting + "/New", disk + "/New")] {
                guard case .inside(let folder) = VaultRelativePath.resolve(named, root: sandbox.vault) else { XCTFail(named); continue }
                XCTAssertEqual(Array(folder.unicodeScalars), Array(expected.unicodeScalars), "spelled as on disk: \(named.debugDescription)")
            }
            try FileManager.default.removeItem(atPath: sandbox.vault + "/" + disk)
        }
    }

    /// Spaces are part of a folder's name (a task's own folder is resolved too).
    func testAFolderWithSpacesAroundItsNameIsThatFolder() throws {
        let sandbox = try Sandbox()
        XCTAssertEqual(VaultRelativePath.resolve(" notes /a ", root: sandbox.vault), .inside(" notes /a "))
        XCTAssertEqual(VaultRelativePath.resolve(" ", root: sandbox.vault), .inside(" "))
    }

    /// A folder handed to the writer directly (not through detection) is refused the same way, and nothing is written.
    func testTheWriterRefusesAFolderOutsideAndWritesNothing() throws {
        let sandbox = try Sandbox()
        let writer = VaultWriter(root: sandbox.vault, profile: .todomd)
        let before = try FileManager.default.subpathsOfDirectory(atPath: sandbox.path).sorted()
        for (setting, why) in Self.refused(sandbox) where !setting.isEmpty {
            XCTAssertThrowsError(try writer.create(TaskItem(id: "", title: "Escape"), in: setting), setting.debugDescription) { error in
                XCTAssertTrue("\(error)".contains(why) && "\(error)".contains("nothing was written"), "\(error)")
            }
        }
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: sandbox.path).sorted(), before)
    }
}
