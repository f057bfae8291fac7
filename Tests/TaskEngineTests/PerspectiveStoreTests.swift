import Foundation
import XCTest
@testable import TaskEngine

final class PerspectiveStoreTests: XCTestCase {
    /// The example file of the seed and the spec, as written there.
    static let seedExample = """
    {
      "version": 1,
      "order": ["work-now", "quick-wins"],
      "perspectives": {
        "work-now": {
          "id": "work-now",
          "name": "Work — Available Now",
          "icon": "briefcase",
          "color": "#4A90D9",
          "rules": {
            "operator": "AND",
            "conditions": [
              { "field": "area", "op": "equals", "value": "Work" },
              { "field": "status", "op": "in", "value": ["todo", "in-progress"] },
              { "operator": "OR", "conditions": [
                  { "field": "priority", "op": "equals", "value": "high" },
                  { "field": "flagged", "op": "equals", "value": true } ] }
            ]
          },
          "sort": { "field": "due", "direction": "asc" },
          "group_by": "project",
          "layout": "default",
          "manual_order": null
        }
      }
    }

    """

    /// Unknown keys everywhere: top level, perspective, group, condition, sort; unknown fields, operators and values.
    static let unknownKeys = """
    {
      "version": 1,
      "generator": {"name": "agent", "at": 1.50},
      "order": ["p1", "ghost"],
      "perspectives": {
        "p1": {
          "id": "p1",
          "name": "Everything odd",
          "x-badge": true,
          "rules": {
            "operator": "AND",
            "note": "top",
            "conditions": [
              {"field": "mood", "op": "equals", "value": "happy", "weight": 3},
              {"field": "due", "op": "within_quarter", "value": {"q": 4}},
              {"field": "status", "op": "in", "value": ["todo", "blocked"], "enabled": false},
              {"operator": "XOR", "conditions": [], "enabled": true},
              {"field": "estimated_minutes", "op": "less_than", "value": 1e2}
            ]
          },
          "sort": {"field": "energy", "direction": "up", "tiebreak": "id"},
          "group_by": "weather",
          "layout": "dense",
          "manual_order": ["a.md", "b.md"]
        }
      },
      "builtins": {"today": {"sort": {"field": "priority"}, "note": "kept"}}
    }

    """

    /// A cache folder for stores not given one, removed after each test (a
    /// folder made and dropped at once would be made again by the store's write).
    private var scratch: [TempDir] = []
    override func tearDown() { scratch.removeAll() }

    func store(_ dir: TempDir, cache: TempDir? = nil) -> PerspectiveStore {
        let folder = cache ?? TempDir()
        if cache == nil { scratch.append(folder) }
        return PerspectiveStore(vaultRoot: dir.path, cacheDirectory: folder.path)
    }

    func testSeedExampleAndUnknownKeysSaveBackByteIdentical() throws {
        for text in [Self.seedExample, Self.unknownKeys] {
            let dir = TempDir()
            dir.write(".perspectives.json", text)
            let s = store(dir)
            s.load()
            XCTAssertNil(s.problem)
            // Update every perspective with itself: nothing changed, nothing written.
            for p in s.document.orderedCustom { try s.update(p) }
            try s.save()
            XCTAssertEqual(dir.text(".perspectives.json"), text)
            // The model writes back exactly the JSON it read, value for value.
            XCTAssertEqual(s.document.json, parseJSON(text))
        }
    }

    func testCanonicalFilesRenderByteIdentical() throws {
        let dir = TempDir()
        try DemoVaultGenerator(count: 0, seed: 1, today: pinnedToday).write(to: dir.path)
        let text = dir.text(".perspectives.json")!
        XCTAssertEqual(JSONText.render(parseJSON(text)), text)
        XCTAssertEqual(JSONText.render(parseJSON(Self.unknownKeys)), JSONText.render(parseJSON(JSONText.render(parseJSON(Self.unknownKeys)))))
    }

