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
/// Segments of two subpaths coincide exactly only where the subpaths share a point (a shape
/// drawn twice, an edge shared by two shapes), barring a coincidence of arithmetic, so a
/// path whose subpaths share none (`sharesAPoint`) is left as it is, at the cost of a pass
/// over its points rather than its segments. (A subpath that retraces its own edge the
/// same way is not looked for.)
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

    /// Whether two subpaths of `path` share a point.
    func sharesAPoint(_ path: Path) -> Bool {
        let points = path.points
        let count = points.count
        var capacity = 16
        while capacity < 2 * count { capacity *= 2 }
        let mask = capacity - 1
        // A slot holds a point's index, and `open` the number of its subpath.
        slots.removeAll(keepingCapacity: true)
        slots.append(contentsOf: repeatElement(-1, count: capacity))
        open.removeAll(keepingCapacity: true)
        open.append(contentsOf: repeatElement(-1, count: capacity))
        return points.withUnsafeBufferPointer { points in
            slots.withUnsafeMutableBufferPointer { slots in
                open.withUnsafeMutableBufferPointer { subpaths in
                    var i = 0, subpath: Int32 = -1
                    for verb in path.verbs {
                        let n: Int
                        switch verb {
                        case .move: n = 1; subpath += 1
                        case .line: n = 1
                        case .quad: n = 2
                        case .cubic: n = 3
                        case .close: n = 0
                        }
                        for _ in 0..<n {
                            let (x, y) = (points[i].x + 0, points[i].y + 0)
                            var slot = Int(truncatingIfNeeded: Self.hash(x, y, 0, 0) >> 32) & mask
                            while slots[slot] >= 0 {
                                let q = points[Int(slots[slot])]
                                if q.x == x && q.y == y { break }
                                slot = (slot + 1) & mask
                            }
                            if slots[slot] < 0 {
                                slots[slot] = Int32(i)
                                subpaths[slot] = subpath
                            } else if subpaths[slot] != subpath {
                                return true
                            }
                            i += 1
                        }
                    }
                    return false
                }
            }
        }
    }

    @inline(__always)
    private static func hash(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> UInt64 {
        var hash = a.bitPattern &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ b.bitPattern) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ c.bitPattern) &* 0x9E37_79B9_7F4A_7C15
        return (hash ^ d.bitPattern) &* 0x9E37_79B9_7F4A_7C15
    }

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
                var slot = Int(truncatingIfNeeded: Self.hash(key.0, key.1, key.2, key.3) >> 32) & mask
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
