@testable import TaskEngine
@testable import TUI

/// Checks over a rendered screen's text (and, for the selected row, its
/// styles), each returning what it found wrong, one line a fault. The frames
/// a screen drew (`Screen.layers`) say where borders were drawn; the checks
/// then read what the cells hold now.
enum ScreenChecks {
    static let vertical: Set<String> = ["│", "├", "┤", "┼"]
    static let horizontal: Set<String> = ["─", "┬", "┴", "┼"]

    /// Whether a layer drawn after `index` covers the cell.
    static func covered(_ screen: Screen, after index: Int, x: Int, y: Int) -> Bool {
        screen.layers[(index + 1)...].contains { $0.rect.contains(x: x, y: y) }
    }

    static func cell(_ screen: Screen, _ x: Int, _ y: Int) -> String? {
        x >= 0 && x < screen.width && y >= 0 && y < screen.height ? screen[x, y].text : nil
    }

    /// Border cells (other than the top edge between its corners, where the
    /// title goes) that hold anything but border glyphs while no later layer
    /// covers them: text drawn over a frame.
    static func textOverBorders(_ screen: Screen) -> [String] {
        var faults: [String] = []
        for (i, layer) in screen.layers.enumerated() where layer.bordered {
            let r = layer.rect
            let right = r.maxX - 1, bottom = r.maxY - 1
            func expect(_ x: Int, _ y: Int, _ allowed: Set<String>, _ what: String) {
                guard let text = cell(screen, x, y), !covered(screen, after: i, x: x, y: y), !allowed.contains(text) else { return }
                faults.append("frame at \(r.x),\(r.y) \(r.width)×\(r.height): its \(what) at column \(x), row \(y) holds “\(text)”")
            }
            expect(r.x, r.y, ["┌"], "top-left corner")
            expect(right, r.y, ["┐"], "top-right corner")
            expect(r.x, bottom, ["└"], "bottom-left corner")
            expect(right, bottom, ["┘"], "bottom-right corner")
            for y in (r.y + 1)..<max(r.y + 1, bottom) {
                expect(r.x, y, vertical, "left edge")
                expect(right, y, vertical, "right edge")
            }
            for x in (r.x + 1)..<max(r.x + 1, right) { expect(x, bottom, horizontal, "bottom edge") }
        }
        return faults
    }

    /// Corners whose arms do not go on into their frame's edges: a pane's
    /// corner showing beside a popup's (`┌┌`, `│┘`), or a corner left alone
    /// under a popup's edge. Checked for every frame corner still in view,
    /// and for repeated corners anywhere in the text.
    static func strayCorners(_ screen: Screen) -> [String] {
        var faults: [String] = []
        let pairs: Set<String> = ["┌┌", "┐┐", "└└", "┘┘", "│┘", "│┐", "┌│", "└│"]
        let firsts = Set(pairs.map { String($0.prefix(1)) })
        for y in 0..<screen.height {
            for x in 0..<max(0, screen.width - 1) where firsts.contains(screen[x, y].text) {
                let pair = screen[x, y].text + screen[x + 1, y].text
                if pairs.contains(pair) { faults.append("“\(pair)” at column \(x), row \(y): \(screen.lines[y])") }
            }
        }
        for (i, layer) in screen.layers.enumerated() where layer.bordered {
            let r = layer.rect
            let right = r.maxX - 1, bottom = r.maxY - 1
            // (corner, column, row, the neighbour along its horizontal arm and what it may hold, along its vertical arm and what it may hold)
            let corners: [(String, Int, Int, Int, Set<String>, Int, Set<String>)] = [
                ("┌", r.x, r.y, r.x + 1, horizontal.union([" ", "┐"]), r.y + 1, vertical.union(["└"])),
                ("┐", right, r.y, right - 1, horizontal.union([" ", "┌"]), r.y + 1, vertical.union(["┘"])),
                ("└", r.x, bottom, r.x + 1, horizontal.union(["┘"]), bottom - 1, vertical.union(["┌"])),
                ("┘", right, bottom, right - 1, horizontal.union(["└"]), bottom - 1, vertical.union(["┐"])),
            ]
            for (glyph, x, y, ax, along, vy, down) in corners {
                guard cell(screen, x, y) == glyph, !covered(screen, after: i, x: x, y: y) else { continue }
                if let h = cell(screen, ax, y), !along.contains(h) {
                    faults.append("corner “\(glyph)” at column \(x), row \(y) has “\(h)” beside it: \(screen.lines[y])")
                }
                if let v = cell(screen, x, vy), !down.contains(v) {
                    faults.append("corner “\(glyph)” at column \(x), row \(y) has “\(v)” above or below it")
                }
            }
        }
        return faults
    }

    /// Columns beside a popup's sides within which a pane's corner reads as a
    /// stray piece against the popup's own (`┌ Pe┌ Edit task …┐───┐`).
    static let nearColumns = 10
    static let corners: Set<String> = ["┌", "┐", "└", "┘"]

