import Foundation

extension VaultWriter {
    /// Several renames made by one write of several tasks, followed into the other files in the
    /// order they were made, each as `followRename` follows one, as though it had been followed
    /// right after it was made: a link to a name an earlier rename took away already names the new
    /// one, and a file one follow rewrote is the next one's as it now is.
    /// `renames`: each task's id before and after, in the order written. `before`: the vault as read
    /// before the write (which files may name each old name, and where links led). `written`: the
    /// tasks as the write left them, by their id before it (a task the write changed is taken as
    /// it is now, not as `before` holds it). `notes`: also the vault's notes (`notesNaming`).
    /// Nothing is followed where the vault's settings say renames are not (`VaultProfile.followsRenames`).
    /// `updated` holds each task file once, as last written.
    public func followRenames(_ renames: [(from: String, to: String)], before: TaskIndex, written: [String: TaskItem],
                              notes: Bool = true) -> FollowedRename {
        var out = FollowedRename()
        guard profile.followsRenames, !renames.isEmpty else { return out }
        var ids = before.tasks.map(\.task.id)
        var current: [String: TaskItem] = [:], renamed: [String: String] = [:]
        for (old, t) in written {
            current[t.id] = t
            if t.id != old { renamed[old] = t.id }
        }
        // Every task file on disk now, old names and new: none of them is a note.
        let taskFiles = Set(ids).union(current.keys)
        var order: [String] = [], ordered = Set<String>(), notesSeen = Set<String>()
        for (from, to) in renames where from != to {
            // (The renamed task's own file is left out by what it was, not by its name now: another
            // task renamed before may have taken that name.)
            let candidates = before.mayName(from).map { c in current[renamed[c.id] ?? c.id] ?? c }
            let noteIDs = notes ? notesNaming(from, taskIDs: taskFiles) : []
            let followed = follow(from: from, to: to, candidates: candidates, ids: ids, notes: noteIDs)
            for t in followed.updated {
                if ordered.insert(t.id).inserted { order.append(t.id) }
                current[t.id] = t
            }
            for n in followed.notes where notesSeen.insert(n).inserted { out.notes.append(n) }
            out.links += followed.links
            out.skipped += followed.skipped
            // The next rename is followed in the vault as this one left it.
            if let i = ids.firstIndex(of: from) { ids[i] = to }
        }
        out.updated = order.compactMap { current[$0] }
        return out
    }
}
