import Foundation

/// Work on items that come one at a time (files as a listing walks to them):
/// every `chunk` items go to the workers as soon as they are there, and the
/// thread that adds them joins the work once it has added the last
/// (`finish`). A first load lists the vault on one core while the other
/// cores already read what has been listed.
final class StreamedWork<Item, Output>: @unchecked Sendable {
    private let chunk: Int
    private let body: ([Item]) -> [Output]
    private let condition = NSCondition()
    private let workers = DispatchGroup()
    /// Chunks handed over, in order: each one's items until a worker takes
    /// it, then its outputs once done (guarded by `condition`).
    private var items: [[Item]] = []
    private var outputs: [[Output]] = []
    private var taken = 0
    private var ended = false
    /// Items added since the last chunk was handed over (the adding thread's own).
    private var gathering: [Item] = []

    /// `workers` threads wait for chunks from the start (by default one
    /// fewer than the cores: the adding thread is busy listing meanwhile).
    init(chunk: Int, workers count: Int = ProcessInfo.processInfo.activeProcessorCount - 1,
         body: @escaping ([Item]) -> [Output]) {
        self.chunk = max(1, chunk)
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

    /// Adds an item (from one thread only, the one that calls `finish`).
    func add(_ item: Item) {
        gathering.append(item)
        if gathering.count == chunk { handOver() }
    }

    /// Hands every item's output to `each`, in the order the items were
    /// added. The calling thread works on what is left, then waits for the
    /// workers (each chunk's outputs are let go once handed on: no second
    /// array of them all is made).
    func finish(_ each: (Output) -> Void) {
        if !gathering.isEmpty { handOver() }
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
        work()
        workers.wait()
        for c in outputs.indices {
            for out in outputs[c] { each(out) }
            outputs[c] = []
        }
    }

    private func handOver() {
        condition.lock()
        items.append(gathering)
        outputs.append([])
        condition.signal()
        condition.unlock()
        gathering = []
        gathering.reserveCapacity(chunk)
    }

    /// Takes chunks in order until none is left and no more will come.
    private func work() {
        while true {
            condition.lock()
            while taken == items.count, !ended { condition.wait() }
            guard taken < items.count else {
                condition.unlock()
                return
            }
            let c = taken
            taken += 1
            let run = items[c]
            items[c] = []
            condition.unlock()
            let out = body(run)
            condition.lock()
            outputs[c] = out
            condition.unlock()
        }
    }
}
