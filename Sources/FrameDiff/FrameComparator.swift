// Frame comparison: per-pixel perceptual difference, anti-aliasing recognition,
// clusters, structural similarity.
//
// Stages, for two frames of the same size:
// 1. Classify every pixel. Equal bytes are `identical` (the fast path: most
//    pixels of a regression test are). Otherwise the CIEDE2000 difference is
//    measured (translucent pixels composited over white and over black, the
//    larger taken); at or below the threshold the pixel is `belowThreshold`.
// 2. A pixel beyond the threshold is `antialiased` when a sub-pixel shift of an
//    edge explains it (see FrameComparator+Antialiasing.swift) and the edge
//    through it moved no farther than the tolerance's `maxEdgeShift` (the
//    coverage changes across the edge added up, FrameComparator+EdgeShift.swift),
//    else `differing`.
// 3. Differing pixels are grouped into 8-connected clusters (an explicit
//    stack, no recursion); the largest cluster and its bounds are kept.
// 4. The mean SSIM of the luma (StructuralSimilarity.swift).
// 5. The measures are judged against the tolerance's budgets.
// Frames of different sizes are not compared pixel by pixel: the size
// mismatch is the difference.
//
// Method sources: CIEDE2000 (Sharma, Wu & Dalal 2005); the anti-aliasing
// test refines pixelmatch's idea (a pixel between its neighbours' colours is
// an edge pixel) so that thin lines and rings pass; SSIM (Wang, Bovik, Sheikh
// & Simoncelli 2004) with a 7 × 7 uniform window as scikit-image computes it.
//
// Frames of a lossy encoding are first prepared as the eye sees them
// (ComparisonSpace.swift, FramePreparation.swift). Scratch buffers (the prepared
// frames, their area averages, the coverage changes, the cluster stack, the
// similarity's sums, the colour caches) live in the comparator and are reused
// from frame to frame.

import Raster

/// Compares frames under a tolerance; reuse one comparator for a sequence.
///
/// Not thread-safe: use one comparator per thread.
public final class FrameComparator {
    /// The threshold and budgets frames are judged against.
    public var tolerance: Tolerance
    /// How frames are prepared before they are compared (see `ComparisonSpace`). Default `.pixels`.
    public var space: ComparisonSpace

    /// The colour caches, kept from frame to frame; nil while a frame's pixel loop holds them.
    var colorDifferences: ColorDifferences? = ColorDifferences()
    var stack: [Int32] = []
    var coverageChanges: [Float] = []
    var similarity = StructuralSimilarity()
    var preparation = FramePreparation()
    var preparedExpected = Pixmap(width: 1, height: 1), preparedActual = Pixmap(width: 1, height: 1)
    var areaExpected = AreaAverage(), areaActual = AreaAverage()

    /// A comparator judging with `tolerance` (default `.default`).
    public init(tolerance: Tolerance = .default, space: ComparisonSpace = .pixels) {
        self.tolerance = tolerance
        self.space = space
    }

    /// Compares `actual` with `expected`, both prepared for the comparator's space: the
    /// measures, the budgets exceeded, and every pixel's class.
    public func compare(expected: Pixmap, actual: Pixmap) -> FrameComparison {
        guard space != .pixels, expected.width == actual.width, expected.height == actual.height else {
            return compareAsTheyAre(expected: expected, actual: actual)
        }
        preparation.prepare(expected, for: space, into: &preparedExpected)
        preparation.prepare(actual, for: space, into: &preparedActual)
        return compareAsTheyAre(expected: preparedExpected, actual: preparedActual, prepared: true)
    }

    private func compareAsTheyAre(expected: Pixmap, actual: Pixmap, prepared: Bool = false) -> FrameComparison {
        var difference = FrameDifference(
            width: expected.width, height: expected.height, actualWidth: actual.width, actualHeight: actual.height,
            changedPixels: 0, antialiasedPixels: 0, differingPixels: 0, differingShare: 0, maxDeltaE: 0, maxDeltaEPixel: nil,
            meanDeltaE: 0, largestEdgeShift: 0, largestCluster: 0, largestClusterBounds: nil, clusterCount: 0, differingBounds: nil, ssim: 1, violations: [])
        guard difference.sizesMatch else {
            difference.ssim = 0
            difference.judge(against: tolerance)
            return FrameComparison(difference: difference, map: nil)
        }
        let width = expected.width, height = expected.height
        var classes = [UInt8](repeating: PixelClass.identical.rawValue, count: width * height)
        if expected.data != actual.data {
            classify(expected, actual, prepared: prepared, into: &classes, difference: &difference)
            findClusters(in: &classes, width: width, height: height, difference: &difference)
            difference.ssim = similarity.mean(expected, actual)
        }
        difference.differingShare = Double(difference.differingPixels) / Double(width * height)
        var budget = tolerance
        if prepared { budget.maxClusterSize = budget.maxClusterSize.map { $0 * space.clusterScale } }
        difference.judge(against: budget)
        return FrameComparison(difference: difference, map: DifferenceMap(width: width, height: height, classes: classes))
    }

