import Foundation
import XCTest
@testable import TaskEngine

/// `.perspectives.json` is kept exactly: a file that does not fit the schema
/// is served from the cache and never saved over; untouched perspectives are
/// written back as they were; a newer version is never written.
final class PerspectivesFileSafetyTests: XCTestCase {
    static let good = """
    {
      "version": 1,
      "order": ["a", "b"],
      "perspectives": {
        "a": {
          "id": "a",
          "name": "Alpha",
          "icon": "star",
          "rules": {
            "operator": "AND",
            "conditions": [
              { "field": "flagged", "op": "equals", "value": true, "enabled": true },
              { "operator": "OR", "conditions": [ { "field": "priority", "op": "equals", "value": "high" } ] }
            ]
          },
          "sort": { "field": "due", "direction": "asc" },
          "manual_order": ["x.md"]
        },
        "b": {
          "zzz_first": { "keep": [1, 2.50, "three"] },
          "name": "Beta",
          "id": "b",
          "rules": { "conditions": [ { "op": "weird_op", "field": "nope", "value": { "odd": true } } ], "operator": "XOR" },
          "layout": "compact",
          "extra": null
        }
      },
      "builtins": { "today": { "sort": { "field": "priority" } } }
    }

    """

    /// Each known key given a value of the wrong type, one at a time.
    static let wrongTypes: [(path: String, edit: @Sendable (inout JSONValue) -> Void)] = {
        var out: [(String, @Sendable (inout JSONValue) -> Void)] = []
        let bad: [JSONValue] = [.string("zzz"), .null, .number("5"), .array([]), .bool(false), .object([])]
        func perspective(_ key: String, _ v: JSONValue) -> @Sendable (inout JSONValue) -> Void {
            { json in
                var ps = json["perspectives"]!
                var a = ps["a"]!
                a.set(key, v)
                ps.set("a", a)
                json.set("perspectives", ps)
            }
        }
        for v in bad {
            if v.objectPairs == nil { out.append(("$.perspectives", { $0.set("perspectives", v) })) }
            if v.array == nil { out.append(("$.order", { $0.set("order", v) })) }
            if v.objectPairs == nil { out.append(("$.builtins", { $0.set("builtins", v) })) }
            if v.string == nil { out.append(("$.perspectives.a.name", perspective("name", v))) }
            if v.string == nil && !v.isNull { out.append(("$.perspectives.a.icon", perspective("icon", v))) }
            if v.objectPairs == nil { out.append(("$.perspectives.a.rules", perspective("rules", v))) }
            if v.objectPairs == nil && v.string == nil { out.append(("$.perspectives.a.sort", perspective("sort", v))) }
            if v.array == nil && !v.isNull { out.append(("$.perspectives.a.manual_order", perspective("manual_order", v))) }
            if v.array == nil {
                out.append(("$.perspectives.a.rules.conditions", { json in
                    var ps = json["perspectives"]!, a = ps["a"]!, r = a["rules"]!
                    r.set("conditions", v); a.set("rules", r); ps.set("a", a); json.set("perspectives", ps)
                }))
            }
            if v.bool == nil {
                out.append(("$.perspectives.a.rules.conditions[0].enabled", { json in
                    var ps = json["perspectives"]!, a = ps["a"]!, r = a["rules"]!
                    var cs = r["conditions"]!.array!
                    cs[0].set("enabled", v)
                    r.set("conditions", .array(cs)); a.set("rules", r); ps.set("a", a); json.set("perspectives", ps)
                }))
            }
        }
        out.append(("$.perspectives.a", perspective("rules", .object([("operator", .number("1"))]))))
        return out
    }()

    func store(_ dir: TempDir, _ cache: TempDir) -> PerspectiveStore {
        PerspectiveStore(vaultRoot: dir.path, cacheDirectory: cache.path)
    }

    func testEveryWrongTypeIsUnreadableServedFromCacheAndNeverSavedOver() throws {
        XCTAssertGreaterThan(Self.wrongTypes.count, 40)
        for (path, edit) in Self.wrongTypes {
            let dir = TempDir(), cache = TempDir()
            dir.write(".perspectives.json", Self.good)
            store(dir, cache).load()  // the last good version goes to the cache
            var json = try JSONText.parse(Data(Self.good.utf8))
            edit(&json)
            let bad = JSONText.render(json)
            dir.write(".perspectives.json", bad)
            let s = store(dir, cache)
            s.load()
            let problem = try XCTUnwrap(s.problem, path)
            XCTAssertTrue(problem.contains(path.components(separatedBy: "[").first!), "\(path): \(problem)")
            XCTAssertEqual(s.document.orderedCustom.map(\.name), ["Alpha", "Beta"], "served from the cache: \(path)")
            XCTAssertEqual(dir.text(".perspectives.json.backup"), bad, path)
            // Every change is refused until the user chooses to replace the file.
            XCTAssertThrowsError(try s.create(name: "N"), path)
            XCTAssertThrowsError(try s.update(s.document.orderedCustom[0]), path)
            XCTAssertThrowsError(try s.delete(id: "a"), path)
            XCTAssertThrowsError(try s.duplicate(id: "a"), path)
            XCTAssertThrowsError(try s.move(id: "a", .down), path)
            XCTAssertEqual(dir.text(".perspectives.json"), bad, "untouched: \(path)")
        }
    }

