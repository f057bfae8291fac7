import Foundation

/// Who may wait for a task, in a vault of another tool's format: the cache holds no tasks for
/// such a vault (it holds them as todomd's own format reads them), so no rule columns either.
/// What a full read found instead is remembered beside the listing it was read for: each task
/// that has dependencies, with the names they give (`TaskDependency.key`). Asked with another
/// listing (a file added, removed or changed since), other settings of the vault's tool, or
/// another build of todomd, it is no answer and the vault is read.
extension VaultLoader {
    /// The files whose bytes decide how `ProfileDetection` reads another tool's vault.
    static let profileSources = [".obsidian/plugins/tasknotes/data.json", "tasknotes.yaml", "backlog/config.yml", ProfileDetection.explicitFile]

    /// The memo's name: the vault's settings as they are now.
    static func waitsMemoName(root: String) -> String {
        var bytes: [UInt8] = []
        for source in profileSources {
            bytes += Array(source.utf8) + [0]
            if case .bytes(let b) = RegularFile.read(root + "/" + source) { bytes += [1] + b }
            bytes.append(0)
        }
        return "waits." + String(FileFingerprint(bytes: bytes).hash, radix: 16)
    }

    /// What the memo answers for: the listing, read by this build.
    static func waitsMemoKey(_ listing: VaultListing.Listing) -> String { listing.hash + " " + RunningProgram.stamp }

    /// Remembers the dependencies of `snapshot`'s tasks (read in full for `listing`).
    public static func rememberWaits(_ snapshot: VaultSnapshot, root: String, cache: TaskCache, listing: VaultListing.Listing) {
        guard listing.problems.isEmpty else { return }
        let rows = snapshot.index.tasks.compactMap { t in t.task.dependencies.isEmpty ? nil : [t.task.id] + t.task.dependencies.map(\.key) }
        guard let data = try? JSONEncoder().encode(rows) else { return }
        cache.storeMemo(waitsMemoName(root: root), String(decoding: data, as: UTF8.self), listing: waitsMemoKey(listing))
        PhaseTrace.mark("remember \(rows.count) with dependencies")
    }

    /// `mayBeWaitedFor` for another tool's vault, from what `rememberWaits` kept (nil: nothing kept
    /// for this listing, these settings and this build).
    public static func mayBeWaitedFor(remembered id: String, root: String, cache: TaskCache?, listing: VaultListing.Listing) -> Bool? {
        guard let cache, listing.problems.isEmpty, let text = cache.memo(waitsMemoName(root: root), listing: waitsMemoKey(listing)),
              let rows = try? JSONDecoder().decode([[String]].self, from: Data(text.utf8)) else { return nil }
        PhaseTrace.mark("read \(rows.count) remembered with dependencies")
        let own = ReferenceRewrite.stem(VaultLinks.name(id)).lowercased()
        return rows.contains { row in row.first != id && row.dropFirst().contains { mayName(key: $0, own) } }
    }
}