    /// Stages 1 and 2: every pixel's class, and the colour-difference measures.
    private func classify(
        _ expected: Pixmap, _ actual: Pixmap, prepared: Bool, into classes: inout [UInt8], difference: inout FrameDifference
    ) {
        let width = expected.width, height = expected.height
        let threshold = tolerance.pixelThreshold
        // In a lossy space (and not under `exact`), differences within the encoding's noise.
        let judgesAreas = prepared && threshold > 0
        let noise = judgesAreas ? max(threshold, space.noiseThreshold ?? threshold) : threshold
        var areasBuilt = false
        let explainTolerance = max(threshold, 1)
        let toleratesAntialiasing = tolerance.toleratesAntialiasing
        let maxEdgeShift = tolerance.maxEdgeShift.map(Float.init) ?? .infinity
        // Coverage changes are measured where an edge's shift is asked for, once each
        // (NaN: not measured yet), the buffer cleared at the first such pixel of a frame.
        var coverageCleared = false
        if toleratesAntialiasing && maxEdgeShift.isFinite && coverageChanges.count != width * height {
            coverageChanges = [Float](repeating: .nan, count: width * height)
            coverageCleared = true
        }
        var sum = 0.0, maxDeltaE = 0.0, maxAt = 0
        var largestShift: Float = 0
        var changed = 0, antialiased = 0, differing = 0
        var bounds: PixelBounds?
        var colors = colorDifferences ?? ColorDifferences()
        colorDifferences = nil
        defer { colorDifferences = colors }
        coverageChanges.withUnsafeMutableBufferPointer { shift in
            expected.data.withUnsafeBufferPointer { e in
                actual.data.withUnsafeBufferPointer { a in
                    e.withMemoryRebound(to: UInt32.self) { e32 in
                        a.withMemoryRebound(to: UInt32.self) { a32 in
                            for i in 0..<(width * height) where e32[i] != a32[i] {
                                changed += 1
                                let deltaE = colors.deltaE(Self.pixel(e, at: i * 4), Self.pixel(a, at: i * 4))
                                sum += deltaE
                                if deltaE > maxDeltaE {
                                    maxDeltaE = deltaE
                                    maxAt = i
                                }
                                guard deltaE > threshold || threshold == 0 else {
                                    classes[i] = PixelClass.belowThreshold.rawValue
                                    continue
                                }
                                // A lossy encoding's own error: only the area's colour counts.
                                let x = i % width, y = i / width
                                if judgesAreas, deltaE <= noise, !areasDiffer(x: x, y: y, expected, actual, built: &areasBuilt, colors: &colors) {
                                    classes[i] = PixelClass.belowThreshold.rawValue
                                    continue
                                }
                                if toleratesAntialiasing
                                    && isTolerated(
                                        x: x, y: y, width: width, height: height, expected: e, actual: a, explaining: explainTolerance,
                                        within: maxEdgeShift, shift: shift, cleared: &coverageCleared, largest: &largestShift)
                                {
                                    classes[i] = PixelClass.antialiased.rawValue
                                    antialiased += 1
                                } else {
                                    classes[i] = PixelClass.differing.rawValue
                                    differing += 1
                                    bounds = bounds?.including(x: x, y: y) ?? PixelBounds(x: x, y: y)
                                }
                            }
                        }
                    }
                }
            }
        }
        difference.changedPixels = changed
        difference.antialiasedPixels = antialiased
        difference.differingPixels = differing
        difference.differingBounds = bounds
        difference.maxDeltaE = maxDeltaE
        difference.largestEdgeShift = Double(largestShift)
        difference.maxDeltaEPixel = changed > 0 ? PixelBounds(x: maxAt % width, y: maxAt / width) : nil
        difference.meanDeltaE = sum / Double(width * height)
    }

    /// Whether the difference at (`x`, `y`) is anti-aliasing: a blend of the other frame's
    /// neighbours (within `explaining`), on an edge that moved no farther than `limit`.
    /// Keeps the largest shift of an edge that anti-aliasing explains. The shift is measured
    /// first, as it is the cheaper test: where it is over the limit the pixel differs
    /// whatever the blend test says, which is then asked only when its shift would raise
    /// `largest`.
    private func isTolerated(
        x: Int, y: Int, width: Int, height: Int, expected: UnsafeBufferPointer<UInt8>, actual: UnsafeBufferPointer<UInt8>,
        explaining: Double, within limit: Float, shift: UnsafeMutableBufferPointer<Float>, cleared: inout Bool, largest: inout Float
    ) -> Bool {
        var moved: Float = 0
        if limit.isFinite {
            if !cleared {
                shift.update(repeating: .nan)
                cleared = true
            }
            moved = edgeShift(x: x, y: y, reach: space.edgeReach, width: width, height: height, expected: expected, actual: actual, shift: shift)
        }
        guard moved <= limit || moved > largest else { return false }
        guard isAntialiased(x: x, y: y, expected: expected, actual: actual, width: width, height: height, tolerance: explaining) else {
            return false
        }
        largest = max(largest, moved)
        return moved <= limit
    }

    /// Whether the colours of the areas around (`x`, `y`) differ by more than the threshold;
    /// the first call of a frame (`built` false) averages both frames' areas.
    private func areasDiffer(x: Int, y: Int, _ expected: Pixmap, _ actual: Pixmap, built: inout Bool, colors: inout ColorDifferences) -> Bool {
        if !built {
            areaExpected.build(expected, size: space.areaSize)
            areaActual.build(actual, size: space.areaSize)
            built = true
        }
        return colors.deltaE(areaExpected.color(x: x, y: y), areaActual.color(x: x, y: y)) > tolerance.pixelThreshold
    }

    /// The premultiplied pixel at byte offset `i`.
    private static func pixel(_ image: UnsafeBufferPointer<UInt8>, at i: Int) -> SIMD4<UInt8> {
        SIMD4(image[i], image[i + 1], image[i + 2], image[i + 3])
    }
}
