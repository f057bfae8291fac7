import Foundation
import XCTest
@testable import TaskEngine

/// The key table finds a frontmatter key's field as a dictionary of the
/// profile's keys would (Swift's `==`: Unicode forms alike), for every
/// profile's own keys, their near misses and keys of other scripts.
final class FrontmatterKeysTests: XCTestCase {
    /// What the table must answer: the profile's keys in a dictionary, the written key first.
    func reference(_ keys: [TaskField: [String]]) -> [String: (field: TaskField, canonical: Bool)] {
        var out: [String: (field: TaskField, canonical: Bool)] = [:]
        for (field, names) in keys {
            for (i, name) in names.enumerated() where out[name] == nil || i == 0 { out[name] = (field, i == 0) }
        }
        return out
    }

    func testEveryKeyIsFoundAsADictionaryFindsIt() {
        var rng = SeededRandom(seed: 5)
        var custom = VaultProfile.todomd.keys
        custom[.area]! += ["Bereich", "área", "e\u{301}tiquette", "\u{212A}ontext"]  // (é combining; the Kelvin sign is `K` to Swift's `==`)
        custom[.tags]! += ["schlagwörter", "タグ", "a_profile_key_longer_than_24_bytes"]  // (past 24 bytes: found in the dictionary)
        for keys in [VaultProfile.todomd.keys, VaultProfile.tasknotes.keys, VaultProfile.backlog.keys, custom] {
            let table = FrontmatterKeys(keys), expected = reference(keys)
            var asked = Array(expected.keys)
            for key in expected.keys {
                // Near misses: case, one byte changed, cut short, longer, other Unicode forms.
                asked += [key.uppercased(), key.capitalized, String(key.dropLast()), key + "s", "_" + key, key + " ",
                          key.precomposedStringWithCanonicalMapping, key.decomposedStringWithCanonicalMapping]
            }
            asked += ["", "-", "K", "Kontext", "\u{212A}", "étiquette", "e\u{301}tiquette", "tit\u{0301}le", "titlé", "ti tle",
                      "a_very_long_key_with_more_than_sixteen_bytes", "complete_instancez", "recurrence_anchor"]
            for _ in 0..<3_000 {
                let letters = Array("abcdefghijklmnopqrstuvwxyz_-ABCDEFÉé日K\u{212A}\u{301}")
                asked.append(String((0..<Int.random(in: 1...20, using: &rng)).map { _ in letters.randomElement(using: &rng)! }))
            }
            for key in asked {
                // By bytes: the profile's own string for exactly its bytes, nothing for any other (`==` or
                // not), nor for a key past 24 bytes (read as a string of its own, then found by `table[key]`).
                let byBytes = Array(key.utf8).withUnsafeBufferPointer { table.key(bytes: $0) }
                let exact = expected.keys.first { Array($0.utf8) == Array(key.utf8) && $0.utf8.count <= 24 }
                XCTAssertEqual(byBytes.map { Array($0.utf8) }, exact.map { Array($0.utf8) }, "\(key.debugDescription)")
                let found = table[key], want = expected[key]
                XCTAssertEqual(found?.field, want?.field, "\(key.debugDescription)")
                XCTAssertEqual(found?.canonical, want?.canonical, "\(key.debugDescription)")
                if let found, let want {
                    XCTAssertEqual(found.bit, UInt32(1) << UInt32(TaskField.allCases.firstIndex(of: want.field)!), "\(key.debugDescription)")
                }
            }
        }
    }

    /// A field's written key wins over an alias wherever each stands; the
    /// last alias read stands when the written key is missing.
    func testTheWrittenKeyWinsOverItsAliasesInAFile() throws {
        var profile = VaultProfile.todomd
        profile.keys[.area]! += ["bereich", "zone"]
        for (text, area) in [("area: A\nbereich: B\n", "A"), ("bereich: B\narea: A\n", "A"), ("bereich: B\nzone: Z\n", "Z"),
                             ("zone: Z\nbereich: B\n", "B"), ("zone: Z\n", "Z")] {
            let task = try TaskFileCodec.readTask(Array(("---\ntitle: T\n" + text + "---\n").utf8), id: "t.md", timeZone: utc, profile: profile)
            XCTAssertEqual(task.area, area, text)
        }
    }

    /// Frontmatters read with the profile's keys (a key that is one of them,
    /// byte for byte, read as the profile's own string) give the pairs read
    /// without them, for every demo and hand-written file and keys in other
    /// Unicode forms, in every profile.
    func testPairsReadWithTheProfilesKeysAreThePairsReadWithout() throws {
        var texts = try DemoVaultGenerator(count: 300, seed: 4, today: pinnedToday, timeZone: utc).taskItems().map { String(decoding: try TaskFileCodec.renderNew($0), as: UTF8.self) }
        texts += HandWrittenFiles.all.map(\.text)
        texts += ["---\ntit\u{0301}le: x\n\u{212A}ey: y\nétiquette: z\ntitle: T\n---\n", "---\nTitle: A\ntitle: B\n---\n"]
        var compared = 0
        for profile in [VaultProfile.todomd, .tasknotes, .backlog] {
            for text in texts {
                let bytes = Array(text.utf8)
                guard let r = try? FrontmatterSplitter.ranges(bytes), let fm = r.marked?.frontmatter, !fm.isEmpty else { continue }
                let plain = bytes.withUnsafeBufferPointer { FrontmatterEvents.pairs(UnsafeBufferPointer(rebasing: $0[fm])) }
                let keyed = bytes.withUnsafeBufferPointer { FrontmatterEvents.pairs(UnsafeBufferPointer(rebasing: $0[fm]), keys: profile.keyIndex) }
                XCTAssertEqual(plain, keyed, text)
                XCTAssertEqual(plain?.map { Array($0.key.utf8) }, keyed?.map { Array($0.key.utf8) }, text)
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 900)
    }
}
