import Foundation

/// The cache's snapshot (its chunks and the rule columns of its tasks) as a
/// file of its own beside the SQLite database, written once, front to back,
/// under a name no other write uses, and never changed after: a new snapshot
/// is a new file, named in the database's `meta` table in the same
/// transaction that forgets the journal, and the file it replaced is removed.
///
/// Not in SQLite, where every byte of a snapshot would be written twice
/// (into the write-ahead log, then into the database at the checkpoint) and
/// read back once between, a large part of a cold `count` on a big vault.
/// The file is not synced (a cache need not survive a power cut); every
/// record carries a checksum instead, so a file torn or emptied by one is
/// noticed and the vault parsed again.
///
/// Layout: the magic `TDMSNAP1`, then records `[kind: 1 byte][length: 4][checksum: 8][payload]`
/// (little-endian): the chunks in order (`CacheSnapshot`), the columns if
/// any (`CacheColumns`), and last a trailer whose payload is the number of
/// chunks and the columns record's offset (0: none).
enum SnapshotFile {
    static let magic = Array("TDMSNAP1".utf8)
    static let headerSize = 13
    static let trailerSize = headerSize + 16

    enum Kind: UInt8 {
        case chunk = 1, columns = 2, trailer = 3
    }

    static func checksum(_ bytes: UnsafeRawBufferPointer, kind: Kind) -> UInt64 {
        var lanes = ListingHash.Lanes()
        lanes.mix(UInt64(kind.rawValue))
        lanes.path(bytes)
        return lanes.folded
    }

    /// `checksum` of a payload handed over in pieces (its length known before).
    struct Checksum {
        private var lanes = ListingHash.Lanes()
        /// Bytes of the word not complete yet (little-endian), and how many.
        private var pending: UInt64 = 0
        private var pendingCount = 0

        init(kind: Kind, count: Int) {
            lanes.mix(UInt64(kind.rawValue))
            lanes.mix(UInt64(count))  // (as `Lanes.path` does first)
        }

        mutating func add(_ piece: UnsafeRawBufferPointer) {
            var i = 0
            while pendingCount > 0, i < piece.count {
                take(piece[i])
                i += 1
            }
            while i + 8 <= piece.count {
                lanes.mix(UInt64(littleEndian: piece.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                i += 8
            }
            while i < piece.count {
                take(piece[i])
                i += 1
            }
        }

        private mutating func take(_ byte: UInt8) {
            pending |= UInt64(byte) << (8 * UInt64(pendingCount))
            pendingCount += 1
            if pendingCount == 8 {
                lanes.mix(pending)
                (pending, pendingCount) = (0, 0)
            }
        }

        /// The checksum (the last word padded with zeros).
        var value: UInt64 {
            var end = lanes
            if pendingCount > 0 { end.mix(pending) }
            return end.folded
        }
    }

    /// A record's payload made as it is written: its length, and what hands
    /// its bytes over in order (`pieces(sink)`).
    struct Payload {
        let count: Int
        let pieces: ((UnsafeRawBufferPointer) -> Void) -> Void
    }

    /// A whole record, header and payload, made and checksummed on whatever
    /// core made its payload, so that writing it is one system call and no
    /// copy (a chunk copied into the writer's buffer and summed there kept
    /// one core busy after the answer of a cold `count` was out).
    struct Record {
        private(set) var bytes: [UInt8]

        /// The record of `kind` whose payload `fill` appends to the bytes it is
        /// given (`reserving`: about how many it will append).
        init(_ kind: Kind, reserving: Int = 0, fill: (inout [UInt8]) -> Void) {
            bytes = []
            bytes.reserveCapacity(headerSize + reserving)
            bytes.append(contentsOf: repeatElement(0, count: headerSize))
            fill(&bytes)
            let length = bytes.count - headerSize
            let sum = bytes.withUnsafeBytes { checksum(UnsafeRawBufferPointer(rebasing: $0[headerSize...]), kind: kind) }
            bytes[0] = kind.rawValue
            bytes.withUnsafeMutableBytes {
                $0.storeBytes(of: UInt32(length).littleEndian, toByteOffset: 1, as: UInt32.self)
                $0.storeBytes(of: sum.littleEndian, toByteOffset: 5, as: UInt64.self)
            }
        }

        init(_ kind: Kind, payload: [UInt8]) {
            self.init(kind, reserving: payload.count) { $0.append(contentsOf: payload) }
        }
    }

    /// Writes `count` chunks, each one's whole record made by `record` in
    /// turn, then the columns `columns` gives (made after the chunks, and
    /// written as they are made), to a new file at `path`. False (and no
    /// file) when it cannot be written whole.
    static func write(to path: String, count: Int, record: (Int) -> Record, columns: () -> Payload?) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        var out = Output(fd: fd)
        out.buffer.append(contentsOf: magic)
        for i in 0..<count { out.whole(record(i)) }
        var columnsAt: UInt64 = 0
        if let c = columns() {
            columnsAt = UInt64(out.offset)
            out.record(.columns, c)
        }
        var trailer: [UInt8] = []
        for v in [UInt64(count), columnsAt] { withUnsafeBytes(of: v.littleEndian) { trailer.append(contentsOf: $0) } }
        out.record(.trailer, trailer)
        out.flush()
        let ok = !out.failed && close(fd) == 0
        if !ok { unlink(path) }
        return ok
    }

