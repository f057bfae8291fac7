import Foundation

/// Work spread over all cores, each result written to its own slot.
public enum Parallel {
    /// `[body(0), …, body(count - 1)]`, computed `chunk` indices per work item.
    public static func map<T>(_ count: Int, chunk: Int, _ body: @Sendable (Int) -> T) -> [T] {
        fill(count, chunk: chunk) { range, out in
            for i in range { (out + i).initialize(to: body(i)) }
        }
    }

    /// `count` values made `chunk` at a time on all cores: `body(range, slots)`
    /// initializes `slots[range]` (what a chunk needs once is set up once).
    static func fill<T>(_ count: Int, chunk: Int, _ body: @Sendable (Range<Int>, UnsafeMutablePointer<T>) -> Void) -> [T] {
        Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress {
                let out = Slots(base: base)
                DispatchQueue.concurrentPerform(iterations: (count + chunk - 1) / chunk) { c in
                    body((c * chunk)..<min(count, (c + 1) * chunk), out.base)
                }
            }
            initialized = count
        }
    }
}

/// Slots filled from other threads, each slot by one writer only.
// @unchecked: each slot is written by one thread only, and read after every writer has finished.
struct Slots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}
