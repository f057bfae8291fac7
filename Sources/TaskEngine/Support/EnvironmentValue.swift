import Foundation

/// One environment variable, from `given` when a caller (a test) passes its
/// own environment, else from the process's with `getenv`: every command
/// looks up a few, and `ProcessInfo`'s environment builds a dictionary of
/// all of them on each call (work every start would pay for each, and the
/// first one sets up `ProcessInfo` itself).
enum EnvironmentValue {
    static func named(_ name: String, in given: [String: String]?) -> String? {
        if let given { return given[name] }
        return getenv(name).map { String(cString: $0) }
    }
}
