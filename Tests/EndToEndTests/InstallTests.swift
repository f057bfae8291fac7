import Foundation
import TaskEngine
import XCTest

/// `make install`, `make uninstall` and `make deb` (scripts/install.sh and
/// scripts/deb.sh, which the make targets run on the release build), here on
/// the binaries the tests were built with: installed into a temporary DESTDIR
/// or unpacked from the package, then run as a user would run them.
final class InstallTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    var built: String { (Binary.path as NSString).deletingLastPathComponent }
    var scratch = ""

    override func setUpWithError() throws {
        guard Binary.path.hasPrefix("/") else { throw XCTSkip("no built todomd to install") }
        scratch = NSTemporaryDirectory() + "todomd-install-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: scratch) }

    /// The environment the scripts run with: the built binaries and the man page generator `make test` builds.
    var scriptEnvironment: [String: String] {
        ["BUILT": built, "GENERATE_MANUAL": built + "/generate-manual"]
    }

    func script(_ name: String, _ args: [String], env: [String: String]) throws -> Binary.Output {
        let out = try Binary.run(args, env: scriptEnvironment.merging(env) { $1 }, executable: Self.repository + "/scripts/" + name,
                                 in: Self.repository)
        XCTAssertEqual(out.status, 0, "\(name) \(args): \(out.stderr)")
        return out
    }

    /// Every file under `root`, relative to it.
    func files(under root: String) -> Set<String> {
        Set((FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter {
            var dir: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: &dir) && !dir.boolValue
        })
    }

    /// The subcommands todomd's own parser knows, from its help dump (the man pages must cover each).
    func subcommands(of binary: String) throws -> [String] {
        let dump = try Binary.run(["--experimental-dump-help"], executable: binary)
        let json = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any]
        let command = json?["command"] as? [String: Any]
        return ((command?["subcommands"] as? [[String: Any]]) ?? []).compactMap { $0["commandName"] as? String }
    }

    func testInstallRunsAsInstalledAndUninstallLeavesNothing() throws {
        let destdir = scratch + "/dest", prefix = "/opt/td"
        try FileManager.default.createDirectory(atPath: destdir, withIntermediateDirectories: true)
        let env = ["DESTDIR": destdir, "PREFIX": prefix]
        _ = try script("install.sh", ["install"], env: env)
        let root = destdir + prefix
        let installed = files(under: root)

        // The binaries, stripped, and saying their version.
        let todomd = root + "/bin/todomd"
        let size = { (p: String) in (try? FileManager.default.attributesOfItem(atPath: p)[.size] as? Int) ?? 0 }
        XCTAssertLessThan(size(todomd), size(Binary.path), "the installed binary is stripped")
        let version = try Binary.run(["--version"], executable: todomd)
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix(TodomdVersion.number), version.stdout)
        let bridge = try Binary.run(["--version"], executable: root + "/bin/todomd-tasknotes-bridge")
        XCTAssertTrue(bridge.stdout.hasPrefix("todomd-tasknotes-bridge " + TodomdVersion.number), bridge.stdout)

        // It works on a vault, and finds the installed themes.
        let vault = scratch + "/vault"
        XCTAssertEqual(try Binary.run(["demo", vault, "--count", "40", "--today", "2026-11-27"], executable: todomd).status, 0)
        let count = try Binary.run(["count", "--vault", vault, "--today", "2026-11-27"], executable: todomd)
        XCTAssertEqual(count.stdout, try Binary.run(["count", "--vault", vault, "--today", "2026-11-27"]).stdout)
        XCTAssertGreaterThan(Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, 0)
        // Found on PATH (argv[0] is then the bare name), from another folder.
        let onPath = ["PATH": root + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        let paths = try Binary.run(["todomd", "paths", "--vault", vault], env: onPath, executable: "/usr/bin/env", in: scratch)
        XCTAssertTrue(paths.stdout.contains(root + "/share/todomd/themes"), paths.stdout)
        for theme in try FileManager.default.contentsOfDirectory(atPath: Self.repository + "/themes") where theme.hasSuffix(".yaml") {
            XCTAssertTrue(installed.contains("share/todomd/themes/" + theme), theme)
        }

        // A man page for todomd, the bridge and each subcommand, readable by man.
        let pages = (["todomd", "todomd-tasknotes-bridge"] + (try subcommands(of: todomd)).map { "todomd." + $0 }).map { "share/man/man1/\($0).1.gz" }
        XCTAssertGreaterThan(pages.count, 10)
        XCTAssertEqual(installed.filter { $0.hasPrefix("share/man/man1/") }.sorted(), pages.sorted())
        let manPage = root + "/share/man/man1/todomd.list.1.gz"
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let man = try Binary.run(["-l", manPage], env: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"], executable: "/usr/bin/man")
            XCTAssertEqual(man.status, 0, man.stderr)
            XCTAssertTrue(man.stdout.contains("SYNOPSIS") && man.stdout.contains("--perspective"), man.stdout)
        }

        // The completions load in their shells (each shell the test machine has: `make test` installs all three).
        let bash = try Binary.run(["-c", "source \(root)/share/bash-completion/completions/todomd && complete -p todomd"], executable: "/bin/bash")
        XCTAssertTrue(bash.stdout.contains("todomd"), bash.stdout + bash.stderr)
        if let zsh = ["/usr/bin/zsh", "/bin/zsh"].first(where: FileManager.default.isExecutableFile(atPath:)) {
            let out = try Binary.run(["-f", "-c", "fpath=(\(root)/share/zsh/site-functions $fpath); autoload -Uz compinit; compinit -u -D; print -r -- ${_comps[todomd]}"],
                                     env: ["HOME": scratch], executable: zsh)
            XCTAssertEqual(out.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "_todomd", out.stderr)
        }
        if let fish = ["/usr/bin/fish", "/bin/fish"].first(where: FileManager.default.isExecutableFile(atPath:)) {
            let out = try Binary.run(["--no-config", "-c", "source \(root)/share/fish/vendor_completions.d/todomd.fish; complete -C'todomd '"],
                                     env: ["HOME": scratch, "XDG_DATA_HOME": scratch + "/fish-data"], executable: fish)
            XCTAssertTrue(out.stdout.contains("count") && out.stdout.contains("list"), out.stdout + out.stderr)
        }

        // Uninstall removes exactly that: the DESTDIR is empty again.
        let listed = try script("install.sh", ["files"], env: env).stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(listed), installed, "install wrote what uninstall will remove, no more, no less")
        _ = try script("install.sh", ["uninstall"], env: env)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destdir), [])
    }

    /// Uninstall removes only todomd's files and the folders install made: another program's file stays, and
    /// so does a folder that was there before, even empty (/usr/local/share/man, zsh's site-functions). Installing
    /// twice changes nothing of that.
    func testUninstallLeavesWhatWasThereBefore() throws {
        let destdir = scratch + "/dest"
        let env = ["DESTDIR": destdir, "PREFIX": "/usr/local"]
        let other = destdir + "/usr/local/share/bash-completion/completions/other"
        let before = ["usr/local/share/man", "usr/local/share/zsh/site-functions", "usr/local/bin"]
        for dir in before { try FileManager.default.createDirectory(atPath: destdir + "/" + dir, withIntermediateDirectories: true) }
        try FileManager.default.createDirectory(atPath: (other as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: other))
        _ = try script("install.sh", ["install"], env: env)
        _ = try script("install.sh", ["install"], env: env)
        XCTAssertTrue(FileManager.default.fileExists(atPath: destdir + "/usr/local/share/zsh/site-functions/_todomd"))
        _ = try script("install.sh", ["uninstall"], env: env)
        XCTAssertEqual(files(under: destdir), ["usr/local/share/bash-completion/completions/other"])
        for dir in before { XCTAssertTrue(FileManager.default.fileExists(atPath: destdir + "/" + dir), dir) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: destdir + "/usr/local/share/todomd"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: destdir + "/usr/local/share/fish"))
        // Nothing installed: uninstall removes nothing.
        _ = try script("install.sh", ["uninstall"], env: env)
        for dir in before { XCTAssertTrue(FileManager.default.fileExists(atPath: destdir + "/" + dir), dir) }
    }

    func testTheDebianPackageInstallsAndRuns() throws {
        // `make deb` itself, on the binaries this test run was built with (CI has no time for a release build too).
        let made = try Binary.run(["-s", "--no-print-directory", "deb", "BUILT=" + built, "DEB_OUT=" + scratch + "/out"],
                                  env: scriptEnvironment, executable: "/usr/bin/make", in: Self.repository)
        XCTAssertEqual(made.status, 0, made.stderr)
        let out = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(out.hasSuffix("todomd_\(TodomdVersion.number)_amd64.deb") || out.contains("todomd_\(TodomdVersion.number)_"), out)
        let info = try Binary.run(["-f", out], executable: "/usr/bin/dpkg-deb")
        func field(_ name: String) -> String? {
            info.stdout.split(separator: "\n").first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) }
        }
        XCTAssertEqual(field("Package"), "todomd")
        XCTAssertEqual(field("Version"), TodomdVersion.number)
        let depends = field("Depends") ?? ""
        XCTAssertTrue(depends.contains("libc6 (>= 2.36)") && depends.contains("libmimalloc2.0"), depends)

        // Unpacked into a throwaway root, it runs.
        let root = scratch + "/root"
        XCTAssertEqual(try Binary.run(["-x", out, root], executable: "/usr/bin/dpkg-deb").status, 0)
        let todomd = root + "/usr/bin/todomd"
        XCTAssertTrue(try Binary.run(["--version"], executable: todomd).stdout.hasPrefix(TodomdVersion.number))
        let vault = scratch + "/vault"
        XCTAssertEqual(try Binary.run(["demo", vault, "--count", "20"], executable: todomd).status, 0)
        XCTAssertEqual(try Binary.run(["count", "--vault", vault], executable: todomd).status, 0)
        let contents = files(under: root)
        for f in ["usr/bin/todomd-tasknotes-bridge", "usr/share/man/man1/todomd.1.gz", "usr/share/doc/todomd/copyright",
                  "usr/share/doc/todomd/changelog.gz", "usr/share/bash-completion/completions/todomd",
                  // Debian's zsh reads a package's completions from vendor-completions
                  "usr/share/zsh/vendor-completions/_todomd", "usr/share/fish/vendor_completions.d/todomd.fish"] {
            XCTAssertTrue(contents.contains(f), f)
        }
        XCTAssertFalse(contents.contains("usr/share/todomd/installed-folders"), "dpkg knows what it installed")

        // lintian finds no error. The binaries the tests are built with find the Swift runtime
        // through a RUNPATH into the toolchain, which lintian calls an error; `make release`
        // links the runtime in, and its package has none.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/lintian") else { return }
        let runpath = try Binary.run(["-p", todomd], executable: "/usr/bin/objdump").stdout.contains("RUNPATH")
        let lint = try Binary.run((runpath ? ["--suppress-tags", "custom-library-search-path"] : []) + [out], executable: "/usr/bin/lintian")
        let errors = lint.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") }
        XCTAssertEqual(errors, [], lint.stdout)
    }
}
