import Foundation
import XCTest
@testable import TaskEngine

/// Every write to `.perspectives.json`, on files of every layout: untouched
/// perspectives keep their bytes, a changed one is written in the file's
/// layout, and a write with no change writes nothing.
final class PerspectivesLayoutTests: XCTestCase {
    /// A change made through the store, and the custom perspectives it touches.
    struct Operation: Sendable {
        var name: String
        var touches: Set<String>
        var run: @Sendable (PerspectiveStore) throws -> Void
    }

    static let operations: [Operation] = [
        Operation(name: "rename", touches: ["p-beta"]) { s in
            var p = s.perspective(id: "p-beta")!
            p.name = "Beta renamed ✓"
            try s.update(p)
        },
        Operation(name: "edit a rule's value", touches: ["p-alpha"]) { s in
            var p = s.perspective(id: "p-alpha")!
            p.rules.conditions[1] = .cond("area", "equals", .string("Home"))
            try s.update(p)
        },
        Operation(name: "add a rule", touches: ["p-gamma"]) { s in
            var p = s.perspective(id: "p-gamma")!
            p.rules.conditions.append(.cond("status", "in", .strings(["todo", "blocked"])))
            try s.update(p)
        },
        Operation(name: "remove a rule", touches: ["p-gamma"]) { s in
            var p = s.perspective(id: "p-gamma")!
            p.rules.conditions.removeFirst()
            try s.update(p)
        },
        Operation(name: "icon and colour", touches: ["p-gamma"]) { s in
            var p = s.perspective(id: "p-gamma")!
            p.icon = "star"
            p.color = "#FF0000"
            try s.update(p)
        },
        Operation(name: "sort and group", touches: ["p-alpha"]) { s in
            var p = s.perspective(id: "p-alpha")!
            p.sort = SortSpec(field: "title", direction: "desc")
            p.groupBy = "tag"
            try s.update(p)
        },
        Operation(name: "manual order", touches: ["p-beta"]) { s in
            var p = s.perspective(id: "p-beta")!
            p.applyManualOrder(["b.md", "a.md", "c.md"])
            try s.update(p)
        },
        Operation(name: "move down (J)", touches: []) { s in try s.move(id: "p-alpha", .down) },
        Operation(name: "move up (K)", touches: []) { s in try s.move(id: "p-gamma", .up) },
        Operation(name: "create", touches: []) { s in _ = try s.create() },
        Operation(name: "duplicate", touches: []) { s in _ = try s.duplicate(id: "p-beta") },
        Operation(name: "duplicate a built-in", touches: []) { s in _ = try s.duplicate(id: "today") },
        Operation(name: "adopt a sidebar area", touches: []) { s in
            _ = try s.adopt(Perspective(id: "area:Work", name: "@Work", rules: RuleGroup(.and, [.cond("area", "equals", .string("Work"))]), icon: "tray"))
        },
        Operation(name: "delete the middle one", touches: ["p-beta"]) { s in try s.delete(id: "p-beta") },
        Operation(name: "delete the first one", touches: ["p-alpha"]) { s in try s.delete(id: "p-alpha") },
        Operation(name: "delete the last one", touches: ["p-gamma"]) { s in try s.delete(id: "p-gamma") },
        Operation(name: "a built-in's sort", touches: []) { s in
            var p = s.perspective(id: "today")!
            p.sort = SortSpec(field: "title")
            try s.update(p)
        },
        Operation(name: "a built-in's manual order", touches: []) { s in
            var p = s.perspective(id: "inbox")!
            p.applyManualOrder(["z.md", "y.md"])
            try s.update(p)
        },
    ]

    /// Saves that change nothing: the rule editor closed without a change, a move that cannot move, …
    static let noChanges: [Operation] = [
        Operation(name: "save as is", touches: []) { s in for p in s.all { try s.update(p) } },
        Operation(name: "close the editor on each perspective", touches: []) { s in
            for p in s.document.orderedCustom { try s.update(s.perspective(id: p.id)!) }
        },
        Operation(name: "move the last one down", touches: []) { s in try s.move(id: s.document.orderedCustom.last!.id, .down) },
        Operation(name: "a built-in saved as shown", touches: []) { s in try s.update(s.perspective(id: "today")!) },
        Operation(name: "save()", touches: []) { s in try s.save() },
    ]

    private var scratch: [TempDir] = []
    override func tearDown() { scratch.removeAll() }

    func store(_ dir: TempDir) -> PerspectiveStore {
        let cache = TempDir()
        scratch.append(cache)
        let s = PerspectiveStore(vaultRoot: dir.path, cacheDirectory: cache.path)
        s.load()
        return s
    }

