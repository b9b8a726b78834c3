import Raster

/// Builds one palette of at most `maxColors` colours for a whole animation from its `ColorHistogram`.
///
/// Stages:
/// 1. Exact: when the frames hold at most `maxColors` distinct colours, they are the
///    palette (most frequent first) and every pixel is reproduced losslessly.
/// 2. Points: every distinct colour (or, for very colourful frames, every occupied bin at
///    its mean colour) becomes a point weighted by its pixel count, in OKLab (see `OKLab`),
///    where distance follows perceived difference.
/// 3. Median cut (Heckbert, SIGGRAPH 1982) in the variance-driven form of Wan, Prusinkiewicz
///    and Wong (1990): repeatedly split the box with the largest weighted squared error,
///    across its axis of largest variance, at the weighted median, until there are
///    `maxColors` boxes or none holds two points.
/// 4. Refinement: Lloyd's k-means iterations on the weighted points, starting from the box
///    means, move entries to where the pixels are; each pass can only lower the total
///    weighted squared error.
/// 5. Colours: each entry is the pixel-weighted mean sRGB of the points it won, which is
///    the colour minimising their squared RGB error.
/// 6. sRGB refinement: a few more Lloyd passes in sRGB, where `PaletteMapper` measures the
///    error (and PSNR is computed), so each point ends with the entry nearest to it there;
///    repeats are removed (`Palette`).
///
/// Size: `palette(from:maxColors:minimumPSNR:largestDifference:)` takes fewer colours when
/// they still show the frames closely enough: one bit less per index (31, 63 or 127 colours,
/// with the GIF's transparent index 32, 64 or 128 indices) makes every LZW code of every
/// frame narrower.
///
/// Deterministic: the same histogram gives the same palette on every machine (sorting is
/// by value with ties broken by bin key; no randomness).
enum PaletteBuilder {
    private struct Point {
        var lab: OKLab
        var weight: Float
        var bin: ColorHistogram.Bin
    }

    /// k-means passes after the median cut; the error changes little after a handful.
    static let refinementPasses = 8

    /// The palette of at most `maxColors` colours, or the smallest palette of 2ⁿ − 1 colours
    /// below it that `shows` the histogram within `minimumPSNR` and `largestDifference`.
    /// Smaller sizes are tried only while they do; an infinite `minimumPSNR` tries none.
    static func palette(from histogram: ColorHistogram, maxColors: Int, minimumPSNR: Double, largestDifference: Double) -> Palette {
        var chosen = palette(from: histogram, maxColors: maxColors)
        guard minimumPSNR.isFinite, chosen.shows(histogram, minimumPSNR: minimumPSNR, largestDifference: largestDifference) else {
            return chosen
        }
        while true {
            // The next size down that saves a bit: 2ⁿ − 1 colours and the transparent index.
            var bits = 0
            while 1 << bits < chosen.colors.count + 1 { bits += 1 }
            let size = (1 << (bits - 1)) - 1
            guard size >= 1 else { return chosen }
            let smaller = palette(from: histogram, maxColors: size)
            guard smaller.shows(histogram, minimumPSNR: minimumPSNR, largestDifference: largestDifference) else { return chosen }
            chosen = smaller
        }
    }