    /// Popups (frames drawn over a rectangle cleared for them, after the
    /// panes) that are not their own clean rectangle: an edge on the same
    /// line as an earlier frame's edge that shows past the popup's end
    /// (`★ Today · 10┌ Find anything …┐────┐`), or an earlier frame's corner
    /// in view on one of the popup's rows within a few columns of its sides
    /// (`┌ Pe┌ Edit task …┐───┐`, `│└─│ ☼ [≡] …`).
    static func popupEdges(_ screen: Screen) -> [String] {
        var faults: [String] = []
        let layers = screen.layers
        for (i, popup) in layers.enumerated() where i > 0 && popup.bordered && !layers[i - 1].bordered && layers[i - 1].rect == popup.rect {
            let p = popup.rect
            let pRows = p.y..<p.maxY, pColumns = p.x..<p.maxX
            for (j, frame) in layers.enumerated() where j < i - 1 && frame.bordered {
                let q = frame.rect
                func shows(_ x: Int, _ y: Int) -> Bool { cell(screen, x, y) != nil && !covered(screen, after: j, x: x, y: y) }
                for row in Set([q.y, q.maxY - 1]) where row == p.y || row == p.maxY - 1 {
                    if let x = (q.x..<q.maxX).first(where: { !pColumns.contains($0) && shows($0, row) }) {
                        faults.append("popup at \(p.x),\(p.y) \(p.width)×\(p.height): its edge on row \(row) runs along the frame at \(q.x),\(q.y)'s, "
                                      + "seen at column \(x): \(screen.lines[row])")
                    }
                }
                for column in Set([q.x, q.maxX - 1]) where column == p.x || column == p.maxX - 1 {
                    if let y = (q.y..<q.maxY).first(where: { !pRows.contains($0) && shows(column, $0) }) {
                        faults.append("popup at \(p.x),\(p.y) \(p.width)×\(p.height): its edge in column \(column) runs along the frame at \(q.x),\(q.y)'s, "
                                      + "seen at row \(y)")
                    }
                }
                for (cx, cy) in [(q.x, q.y), (q.maxX - 1, q.y), (q.x, q.maxY - 1), (q.maxX - 1, q.maxY - 1)] where pRows.contains(cy) && shows(cx, cy) {
                    guard let glyph = cell(screen, cx, cy), corners.contains(glyph) else { continue }
                    let gap = cx < p.x ? p.x - cx : cx - (p.maxX - 1)
                    if !pColumns.contains(cx), gap <= nearColumns {
                        faults.append("popup at \(p.x),\(p.y) \(p.width)×\(p.height): the corner “\(glyph)” of the frame at \(q.x),\(q.y) shows \(gap) columns "
                                      + "from its side: \(screen.lines[cy])")
                    }
                }
            }
        }
        return faults
    }

    /// Popups whose last column inside the right edge holds text: a line
    /// cut there by the frame rather than ended with “…” or wrapped
    /// (`…overrides the dens│`). That column is left to the scroll marks.
    static func textAgainstPopupEdges(_ screen: Screen) -> [String] {
        var faults: [String] = []
        let layers = screen.layers
        for (i, popup) in layers.enumerated() where i > 0 && popup.bordered && !layers[i - 1].bordered && layers[i - 1].rect == popup.rect {
            let p = popup.rect, x = p.maxX - 2
            guard p.width > 3 else { continue }
            for y in (p.y + 1)..<(p.maxY - 1) where !covered(screen, after: i, x: x, y: y) {
                guard let text = cell(screen, x, y), ![" ", "↑", "↓", "…"].contains(text) else { continue }
                faults.append("popup at \(p.x),\(p.y) \(p.width)×\(p.height): row \(y) runs into its right edge with “\(text)”: \(screen.lines[y])")
            }
        }
        return faults
    }

    /// Task rows in view whose first line does not start with the cursor or
    /// mark, the status glyph and the start of the title; and a selected row
    /// whose cursor or highlight does not show.
    static func rowsWithoutTitle(_ screen: Screen, _ state: AppState, _ layout: ViewLayout) -> [String] {
        guard let list = screen.layers.firstIndex(where: { $0.bordered && $0.rect.x == layout.sidebarWidth && $0.rect.y == 1 }) else {
            return ["no list pane drawn"]
        }
        let x = layout.sidebarWidth + 1
        var faults: [String] = []
        var seen: Set<Int> = []
        for (y, index) in layout.listHits.sorted(by: { $0.key < $1.key }) where seen.insert(index).inserted {
            guard state.rows.indices.contains(index), case .task(let row) = state.rows[index], let t = state.task(id: row.id) else { continue }
            // The title's start: its first characters in (up to the title's minimum less one, for a cut's “…”) cells.
            let titleWidth = DisplayWidth.of(t.title)
            var start: [String] = []
            var used = 0
            for ch in t.title {
                guard let c = DisplayWidth.safe(ch) else { continue }
                let w = DisplayWidth.of(c)
                if w == 0 { continue }
                if used + w > max(1, min(titleWidth, TaskRowFields.minTitle) - 2) { break }
                start += w == 2 ? [String(c), ""] : [String(c)]
                used += w
            }
            let span = TaskRowFields.lead + start.count
            guard !(x..<(x + span)).contains(where: { covered(screen, after: list, x: $0, y: y) }) else { continue }
            let shown = (x..<(x + span)).map { cell(screen, $0, y) ?? "" }
            let selected = state.selectedRow == state.rows[index]
            let pointer = state.marks.contains(t.id) ? "●" : selected ? "▸" : " "
            let wanted = [pointer, " ", Glyphs.status(t.status), " "] + start
            if shown != wanted {
                faults.append("row \(y) of “\(t.title)” shows “\(shown.joined())”, not “\(wanted.joined())”: \(screen.lines[y])")
            }
            if selected, ![.selected, .accent].contains(screen[x, y].style.role) {
                faults.append("the selected row \(y) is not highlighted: \(screen.lines[y])")
            }
        }
        return faults
    }
}
