/// Whether the app draws in colour: not when `NO_COLOR` is set to anything
/// but the empty string (no-color.org: "when present and not an empty
/// string ... prevents the addition of ANSI color"), nor on a terminal
/// without colours. Roles are then told apart by reverse video, bold and
/// dim, and every state by its characters.
public enum ColorChoice {
    public static func usesColor(environment: [String: String], terminalHasColors: Bool) -> Bool {
        terminalHasColors && (environment["NO_COLOR"] ?? "").isEmpty
    }
}