    func testAChangeKeepsEveryUnknownKey() throws {
        let dir = TempDir()
        dir.write(".perspectives.json", Self.unknownKeys)
        let s = store(dir)
        s.load()
        var p = s.document.orderedCustom[0]
        p.name = "Renamed"
        try s.update(p)
        let after = parseJSON(dir.text(".perspectives.json")!)
        var expected = parseJSON(Self.unknownKeys)
        guard case .object(var perspectives)? = expected["perspectives"], case .object(var p1) = perspectives[0].1 else { return XCTFail() }
        p1[1].1 = .string("Renamed")
        perspectives[0].1 = .object(p1)
        expected.set("perspectives", .object(perspectives))
        XCTAssertEqual(after, expected)
        // Only the name's value changed in the file: the rest keeps its bytes.
        XCTAssertEqual(dir.text(".perspectives.json"), Self.unknownKeys.replacingOccurrences(of: "\"Everything odd\"", with: "\"Renamed\""))
        // The odd rules are skipped with warnings, never dropped.
        let result = PerspectiveEvaluator.evaluate(s.document.orderedCustom[0], in: TaskIndex([task("a")]), today: pinnedToday)
        XCTAssertEqual(Set(result.warnings.map(\.path)), ["rules.conditions[0]", "rules.conditions[1]", "rules.conditions[3]", "sort", "group_by"])
    }

