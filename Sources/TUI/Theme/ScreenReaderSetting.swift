/// How `TODOMD_SCREEN_READER` is read: `1`, `true`, `yes` or `on` turn the
/// screen-reader mode on, `0`, `false`, `no` or `off` turn it off (over
/// config.yaml either way); unset, empty or anything else leaves config.yaml's
/// `screen_reader` to decide.
public enum ScreenReaderSetting {
    public static func isOn(_ value: String?) -> Bool? {
        switch value?.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: return nil
        }
    }
}
