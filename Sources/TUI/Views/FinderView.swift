import TaskEngine

/// The finder: the query line, then the ranked tasks with the matched
/// characters of each title highlighted, where it matched, and its place.
enum FinderView {
    static func render(_ f: Finder, _ state: AppState, into screen: inout Screen) -> PopupHits {
        let frame = PopupFrame.open(&screen, width: min(110, screen.width - 4), height: screen.height - 4,
                                    title: state.keymap.titled("Find anything · \(f.searched) tasks", [("find-jump", "go"), ("find-close", "close")], in: [.finder]))
        let x = frame.innerX + 1, right = frame.innerRight - 1, width = right - x
        let (shown, column) = f.field.visible(width: max(2, width - 4))
        var end = screen.put(state.glyphs.text(.prompt) + " ", x: x, y: frame.y + 1, style: CellStyle(.accent, bold: true))
        let fieldX = end
        end = screen.put(shown, x: end, y: frame.y + 1, maxX: right)
        screen.markFocus(.popup, x: fieldX + column, y: frame.y + 1, typing: true)
        if !f.field.isAtEnd {
            screen.fill(y: frame.y + 1, from: fieldX + column, to: fieldX + column + 1, style: CellStyle(.accent, bold: true))
        } else {
            screen.put("▏", x: end, y: frame.y + 1, style: CellStyle(.accent), maxX: right)
        }
        let status = f.text.isEmpty ? "type: words of a title, the notes, an area, a project or a tag (accents and case ignored)"
            : f.hits.isEmpty ? "no task matches" : "\(f.hits.count)\(f.hits.count == 50 ? "+" : "") found"
        screen.put(DisplayWidth.truncate(status, to: width), x: x, y: frame.y + 2, style: CellStyle(.dim), maxX: right)
        var hits: [Int: Int] = [:]
        let top = frame.y + 3, rows = frame.innerHeight - 2
        // Two lines a result: the title, then where it matched.
        let perPage = max(1, rows / 2)
        let first = PopupFrame.scroll(cursor: f.selected, rows: perPage, count: f.hits.count)
        for (k, hit) in f.hits.dropFirst(first).prefix(perPage).enumerated() {
            let i = first + k, y = top + 2 * k
            guard let t = state.task(id: hit.id) else { continue }
            let selected = i == f.selected
            let base = selected ? CellStyle(.selected) : CellStyle.normal
            if selected { for line in [y, y + 1] { screen.fill(y: line, from: frame.innerX, to: frame.innerRight, style: base) } }
            let marked = hit.field == .title ? Set(FuzzyMatch.positions(f.text, in: t.title)) : []
            var col = screen.put((selected ? "▸ " : "  ") + state.glyphs.text(.status(t.status)) + " ", x: x, y: y, style: base, maxX: right)
            // Read by a screen reader, the chosen result is the focus (as a picker's item is): Enter opens it.
            if selected { screen.markFocus(.popup, x: col, y: y, keepsCaret: true) }
            // (Cut to the room after the status, which in words is wider than a glyph, so the cut shows its `…`.)
            for (n, ch) in DisplayWidth.truncate(t.title, to: max(4, right - col - 2)).enumerated() {
                col = screen.put(String(ch), x: col, y: y, style: marked.contains(n) ? CellStyle(selected ? .selected : .accent, bold: true) : base,
                                 maxX: right)
            }
            hits[y] = i
            hits[y + 1] = i
            var place = [t.area.map { "@" + $0 }, t.project.map { "+" + $0 }].compactMap { $0 }.joined(separator: " ")
            switch hit.field {
            case .title: break
            case .area: place = "area: " + place
            case .project: place = "project: " + place
            case .tag(let tag): place = "#" + tag + (place.isEmpty ? "" : " · " + place)
            case .notes: place = "notes: " + (hit.snippet ?? "") + (place.isEmpty ? "" : " · " + place)
            }
            screen.put(DisplayWidth.truncate("    " + place, to: width), x: x, y: y + 1, style: selected ? base : CellStyle(.dim), maxX: right)
        }
        return frame.hits(hits)
    }
}
