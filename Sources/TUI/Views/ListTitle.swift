/// The list pane's title, fitted to its frame. What must never be hidden
/// (how many tasks are marked, the search) stays; the perspective's name
/// stays too, cut with `…` rather than left out: the sort goes first, then
/// the quick filter's words shorten, then the count loses its words ("3
/// tasks" → "3"), then the name is cut to a few letters, then the filter and
/// the count go, then the name is cut to one letter; only on the narrowest
/// panes does the name go (to its icon) and the marks are what is left.
enum ListTitle {
    struct Parts {
        var icon: String
        var name: String
        /// "139 tasks", "12 of 53 tasks".
        var count: String
        /// The count without its word: "139", "12 of 53".
        var shortCount: String
        var sort: String?
        var quickFilter = false
        /// The key that opens the quick filter (nil: none left after a remap).
        var quickFilterKey: String?
        /// "3 marked", "3 marked (1 shown)".
        var marked: String?
        /// The search as shown (with its caret while typed), without its "/".
        var search: String?
    }

    /// The title in at most `room` columns where it can be; past that the frame cuts its end.
    static func fit(_ p: Parts, room: Int) -> String {
        func join(icon: Bool = true, name: String?, count: String?, sort: String?, filter: String?, search: String? = p.search) -> String {
            // (In words there is no icon: the name alone, and nothing when it goes.)
            let head = icon ? (name.map { p.icon.isEmpty ? $0 : p.icon + " " + $0 } ?? (p.icon.isEmpty ? nil : p.icon)) : nil
            return [head, count, sort, filter, p.marked, search.map { "/" + $0 }].compactMap { $0 }.joined(separator: " · ")
        }
        let key = p.quickFilterKey.map { " (\($0))" } ?? ""
        let filter = p.quickFilter ? "quick filter on" + key : nil
        let shortFilter = p.quickFilter ? "filter" + key : nil
        for title in [join(name: p.name, count: p.count, sort: p.sort, filter: filter),
                      join(name: p.name, count: p.count, sort: nil, filter: filter),
                      join(name: p.name, count: p.count, sort: nil, filter: shortFilter),
                      join(name: p.name, count: p.shortCount, sort: nil, filter: shortFilter)] where DisplayWidth.of(title) <= room {
            return title
        }
        // The name is cut to what is left beside the rest: to a few letters while the count and filter stay, then
        // (they gone) to one letter and its "…".
        let few = min(DisplayWidth.of(p.name), 6)
        for (count, filter, least) in [(p.shortCount, shortFilter, few), (p.shortCount, nil, few), (nil, nil, few), (nil, nil, 2)] as [(String?, String?, Int)] {
            let nameRoom = room - DisplayWidth.of(join(name: "", count: count, sort: nil, filter: filter))
            if nameRoom >= least, !p.name.isEmpty { return join(name: DisplayWidth.truncate(p.name, to: nameRoom), count: count, sort: nil, filter: filter) }
        }
        // Then the name, the word "tasks", the filter's words and the count go; the marks stay.
        let last = [join(name: nil, count: p.count, sort: nil, filter: shortFilter),
                    join(name: nil, count: p.shortCount, sort: nil, filter: shortFilter),
                    join(name: nil, count: p.shortCount, sort: nil, filter: nil),
                    join(name: nil, count: nil, sort: nil, filter: nil)]
        if let title = last.first(where: { DisplayWidth.of($0) <= room }) { return title }
        // The marks, and what of the search fits after them.
        let marks = join(icon: false, name: nil, count: nil, sort: nil, filter: nil, search: nil)
        guard let search = p.search else { return marks }
        let searchRoom = room - DisplayWidth.of(marks) - (marks.isEmpty ? 0 : 3) - 1
        if searchRoom < 2 { return marks.isEmpty ? "/" + DisplayWidth.truncate(search, to: max(1, room - 1)) : marks }
        return join(icon: false, name: nil, count: nil, sort: nil, filter: nil, search: DisplayWidth.truncate(search, to: searchRoom))
    }
}
