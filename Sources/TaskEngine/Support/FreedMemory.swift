import Foundation

/// Gives the pages of memory freed by a big step (a load, the start's
/// check of the vault) back to the system. glibc keeps freed memory for
/// reuse; after a listing of 100,000 paths is let go that is megabytes the
/// process still counts as resident, and the next big step would raise the
/// peak on top of it. (`malloc_trim` is glibc's, looked up once: Swift's
/// Glibc module does not declare it; elsewhere this does nothing.)
public enum FreedMemory {
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let trim: Trim? = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim").map { unsafeBitCast($0, to: Trim.self) }

    public static func giveBack() { _ = trim?(0) }
}
