import Foundation
import XCTest
@testable import TaskEngine

/// The record of every file's stamp (a sorted array searched by halves)
/// against a plain dictionary doing the same, over random changes.
final class VaultSignatureModelTests: XCTestCase {
    typealias Model = [String: VaultSignature.Stamp]

    func model(_ s: VaultSignature) -> Model {
        Dictionary(uniqueKeysWithValues: s.entries.map { ($0.id, VaultSignature.stamp($0)) })
    }

    /// What differs between two dictionaries, as `changes(since:)` reports it.
    func diff(_ now: Model, _ before: Model) -> (changed: [String], removed: [String]) {
        (now.filter { before[$0.key] != $0.value }.map(\.key).sorted(by: IDOrder.less),
         before.keys.filter { now[$0] == nil }.sorted(by: IDOrder.less))
    }

    func testLookupsAndEditsAgreeWithADictionary() {
        var rng = SeededRandom(seed: 3)
        let names = (0..<300).map { i in rng.pick(["", "a/", "a-b/", "a/b/", "z/"]) + rng.pick(["t", "T", "é", "a.b", "a0"]) + "\(i).md" }
        var sig = VaultSignature(listed: [], perspectives: nil)
        var dict: Model = [:]
        for round in 0..<3_000 {
            let id = rng.pick(names)
            if rng.chance(0.3) {
                sig[id] = nil
                dict[id] = nil
            } else {
                let s = VaultSignature.Stamp(seconds: rng.int(0...9), nanoseconds: rng.int(0...999), size: rng.int(0...99))
                sig[id] = s
                dict[id] = s
            }
            let probe = rng.pick(names)
            XCTAssertEqual(sig[probe], dict[probe], "round \(round)")
        }
        XCTAssertEqual(model(sig), dict)
        XCTAssertEqual(sig.paths, dict.keys.sorted(by: IDOrder.less), "kept in id order")
        XCTAssertEqual(sig.count, dict.count)
        // Comparing with another record, and with a listing.
        var other = sig
        for _ in 0..<40 { other[rng.pick(names)] = rng.chance(0.5) ? nil : VaultSignature.Stamp(seconds: 99, nanoseconds: 0, size: 1) }
        let want = diff(model(other), model(sig))
        let got = other.changes(since: sig)
        XCTAssertEqual(got.changed, want.changed)
        XCTAssertEqual(got.removed, want.removed)
        let listed = other.listed.shuffled(using: &rng)  // (any order is taken)
        XCTAssertEqual(sig.paths(differingFrom: listed), Set(want.changed + want.removed))
        let since = other.changes(since: sig.listed)
        XCTAssertEqual(since.changed.map(\.id), want.changed)
        XCTAssertEqual(since.removed, want.removed)
        XCTAssertEqual(VaultSignature(files: dict, perspectives: nil), sig, "built from a dictionary: the same record")
    }

    func testAReportedFolderOrFileIsLookedAtAgainAsAFullListingWouldSeeIt() throws {
        var rng = SeededRandom(seed: 11)
        let vault = TempDir()
        let folders = ["a", "a/b", "a-b", "ab", "z"]
        for i in 0..<80 { vault.write(rng.pick(folders) + "/t\(i).md", "---\ntitle: \(i)\n---\n") }
        var sig = try VaultSignature.take(root: vault.path)
        for round in 0..<25 {
            let before = model(sig)
            var files = Set<String>(), touched = Set<String>()
            for _ in 0..<rng.int(1...5) {
                let folder = rng.pick(folders)
                switch rng.int(0...4) {
                case 0:  // a new file
                    let id = folder + "/n\(round)-\(rng.int(0...999)).md"
                    vault.write(id, "---\ntitle: new\n---\n")
                    files.insert(id)
                case 1:  // a changed file
                    guard let id = sig.paths.randomElement(using: &rng) else { continue }
                    vault.write(id, "---\ntitle: changed in round \(round)\n---\n")
                    files.insert(id)
                case 2:  // a removed file
                    guard let id = sig.paths.randomElement(using: &rng) else { continue }
                    try? FileManager.default.removeItem(atPath: vault.path + "/" + id)
                    files.insert(id)
                case 3:  // a folder emptied and filled again (a watcher reports the folder)
                    try? FileManager.default.removeItem(atPath: vault.path + "/" + folder)
                    for k in 0..<rng.int(0...3) { vault.write(folder + "/f\(round)-\(k).md", "---\ntitle: f\n---\n") }
                    touched.insert(folder)
                default:  // a file that is not a task, and one that is not in the vault's folders
                    vault.write(folder + "/notes.txt", "x")
                    files.insert(folder + "/notes.txt")
                }
            }
            let changes = sig.update(files: files, folders: touched, root: vault.path)
            let fresh = try VaultListing.listing(root: vault.path).files
            XCTAssertEqual(sig.entries, fresh, "round \(round): the record is what a listing sees")
            let want = diff(model(sig), before)
            XCTAssertEqual(Set(changes.changed), Set(want.changed), "round \(round)")
            XCTAssertEqual(Set(changes.removed), Set(want.removed), "round \(round)")
        }
    }
}
