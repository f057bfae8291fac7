import TaskEngine

extension SidebarView {
    /// A quarter of the screen (18 to 30 columns), wider when a name needs
    /// it, up to a third of the screen.
    static func width(_ state: AppState, screenWidth: Int) -> Int {
        let base = min(30, max(18, screenWidth / 4))
        let names = state.perspectives.map { DisplayWidth.of($0.name) + 9 }
            + (state.vaultTreeCollapsed ? [] : state.vaultTree.map { $0.depth * 2 + DisplayWidth.of($0.label) + 8 })
        return max(base, min(names.max() ?? 0, screenWidth / 3))
    }

    /// `name` cut to `room` columns: at the end, or in the middle when cut at
    /// the end it would look like another name cut the same way
    /// ("Work — Avai…Now" beside "Work — Avai…ter").
    static func shownName(_ name: String, among all: [String], room: Int) -> String {
        guard room > 0, DisplayWidth.of(name) > room else { return name }
        let cut = DisplayWidth.truncate(name, to: room)
        let alike = all.filter { $0 != name && DisplayWidth.truncate($0, to: room) == cut }
        guard !alike.isEmpty, room >= 5 else { return cut }
        let chars = Array(name)
        let tail = max(1, (room - 1) / 2)
        var headChars: [Character] = []
        var used = 0
        for c in chars {
            let w = DisplayWidth.of(String(c))
            if used + w > room - 1 - tail { break }
            headChars.append(c)
            used += w
        }
        var tailChars: [Character] = []
        var tailUsed = 0
        for c in chars.reversed() {
            let w = DisplayWidth.of(String(c))
            if tailUsed + w > tail { break }
            tailChars.insert(c, at: 0)
            tailUsed += w
        }
        return String(headChars) + "…" + String(tailChars)
    }
}
