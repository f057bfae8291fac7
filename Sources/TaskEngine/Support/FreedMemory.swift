import CMimalloc

/// The process's heap. mimalloc is linked in place of glibc's malloc (see
/// Package.swift): what a thread frees goes back to its own pages, and a
/// page left empty is given back to the system after a short delay.
public enum FreedMemory {
    /// Gives the pages freed by a big step (a load, the start's check of the
    /// vault) back to the system now, so that the next big step does not
    /// raise the peak on top of them.
    public static func giveBack() { mi_collect(true) }

    /// For the app, which runs for hours: every page of the heap left empty
    /// is given back at once, not after mimalloc's delay. Its memory after a
    /// walk through the perspectives at 100,000 tasks is then 90–93 MB
    /// (94–95 MB with glibc's malloc, 102 MB with mimalloc's defaults); a
    /// command, which ends in a moment, keeps the defaults, the fastest.
    public static func keepFootprintSmall() {
        mi_option_set(mi_option_page_reset, 1)
        mi_option_set(mi_option_decommit_delay, 0)
    }
}
