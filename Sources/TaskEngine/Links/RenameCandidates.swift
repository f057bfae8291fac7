extension TaskIndex {
    /// The tasks whose files may name `id`'s file by its name: their dependencies, projects, title
    /// or notes hold the name (folded, or percent-encoded as a markdown link writes it). More than
    /// do, cheaply (no file is read): `VaultWriter.followRename` reads each and rewrites what does.
    public func mayName(_ id: String) -> [TaskItem] {
        let stem = ReferenceRewrite.stem(VaultLinks.name(id))
        let queries = Array(Set([stem, ReferenceRewrite.percentEncoded(stem)].map(TextFold.search)))
        guard !stem.isEmpty else { return [] }
        return tasks.filter { t in
            t.task.id != id && queries.contains { q in
                t.searchContains(q) || t.task.dependencies.contains { TextFold.search($0.uid).contains(q) }
                    || t.task.projects.contains { TextFold.search($0).contains(q) }
            }
        }.map(\.task)
    }
}