    @_optimize(speed)
    static func palette(from histogram: ColorHistogram, maxColors: Int) -> Palette {
        precondition((1...256).contains(maxColors), "maxColors is 1...256")
        let bins = histogram.points
        guard !bins.isEmpty else { return Palette(deduplicating: [RGB8(r: 0, g: 0, b: 0)]) }
        if histogram.isExact, bins.count <= maxColors {
            let order = bins.indices.sorted { bins[$0].count > bins[$1].count || (bins[$0].count == bins[$1].count && $0 < $1) }
            return Palette(deduplicating: order.map { mean(of: bins[$0]) })
        }
        var points: [Point] = bins.map { Point(lab: OKLab(mean(of: $0)), weight: Float($0.count), bin: $0) }
        var centres = medianCut(&points, maxColors: maxColors)
        var assignment = [Int](repeating: 0, count: points.count)
        for _ in 0..<refinementPasses {
            var moved = false
            let sorted = SortedCentres(firstCoordinates: centres.map(\.l))
            for (index, point) in points.enumerated() {
                let nearest = nearestCentre(to: point.lab, in: centres, sorted)
                if nearest != assignment[index] { moved = true }
                assignment[index] = nearest
            }
            var sums = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: centres.count)
            for (index, point) in points.enumerated() {
                let w = point.weight
                let s = sums[assignment[index]]
                sums[assignment[index]] = (s.0 + w * point.lab.l, s.1 + w * point.lab.a, s.2 + w * point.lab.b, s.3 + w)
            }
            for (index, s) in sums.enumerated() where s.3 > 0 {
                centres[index] = OKLab(l: s.0 / s.3, a: s.1 / s.3, b: s.2 / s.3)
            }
            if !moved { break }
        }
        let sorted = SortedCentres(firstCoordinates: centres.map(\.l))
        for (index, point) in points.enumerated() { assignment[index] = nearestCentre(to: point.lab, in: centres, sorted) }
        var totals = [ColorHistogram.Bin](repeating: ColorHistogram.Bin(), count: centres.count)
        for (index, point) in points.enumerated() {
            totals[assignment[index]].count += point.bin.count
            totals[assignment[index]].red += point.bin.red
            totals[assignment[index]].green += point.bin.green
            totals[assignment[index]].blue += point.bin.blue
        }
        refineInRGB(points, &totals)
        let order = totals.indices.filter { totals[$0].count > 0 }.sorted { totals[$0].count > totals[$1].count || (totals[$0].count == totals[$1].count && $0 < $1) }
        return Palette(deduplicating: order.map { mean(of: totals[$0]) })
    }

    /// Lloyd passes in sRGB, where the mapper measures error: each point goes to the nearest
    /// entry's mean colour, then each entry becomes the mean of its points. `totals` holds
    /// each entry's pixel count and channel sums before and after.
    @_optimize(speed)
    private static func refineInRGB(_ points: [Point], _ totals: inout [ColorHistogram.Bin]) {
        let colors = points.map { p -> SIMD3<Float> in
            let n = Float(p.bin.count)
            return SIMD3(Float(p.bin.red) / n, Float(p.bin.green) / n, Float(p.bin.blue) / n)
        }
        for _ in 0..<rgbRefinementPasses {
            let centres = totals.map { t -> SIMD3<Float> in
                t.count == 0 ? SIMD3(repeating: .infinity) : SIMD3(Float(t.red), Float(t.green), Float(t.blue)) / Float(t.count)
            }
            var next = [ColorHistogram.Bin](repeating: ColorHistogram.Bin(), count: totals.count)
            let sorted = SortedCentres(firstCoordinates: centres.map(\.x))
            for (index, point) in points.enumerated() {
                let c = colors[index]
                let best = centres.withUnsafeBufferPointer { centres in
                    sorted.nearest(key: c.x) { j in
                        let d = c - centres[j]
                        return (d * d).sum()
                    }
                }
                next[best].count += point.bin.count
                next[best].red += point.bin.red
                next[best].green += point.bin.green
                next[best].blue += point.bin.blue
            }
            totals = next
        }
    }

    /// k-means passes in sRGB after those in OKLab.
    static let rgbRefinementPasses = 6

    static func mean(of bin: ColorHistogram.Bin) -> RGB8 {
        let half = bin.count / 2
        return RGB8(r: UInt8((bin.red + half) / bin.count), g: UInt8((bin.green + half) / bin.count), b: UInt8((bin.blue + half) / bin.count))
    }

    /// The centre nearest to `lab` (ties to the lowest index), through `sorted`, the
    /// centres ordered by lightness.
    @_optimize(speed)
    private static func nearestCentre(to lab: OKLab, in centres: [OKLab], _ sorted: SortedCentres) -> Int {
        centres.withUnsafeBufferPointer { centres in
            sorted.nearest(key: lab.l) { lab.distanceSquared(to: centres[$0]) }
        }
    }

    private struct Box {
        var range: Range<Int>
        var error: Float
        var axis: Int
        var mean: OKLab
    }

    @_optimize(speed)
    private static func component(_ lab: OKLab, _ axis: Int) -> Float {
        axis == 0 ? lab.l : axis == 1 ? lab.a : lab.b
    }

    @_optimize(speed)
    private static func makeBox(_ points: ArraySlice<Point>, range: Range<Int>) -> Box {
        var w: Float = 0
        var s = (Float(0), Float(0), Float(0))
        var q = (Float(0), Float(0), Float(0))
        for p in points {
            w += p.weight
            s = (s.0 + p.weight * p.lab.l, s.1 + p.weight * p.lab.a, s.2 + p.weight * p.lab.b)
            q = (q.0 + p.weight * p.lab.l * p.lab.l, q.1 + p.weight * p.lab.a * p.lab.a, q.2 + p.weight * p.lab.b * p.lab.b)
        }
        let variance = [max(q.0 - s.0 * s.0 / w, 0), max(q.1 - s.1 * s.1 / w, 0), max(q.2 - s.2 * s.2 / w, 0)]
        let axis = variance[0] >= variance[1] && variance[0] >= variance[2] ? 0 : variance[1] >= variance[2] ? 1 : 2
        return Box(range: range, error: variance[0] + variance[1] + variance[2], axis: axis, mean: OKLab(l: s.0 / w, a: s.1 / w, b: s.2 / w))
    }

    @_optimize(speed)
    private static func medianCut(_ points: inout [Point], maxColors: Int) -> [OKLab] {
        var boxes = [makeBox(points[...], range: points.indices)]
        while boxes.count < maxColors {
            var chosen = 0
            for index in boxes.indices where boxes[index].error > boxes[chosen].error { chosen = index }
            let box = boxes[chosen]
            guard box.range.count > 1, box.error > 0 else { break }
            let axis = box.axis
            points[box.range].sort { component($0.lab, axis) < component($1.lab, axis) }
            let total = points[box.range].reduce(Float(0)) { $0 + $1.weight }
            var accumulated: Float = 0
            var cut = box.range.upperBound - 1
            for index in box.range {
                accumulated += points[index].weight
                if 2 * accumulated >= total {
                    cut = index + 1
                    break
                }
            }
            cut = min(max(cut, box.range.lowerBound + 1), box.range.upperBound - 1)
            boxes[chosen] = makeBox(points[box.range.lowerBound..<cut], range: box.range.lowerBound..<cut)
            boxes.append(makeBox(points[cut..<box.range.upperBound], range: cut..<box.range.upperBound))
        }
        return boxes.map(\.mean)
    }
}
