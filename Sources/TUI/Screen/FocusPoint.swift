/// Where the terminal's own cursor goes once a frame is drawn: the start of
/// the focused item's text. Screen readers (Orca, Speakup) and braille
/// displays (BRLTTY) follow that cursor, not colours or `▸`.
public struct FocusPoint: Hashable, Sendable {
    public var x: Int
    public var y: Int
    /// A text field's caret (where typing goes): shown even without the
    /// screen-reader setting.
    public var typing: Bool

    public init(x: Int, y: Int, typing: Bool = false) {
        self.x = x
        self.y = y
        self.typing = typing
    }
}

/// The parts of the screen that can hold the focus. Each view marks where
/// its focused item is while drawing; the mode picks which part it is
/// (`Mode.focusArea`), so the views need not know what else is open.
public enum FocusArea: Hashable, Sendable {
    case sidebar, list, detail
    /// The search line in the list's title, while typed.
    case search
    /// The rule editor's pane (its tree, its name field, its line of text).
    case ruleEditor
    /// The reminder banner, while it is what is answered (`ReminderBanner.asking`).
    case banner
    /// The popup, dialog or line drawn for the mode on top (a later one covers an earlier one).
    case popup
}

extension Screen {
    /// Records that `area`'s focused item starts at (`x`, `y`) (a point off
    /// the screen is not recorded). Not bound by the clip: a search typed in
    /// a frame's title is on its border.
    /// `keepsCaret`: an item chosen below a filter field typed into (a picker's, the finder's):
    /// the focus for a screen reader, while the caret stays where typing goes.
    mutating func markFocus(_ area: FocusArea, x: Int, y: Int, typing: Bool = false, keepsCaret: Bool = false) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let point = FocusPoint(x: x, y: y, typing: typing)
        focusPoints[area] = point
        if typing { caretPoints[area] = point } else if !keepsCaret { caretPoints[area] = nil }
    }

    /// The point of the part the mode focuses, if that part drew one.
    public func focus(in area: FocusArea) -> FocusPoint? { focusPoints[area] }
}
