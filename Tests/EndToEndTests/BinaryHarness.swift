import Foundation
import XCTest

/// Runs the real `todomd` binary for the CLI (TmuxHarness.swift runs it in tmux for the TUI).
enum Binary {
    static var path: String {
        if let p = ProcessInfo.processInfo.environment["TODOMD_BIN"], FileManager.default.isExecutableFile(atPath: p) { return p }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for config in ["debug", "release"] {
            let p = root.appendingPathComponent(".build/\(config)/todomd").path
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return "todomd"
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Ended by a signal (a trap is SIGILL or SIGTRAP), `status` then being the signal's number.
        var signalled = false
    }

    /// Runs `executable` (default: todomd) with `args`, in `directory` when given, with the
    /// user's settings, state, cache and trash out of reach.
    @discardableResult
    static func run(_ args: [String], env: [String: String] = [:], executable: String? = nil, in directory: String? = nil) throws -> Output {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable ?? path)
        p.arguments = args
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "todomd-e2e-cache"  // never the user's cache
        let own = [NSTemporaryDirectory() + "todomd-e2e-config-" + UUID().uuidString,  // nor their settings
                   NSTemporaryDirectory() + "todomd-e2e-state-" + UUID().uuidString,  // nor what they remember
                   NSTemporaryDirectory() + "todomd-e2e-data-" + UUID().uuidString]  // nor their trash
        environment["XDG_CONFIG_HOME"] = own[0]
        environment["XDG_STATE_HOME"] = own[1]
        environment["XDG_DATA_HOME"] = own[2]
        defer { for dir in own { try? FileManager.default.removeItem(atPath: dir) } }
        for (k, v) in env { environment[k] = v }
        p.environment = environment
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self),
                      signalled: p.terminationReason == .uncaughtSignal)
    }
}

final class TempVault {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "todomd-e2e-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Several files at once, path and text.
    func write(_ files: KeyValuePairs<String, String>) { for (id, text) in files { write(id, text) } }

    func write(_ id: String, _ text: String) {
        let full = path + "/" + id
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
    }

    func text(_ id: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + id).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file's path and bytes, to prove nothing was written.
    func contents() -> [String: Data] {
        var out: [String: Data] = [:]
        let e = FileManager.default.enumerator(atPath: path)!
        while let rel = e.nextObject() as? String {
            if let d = FileManager.default.contents(atPath: path + "/" + rel) { out[rel] = d }
        }
        return out
    }
}
