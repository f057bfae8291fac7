import Foundation

extension TaskCache {
    /// A vault's cache opened on another thread, for a command to read its
    /// perspectives meanwhile: opening the cache (or making it on a first
    /// run) and reading `.perspectives.json` each keep one core busy for a
    /// while, and neither needs the other. A process that ends waits for it
    /// as for the cache's writes (`VaultLoader.waitForCacheWrites`), so none
    /// ends in the middle of making it.
    // @unchecked: `cache` is set before `opened` is left and read only after waiting for it.
    public final class Opening: @unchecked Sendable {
        private var cache: TaskCache?
        private let opened = DispatchGroup()
        /// Whether the cache's database did not exist when the opening began: it
        /// then holds nothing to answer from, and a load reads the vault while
        /// the database is made (`VaultLoader.load`'s `opening`).
        public let isNew: Bool

        public init(vaultRoot: String, directory: String?) {
            isNew = directory.map { access(TaskCache.databasePath(vaultRoot: vaultRoot, directory: $0), F_OK) != 0 } ?? false
            opened.enter()
            VaultLoader.cacheOpenings.enter()
            DispatchQueue.global().async {
                self.cache = TaskCache.open(vaultRoot: vaultRoot, directory: directory)
                self.opened.leave()
                VaultLoader.cacheOpenings.leave()
            }
        }

        /// The cache (nil when none can be had), once opened.
        public func wait() -> TaskCache? {
            opened.wait()
            return cache
        }
    }
}
