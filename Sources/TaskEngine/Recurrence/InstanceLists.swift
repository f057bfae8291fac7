/// The per-occurrence state of a repeating task (tasknotes-spec §4.5–4.11):
/// which days were completed and which were skipped. Each operation is
/// idempotent and keeps the two lists apart; the lists keep their order,
/// with new days appended.
public struct InstanceLists: Hashable, Sendable {
    public var complete: [String]
    public var skipped: [String]

    public init(complete: [String] = [], skipped: [String] = []) {
        self.complete = complete
        self.skipped = skipped
    }

    public enum State: String, Sendable { case completed, skipped, open }

    static func day(_ s: String) -> String { String(s.prefix(10)) }
    static func contains(_ list: [String], _ d: String) -> Bool { list.contains { day($0) == d } }

    public mutating func completeInstance(_ d: String) {
        skipped.removeAll { Self.day($0) == d }
        if !Self.contains(complete, d) { complete.append(d) }
    }

    public mutating func uncompleteInstance(_ d: String) { complete.removeAll { Self.day($0) == d } }

    public mutating func skipInstance(_ d: String) {
        complete.removeAll { Self.day($0) == d }
        if !Self.contains(skipped, d) { skipped.append(d) }
    }

    public mutating func unskipInstance(_ d: String) { skipped.removeAll { Self.day($0) == d } }

    public func state(on d: String) -> State {
        if Self.contains(complete, d) { return .completed }
        if Self.contains(skipped, d) { return .skipped }
        return .open
    }

    var completeDays: Set<Day> { Set(complete.compactMap { Day.parseISO(Self.day($0)) }) }
    var skippedDays: Set<Day> { Set(skipped.compactMap { Day.parseISO(Self.day($0)) }) }
}
