import Foundation

/// How the app, which runs for hours, asks glibc's malloc to hand memory back.
///
/// By default glibc raises its `mmap` threshold to the size of each large
/// block freed (up to 32 MB), so after the first sort of 100,000 tasks
/// every later array of that size comes from the heap, and what is freed
/// there stays with the process: at 100,000 tasks the rule editor and a few
/// `Space`s left it 7–9 MB larger for good. A fixed threshold of 1 MB keeps
/// blocks that large in their own mappings, given back when freed; below it
/// (keys' bit sets, rows of a list) nothing changes, so keys cost what they did.
enum HeapTuning {
    /// glibc's `M_MMAP_THRESHOLD` (`<malloc.h>`, which Swift's Glibc module does not bring in).
    private static let mmapThreshold: Int32 = -3

    /// Fixes the threshold, once per process (nothing where `mallopt` is not glibc's).
    static let applied: Bool = {
        guard let symbol = dlsym(nil, "mallopt") else { return false }  // (nil: RTLD_DEFAULT)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        return unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 1 << 20) == 1
    }()
}
