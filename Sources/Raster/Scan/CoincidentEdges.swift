import Geometry

/// Segments of an even-odd fill with coincident pairs taken out.
///
/// Accumulated area counts a pixel that an edge crosses with coverage c once per edge, so
/// two edges that lie exactly on each other give 2c, which the even-odd rule folds to a
/// dark line where the fill should be empty: the outline of two identical ellipses. Under
/// the even-odd rule two identical segments, in the same direction or opposite ones, leave
/// the parity of every point unchanged, so removing both is exact. Paths that draw one
/// shape twice, or shapes that share an edge, flatten to identical segments, since the
/// same points go through the same arithmetic.
///
/// Segments are matched through a hash table of their ends (lower end first, so direction
/// does not matter), in the order added: each one cancels the last unmatched segment on
/// the same ends, if any (so of an odd number, one is kept). Kept segments are given back
/// in their order, so a path without coincident edges is accumulated exactly as before.
/// Buffers grow to the longest path and are reused: no allocation after that.
final class CoincidentEdges {
    private var from: [Point] = []
    private var to: [Point] = []
    private var kept: [Bool] = []
    /// Hash slots: a segment with the slot's ends (−1 for an empty slot), and the last
    /// unmatched one with them (−1 for none).
    private var slots: [Int32] = []
    private var open: [Int32] = []

    /// Empties the list.
    func removeAll() {
        from.removeAll(keepingCapacity: true)
        to.removeAll(keepingCapacity: true)
    }

    /// Adds the segment from `a` to `b`.
    @inline(__always)
    func add(_ a: Point, _ b: Point) {
        from.append(a)
        to.append(b)
    }

    /// Calls `body` with every segment not cancelled by a coincident one, in the order added.
    func forEachKept(_ body: (Point, Point) -> Void) {
        let count = from.count
        var capacity = 16
        while capacity < 2 * count { capacity *= 2 }
        let mask = capacity - 1
        kept.removeAll(keepingCapacity: true)
        kept.append(contentsOf: repeatElement(true, count: count))
        slots.removeAll(keepingCapacity: true)
        slots.append(contentsOf: repeatElement(-1, count: capacity))
        open.removeAll(keepingCapacity: true)
        open.append(contentsOf: repeatElement(-1, count: capacity))
        from.withUnsafeBufferPointer { from in
        to.withUnsafeBufferPointer { to in
        kept.withUnsafeMutableBufferPointer { kept in
        slots.withUnsafeMutableBufferPointer { slots in
        open.withUnsafeMutableBufferPointer { open in
            /// A segment's ends, lower first (by y, then x); `+ 0` makes −0 and 0 one value.
            @inline(__always) func ends(_ i: Int) -> (Double, Double, Double, Double) {
                let a = from[i], b = to[i]
                let (p, q) = (a.y, a.x) <= (b.y, b.x) ? (a, b) : (b, a)
                return (p.x + 0, p.y + 0, q.x + 0, q.y + 0)
            }
            for i in 0..<count {
                let key = ends(i)
                var hash = key.0.bitPattern &* 0x9E37_79B9_7F4A_7C15
                hash = (hash ^ key.1.bitPattern) &* 0x9E37_79B9_7F4A_7C15
                hash = (hash ^ key.2.bitPattern) &* 0x9E37_79B9_7F4A_7C15
                hash = (hash ^ key.3.bitPattern) &* 0x9E37_79B9_7F4A_7C15
                var slot = Int(truncatingIfNeeded: hash >> 32) & mask
                while slots[slot] >= 0 && ends(Int(slots[slot])) != key { slot = (slot + 1) & mask }
                if slots[slot] < 0 {
                    slots[slot] = Int32(i)
                    open[slot] = Int32(i)
                } else if open[slot] >= 0 {
                    kept[Int(open[slot])] = false
                    kept[i] = false
                    open[slot] = -1
                } else {
                    open[slot] = Int32(i)
                }
            }
            for i in 0..<count where kept[i] { body(from[i], to[i]) }
        }
        }
        }
        }
        }
    }
}
