import Foundation

/// The process's heap. todomd and the tests link mimalloc in place of
/// glibc's malloc (see Package.swift): what a thread frees goes back to its
/// own pages, and a page left empty is given back to the system after a
/// short delay. Its functions are looked up by name, not linked: the engine
/// is also linked without mimalloc (the engine's benchmarks, whose
/// allocation counter breaks mimalloc's heap), and then glibc's are used.
public enum FreedMemory {
    private typealias Collect = @convention(c) (Bool) -> Void
    private typealias SetOption = @convention(c) (Int32, Int) -> Void
    private typealias Trim = @convention(c) (Int) -> Int32
    private static func symbol<F>(_ name: String, as type: F.Type) -> F? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }  // (0: RTLD_DEFAULT)
    }
    private static let collect = symbol("mi_collect", as: Collect.self)
    private static let setOption = symbol("mi_option_set", as: SetOption.self)
    private static let trim = symbol("malloc_trim", as: Trim.self)

    /// mimalloc's `mi_option_page_reset` and `mi_option_decommit_delay` (mimalloc.h, 2.0; a test holds them to the header).
    static let pageResetOption: Int32 = 11, decommitDelayOption: Int32 = 15

    /// Whether mimalloc is the process's malloc.
    static var mimalloc: Bool { collect != nil }

    /// Gives the pages freed by a big step (a load, the start's check of the
    /// vault) back to the system now, so that the next big step does not
    /// raise the peak on top of them.
    public static func giveBack() {
        if let collect { collect(true) } else { _ = trim?(0) }
    }

    /// For the app, which runs for hours: every page of the heap left empty
    /// is given back at once, not after mimalloc's delay, which keeps its
    /// memory after a walk through a big vault's perspectives below what
    /// mimalloc's defaults or glibc's malloc leave; a command, which ends in
    /// a moment, keeps the defaults, the fastest.
    public static func keepFootprintSmall() {
        setOption?(pageResetOption, 1)
        setOption?(decommitDelayOption, 0)
    }
}
