import Foundation

/// A rename followed into the vault's markdown files that are no task (a
/// project's note, a daily note), as Obsidian updates every file's links:
/// their links in the text and in quoted frontmatter values that led to the
/// renamed task name the new name (tasknotes-spec §11.9: links in body content).
extension VaultWriter {
    /// The largest note read for links: a bigger one is left as it is.
    public static let largestNoteFollowed = 8 << 20

    /// The vault paths of markdown files that are no task (not in `taskIDs`) and hold the old file's
    /// name (as written or percent-encoded), read once with `readdir` (folders starting with `.` skipped).
    public func notesNaming(_ oldID: String, taskIDs: Set<String>) -> [String] {
        let stem = ReferenceRewrite.stem(VaultLinks.name(oldID))
        guard !stem.isEmpty else { return [] }
        let needles = Set([stem, ReferenceRewrite.percentEncoded(stem)])
        var out: [String] = []
        for (name, paths) in VaultFileNames.walk(root: root, limit: VaultLinks.walkLimit) where name.lowercased().hasSuffix(".md") {
            for path in paths where !taskIDs.contains(path) && path != oldID {
                guard let bytes = RegularFile.bytes(self.path(of: path), limit: Self.largestNoteFollowed),
                      let text = String(validating: bytes, as: UTF8.self),
                      needles.contains(where: { text.range(of: $0, options: .caseInsensitive) != nil }) else { continue }
                out.append(path)
            }
        }
        return out.sorted()
    }

    /// One note's links rewritten and written, holding the vault's lock (the caller's); nil when it
    /// names the old file nowhere. A note whose frontmatter is not YAML this reads, or would read
    /// with other keys or values than those of the lines rewritten, is refused.
    func followInNote(_ id: String, _ rewrite: ReferenceRewrite) throws -> Int? {
        let target = try WriteTarget.resolve(path(of: id), id: id, root: root)
        guard let original = RegularFile.bytes(target, limit: Self.largestNoteFollowed) else { throw VaultError.unknownTask(id) }
        let split: SplitTaskFile
        do { split = try FrontmatterSplitter.split(original) } catch { throw WriteRefusal.notFaithful(id: id, reason: "\(error)") }
        let first = split.openingLine == nil ? 0 : 1
        let notes = first + split.frontmatterLines.count + (split.closingLine == nil ? 0 : 1)
        guard let (bytes, count) = rewrite.rewrite(original, source: id, notes: notes, linkLines: Set(first..<notes), bareLines: []) else {
            return nil
        }
        if split.hasFrontmatter {
            let after: SplitTaskFile
            do { after = try FrontmatterSplitter.split(bytes) } catch { throw WriteRefusal.notFaithful(id: id, reason: "\(error)") }
            let (a, b) = (try? WriteCheck.values(split, profile: profile), try? WriteCheck.values(after, profile: profile))
            guard let a, let b, a.map(\.key) == b.map(\.key), after.frontmatterLines.count == split.frontmatterLines.count else {
                throw WriteRefusal.notFaithful(id: id, reason: "its frontmatter would read differently")
            }
        }
        let replaced: Bool
        do { replaced = try AtomicFile.replace(target, expected: original, with: bytes) } catch { throw VaultError.write("\(error)") }
        guard replaced else { throw VaultError.changedOnDisk(id) }
        return count
    }
}