    /// In the file's own format (rules.md §3: 2-space pretty JSON), a change
    /// to one perspective changes its lines and no other byte.
    func testUntouchedPerspectivesAreWrittenBackExactly() throws {
        let dir = TempDir(), cache = TempDir()
        let good = JSONText.render(try JSONText.parse(Data(Self.good.utf8)))
        dir.write(".perspectives.json", good)
        let s = store(dir, cache)
        s.load()
        var a = try XCTUnwrap(s.perspective(id: "a"))
        a.name = "Alpha renamed"
        try s.update(a)
        let saved = try XCTUnwrap(dir.text(".perspectives.json"))
        let before = try JSONText.parse(Data(Self.good.utf8))
        let after = try JSONText.parse(Data(saved.utf8))
        XCTAssertEqual(after["perspectives"]?["b"], before["perspectives"]?["b"], "Beta, unknown keys and odd values included")
        XCTAssertEqual(after["builtins"], before["builtins"])
        XCTAssertEqual(after["perspectives"]?["a"]?["name"], .string("Alpha renamed"))
        // Only the changed line differs.
        XCTAssertEqual(good.split(separator: "\n").count, saved.split(separator: "\n").count)
        let diff = zip(good.split(separator: "\n"), saved.split(separator: "\n")).filter { $0 != $1 }
        XCTAssertEqual(diff.count, 1, "\(diff)")
        // A no-change save writes nothing at all.
        let stamp = try FileManager.default.attributesOfItem(atPath: s.path)[.modificationDate] as? Date
        usleep(10_000)
        try s.update(s.perspective(id: "b")!)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: s.path)[.modificationDate] as? Date, stamp)
    }

    func testANewerVersionIsReadButNeverWritten() throws {
        let dir = TempDir(), cache = TempDir()
        let newer = Self.good.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
        dir.write(".perspectives.json", newer)
        let s = store(dir, cache)
        s.load()
        XCTAssertNil(s.problem)
        XCTAssertEqual(s.document.orderedCustom.map(\.name), ["Alpha", "Beta"])
        XCTAssertTrue(s.readOnlyReason!.contains("version 2"))
        XCTAssertThrowsError(try s.create(name: "N"))
        XCTAssertEqual(dir.text(".perspectives.json"), newer)
    }

    /// (Deeper is unreadable: RuleNestingBoundTests.)
    func testRulesNestedToTheLimitAreAWarning() throws {
        let dir = TempDir(), cache = TempDir()
        let depth = RuleStats.maxDepth
        let rules = String(repeating: "{\"operator\": \"AND\", \"conditions\": [", count: depth)
            + "{\"field\": \"flagged\", \"op\": \"equals\", \"value\": true}" + String(repeating: "]}", count: depth)
        dir.write(".perspectives.json", "{\"version\": 1, \"perspectives\": {\"d\": {\"id\": \"d\", \"name\": \"Deep\", \"rules\": \(rules)}}}")
        let s = store(dir, cache)
        s.load()
        XCTAssertNil(s.problem)
        XCTAssertEqual(s.document.orderedCustom.map(\.name), ["Deep"])
        XCTAssertTrue(s.warnings.contains { $0.contains("\(depth) levels") }, "\(s.warnings)")
    }

    func testTwoStoresSavingTheSameFileNeverLoseEachOthersChange() throws {
        let dir = TempDir(), cache = TempDir()
        dir.write(".perspectives.json", Self.good)
        let one = store(dir, cache), two = store(dir, cache)
        one.load()
        two.load()
        try one.create(name: "From one")
        XCTAssertThrowsError(try two.create(name: "From two")) { e in
            XCTAssertEqual(e as? VaultError, .changedOnDisk(".perspectives.json"))
        }
        two.load()
        try two.create(name: "From two")
        let names = store(dir, cache)
        names.load()
        XCTAssertEqual(names.document.orderedCustom.map(\.name), ["Alpha", "Beta", "From one", "From two"])
    }
}
