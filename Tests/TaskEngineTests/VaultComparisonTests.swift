import Foundation
import XCTest
@testable import TaskEngine

/// The start's check walks the vault comparing each file with the files
/// known before, as it goes, and keeps only the paths that differ: over
/// random trees and random changes (edits, touches, new files and folders,
/// deletions, a folder removed whole), those are exactly the paths a diff of
/// two whole listings gives, with the same problems and leftovers.
final class VaultComparisonTests: XCTestCase {
    func testTheWalkComparedAsItGoesFindsWhatTwoListingsDiffer() throws {
        var rng = SeededRandom(seed: 77)
        let stems = VaultWalkTests.stems
        for round in 0..<10 {
            let vault = TempDir()
            var folders = [""]
            for _ in 0..<rng.int(2...6) {
                let parent = folders[rng.int(0...folders.count - 1)]
                let path = (parent.isEmpty ? "" : parent + "/") + stems[rng.int(0...stems.count - 1)] + (rng.int(0...5) == 0 ? ".md" : "")
                guard parent.split(separator: "/").count < 3, !folders.contains(path) else { continue }
                try FileManager.default.createDirectory(atPath: vault.path + "/" + path, withIntermediateDirectories: true)
                folders.append(path)
            }
            var files: [String] = []
            func add() {
                let folder = folders[rng.int(0...folders.count - 1)]
                let id = (folder.isEmpty ? "" : folder + "/") + stems[rng.int(0...stems.count - 1)] + String(rng.int(0...30)) + ".md"
                guard !files.contains(id), !folders.contains(id) else { return }
                vault.write(id, "---\ntitle: t\n---\n")
                files.append(id)
            }
            for _ in 0..<rng.int(10...80) { add() }
            if round % 4 == 0 { for i in 0..<300 { vault.write("big/t\(i).md", "x"); files.append("big/t\(i).md") } }
            vault.write(".todomd-x.md.1234.tmp", "left by a crash")
            let before = try VaultListing.listing(root: vault.path)

            // Random changes.
            for _ in 0..<rng.int(0...12) {
                guard !files.isEmpty else { break }
                let k = rng.int(0...files.count - 1)
                switch rng.int(0...4) {
                case 0: vault.write(files[k], "---\ntitle: changed \(rng.int(0...999))\n---\n")
                case 1:  // same size, a later change time
                    let later = Date(timeIntervalSinceNow: Double(rng.int(10...1_000)))
                    try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: vault.path + "/" + files[k])
                case 2: try FileManager.default.removeItem(atPath: vault.path + "/" + files.remove(at: k))
                case 3: add()
                default:
                    let folder = vault.path + "/new\(rng.int(0...3))"
                    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    FileManager.default.createFile(atPath: folder + "/n\(rng.int(0...99)).md", contents: Data("x".utf8))
                }
            }
            if round % 3 == 1, let gone = folders.dropFirst().first {
                try? FileManager.default.removeItem(atPath: vault.path + "/" + gone)
            }

            let after = try VaultListing.listing(root: vault.path)
            let old = Dictionary(uniqueKeysWithValues: before.files.map { ($0.id, $0) })
            let new = Dictionary(uniqueKeysWithValues: after.files.map { ($0.id, $0) })
            let want = Set(new.filter { old[$0.key] != $0.value }.keys).union(old.keys.filter { new[$0] == nil })

            let listings = VaultIOCounters.shared.current.listings
            let check = try VaultListing.compare(root: vault.path, with: before.files)
            XCTAssertEqual(VaultIOCounters.shared.current.listings, listings + 1, "one walk")
            XCTAssertEqual(check.differing.files, want, "round \(round)")
            XCTAssertEqual(check.leftovers, after.leftovers)
            XCTAssertEqual(check.problems.map(\.id), after.problems.map(\.id))
            XCTAssertEqual(VaultSignature(listed: before.files, perspectives: nil).paths(differingFrom: after.files).files, want)
            // Against nothing known, every file differs; against itself, none.
            XCTAssertEqual(try VaultListing.compare(root: vault.path, with: []).differing.files, Set(after.files.map(\.id)))
            XCTAssertEqual(try VaultListing.compare(root: vault.path, with: after.files).differing, InotifyWatch.Report())
            // A walk that leaves folders to be read when it reaches them finds the same.
            for bound in [1, 2, 5, 40] {
                let bounded = try VaultListing.compare(root: vault.path, with: before.files, entriesPerScan: bound)
                XCTAssertEqual(bounded.differing, check.differing, "round \(round), \(bound) entries a scan")
                XCTAssertEqual(bounded.leftovers, after.leftovers)
                XCTAssertEqual(bounded.problems.map(\.id), after.problems.map(\.id))
            }
        }
    }

    /// The start's check at 100,000 files held every entry's name and stat
    /// until the end: a streaming walk holds about one scan's worth (and the
    /// folders it is in), whatever the vault's size.
    func testTheCheckHoldsABoundedShareOfTheVault() throws {
        let vault = TempDir()
        var ids: [String] = []
        for f in 0..<40 {
            for t in 0..<50 {
                let id = "f\(f)/" + (t % 10 == 0 ? "sub/" : "") + "t\(t).md"
                vault.write(id, "x")
                ids.append(id)
            }
        }
        let listing = try VaultListing.listing(root: vault.path)
        XCTAssertEqual(listing.files.map(\.id), ids.sorted(by: IDOrder.less))
        let whole = try VaultListing.compare(root: vault.path, with: listing.files, entriesPerScan: .max)
        XCTAssertEqual(whole.mostEntriesHeld, 40 + 40 * 46 + 40 * 5, "every folder's entries (and the subfolders') read first")
        var known = listing.files
        known[1234].size += 1
        known.remove(at: 777)
        for bound in [1, 100, 300] {
            let check = try VaultListing.compare(root: vault.path, with: known, entriesPerScan: bound)
            XCTAssertEqual(check.differing.files, [listing.files[777].id, listing.files[1234].id], "\(bound)")
            XCTAssertLessThanOrEqual(check.mostEntriesHeld, 40 + bound + 2 * 46, "\(bound) entries a scan")
        }
    }
}
