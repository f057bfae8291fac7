import Foundation
import Yams

/// The last look before a write: the new text is parsed back, and it must say
/// what was meant (every field of the edited task) while every key the edit
/// did not name reads exactly as before. Anything else (an alias left without
/// its anchor, a duplicate key, a line that broke the YAML) refuses the write,
/// so the file stays byte for byte as it was.
enum WriteCheck {
    static func verify(old: ParsedTaskFile, newBytes: [UInt8], changedKeys: Set<String>, expected: TaskItem,
                       timeZone: TimeZone, profile: VaultProfile = .todomd) throws -> TaskItem {
        // (The id `expected` has: a rename reads the title from its new name.)
        let id = expected.id
        let new: ParsedTaskFile
        do { new = try TaskFileCodec.parse(newBytes, id: id, timeZone: timeZone, profile: profile) } catch {
            throw WriteRefusal.notFaithful(id: id, reason: "\(error)")
        }
        let before = try values(old.split, profile: profile).filter { !changedKeys.contains($0.key) }
        let after = try values(new.split, profile: profile).filter { !changedKeys.contains($0.key) }
        if before.map(\.key) != after.map(\.key) {
            throw WriteRefusal.notFaithful(id: id, reason: "the keys \(before.map(\.key)) would become \(after.map(\.key))")
        }
        for (a, b) in zip(before, after) where a.value != b.value {
            throw WriteRefusal.notFaithful(id: id, reason: "`\(a.key)` would change")
        }
        if let field = differingField(new.task, expected) {
            throw WriteRefusal.notFaithful(id: id, reason: "`\(field)` would read back differently")
        }
        return new.task
    }

    /// The first field whose meaning differs (`modified` aside, which the writer stamps).
    static func differingField(_ a: TaskItem, _ b: TaskItem) -> String? {
        if a.title != b.title { return "title" }
        if a.statusText != b.statusText { return "status" }
        if a.priorityText != b.priorityText { return "priority" }
        if a.flagged != b.flagged { return "flagged" }
        for f in TaskField.dateFields where f != .modified && a.date(f)?.raw != b.date(f)?.raw { return f.key }
        if a.area != b.area { return "area" }
        if a.project != b.project || a.otherProjects != b.otherProjects { return "project" }
        if a.tags != b.tags { return "tags" }
        if a.contexts != b.contexts { return "contexts" }
        if a.assignees != b.assignees { return "assignees" }
        if a.estimatedMinutes != b.estimatedMinutes { return "estimated_minutes" }
        if a.recurrence != b.recurrence { return "recurrence" }
        if a.recurrenceAnchor != b.recurrenceAnchor { return "recurrence_anchor" }
        if a.completeInstances != b.completeInstances { return "complete_instances" }
        if a.skippedInstances != b.skippedInstances { return "skipped_instances" }
        if a.source != b.source { return "source" }
        if a.dependencies != b.dependencies { return "dependencies" }
        // (Time entries are not compared: a list holding an entry that cannot be read is left as it is,
        // whatever the task in memory says, `FrontmatterEdit.trackingChanges`.)
        if a.reminders != b.reminders || a.badReminders != b.badReminders { return "reminders" }
        if a.body != b.body { return "body" }
        return nil
    }

    /// Every top-level key with its value in a canonical text (aliases resolved,
    /// plain scalars by their resolved type), in file order.
    static func values(_ split: SplitTaskFile, profile: VaultProfile = .todomd) throws -> [(key: String, value: String)] {
        guard split.hasFrontmatter, !split.frontmatterLines.isEmpty,
              let root = try YAMLBounds.compose(profile.yamlText(split)),
              case .mapping(let mapping) = root else { return [] }
        return mapping.map { ($0.key.string ?? canonical($0.key), canonical($0.value)) }
    }

    static func canonical(_ node: Node) -> String {
        switch node {
        case .scalar(let s):
            if s.style == .plain || s.style == .any {
                let tag = Resolver.default.resolveTag(of: node)
                return tag == .null ? "null" : tag.rawValue + ":" + s.string
            }
            return "str:" + s.string
        case .sequence(let seq): return "[" + seq.map(canonical).joined(separator: ",") + "]"
        case .mapping(let map): return "{" + map.map { canonical($0.key) + ":" + canonical($0.value) }.joined(separator: ",") + "}"
        case .alias(let a): return "*" + a.anchor.rawValue
        }
    }
}
