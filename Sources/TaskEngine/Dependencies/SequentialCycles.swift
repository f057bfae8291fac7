/// What making a project sequential would do against the tasks' own waits: when a task
/// waits for one that the project's order puts after it, neither can start. Said when the
/// project is made sequential (the app's key, `todomd project --sequential`), not only
/// later in `todomd problems`.
extension TaskIndex {
    /// The dependency cycles that `name` made sequential leaves, each as `todomd problems`
    /// words it, for the cycles that pass through one of that project's implied waits.
    public func cycles(ifSequential name: String, projects: SequentialProjects) -> [String] {
        let made = projects.with(name, sequential: true)
        guard let shown = made.project(named: name)?.name else { return [] }
        var trial = self
        trial.setSequentialProjects(made)
        return trial.dependencies.problems.map(\.text).filter { $0.hasPrefix("dependency cycle") && $0.contains(" in sequential project \(shown)") }
    }
}
