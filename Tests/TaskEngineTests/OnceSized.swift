extension Array {
    /// The capacity an array of this element gets when room for `count` is made
    /// at once: malloc rounds the request up to a size it keeps (mimalloc's
    /// classes are an eighth apart), and the array takes all of it. An array
    /// grown by doubling has up to twice its count.
    func onceSized(_ count: Int) -> Int {
        var room: [Element] = []
        room.reserveCapacity(count)
        return room.capacity
    }
}