    func testCreateUpdateDeleteDuplicateReorder() throws {
        let dir = TempDir()
        let s = store(dir)
        s.load()
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.path))
        let first = try s.create()
        XCTAssertEqual(first.name, "Untitled Perspective")
        XCTAssertEqual(RuleDescriber.describe(first.rules.conditions[0], today: pinnedToday), "Status is todo or in-progress")
        XCTAssertTrue(FileManager.default.fileExists(atPath: s.path), "created with the first perspective")
        let text = dir.text(".perspectives.json")!
        XCTAssertTrue(text.contains("\n  \"order\": [\"untitled-perspective\"],\n"), text)

        let second = try s.create(name: String(repeating: "n", count: 150))
        XCTAssertEqual(second.name.count, 100)
        var renamed = first
        renamed.name = "Work"
        renamed.icon = "briefcase"
        try s.update(renamed)
        let copy = try s.duplicate(id: first.id)
        XCTAssertEqual(copy.name, "Work Copy")
        XCTAssertEqual(s.document.orderedCustom.map(\.name), ["Work", "Work Copy", String(repeating: "n", count: 100)])
        let todayCopy = try s.duplicate(id: "today")
        XCTAssertEqual(todayCopy.name, "Today Copy")
        XCTAssertFalse(todayCopy.isBuiltin)
        XCTAssertEqual(todayCopy.rules, BuiltinPerspectives.perspective(id: "today")!.rules)
        XCTAssertEqual(s.document.orderedCustom.first?.name, "Today Copy")

        try s.move(id: second.id, .top)
        XCTAssertEqual(s.document.orderedCustom.first?.id, second.id)
        try s.move(id: "today", .down)  // built-ins never move
        XCTAssertEqual(s.all.prefix(7).map(\.id), ["inbox", "today", "upcoming", "forecast", "flagged", "someday", "logbook"])
        try s.delete(id: copy.id)
        XCTAssertNil(s.perspective(id: copy.id))

        // A fresh store reads back the same list.
        let again = store(dir)
        again.load()
        XCTAssertEqual(again.all.map(\.name), s.all.map(\.name))
        XCTAssertEqual(again.find("work")?.icon, "briefcase")
    }

    func testBuiltinOrderIsStoredUnderBuiltins() throws {
        let dir = TempDir()
        let s = store(dir)
        s.load()
        var today = s.perspective(id: "today")!
        today.applyManualOrder(["b.md", "a.md"])
        try s.update(today)
        let json = parseJSON(dir.text(".perspectives.json")!)
        XCTAssertEqual(json["builtins"]?["today"]?["manual_order"], .strings(["b.md", "a.md"]))
        XCTAssertEqual(json["perspectives"], .object([]))
        let again = store(dir)
        again.load()
        XCTAssertEqual(again.perspective(id: "today")?.sort.field, "manual")
        XCTAssertEqual(again.perspective(id: "today")?.rules, BuiltinPerspectives.perspective(id: "today")!.rules)
    }

    func testMalformedFileServesTheCachedVersionAndIsKeptUntilASave() throws {
        let dir = TempDir(), cache = TempDir()
        dir.write(".perspectives.json", Self.seedExample)
        let good = store(dir, cache: cache)
        good.load()
        XCTAssertEqual(good.document.orderedCustom.map(\.name), ["Work — Available Now"])

        let broken = "{ \"version\": 1, \"perspectives\": { oops "
        dir.write(".perspectives.json", broken)
        let s = store(dir, cache: cache)
        s.load()
        XCTAssertTrue(s.problem!.hasPrefix("Perspectives file could not be read. Using cached version."), s.problem!)
        XCTAssertEqual(s.document.orderedCustom.map(\.name), ["Work — Available Now"], "the last good version")
        XCTAssertEqual(dir.text(".perspectives.json.backup"), broken)
        XCTAssertEqual(dir.text(".perspectives.json"), broken, "not overwritten by loading")
        try s.save()
        XCTAssertEqual(dir.text(".perspectives.json"), broken, "nor by a save with no change")
        XCTAssertThrowsError(try s.create(name: "New"), "nor by a change: the user must choose to replace it")
        XCTAssertEqual(dir.text(".perspectives.json"), broken)
        XCTAssertEqual(s.document.orderedCustom.map(\.name), ["Work — Available Now"], "the refused change is not kept")
        try s.replaceUnreadable()
        XCTAssertNil(s.problem)
        XCTAssertEqual(dir.text(".perspectives.json.backup"), broken, "the bad bytes stay in the backup")
        try s.create(name: "New")
        let saved = parseJSON(dir.text(".perspectives.json")!)
        XCTAssertEqual(saved["order"], .strings(["work-now", "new"]))

        // No cache at all: an empty list, still no crash.
        let fresh = TempDir()
        fresh.write(".perspectives.json", "[1, 2")
        let s2 = store(fresh)
        s2.load()
        XCTAssertNotNil(s2.problem)
        XCTAssertEqual(s2.document.orderedCustom.count, 0)
        XCTAssertEqual(s2.all.count, BuiltinPerspectives.all.count)
        for bad in ["", "null", "[]", "\"text\"", "{\"perspectives\": []}", "{\"order\": 5, \"perspectives\": {\"x\": 3}}"] {
            fresh.write(".perspectives.json", bad)
            let s3 = store(fresh)
            s3.load()  // never crashes
            _ = s3.all
        }
    }

    func testLimitWarnings() throws {
        let dir = TempDir()
        let s = store(dir)
        s.load()
        var p = try s.create(name: "Big")
        p.rules = RuleGroup(.and, (0..<26).map { _ in .cond("flagged", "equals", .bool(true)) })
        var nested = RuleGroup(.and, [.cond("flagged", "equals", .bool(true))])
        for _ in 0..<5 { nested = RuleGroup(.or, [.group(nested)]) }
        p.rules.conditions.append(.group(nested))
        try s.update(p)
        XCTAssertEqual(s.warnings.count, 2, "\(s.warnings)")
        XCTAssertTrue(s.warnings[0].contains("27 conditions"))
        XCTAssertTrue(s.warnings[1].contains("7 levels"))
        dir.write(".perspectives.json", "{\"version\": 1, \"pad\": \"" + String(repeating: "x", count: 1_100_000) + "\"}")
        s.load()
        XCTAssertEqual(s.warnings, [".perspectives.json is larger than 1 MB"])
    }
}
