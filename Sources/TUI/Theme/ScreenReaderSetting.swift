/// How `TODOMD_SCREEN_READER` is read: `1`, `true`, `yes` or `on` turn the
/// screen-reader mode on, `0`, `false`, `no` or `off` turn it off (over
/// config.yaml either way); unset, empty or anything else leaves config.yaml's
/// `screen_reader` to decide (anything else is said, as config.yaml's bad values are).
public enum ScreenReaderSetting {
    /// What the start says of a value that is none of those (nil: unset, empty or one of them):
    /// the variable and its value (printable, cut), what it takes, and what decided instead.
    public static func problem(_ value: String?, configured: Bool?) -> String? {
        guard let value, !value.isEmpty, isOn(value) == nil else { return nil }
        // (A control character in it would be sent to the terminal as it is.)
        let printable = value.unicodeScalars.filter { !(0...0x1F).contains($0.value) && !(0x7F...0x9F).contains($0.value) }
        // (Cut short, so that what it takes stays in view on a 60-column status line: any value it takes is short.)
        let shown = DisplayWidth.truncate(String(String.UnicodeScalarView(printable)), to: 9)
        // The value and what it takes first, in few words; what decided and the other spellings after: a narrow status line cuts the end.
        let decided = configured.map { "screen-reader mode \($0 ? "on" : "off"), as config.yaml says" } ?? "screen-reader mode off"
        return "TODOMD_SCREEN_READER=\(shown) is not on/off/1/0, so ignored; \(decided) (yes/no and true/false work too)"
    }

    public static func isOn(_ value: String?) -> Bool? {
        switch value?.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: return nil
        }
    }
}
