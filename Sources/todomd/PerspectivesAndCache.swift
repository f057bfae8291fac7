import TaskEngine

/// The vault's perspectives, read while its cache is opened on another thread (`TaskCache.Opening`).
func perspectivesAndCache(root: String) -> (store: PerspectiveStore, cache: TaskCache.Opening) {
    let opening = TaskCache.Opening(vaultRoot: root, directory: PerspectiveStore.defaultCacheDirectory())
    let store = PerspectiveStore(vaultRoot: root)
    store.load()
    return (store, opening)
}
