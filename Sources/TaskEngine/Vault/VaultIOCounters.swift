import Foundation
import Synchronization

/// How many times this process walked the vault and read task files, so
/// tests (and `TODOMD_TRACE`) can see that the app's own writes list
/// nothing and an outside change to one file reads that file alone.
public final class VaultIOCounters: Sendable {
    public struct Counts: Equatable, Sendable {
        /// Walks of the whole vault.
        public var listings = 0
        /// Walks of one folder of it (after a folder was created, moved or deleted).
        public var folderListings = 0
        /// Task files read one by one after a change.
        public var fileReads = 0
    }

    public static let shared = VaultIOCounters()
    private let counts = Mutex(Counts())

    public var current: Counts { counts.withLock { $0 } }

    func count(_ which: WritableKeyPath<Counts, Int> & Sendable) {
        counts.withLock { $0[keyPath: which] += 1 }
    }
}
