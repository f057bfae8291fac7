import TaskEngine

/// The Forecast's strip at the top of the list: Overdue, each day (weekday and
/// day number) and Later, each with its count. The selected slot is in
/// brackets and reversed; a busy day carries ▲ after its count (not colour
/// alone). Where the strip is wider than the pane it scrolls to keep the
/// selected slot in view, with ‹ and › saying more is hidden that way.
public enum ForecastStripView {
    /// (`todomd forecast` marks a busy day with it too.)
    public static var busyMark: String { GlyphSet.symbols.text(.busy) }

    struct Item: Equatable {
        var slot: Forecast.Slot
        /// "Mon 30 5", "Overdue 2", "Wed 2 9▲".
        var text: String
        var selected: Bool
        var busy: Bool
        var count: Int

        /// As drawn: in brackets when selected, else between blanks (the same width either way).
        var drawn: String { selected ? "[" + text + "]" : " " + text + " " }
        var width: Int { DisplayWidth.of(drawn) }
    }

    static func items(_ f: ForecastState, counts c: Forecast.Counts, glyphs: GlyphSet = .symbols) -> [Item] {
        c.slots.map { slot in
            let n = c.count(slot)
            let label: String
            switch slot {
            case .overdue: label = "Overdue"
            case .later: label = "Later"
            case .day(let d):
                let day = c.today.adding(days: d)
                label = "\(Forecast.weekday(day)) \(day.dayOfMonth)"
            }
            let busy = f.isBusy(slot, count: n)
            return Item(slot: slot, text: "\(label) \(n)" + (busy ? (glyphs == .words ? " " : "") + glyphs.text(.busy) : ""), selected: slot == f.slot, busy: busy, count: n)
        }
    }

    /// The items that fit in `width` columns: all of them when they do, else
    /// a run around the selected one, a column kept at each end for ‹ and ›.
    static func window(_ items: [Item], width: Int) -> Range<Int> {
        guard !items.isEmpty else { return 0..<0 }
        if items.reduce(0, { $0 + $1.width }) <= width { return items.indices }
        let room = width - 2
        let sel = items.firstIndex(where: \.selected) ?? 0
        var lo = sel, hi = sel + 1, used = items[sel].width
        // Grow one item to the right (the days ahead), then one to the left, while either fits:
        // the selected slot stays near the middle, with what comes before and after it in view.
        var grew = true
        while grew {
            grew = false
            if hi < items.count, used + items[hi].width <= room {
                used += items[hi].width
                hi += 1
                grew = true
            }
            if lo > 0, used + items[lo - 1].width <= room {
                lo -= 1
                used += items[lo].width
                grew = true
            }
        }
        return lo..<hi
    }

    /// The strip on one line at `y`, `width` columns from `x`. Returns the
    /// column where the selected slot's words start (after its bracket), when shown.
    @discardableResult
    static func render(_ state: AppState, layout: inout ViewLayout, into screen: inout Screen, x: Int, y: Int, width: Int) -> Int? {
        guard let counts = state.forecast.counts, width > 2 else { return nil }
        var selectedAt: Int?
        var hits: [(x: Range<Int>, position: Int)] = []
        let all = items(state.forecast, counts: counts, glyphs: state.glyphs)
        let shown = window(all, width: width)
        let scrolled = shown.count < all.count
        var at = x + (scrolled ? 1 : 0)
        let end = x + width - (scrolled ? 1 : 0)
        if scrolled, shown.lowerBound > 0 { _ = screen.put(state.glyphs.text(.previous), x: x, y: y, style: CellStyle(.dim), maxX: x + 1) }
        for (position, item) in zip(shown, all[shown]) {
            let style: CellStyle = item.selected ? CellStyle(.selected, bold: true)
                : item.busy ? CellStyle(.overdue, bold: true)
                : item.slot == .overdue && item.count > 0 ? CellStyle(.overdue)
                : item.count == 0 ? CellStyle(.dim) : .normal
            let text = DisplayWidth.truncate(item.drawn, to: max(0, end - at))
            let start = at
            at = screen.put(text, x: at, y: y, style: style, maxX: end)
            if item.selected, at > start + 1 { selectedAt = start + 1 }
            hits.append((start..<at, position))
        }
        layout.forecastStrip = (y, hits)
        if scrolled, shown.upperBound < all.count { _ = screen.put(state.glyphs.text(.next), x: x + width - 1, y: y, style: CellStyle(.dim), maxX: x + width) }
        return selectedAt
    }

    /// "Mon 30 Nov", "Overdue", "Later": what the list below the strip holds.
    static func title(_ f: ForecastState, counts c: Forecast.Counts) -> String {
        switch f.slot {
        case .overdue: return "Overdue"
        case .later: return "Later"
        case .day(let d): return DayLabel.long(c.today.adding(days: d), today: c.today)
        }
    }
}
