import TaskEngine

/// `count` and `list` as a prompt, a status bar or a script runs them, read
/// without swift-argument-parser: its reflection of the commands asks the
/// runtime for protocol conformances, and each first question scans every
/// conformance record in the binary (a large part of a `count` on a small
/// vault).
///
/// Only a strict form is taken here: the command's name first, then each of
/// its options at most once, as `--name value` or `--name=value`, with a
/// value that is not empty and does not start with `-`, and `--today` a valid
/// date. Anything else (help, `--version`, an unknown or repeated option, a
/// missing value, `--`, a bad date) is left to swift-argument-parser, which
/// then reads it or says what is wrong. Every form taken here parses to the
/// same values there (a test compares the two over generated arguments).
enum QuickArguments {
    enum Command: Equatable {
        case count(CountRun)
        case list(ListRun)

        func run() throws -> Never {
            switch self {
            case .count(let c): try c.run()
            case .list(let l): try l.run()
            }
        }
    }

    /// The command `arguments` (without the program's name) ask for, or nil
    /// when they are not in the strict form.
    static func parse(_ arguments: [String]) -> Command? {
        guard let name = arguments.first else { return nil }
        let takesJSON: Bool
        switch name {
        case "count": takesJSON = false
        case "list": takesJSON = true
        default: return nil
        }
        var values = Values()
        var json = false
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            if argument == "--json", takesJSON, !json {
                json = true
                continue
            }
            guard argument.hasPrefix("--") else { return nil }
            let (option, inline) = split(argument.dropFirst(2))
            guard let value = inline ?? rest.popFirst(), !value.isEmpty, !value.hasPrefix("-"),
                  values.set(option, value) else { return nil }
        }
        if let today = values.today, Day.parseISO(today) == nil { return nil }
        let global = PlainVaultChoice(vault: values.vault, today: values.today)
        if takesJSON {
            return .list(ListRun(global: global, perspective: values.perspective, rules: values.rules, json: json))
        }
        return .count(CountRun(global: global, perspective: values.perspective, rules: values.rules))
    }

    /// The options both commands take with a value, each given at most once.
    /// (Fields, not a dictionary or a set: the first use of either type asks
    /// the runtime for conformances, as the parser would.)
    private struct Values {
        var vault: String?, today: String?, perspective: String?, rules: String?

        /// Sets `option`; false when it is not one of them, or was given already.
        mutating func set(_ option: String, _ value: String) -> Bool {
            func once(_ field: inout String?) -> Bool {
                guard field == nil else { return false }
                field = value
                return true
            }
            switch option {
            case "vault": return once(&vault)
            case "today": return once(&today)
            case "perspective": return once(&perspective)
            case "where": return once(&rules)
            default: return false
            }
        }
    }

    /// `name=value` as the name and the value; `name` alone as the name.
    private static func split(_ text: Substring) -> (String, String?) {
        guard let eq = text.firstIndex(of: "=") else { return (String(text), nil) }
        return (String(text[..<eq]), String(text[text.index(after: eq)...]))
    }
}
