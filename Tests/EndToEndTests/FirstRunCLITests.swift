import Foundation
import TaskEngine
import XCTest

/// A first run on a fresh account: where todomd puts the vault and its own
/// files (the XDG base directories), said by `todomd paths` before anything is made.
final class FirstRunCLITests: XCTestCase {
    func testPathsFollowXDGAndCreateNothing() throws {
        let tmp = TempVault()
        let home = tmp.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // Unset (empty) and relative XDG variables are ignored, as the XDG spec says: the defaults under HOME are used.
        for value in ["", "relative/dir"] {
            let env = ["HOME": home, "TODOMD_VAULT": "", "XDG_CONFIG_HOME": value, "XDG_STATE_HOME": value,
                       "XDG_CACHE_HOME": value, "XDG_DATA_HOME": value]
            let out = try Binary.run(["paths"], env: env)
            XCTAssertEqual(out.status, 0, out.stderr)
            let lines = Dictionary(uniqueKeysWithValues: out.stdout.split(separator: "\n").map { line -> (String, String) in
                let name = line.prefix { $0 != " " }
                return (String(name), line.dropFirst(name.count).trimmingCharacters(in: .whitespaces))
            })
            XCTAssertTrue(lines["vault"]?.hasPrefix(home + "/todo.md (the default; not made yet") == true, out.stdout)
            XCTAssertTrue(lines["config"]?.hasPrefix(home + "/.config/todomd/config.yaml") == true, out.stdout)
            XCTAssertTrue(lines["state"]?.hasPrefix(home + "/.local/state/todomd/vaults/") == true, out.stdout)
            XCTAssertTrue(lines["cache"]?.hasPrefix(home + "/.cache/todomd") == true, out.stdout)
            XCTAssertEqual(lines["trash"], home + "/.local/share/Trash", out.stdout)
            XCTAssertTrue(lines["themes"]?.hasPrefix(home + "/.config/todomd/themes") == true, out.stdout)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home), [], "paths made nothing")

        // Absolute ones are used.
        let xdg = ["XDG_CONFIG_HOME": tmp.path + "/c", "XDG_STATE_HOME": tmp.path + "/s", "XDG_CACHE_HOME": tmp.path + "/k",
                   "XDG_DATA_HOME": tmp.path + "/d"]
        let out = try Binary.run(["paths"], env: xdg.merging(["HOME": home, "TODOMD_VAULT": ""]) { $1 }).stdout
        for (name, dir) in [("config", "/c/todomd/config.yaml"), ("state", "/s/todomd/vaults/"), ("cache", "/k/todomd"), ("trash", "/d/Trash")] {
            XCTAssertTrue(out.contains("\n" + name.padding(toLength: 8, withPad: " ", startingAt: 0) + tmp.path + dir), "\(name): \(out)")
        }
    }

    func testTheFirstCommandMakesTheVaultAndSaysHowToPointElsewhere() throws {
        let tmp = TempVault()
        let home = tmp.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let first = try Binary.run(["count"], env: ["HOME": home, "TODOMD_VAULT": ""])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "1\n")
        XCTAssertTrue(first.stderr.contains("created a new vault at \(home)/todo.md with a welcome task"), first.stderr)
        XCTAssertTrue(first.stderr.contains("--vault DIR") && first.stderr.contains("TODOMD_VAULT=DIR"), first.stderr)
        // The welcome task says it too, where the app shows it (i, the detail pane).
        let welcome = try String(contentsOfFile: home + "/todo.md/welcome-to-todomd.md", encoding: .utf8)
        XCTAssertTrue(welcome.contains("This folder is \(home)/todo.md") && welcome.contains("`--vault DIR`")
                      && welcome.contains("`TODOMD_VAULT=DIR`"), welcome)
        let paths = try Binary.run(["paths"], env: ["HOME": home, "TODOMD_VAULT": ""]).stdout
        XCTAssertTrue(paths.hasPrefix("vault   \(home)/todo.md (the default)\n"), paths)
    }

    func testVersionNamesTheNumberAndTheCommit() throws {
        let out = try Binary.run(["--version"])
        XCTAssertEqual(out.status, 0)
        // Built from a checkout git can read: the commit is named (with "-modified" when the sources differ from it).
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let head = try Binary.run(["-C", repository, "rev-parse", "--short=12", "HEAD"], executable: "/usr/bin/git")
        if head.status == 0 {
            let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertTrue(out.stdout.hasPrefix(TodomdVersion.number + " (commit " + commit), out.stdout)
            XCTAssertNotNil(out.stdout.range(of: #"^\d+\.\d+\.\d+ \(commit [0-9a-f]{12}(-modified)?\)\n$"#, options: .regularExpression), out.stdout)
        } else {
            XCTAssertEqual(out.stdout, TodomdVersion.number + "\n")
        }
    }
}
