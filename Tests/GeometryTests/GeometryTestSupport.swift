import Geometry

/// A deterministic generator (SplitMix64), so that property tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Path {
    /// The line segments of the flattened path (every subpath closed).
    func segments(tolerance: Double = 0.001) -> [(Point, Point)] {
        var result: [(Point, Point)] = []
        flatten(transform: .identity, tolerance: tolerance) { result.append(($0, $1)) }
        return result
    }

    /// The winding number of `p` (crossings of a ray to the right, signed by direction).
    func winding(at p: Point, segments: [(Point, Point)]) -> Int {
        var w = 0
        for (a, b) in segments {
            if a.y <= p.y {
                if b.y > p.y, (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 { w += 1 }
            } else if b.y <= p.y, (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 {
                w -= 1
            }
        }
        return w
    }

    /// The signed area enclosed (shoelace over the flattened, closed subpaths); positive
    /// for clockwise outlines on screen.
    func signedArea(tolerance: Double = 0.001) -> Double {
        var sum = 0.0
        for (a, b) in segments(tolerance: tolerance) { sum += a.x * b.y - b.x * a.y }
        return sum / 2
    }

    /// The area of the non-zero region, estimated on a `n × n` grid of sample points over `box`.
    func nonZeroArea(in box: Rect, samples n: Int = 400) -> Double {
        let segs = segments()
        var inside = 0
        for j in 0..<n {
            for i in 0..<n {
                let p = Point(x: box.minX + (Double(i) + 0.5) * box.width / Double(n), y: box.minY + (Double(j) + 0.5) * box.height / Double(n))
                if winding(at: p, segments: segs) != 0 { inside += 1 }
            }
        }
        return Double(inside) * box.width * box.height / Double(n * n)
    }
}

/// The distance from `p` to the segment `a`–`b`.
func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let d = b - a
    let l2 = d.x * d.x + d.y * d.y
    let t = l2 > 0 ? min(max(((p.x - a.x) * d.x + (p.y - a.y) * d.y) / l2, 0), 1) : 0
    return (p - (a + d * t)).length
}
