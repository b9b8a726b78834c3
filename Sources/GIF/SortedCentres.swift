/// The nearest of a few hundred centres to each of many points, exactly as a scan of every
/// centre finds it (least squared distance, ties to the lowest index), without computing
/// every distance: the centres are sorted by their first coordinate, and the search
/// scans outward from the point's place in that order, stopping on each side at the first
/// centre whose first coordinate alone is farther than the best distance found (the
/// squared difference of one coordinate never exceeds the whole squared distance, in
/// floating point too, since every term added is non-negative). Clustering a palette's
/// colours (`PaletteBuilder`) makes this search once per colour and pass, and mapping
/// colours to a palette (`PaletteMapper`) once per new colour, over the entries' reds
/// (integer distances, exact as `Float` below 2²⁴).
struct SortedCentres {
    /// The centres' first coordinates, ascending (ties by index), and the centre of each.
    private let keys: [Float]
    private let order: [Int]

    init(firstCoordinates: [Float]) {
        order = firstCoordinates.indices.sorted {
            firstCoordinates[$0] < firstCoordinates[$1] || (firstCoordinates[$0] == firstCoordinates[$1] && $0 < $1)
        }
        keys = order.map { firstCoordinates[$0] }
    }

    /// The index of the centre nearest to a point whose first coordinate is `key`, given
    /// `distance(index)`, the squared distance to centre `index` (at least the square of
    /// the first coordinates' difference); 0 when every distance is infinite.
    @inline(__always)
    func nearest(key: Float, _ distance: (Int) -> Float) -> Int {
        keys.withUnsafeBufferPointer { keys in
            order.withUnsafeBufferPointer { order in
                var best = 0
                var bestDistance = Float.infinity
                @inline(__always) func consider(_ slot: Int) {
                    let index = order[slot]
                    let d = distance(index)
                    if d < bestDistance || (d == bestDistance && index < best) {
                        bestDistance = d
                        best = index
                    }
                }
                let low = Self.firstSlot(keyAtLeast: key, in: keys)
                var slot = low
                while slot < keys.count {
                    let gap = keys[slot] - key
                    if gap * gap > bestDistance { break }
                    consider(slot)
                    slot += 1
                }
                slot = low - 1
                while slot >= 0 {
                    let gap = key - keys[slot]
                    if gap * gap > bestDistance { break }
                    consider(slot)
                    slot -= 1
                }
                return best
            }
        }
    }

    /// Calls `body` with every centre whose first coordinate differs from `key` by at most
    /// `radius`, in order of first coordinate (ties by index).
    @inline(__always)
    func forEach(keyWithin radius: Float, of key: Float, _ body: (Int) -> Void) {
        keys.withUnsafeBufferPointer { keys in
            order.withUnsafeBufferPointer { order in
                var slot = Self.firstSlot(keyAtLeast: key - radius, in: keys)
                while slot < keys.count && keys[slot] <= key + radius {
                    body(order[slot])
                    slot += 1
                }
            }
        }
    }

    /// The first place in `keys` (ascending) whose key is at least `key`.
    @inline(__always)
    private static func firstSlot(keyAtLeast key: Float, in keys: UnsafeBufferPointer<Float>) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
