/// Reads rules written as text (`RuleText`) into a rule tree, or says at
/// which column and why it cannot.
public enum RuleTextParser {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// 1-based, in characters.
        public var column: Int
        public var message: String
        public var description: String { "column \(column): \(message)" }

        /// `text` to quote with the message: whole when short, else the `width` characters
        /// around the column, with `…` where it was cut (a refused text may be any length).
        public func excerpt(of text: String, width: Int = 60) -> String {
            let chars = Array(text)
            guard chars.count > width else { return text }
            let start = max(0, min(column - 1 - width / 2, chars.count - width))
            let end = min(chars.count, start + width)
            return (start > 0 ? "…" : "") + String(chars[start..<end]) + (end < chars.count ? "…" : "")
        }
    }

    /// Parentheses, groups and `off`s nested deeper than this are refused
    /// (the parser and every reader of the tree recurse once a level); it is
    /// also how deep a perspective's groups may nest (`RuleStats.maxDepth`).
    public static let maxNesting = RuleStats.maxDepth

    enum Kind: Equatable { case word, quoted, open, close, comma, symbol, end }

    struct Token {
        var kind: Kind
        var text: String
        var column: Int
    }

    public static func parse(_ text: String) throws -> RuleGroup {
        var p = Parser(tokens: try tokenize(text))
        let node = try p.expression()
        guard p.peek.kind == .end else { throw p.fail("expected and, or or the end, not '\(p.peek.text)'") }
        if case .group(let g) = node { return g }
        return RuleGroup(.and, [node])
    }

    static func tokenize(_ text: String) throws -> [Token] {
        let chars = Array(text)
        var out: [Token] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c.isWhitespace { i += 1; continue }
            let column = i + 1
            switch c {
            case "(": out.append(Token(kind: .open, text: "(", column: column)); i += 1
            case ")": out.append(Token(kind: .close, text: ")", column: column)); i += 1
            case ",": out.append(Token(kind: .comma, text: ",", column: column)); i += 1
            case "=", "<", ">":
                let orEqual = c != "=" && i + 1 < chars.count && chars[i + 1] == "="
                out.append(Token(kind: .symbol, text: orEqual ? String(c) + "=" : String(c), column: column))
                i += orEqual ? 2 : 1
            case "!":
                guard i + 1 < chars.count, chars[i + 1] == "=" else { throw Failure(column: column, message: "'!' alone: did you mean != ?") }
                out.append(Token(kind: .symbol, text: "!=", column: column))
                i += 2
            case "\"":
                var s = ""
                i += 1
                var closed = false
                while i < chars.count {
                    if chars[i] == "\\", i + 1 < chars.count { s.append(chars[i + 1]); i += 2; continue }
                    if chars[i] == "\"" { closed = true; i += 1; break }
                    s.append(chars[i])
                    i += 1
                }
                guard closed else { throw Failure(column: column, message: "a quote that is not closed") }
                out.append(Token(kind: .quoted, text: s, column: column))
            default:
                var s = ""
                while i < chars.count, !chars[i].isWhitespace, !"(),=<>!\"".contains(chars[i]) || (chars[i] == "=" && (s == "op" || s == "unit")) {
                    s.append(chars[i])
                    i += 1
                }
                out.append(Token(kind: .word, text: s, column: column))
            }
        }
        out.append(Token(kind: .end, text: "the end", column: chars.count + 1))
        return out
    }

    struct Parser {
        let tokens: [Token]
        var at = 0
        /// The terms open, the current one included.
        var depth = 0

        var peek: Token { tokens[at] }
        func peek(_ k: Int) -> Token { tokens[min(at + k, tokens.count - 1)] }
        mutating func next() -> Token { defer { at = min(at + 1, tokens.count - 1) }; return tokens[at] }
        func fail(_ message: String, at token: Token? = nil) -> Failure { Failure(column: (token ?? peek).column, message: message) }
        func isWord(_ w: String, _ t: Token? = nil) -> Bool { let t = t ?? peek; return t.kind == .word && t.text.lowercased() == w }

        mutating func expect(_ kind: Kind, _ what: String) throws {
            guard peek.kind == kind else { throw fail("expected \(what), not '\(peek.text)'") }
            _ = next()
        }

        /// A chain of terms joined by one of `and` / `or` (mixing them needs parentheses).
        mutating func chain() throws -> (terms: [RuleNode], op: GroupOperator?) {
            var terms = [try term()]
            var op: GroupOperator?
            while isWord("and") || isWord("or") {
                let word = next()
                let this: GroupOperator = word.text.lowercased() == "and" ? .and : .or
                if let op, op != this { throw fail("'and' and 'or' mixed: add parentheses to say which comes first", at: word) }
                op = this
                terms.append(try term())
            }
            return (terms, op)
        }

        mutating func expression() throws -> RuleNode {
            let (terms, op) = try chain()
            guard let op else { return terms[0] }
            return .group(RuleGroup(op, terms))
        }

        /// Refuses the nesting the current token opens past `maxNesting`, at its column.
        func opening() throws {
            guard depth <= maxNesting else { throw fail("rules nested deeper than \(maxNesting) levels (parentheses, groups, off)") }
        }

        mutating func term() throws -> RuleNode {
            // Each nesting (parentheses, a group, `off`) reads its inside as a term: the terms
            // open, this one too, are the level it opens (`opening`).
            depth += 1
            defer { depth -= 1 }
            if isWord("off") {
                try opening()
                _ = next()
                switch try term() {
                case .condition(var c): c.enabled = false; return .condition(c)
                case .group(var g): g.enabled = false; return .group(g)
                }
            }
            if isWord("not"), peek(1).kind == .open {
                try opening()
                _ = next(); _ = next()
                let (terms, op) = try chain()
                try expect(.close, "')' to close not (…)")
                // `not (a or b)`: none of a, b; `not (a and b)`: none of (all of a, b).
                return .group(RuleGroup(.not, op == .and ? [.group(RuleGroup(.and, terms))] : terms))
            }
            // `not flagged`, `not blocked`: a yes-or-no field alone, said false.
            if isWord("not"), peek(1).kind == .word, RuleField.stored(RuleText.fieldAliases[peek(1).text.lowercased()] ?? peek(1).text)?.isFlag == true,
               [.end, .close, .comma].contains(peek(2).kind) || isWord("and", peek(2)) || isWord("or", peek(2)) {
                _ = next()
                var c = try condition()
                c.value = .bool(false)
                return .condition(c)
            }
            for (word, op) in [("all", GroupOperator.and), ("any", .or), ("none", .not)] where isWord(word) && peek(1).kind == .open {
                try opening()
                _ = next(); _ = next()
                var kids: [RuleNode] = []
                if peek.kind != .close {
                    kids.append(try expression())
                    while peek.kind == .comma { _ = next(); kids.append(try expression()) }
                }
                try expect(.close, "')' to close \(word)(…)")
                return .group(RuleGroup(op, kids))
            }
            if isWord("group"), peek(1).kind == .word || peek(1).kind == .quoted {
                try opening()
                _ = next()
                let name = next().text
                try expect(.open, "'(' after the group's operator")
                var kids: [RuleNode] = []
                if peek.kind != .close {
                    kids.append(try expression())
                    while peek.kind == .comma { _ = next(); kids.append(try expression()) }
                }
                try expect(.close, "')'")
                var g = RuleGroup(.and, kids)
                g.operatorText = name
                return .group(g)
            }
            if peek.kind == .open {
                try opening()
                _ = next()
                let inner = try expression()
                try expect(.close, "')'")
                return inner
            }
            return .condition(try condition())
        }

        mutating func condition() throws -> RuleCondition {
            let fieldToken = next()
            guard fieldToken.kind == .word || fieldToken.kind == .quoted else { throw fail("expected a rule (like due in next 7 days)", at: fieldToken) }
            let written = fieldToken.text
            let field = RuleText.fieldAliases[written.lowercased()] ?? written
            func c(_ op: String, _ v: JSONValue? = nil, unit: String? = nil) -> RuleCondition { RuleCondition(field: field, op: op, value: v, unit: unit) }
            // `flagged` / `inbox` / `draft` alone
            if [.end, .close, .comma].contains(peek.kind) || isWord("and") || isWord("or") {
                guard RuleField.stored(field)?.isFlag == true else { throw fail("'\(written)' needs an operator (=, in, within, on, …)", at: fieldToken) }
                return c("equals", .bool(true))
            }
            let t = next()
            switch (t.kind, t.text.lowercased()) {
            case (.symbol, "="): return c("equals", try scalar(field))
            case (.symbol, "!="): return c("not_equals", try scalar(field))
            // On a date, the symbols say what the words say (`due <= today`: on or before today).
            case (.symbol, let sym) where RuleField.stored(field)?.isDate == true && ["<", "<=", ">", ">="].contains(sym):
                return c(["<": "before", "<=": "on_or_before", ">": "after", ">=": "on_or_after"][sym]!, try scalar(field))
            case (.symbol, "<"): return c("less_than", try scalar(field))
            case (.symbol, ">"): return c("greater_than", try scalar(field))
            case (.symbol, "<="), (.symbol, ">="):
                throw fail("'\(t.text)' compares dates only (due <= today); for a number use < or >", at: t)
            case (.word, "is"):
                if isWord("not") { _ = next(); guard isWord("set") else { throw fail("expected 'set' after 'is not'") }; _ = next(); return c("is_nil") }
                guard isWord("set") else { throw fail("expected 'set' or 'not set' after 'is'") }
                _ = next()
                return c("is_not_nil")
            case (.word, "in"):
                if isWord("next") || isWord("past") {
                    let which = next().text.lowercased()
                    let at = peek
                    let n = try scalar("estimated_minutes")
                    guard case .number = n else { throw fail("expected a number of days, weeks or months", at: at) }
                    let unit = next()
                    guard unit.kind == .word, ["days", "weeks", "months"].contains(unit.text.lowercased()) else {
                        throw fail("expected days, weeks or months", at: unit)
                    }
                    return c(which == "next" ? "in_next" : "in_past", n, unit: unit.text.lowercased())
                }
                return c("in", .array(try list(field)))
            case (.word, let w) where ["more", "less"].contains(w) && RuleField.stored(field)?.isTracked == true:
                guard isWord("than") else { throw fail("expected 'than' (tracked more than 2h)") }
                _ = next()
                let amount = next()
                guard amount.kind == .word, let minutes = TrackedTime.minutes(amount.text) else {
                    throw fail("expected a time like 2h, 30m or 1h30m", at: amount)
                }
                return c(t.text.lowercased() == "more" ? "greater_than" : "less_than", .int(minutes))
            case (.word, "this") where RuleField.stored(field)?.isTracked == true:
                guard isWord("week") else { throw fail("expected 'week' (tracked this week)") }
                _ = next()
                return c("this_week")
            case (.word, "within"): return c("within", try scalar(field))
            case (.word, "has"): return c("contains", try scalar(field))
            case (.word, "any"): return c("contains_any", .array(try list(field)))
            case (.word, "all"): return c("contains_all", .array(try list(field)))
            case (.word, "contains"): return c("string_contains", try scalar(field))
            case (.word, "before"), (.word, "after"): return c(t.text.lowercased(), try scalar(field))
            case (.word, "on"):
                if isWord("or") {
                    _ = next()
                    let which = next()
                    guard isWord("before", which) || isWord("after", which) else { throw fail("expected 'before' or 'after' after 'on or'", at: which) }
                    return c("on_or_" + which.text.lowercased(), try scalar(field))
                }
                return c("on", try scalar(field))
            case (.word, "not"):
                guard isWord("on") else { throw fail("expected 'on' after 'not' (a date: due not on today)") }
                _ = next()
                return c("not_equals", try scalar(field))
            case (.word, "between"):
                let a = try scalar(field)
                guard isWord("and") else { throw fail("expected 'and' in between … and …") }
                _ = next()
                return c("between", .array([a, try scalar(field)]))
            case (.word, let w) where w.hasPrefix("op="):
                var op = String(t.text.dropFirst(3))
                if op.isEmpty, peek.kind == .quoted { op = next().text }
                var v: JSONValue?
                if peek.kind == .open { v = .array(try list(field)) } else if ![.end, .close, .comma].contains(peek.kind) && !peek.text.lowercased().hasPrefix("unit=") && !isWord("and") && !isWord("or") {
                    v = try scalar(field)
                }
                var unit: String?
                if peek.kind == .word, peek.text.lowercased().hasPrefix("unit=") {
                    unit = String(next().text.dropFirst(5))
                    if unit!.isEmpty, peek.kind == .quoted { unit = next().text }
                }
                return c(op.isEmpty ? "" : op, v, unit: unit)
            default:
                throw fail("expected an operator after '\(written)' (=, !=, in, within, has, any, all, contains, on, before, after, between, in next, is set, …)", at: t)
            }
        }

        /// A value: quoted text, a word, a number (for estimates), true / false (for flags).
        mutating func scalar(_ field: String) throws -> JSONValue {
            let t = next()
            switch t.kind {
            case .quoted: return .string(t.text)
            case .word:
                let w = t.text.lowercased()
                if w == "true" || w == "false" { return .bool(w == "true") }
                if w == "null" { return .null }
                if let first = t.text.first, first.isNumber || first == "-", t.text.dropFirst().allSatisfy({ $0.isNumber || $0 == "." }),
                   t.text.contains(where: \.isNumber) {
                    return .number(t.text)
                }
                return .string(t.text)
            case .open:
                at -= 1
                return .array(try list(field))
            default: throw fail("expected a value", at: t)
            }
        }

        mutating func list(_ field: String) throws -> [JSONValue] {
            try expect(.open, "'(' to start a list (a, b)")
            var out: [JSONValue] = []
            if peek.kind != .close {
                out.append(try scalar(field))
                while peek.kind == .comma { _ = next(); out.append(try scalar(field)) }
            }
            try expect(.close, "')' to end the list")
            return out
        }
    }
}