    /// What is written, gathered into writes of about a megabyte.
    private struct Output {
        let fd: Int32
        var buffer: [UInt8] = []
        var written = 0
        var failed = false

        init(fd: Int32) {
            self.fd = fd
            buffer.reserveCapacity(1 << 20)
        }

        var offset: Int { written + buffer.count }

        /// A record made whole: written as it is, after what the buffer holds.
        mutating func whole(_ record: Record) {
            if buffer.count + record.bytes.count > 1 << 16 { flush() }
            if record.bytes.count > 1 << 16 { record.bytes.withUnsafeBytes { write($0) } } else { buffer.append(contentsOf: record.bytes) }
        }

        mutating func record(_ kind: Kind, _ payload: [UInt8]) {
            record(kind, Payload(count: payload.count) { sink in payload.withUnsafeBytes(sink) })
        }

        /// The header with the payload's length, the payload as it is made,
        /// then its checksum put into the header.
        mutating func record(_ kind: Kind, _ payload: Payload) {
            buffer.append(kind.rawValue)
            withUnsafeBytes(of: UInt32(payload.count).littleEndian) { buffer.append(contentsOf: $0) }
            let sumAt = offset
            buffer.append(contentsOf: repeatElement(0, count: 8))
            var sum = Checksum(kind: kind, count: payload.count), given = 0
            payload.pieces { piece in
                sum.add(piece)
                given += piece.count
                if buffer.count + piece.count > 1 << 20 { flush() }
                if piece.count > 1 << 20 { write(piece) } else { buffer.append(contentsOf: piece) }
            }
            if given != payload.count { failed = true }  // (a record that is not what its header says is never left)
            withUnsafeBytes(of: sum.value.littleEndian) { patch($0, at: sumAt) }
        }

        /// Puts `bytes` at `position` of the file, written or still in the buffer.
        private mutating func patch(_ bytes: UnsafeRawBufferPointer, at position: Int) {
            if position < written, position + bytes.count > written { flush() }
            if position >= written {
                let at = position - written
                buffer.withUnsafeMutableBytes { UnsafeMutableRawBufferPointer(rebasing: $0[at..<(at + bytes.count)]).copyMemory(from: bytes) }
                return
            }
            var done = 0
            while !failed, done < bytes.count {
                let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(position + done))
                if n < 0, errno == EINTR { continue }
                if n <= 0 { failed = true } else { done += n }
            }
        }

        mutating func flush() {
            do {
                let bytes = buffer  // (not `self.buffer` while `write` changes `self`)
                bytes.withUnsafeBytes { write($0) }
            }
            buffer.removeAll(keepingCapacity: true)
        }