    func testEveryOperationOnEveryLayoutKeepsWhatItDidNotTouch() throws {
        for layout in PerspectivesLayout.all {
            for withOrder in [true, false] {
                let before = PerspectivesLayout.document(withOrder: withOrder)
                let text = layout.render(before)
                for op in Self.operations {
                    let label = "\(layout), \(withOrder ? "with" : "without") order, \(op.name)"
                    let dir = TempDir()
                    dir.write(".perspectives.json", text)
                    let s = store(dir)
                    XCTAssertNil(s.problem, label)
                    try op.run(s)
                    let after = try XCTUnwrap(dir.text(".perspectives.json"), label)
                    XCTAssertNotEqual(after, text, label)
                    // It reads back as the store holds it, perspective by perspective.
                    XCTAssertEqual(parseJSON(after), s.document.json, label)
                    let again = store(dir)
                    XCTAssertEqual(again.all.map(\.json), s.all.map(\.json), label)
                    // Each perspective not touched is there byte for byte.
                    for (id, value) in before["perspectives"]!.objectPairs! where !op.touches.contains(id) {
                        XCTAssertTrue(after.contains(layout.member(id, value)), "\(label): \(id) was re-laid-out\n\(after)")
                    }
                    // A file written by one hand is written on as the same hand would (escapes aside: what
                    // changed is written as text).
                    if !layout.escapesNonASCII {
                        XCTAssertEqual(after, layout.render(s.document.json), label)
                    }
                    XCTAssertEqual(after.contains("\r\n"), layout.newline == "\r\n", label)
                    XCTAssertEqual(after.contains("\"order\""), withOrder || s.document.order != [], label)
                    if let order = after.range(of: "\"order\""), let perspectives = after.range(of: "\"perspectives\"") {
                        XCTAssertLessThan(order.lowerBound, perspectives.lowerBound, "\(label): a first order goes before the perspectives")
                    }
                }
            }
        }
    }

    func testASaveWithNoChangeWritesNothing() throws {
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        for layout in PerspectivesLayout.all {
            for withOrder in [true, false] {
                let text = layout.render(PerspectivesLayout.document(withOrder: withOrder))
                for op in Self.noChanges {
                    let label = "\(layout), \(withOrder ? "with" : "without") order, \(op.name)"
                    let dir = TempDir()
                    dir.write(".perspectives.json", text)
                    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: dir.path + "/.perspectives.json")
                    let s = store(dir)
                    try op.run(s)
                    XCTAssertEqual(dir.text(".perspectives.json"), text, label)
                    let mtime = try FileManager.default.attributesOfItem(atPath: dir.path + "/.perspectives.json")[.modificationDate] as? Date
                    XCTAssertEqual(mtime, old, label)
                }
            }
        }
        // A vault without the file does not gain one.
        let dir = TempDir()
        for i in [0, 3, 4] { try Self.noChanges[i].run(store(dir)) }
        XCTAssertNil(dir.read(".perspectives.json"))
    }

    /// Files whose perspectives are laid out differently from one another: each untouched one
    /// keeps its own layout, and a change to one writes only what changed in it.
    func testMixedLayoutsKeepEachPerspectivesOwnBytes() throws {
        let oneLine = PerspectivesLayout(name: "one line", unit: nil, colon: ": ", comma: ", ")
        let pretty = PerspectivesLayout(name: "pretty", unit: "  ")
        let doc = PerspectivesLayout.document(withOrder: true)
        let ps = doc["perspectives"]!.objectPairs!
        let text = "{\n  \"version\": 1,\n  \"order\": [\n    \"p-alpha\",\n    \"p-beta\",\n    \"p-gamma\"\n  ],\n  \"perspectives\": {\n"
            + "    \(oneLine.member(ps[0].0, ps[0].1)),\n\n"
            + "    \(pretty.member(ps[1].0, ps[1].1)),\n"
            + "    \(oneLine.member(ps[2].0, ps[2].1))\n  }\n}"
        for op in Self.operations {
            let dir = TempDir()
            dir.write(".perspectives.json", text)
            let s = store(dir)
            try op.run(s)
            let after = try XCTUnwrap(dir.text(".perspectives.json"))
            XCTAssertEqual(parseJSON(after), s.document.json, op.name)
            for (i, (id, value)) in ps.enumerated() where !op.touches.contains(id) {
                let own = (i == 1 ? pretty : oneLine).member(id, value)
                XCTAssertTrue(after.contains(own), "\(op.name): \(id)\n\(after)")
            }
            XCTAssertFalse(after.hasSuffix("\n"), "\(op.name): the file's own end is kept")
            // The order list is still one id a line.
            XCTAssertTrue(after.contains("\"order\": [\n    \""), "\(op.name)\n\(after)")
        }
        // A new perspective among one-line siblings is one line too, after the last one's gap.
        let dir = TempDir()
        dir.write(".perspectives.json", text)
        let s = store(dir)
        let created = try s.create(name: "New")
        XCTAssertTrue(dir.text(".perspectives.json")!.contains(",\n    \(oneLine.member(created.id, created.json))\n  }\n}"), dir.text(".perspectives.json")!)
    }

    /// A rename in the spec's example (conditions on one line each, a group opening on its
    /// operator's line) rewrites the name's value and nothing else.
    func testARenameInTheSpecExampleChangesOnlyTheName() throws {
        let dir = TempDir()
        dir.write(".perspectives.json", PerspectiveStoreTests.seedExample)
        let s = store(dir)
        var p = s.perspective(id: "work-now")!
        p.name = "Work"
        try s.update(p)
        XCTAssertEqual(dir.text(".perspectives.json"), PerspectiveStoreTests.seedExample.replacingOccurrences(of: "Work — Available Now", with: "Work"))
        p.rules.conditions[0] = .cond("area", "equals", .string("Home"))
        try s.update(p)
        XCTAssertEqual(dir.text(".perspectives.json"), PerspectiveStoreTests.seedExample
            .replacingOccurrences(of: "Work — Available Now", with: "Work").replacingOccurrences(of: "\"Work\" }", with: "\"Home\" }"))
    }
}
