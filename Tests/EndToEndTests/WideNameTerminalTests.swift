import Foundation
import XCTest

/// Perspective names with VS16 emoji and combining marks in a real terminal:
/// what reaches tmux lines the sidebar's counts up in one column, whatever
/// width the terminal gives a character followed by U+FE0F.
final class WideNameTerminalTests: TmuxTestCase {
    static let names = ["☀️ Sun", "❤️", "1️⃣ First", "✈️✈️ Trips", "Cafe\u{301}", "e\u{301}te\u{301}",
                        "Z\u{336}\u{489}a\u{336}\u{489}l\u{336}g\u{336}o\u{489}", "漢字 Kanji", "👍🏽 Good", "Plain"]

    /// Columns of a captured character, as any terminal draws it: U+FE0F is the
    /// one case terminals disagree on, so seeing it counts it two (and fails).
    static func columns(_ ch: Character) -> Int {
        let scalars = ch.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if [.nonspacingMark, .enclosingMark].contains(first.properties.generalCategory) { return 0 }
        if scalars.contains("\u{FE0F}") || first.properties.isEmojiPresentation { return 2 }
        if (0x1100...0x115F).contains(first.value) || (0x2E80...0xA4CF).contains(first.value) || (0xAC00...0xD7A3).contains(first.value) { return 2 }
        return 1
    }

    func testCountsStayInOneColumnBesideWideAndCombiningNames() throws {
        let vault = TempVault()
        vault.write("a.md", "---\ntitle: Alpha\n---\n")
        vault.write("b.md", "---\ntitle: Beta\n---\n")
        let entries = Self.names.enumerated().map { #""p\#($0.offset)": {"id": "p\#($0.offset)", "name": "\#($0.element)", "rules": {"operator": "AND", "conditions": []}}"# }
        let order = Self.names.indices.map { "\"p\($0)\"" }.joined(separator: ", ")
        vault.write(".perspectives.json", #"{"version": 1, "order": [\#(order)], "perspectives": {\#(entries.joined(separator: ", "))}}"#)
        let s = try TmuxSession(todomd: vault, width: 100, height: 30)
        let screen = try s.waitFor("Plain")
        var countColumns: [String: Int] = [:]
        for line in screen.split(separator: "\n").map(String.init) where line.contains("≡") {
            // The sidebar: up to its right border, the count its last word.
            guard let border = line.range(of: "││") else { continue }
            let sidebar = line[..<border.lowerBound]
            guard let count = sidebar.lastIndex(where: { $0 != " " }), sidebar[count] == "2" else { XCTFail("no count: \(line)"); continue }
            countColumns[line] = sidebar[..<count].reduce(0) { $0 + Self.columns($1) }
        }
        XCTAssertEqual(countColumns.count, Self.names.count, screen)
        XCTAssertEqual(Set(countColumns.values).count, 1, "counts at \(countColumns)\n\(screen)")
        try s.send("q")
    }
}
