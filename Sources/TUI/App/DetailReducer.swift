import Foundation
import TaskEngine

/// The detail pane: shown or hidden, its cursor over the selected task's
/// dependencies and links (first, as shown) then its checklist, its scroll,
/// ticking an item and following a dependency or link.
enum DetailReducer {
    static func toggle(_ s: inout AppState) {
        s.detailShown.toggle()
        if !s.detailShown, s.focus == .detail { s.focus = .list }
        let said = [s.keymap.phrase("next-pane", "moves into it"), s.keymap.phrase("detail-toggle", "ticks a checklist item there", in: [.detail])]
            .compactMap { $0 }
        s.message = s.detailShown ? "Detail pane" + (said.isEmpty ? "" : ": " + said.joined(separator: "; ") + ".") : nil
    }

    /// The cursor and scroll for the selected task (reset when another task is selected).
    static func position(_ s: AppState) -> (cursor: Int, scroll: Int) {
        s.detailTask == s.selectedTask?.id ? (s.detailCursor, s.detailScroll) : (0, 0)
    }

    static func items(_ s: AppState) -> [MarkdownDocument.Item] {
        guard let t = s.selectedTask else { return [] }
        return Checklist.items(MarkdownDocument(parsing: t.body))
    }

    /// A checklist item's words: its line of the notes after the box (`- [ ] washer` → `washer`).
    static func itemText(_ body: String, line: Int) -> String {
        // (Split as cmark counts lines: `\r\n` is one character, `\r` and `\n` each a newline.)
        let lines = body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard lines.indices.contains(line) else { return "item" }
        let text = lines[line]
        guard let box = ["[ ]", "[x]", "[X]"].compactMap({ text.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) else {
            return String(text).trimmingCharacters(in: .whitespaces)
        }
        let words = text[box.upperBound...].trimmingCharacters(in: .whitespaces)
        return words.isEmpty ? "an empty item" : words
    }

    static func reduce(_ s: inout AppState, _ a: DetailAction) -> [Effect] {
        guard let t = s.selectedTask else {
            if a == .back { s.focus = .list }
            return []
        }
        var (cursor, scroll) = position(s)
        s.detailTask = t.id
        let checklist = items(s)
        let references = DetailReferences.of(s)
        let stops = references.count + checklist.count
        switch a {
        case .back: s.focus = .list
        case .down, .up:
            let step = a == .down ? 1 : -1
            if stops == 0 { scroll = max(0, scroll + step) } else { cursor = min(max(0, cursor + step), stops - 1) }
        case .pageDown: scroll += 10
        case .pageUp: scroll = max(0, scroll - 10)
        case .toggleItem:
            let item = cursor - references.count
            guard checklist.indices.contains(item), let body = Checklist.toggle(t.body, line: checklist[item].line) else {
                s.message = checklist.isEmpty ? "No checklist item here: the notes have no - [ ] items."
                    : "No checklist item under the cursor: it is on a dependency or a link."
                break
            }
            var edited = t
            edited.body = body
            // A screen reader hears the box's flip only in words (a failed write says so over this).
            if s.screenReader { s.message = (checklist[item].checked == true ? "Unchecked " : "Checked ") + itemText(t.body, line: checklist[item].line) }
            s.detailCursor = cursor
            s.detailScroll = scroll
            return [.writeChecklist(edited)]
        case .follow:
            s.detailCursor = cursor
            s.detailScroll = scroll
            guard references.indices.contains(cursor) else {
                s.message = "Nothing to follow here" + (s.keymap.phrase("detail-follow", "follows a dependency or a link (Waits for, Waited for by, Links)", in: [.detail])
                    .map { ": " + $0 } ?? "") + "."
                return []
            }
            return DetailFollow.follow(&s, references[cursor])
        }
        s.detailCursor = cursor
        s.detailScroll = scroll
        return []
    }
}