        private mutating func write(_ raw: UnsafeRawBufferPointer) {
            var done = 0
            while !failed, done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { failed = true } else { done += n }
            }
            written += raw.count
        }
    }

    /// An open snapshot file whose trailer checked out.
    struct Reader {
        let fd: Int32
        let chunkCount: Int
        let columnsAt: Int
        private var buffer: [UInt8] = []

        /// Nil when the file is missing, not a regular file, too short or its trailer is damaged.
        init?(path: String) {
            // Without blocking: a FIFO put in the snapshot's place is not waited on, only found no snapshot.
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { return nil }
            var st = stat()
            var head = [UInt8](repeating: 0, count: magic.count)
            var buffer: [UInt8] = []
            guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) >= magic.count + trailerSize,
                  Self.pread(fd, &head, at: 0), head == magic,
                  let trailer = Self.record(fd, at: Int(st.st_size) - trailerSize, kind: .trailer, into: &buffer), trailer.count == 16
            else {
                Glibc.close(fd)
                return nil
            }
            let words = trailer.withUnsafeBytes { raw in
                (0..<2).map { Int(clamping: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * $0, as: UInt64.self))) }
            }
            (self.fd, chunkCount, columnsAt, self.buffer) = (fd, words[0], words[1], buffer)
        }

        func close() { _ = Glibc.close(fd) }

        /// Calls `visit` with each chunk in order; false at the first one that
        /// is missing or damaged (after the chunks before it were visited).
        mutating func forEachChunk(_ visit: (UnsafeRawBufferPointer) -> Void) -> Bool {
            var at = magic.count
            for _ in 0..<chunkCount {
                guard let payload = Self.record(fd, at: at, kind: .chunk, into: &buffer) else { return false }
                payload.withUnsafeBytes { visit($0) }
                at += SnapshotFile.headerSize + payload.count
            }
            return true
        }

        /// The columns' bytes, or nil when there are none or they are damaged.
        mutating func columns() -> [UInt8]? {
            guard columnsAt > 0, let payload = Self.record(fd, at: columnsAt, kind: .columns, into: &buffer) else { return nil }
            return Array(payload)
        }

        /// Whether the columns are there whole with their checksum, read in pieces of
        /// 64 KB (a check before a write need not hold the columns, large in a big vault).
        func columnsAreSound() -> Bool {
            guard columnsAt > 0 else { return false }
            guard let (length, sum) = Self.header(fd, at: columnsAt, kind: .columns) else { return false }
            var checksum = Checksum(kind: .columns, count: length)
            var piece = [UInt8](repeating: 0, count: 64 * 1024)
            var done = 0
            while done < length {
                let n = min(piece.count, length - done)
                guard Self.pread(fd, &piece, count: n, at: columnsAt + SnapshotFile.headerSize + done) else { return false }
                piece.withUnsafeBytes { checksum.add(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                done += n
            }
            return checksum.value == sum
        }

        /// The payload of the record of `kind` at `offset` (in `buffer`, valid
        /// until the next read), nil when it is not there whole with its checksum.
        private static func record(_ fd: Int32, at offset: Int, kind: Kind, into buffer: inout [UInt8]) -> ArraySlice<UInt8>? {
            guard let (length, sum) = header(fd, at: offset, kind: kind) else { return nil }
            if buffer.count < length { buffer = [UInt8](repeating: 0, count: length) }
            guard pread(fd, &buffer, count: length, at: offset + SnapshotFile.headerSize),
                  buffer.withUnsafeBytes({ checksum(UnsafeRawBufferPointer(rebasing: $0[0..<length]), kind: kind) }) == sum
            else { return nil }
            return buffer[0..<length]
        }

        /// The payload's length and checksum in the header of the record of `kind` at `offset`.
        private static func header(_ fd: Int32, at offset: Int, kind: Kind) -> (length: Int, sum: UInt64)? {
            var head = [UInt8](repeating: 0, count: SnapshotFile.headerSize)
            guard pread(fd, &head, at: offset), head[0] == kind.rawValue else { return nil }
            return head.withUnsafeBytes {
                (Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 1, as: UInt32.self))),
                 UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 5, as: UInt64.self)))
            }
        }

        /// Fills the first `count` bytes of `bytes` (all of them by default) from `offset`; false when the file ends first.
        private static func pread(_ fd: Int32, _ bytes: inout [UInt8], count: Int? = nil, at offset: Int) -> Bool {
            let want = count ?? bytes.count
            return bytes.withUnsafeMutableBytes { raw in
                var done = 0
                while done < want {
                    let n = Glibc.pread(fd, raw.baseAddress! + done, want - done, off_t(offset + done))
                    if n < 0, errno == EINTR { continue }
                    guard n > 0 else { return false }
                    done += n
                }
                return true
            }
        }
    }
}
