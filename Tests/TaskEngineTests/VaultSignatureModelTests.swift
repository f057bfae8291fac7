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
        XCTAssertEqual(sig.paths(differingFrom: listed).files, Set(want.changed + want.removed))
        XCTAssertEqual(VaultSignature(files: dict, perspectives: nil), sig, "built from a dictionary: the same record")
    }

    /// What changed since the cache's snapshot is found from the journal's
    /// paths and what each changed path had first, not from a copy of every
    /// stamp: over random snapshots, journals and edits (one by one, and
    /// whole new looks at the vault), it is what comparing with the snapshot gives.
    func testChangesSinceTheSnapshotNeedNoCopyOfIt() {
        var rng = SeededRandom(seed: 19)
        let names = (0..<200).map { i in rng.pick(["", "a/", "a-b/", "z/"]) + rng.pick(["t", "é", "a.b"]) + "\(i).md" }
        func stamp() -> VaultSignature.Stamp { VaultSignature.Stamp(seconds: rng.int(0...5), nanoseconds: 0, size: rng.int(0...3)) }
        func files(_ m: Model) -> [VaultListing.File] { m.map { VaultSignature.file($0.key, $0.value) }.sorted { IDOrder.less($0.id, $1.id) } }
        for round in 0..<60 {
            var snapshot: Model = [:]
            for n in names where rng.chance(0.6) { snapshot[n] = stamp() }
            var shown = snapshot  // the snapshot with a journal applied
            for _ in 0..<rng.int(0...15) { shown[rng.pick(names)] = rng.chance(0.3) ? nil : stamp() }
            let base = rng.chance(0.2) && shown == snapshot ? SnapshotBase(count: snapshot.count)
                : SnapshotBase(snapshot: files(snapshot), shown: files(shown))
            var sig = VaultSignature(listed: files(shown), perspectives: nil)
            for _ in 0..<rng.int(0...40) {
                if rng.chance(0.1) {  // a whole new look (the watcher could not say what changed)
                    var now = model(sig)
                    for _ in 0..<rng.int(0...10) { now[rng.pick(names)] = rng.chance(0.3) ? nil : stamp() }
                    _ = sig.adopt(VaultSignature(listed: files(now), perspectives: nil))
                } else {
                    sig[rng.pick(names)] = rng.chance(0.3) ? nil : stamp()
                }
            }
            let want = diff(model(sig), snapshot)
            let got = sig.changes(since: base)
            XCTAssertEqual(got.changed.map(\.id), want.changed, "round \(round)")
            XCTAssertEqual(got.changed.map(VaultSignature.stamp), want.changed.map { model(sig)[$0]! }, "round \(round)")
            XCTAssertEqual(got.removed, want.removed, "round \(round)")
            XCTAssertEqual(base.count, snapshot.count)
        }
    }

    /// Two files may be named `café.md` with `é` written as one character
    /// and as `e` + U+0301: Swift's strings find them equal, the vault does not.
    func testFilesNamedAlikeInTwoUnicodeFormsAreTwoFiles() {
        let (nfc, nfd) = ("caf\u{E9}.md", "cafe\u{301}.md")
        func stamp(_ s: Int) -> VaultSignature.Stamp { VaultSignature.Stamp(seconds: s, nanoseconds: 0, size: 1) }
        func files(_ pairs: [(String, Int)]) -> [VaultListing.File] {
            pairs.map { VaultSignature.file($0.0, stamp($0.1)) }.sorted { IDOrder.less($0.id, $1.id) }
        }
        // Both changed since a snapshot that had both.
        var sig = VaultSignature(listed: files([(nfc, 1), (nfd, 1)]), perspectives: nil)
        sig[nfc] = stamp(2)
        sig[nfd] = stamp(3)
        XCTAssertEqual(sig.changes(since: SnapshotBase(count: 2)).changed.map { Array($0.id.utf8) }, [Array(nfd.utf8), Array(nfc.utf8)])
        // The snapshot had one; the journal added the other; then the first changed.
        var next = VaultSignature(listed: files([(nfc, 1), (nfd, 5)]), perspectives: nil)
        next[nfc] = stamp(2)
        let since = next.changes(since: SnapshotBase(snapshot: files([(nfc, 1)]), shown: files([(nfc, 1), (nfd, 5)])))
        XCTAssertEqual(since.changed.map { Array($0.id.utf8) }, [Array(nfd.utf8), Array(nfc.utf8)])
        XCTAssertEqual(since.removed, [])
    }

    func testAReportedFolderOrFileIsLookedAtAgainAsAFullListingWouldSeeIt() throws {
        var rng = SeededRandom(seed: 11)
        let vault = TempDir()
        let folders = ["a", "a/b", "a-b", "ab", "z"]
        for i in 0..<80 { vault.write(rng.pick(folders) + "/t\(i).md", "---\ntitle: \(i)\n---\n") }
        var sig = try VaultSignature.take(root: vault.path)
        let first = model(sig)
        defer {
            // What changed since the first look, known without a copy of it.
            let since = sig.changes(since: SnapshotBase(count: first.count)), want = diff(model(sig), first)
            XCTAssertEqual(since.changed.map(\.id), want.changed)
            XCTAssertEqual(since.removed, want.removed)
        }
        for round in 0..<25 {
            let before = model(sig)
            var files = Set<String>(), touched = Set<String>()
            for _ in 0..<rng.int(1...5) {
                let folder = rng.pick(folders)
                switch rng.int(0...5) {
                case 5:  // a file changed, its folder reported (a watcher may name the folder only)
                    guard let id = sig.paths.randomElement(using: &rng), let slash = id.lastIndex(of: "/") else { continue }
                    vault.write(id, "---\ntitle: changed with its folder in round \(round) \(String(repeating: "x", count: rng.int(0...9)))\n---\n")
                    touched.insert(String(id[..<slash]))
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
            var look = VaultSignature(listed: sig.listed, perspectives: sig.perspectives)  // (nothing changed yet)
            let changes = sig.update(files: files, folders: touched, root: vault.path)
            _ = look.update(files: files, folders: touched, root: vault.path)
            let since = look.changes(since: SnapshotBase(count: before.count))
            XCTAssertEqual(Set(since.changed.map(\.id)), Set(changes.changed), "round \(round): each change's first stamp kept")
            XCTAssertEqual(Set(since.removed), Set(changes.removed), "round \(round)")
            let fresh = try VaultListing.listing(root: vault.path).files
            XCTAssertEqual(sig.entries, fresh, "round \(round): the record is what a listing sees")
            let want = diff(model(sig), before)
            XCTAssertEqual(Set(changes.changed), Set(want.changed), "round \(round)")
            XCTAssertEqual(Set(changes.removed), Set(want.removed), "round \(round)")
        }
    }
}
