import Foundation

/// Work on items that come one at a time (files as a listing walks to them):
/// every `chunk` items go to the workers as soon as they are there, and the
/// thread that adds them joins the work once it has added the last
/// (`finish`). A first load lists the vault on one core while the other
/// cores already read what has been listed.
///
/// Outputs are kept in blocks of `blockSize` mapped for them alone, not an
/// array a chunk: a big vault makes thousands of chunks, and their arrays (or
/// blocks from the heap) are let go among the tasks parsed beside them,
/// leaving holes the rest of a load does not fill, which raises its peak. A
/// mapped block goes back to the system when it is let go.
// @unchecked: the shared queue and counts are touched only holding `condition`; `gathering` only by the one adding thread.
final class StreamedWork<Item, Output>: @unchecked Sendable {
    private let chunk: Int
    private let blockSize: Int
    private let body: ([Item]) -> [Output]
    private let condition = NSCondition()
    private let workers = DispatchGroup()
    /// Chunks handed over, in order: each one's items until a worker takes
    /// it, and where its outputs go (guarded by `condition`).
    private var items: [[Item]] = []
    private var starts: [Int] = []
    private var blocks: [UnsafeMutablePointer<Output>] = []
    /// Blocks the heap gave (when no mapping could be had), let go as such.
    private var fromHeap: Set<UnsafeMutablePointer<Output>> = []
    private var handed = 0
    private var taken = 0
    private var ended = false
    /// Items added since the last chunk was handed over (the adding thread's own).
    private var gathering: [Item] = []

    /// `workers` threads wait for chunks from the start (by default one
    /// fewer than the cores: the adding thread is busy listing meanwhile).
    init(chunk: Int, blockSize: Int = 4096, workers count: Int = ProcessInfo.processInfo.activeProcessorCount - 1,
         body: @escaping ([Item]) -> [Output]) {
        self.chunk = max(1, chunk)
        self.blockSize = max(1, blockSize)
        self.body = body
        gathering.reserveCapacity(self.chunk)
        for _ in 0..<max(0, count) {
            workers.enter()
            DispatchQueue.global().async {
                self.work()
                self.workers.leave()
            }
        }
    }

    deinit {
        for block in blocks { unmap(block) }
    }

    private var blockBytes: Int {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        return (blockSize * MemoryLayout<Output>.stride + page - 1) / page * page
    }

    private func map() -> UnsafeMutablePointer<Output> {
        guard let p = mmap(nil, blockBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), p != MAP_FAILED else {
            let block = UnsafeMutablePointer<Output>.allocate(capacity: blockSize)
            fromHeap.insert(block)
            return block
        }
        return p.bindMemory(to: Output.self, capacity: blockSize)
    }

    private func unmap(_ block: UnsafeMutablePointer<Output>) {
        if fromHeap.remove(block) != nil { block.deallocate() } else { munmap(block, blockBytes) }
    }

    /// Adds an item (from one thread only, the one that calls `finish`).
    func add(_ item: Item) {
        gathering.append(item)
        if gathering.count == chunk { handOver() }
    }

    /// Hands every item's output to `each`, in the order the items were
    /// added. The calling thread works on what is left, then waits for the
    /// workers; each block is let go once handed on.
    func finish(_ each: (Output) -> Void) {
        if !gathering.isEmpty { handOver() }
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
        work()
        workers.wait()
        for i in 0..<handed {
            each(slot(i).move())
            if (i + 1) % blockSize == 0 || i + 1 == handed { unmap(blocks[i / blockSize]) }
        }
        blocks = []
    }

    private func slot(_ i: Int) -> UnsafeMutablePointer<Output> { blocks[i / blockSize] + i % blockSize }

    private func handOver() {
        condition.lock()
        items.append(gathering)
        starts.append(handed)
        handed += gathering.count
        while blocks.count * blockSize < handed { blocks.append(map()) }
        condition.signal()
        condition.unlock()
        gathering = []
        gathering.reserveCapacity(chunk)
    }

    /// Takes chunks in order until none is left and no more will come.
    private func work() {
        while let chunk = take() { run(chunk) }
    }

    /// The next chunk not yet taken, with the slots its outputs go to
    /// (waiting for one); nil when there is none and none will come.
    private func take() -> (items: [Item], slots: [UnsafeMutablePointer<Output>])? {
        condition.lock()
        defer { condition.unlock() }
        while taken == items.count, !ended { condition.wait() }
        guard taken < items.count else { return nil }
        let c = taken
        taken += 1
        let run = items[c], start = starts[c]
        items[c] = []
        // (`blocks` only grows under the lock: read here, each chunk's slots are its own.)
        return (run, (0..<run.count).map { slot(start + $0) })
    }

    private func run(_ chunk: (items: [Item], slots: [UnsafeMutablePointer<Output>])) {
        let out = body(chunk.items)
        precondition(out.count == chunk.items.count, "one output an item")
        for (k, o) in out.enumerated() { chunk.slots[k].initialize(to: o) }
    }
}
