/// Where one link of a task's notes leads, told apart by what following it
/// does: a task of the vault (selected), a file that is no task (a note of a
/// TaskNotes vault, opened in the editor), a path to no file, or nowhere
/// (a name no file has, several files have, or a link refused).
public struct LinkTarget: Hashable, Sendable {
    public enum Place: Hashable, Sendable {
        /// A task's id.
        case task(String)
        /// A vault path of a file that is not a task.
        case note(String)
        /// The vault path a path-qualified link names, where no file is.
        case missing(String)
        /// Why the link leads to no file (for the user).
        case nowhere(String)
    }

    public var link: LinkReference
    public var place: Place

    public init(link: LinkReference, place: Place) {
        self.link = link
        self.place = place
    }

    /// `link`, written in the task file `source`, found with `resolver`;
    /// `isTask` tells a task's file from another one.
    public static func locate(_ link: LinkReference, from source: String, resolver: LinkResolver, isTask: (String) -> Bool) -> LinkTarget {
        let place: Place
        do {
            switch try resolver.resolve(link, from: source) {
            case .found(let path): place = isTask(path) ? .task(path) : .note(path)
            case .missing(let path): place = .missing(path)
            case .unresolved: place = .nowhere("no file is named \(BoundedQuote.prefix(link.target))")
            case .ambiguous(let paths):
                place = .nowhere("ambiguous_link: any of " + paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : ""))
            }
        } catch {
            place = .nowhere("refused: " + error.description)
        }
        return LinkTarget(link: link, place: place)
    }
}
