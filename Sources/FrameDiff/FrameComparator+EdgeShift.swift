// Judging edges as edges: how far an edge moved, from the ink around it.
//
// The anti-aliasing test (FrameComparator+Antialiasing.swift) asks whether a
// pixel's colour is a blend of its neighbours' colours in the other frame. A
// pixel that is fully one colour in one frame and fully the other colour in
// the other is such a blend (at t = 1), so on its own that test passes any
// edge moved by a whole pixel. What tells a moved edge from rendering noise is
// the *amount* of ink that moved, added up across the edge:
//
// 1. Every changed pixel gets a signed coverage change s ∈ −1…1: the change of
//    its colour projected on the local colour axis (the two most distant colours
//    of its 3 × 3 neighbourhood in both frames, oriented canonically so that
//    neighbouring pixels of one edge agree), divided by that axis's length (at
//    least 32 code values, so that noise in a smooth area does not count as
//    whole pixels of coverage). An edge between two colours whose coverage
//    changes by c changes the pixel by exactly c (q2 − q1), so s = c.
// 2. Across an edge moved by d pixels the coverage changes add up to d, however
//    the edge sits on the pixel grid (0.5 + 0.5 for an edge moved from the middle
//    of one pixel to the middle of the next, 1 for a pixel-aligned edge). A line
//    moved by d loses ink on one side and gains it on the other: the running sum
//    across it reaches d. So the shift at a pixel is the largest running sum of s
//    over three pixels through it (the reach of an anti-aliased edge's change;
//    longer runs add up neighbouring edges too), taken across the edge: the smallest over the
//    row, the column and the two diagonals (diagonal sums times √2, since their
//    steps are √2 long), which is the direction nearest the edge's normal (within
//    8 % of d for any orientation).
// 3. A pixel that anti-aliasing would explain differs when the shift there
//    exceeds `Tolerance.maxEdgeShift`. A long edge moved by a pixel then gives a
//    line of differing pixels, one cluster, which fails; two renderers'
//    disagreements (a tenth of a pixel's coverage here and there, of either sign)
//    and a curve flattened a few hundredths of a pixel differently add up to
//    little and pass.
//
// The method is the 1-D earth mover's distance between the two frames' ink
// profiles across the edge, read off locally; pixelmatch and odiff instead
// decide per pixel (a pixel between its darkest and brightest neighbours that
// lie in flat regions is anti-aliasing), which is what lets a whole-pixel move
// of an edge through.

import Raster

extension FrameComparator {
    /// The signed coverage change of pixel `i` (0 where the bytes are equal).
    func coverageChange(at i: Int, _ e: UnsafeBufferPointer<UInt8>, _ a: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> Float {
        let own = Self.pixel(e, i * 4), other = Self.pixel(a, i * 4)
        guard own != other else { return 0 }
        let change = other - own
        let x = i % width, y = i / width
        let x0 = max(x - 1, 0), x1 = min(x + 1, width - 1), y0 = max(y - 1, 0), y1 = min(y + 1, height - 1)
        // The colour of either frame's neighbourhood farthest from `origin`, and its squared distance.
        func farthest(from origin: SIMD4<Float>) -> (color: SIMD4<Float>, distance: Float) {
            var found = origin, largest: Float = -1
            for ny in y0...y1 {
                for nx in x0...x1 {
                    let j = (ny * width + nx) * 4
                    for side in 0..<2 {
                        let c = Self.pixel(side == 0 ? e : a, j)
                        let d = c - origin
                        let distance = (d * d).sum()
                        if distance > largest {
                            largest = distance
                            found = c
                        }
                    }
                }
            }
            return (found, largest)
        }
        // The colour farthest from the pixel's own, then the colour farthest from that:
        // the two ends of the neighbourhood's colour axis.
        let far = farthest(from: own).color
        let end = farthest(from: far)
        var axis = end.color - far
        let length = end.distance
        if Self.isNegative(axis) { axis = -axis }
        return min(max((change * axis).sum() / max(length, Self.minimumContrast * Self.minimumContrast), -1), 1)
    }

    /// How far the edge through (`x`, `y`) moved, in pixels: the largest running sum of
    /// coverage changes across it (see the file's overview).
    /// The runs reach `reach` pixels each way (1 for unprocessed frames; more where the
    /// frames were averaged first, which spreads an edge). `shift` holds the coverage
    /// changes measured so far (NaN where not yet), and gains those the runs need.
    func edgeShift(
        x: Int, y: Int, reach: Int, width: Int, height: Int, expected: UnsafeBufferPointer<UInt8>, actual: UnsafeBufferPointer<UInt8>,
        shift: UnsafeMutableBufferPointer<Float>
    ) -> Float {
        func run(_ dx: Int, _ dy: Int) -> Float {
            var sum: Float = 0, largest: Float = 0
            for k in -reach...reach {
                let nx = x + k * dx, ny = y + k * dy
                guard nx >= 0, nx < width, ny >= 0, ny < height else { continue }
                let j = ny * width + nx
                if shift[j].isNaN { shift[j] = coverageChange(at: j, expected, actual, width: width, height: height) }
                sum += shift[j]
                largest = max(largest, abs(sum))
            }
            return largest
        }
        let diagonal = Float(2).squareRoot()
        return min(min(run(1, 0), run(0, 1)), diagonal * min(run(1, 1), run(1, -1)))
    }

    /// The smallest colour axis a coverage change is measured against, in 8-bit component
    /// units (Euclidean over the four components): in smooth areas the local axis is as
    /// small as the noise, and any change would look like a whole pixel of coverage.
    static let minimumContrast: Float = 32

    /// The premultiplied pixel at byte offset `i`, components 0…255.
    private static func pixel(_ image: UnsafeBufferPointer<UInt8>, _ i: Int) -> SIMD4<Float> {
        SIMD4(Float(image[i]), Float(image[i + 1]), Float(image[i + 2]), Float(image[i + 3]))
    }

    /// Whether `axis` points the non-canonical way: its components sum below zero, or
    /// to zero with the first non-zero component negative.
    private static func isNegative(_ axis: SIMD4<Float>) -> Bool {
        let sum = axis.sum()
        if sum != 0 { return sum < 0 }
        for k in 0..<4 where axis[k] != 0 { return axis[k] < 0 }
        return false
    }
}
