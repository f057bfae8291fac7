import Foundation
import TaskEngine

/// Where a vault's reminder watch is kept between runs (when the app last
/// looked, what is snoozed): beside the vault's session file, in
/// `$XDG_STATE_HOME/todomd/vaults/<folder>-<hash>.reminders.json`. Outside
/// the vault on purpose: TaskNotes' plugin keeps no snoozes at all (only an
/// in-memory set of reminders shown), so nothing in a task file would mean
/// anything to it, and a snooze is this machine's business, not the task's.
enum ReminderStateFile {
    /// A file larger than this is refused as not ours (500 snoozes take about 150 KB).
    static let maxBytes = 1 << 20

    static func path(vaultRoot: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        VaultSession.path(vaultRoot: vaultRoot, environment: environment).map { String($0.dropLast(".yaml".count)) + ".reminders.json" }
    }

    /// The watch as last saved; nil and nothing to say when there is none yet;
    /// nil and why when it cannot be read (the app then starts afresh from now).
    static func load(from path: String?) -> (ReminderWatch?, String?) {
        guard let path else { return (nil, nil) }
        let name = (path as NSString).lastPathComponent
        switch RegularFile.read(path, limit: maxBytes) {
        case .missing: return (nil, nil)
        case .refused(let why): return (nil, "\(name) could not be read (\(why)); reminders count from now")
        case .bytes(let bytes):
            do {
                var watch = try decoder.decode(ReminderWatch.self, from: Data(bytes))
                watch.snoozes = Array(watch.snoozes.suffix(ReminderWatch.maxSnoozes))  // (a file edited by hand stays bounded)
                return (watch, nil)
            } catch {
                return (nil, "\(name) could not be read (not a reminder state file); reminders count from now and it is written afresh")
            }
        }
    }

    /// Written whole and atomically; `lastLook` never moves back past what
    /// another todomd on the vault saved (its snoozes give way to ours).
    static func save(_ watch: ReminderWatch, to path: String) throws {
        var merged = watch
        if case .bytes(let bytes) = RegularFile.read(path, limit: maxBytes), let theirs = try? decoder.decode(ReminderWatch.self, from: Data(bytes)) {
            merged.lastLook = max(watch.lastLook, theirs.lastLook)
        }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AtomicFile.write(Array(try encoder.encode(merged)), to: path)
    }

    // (Seconds as a number, not ISO text: a look at 10:00:00.5 read back as 10:00:00 would show a 10:00:00 reminder twice.)
    private static var decoder: JSONDecoder {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .secondsSince1970
        return d
    }

    private static var encoder: JSONEncoder {
        let e = JSONEncoder()
        e.dateEncodingStrategy = .secondsSince1970
        e.outputFormatting = [.sortedKeys]
        return e
    }
}
