/// The measures of one compared pair of frames, and the budgets they exceed.
///
/// Colour differences are CIEDE2000 values (about 1 is one just-noticeable
/// difference). Counts are in pixels of the expected frame.
public struct FrameDifference: Sendable, Hashable, Codable {
    /// The expected frame's width in pixels.
    public var width: Int
    /// The expected frame's height in pixels.
    public var height: Int
    /// The actual frame's width in pixels.
    public var actualWidth: Int
    /// The actual frame's height in pixels.
    public var actualHeight: Int
    /// Pixels whose bytes differ at all.
    public var changedPixels: Int
    /// Pixels beyond the threshold that anti-aliasing explains (tolerated).
    public var antialiasedPixels: Int
    /// Pixels beyond the threshold that anti-aliasing does not explain.
    public var differingPixels: Int
    /// `differingPixels` over the number of pixels, 0…1.
    public var differingShare: Double
    /// The largest colour difference of any pixel.
    public var maxDeltaE: Double
    /// The pixel with the largest colour difference; nil when the frames are identical.
    public var maxDeltaEPixel: PixelBounds?
    /// The mean colour difference over all pixels.
    public var meanDeltaE: Double
    /// The farthest an edge moved, in pixels, at a pixel that anti-aliasing would
    /// otherwise explain (see `Tolerance.maxEdgeShift`); 0 when there is none.
    public var largestEdgeShift: Double
    /// The size of the largest 8-connected cluster of differing pixels.
    public var largestCluster: Int
    /// The bounds of that cluster; nil when no pixel differs.
    public var largestClusterBounds: PixelBounds?
    /// The number of 8-connected clusters of differing pixels.
    public var clusterCount: Int
    /// The bounds of all differing pixels; nil when none differ.
    public var differingBounds: PixelBounds?
    /// The mean structural similarity (SSIM) of the two frames' luma, −1…1 (1 when identical).
    public var ssim: Double
    /// The budgets of the tolerance that this pair exceeds; empty when it passes.
    public var violations: [Violation]

    /// Whether the pair is within every budget of the tolerance it was compared with.
    public var isWithinTolerance: Bool { violations.isEmpty }

    /// Whether the two frames have the same size (otherwise nothing else was measured).
    public var sizesMatch: Bool { width == actualWidth && height == actualHeight }

    /// One budget exceeded.
    public enum Violation: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The frames have different sizes.
        case sizeMismatch(expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int)
        /// A cluster of differing pixels is larger than allowed.
        case cluster(size: Int, limit: Int, bounds: PixelBounds)
        /// More pixels differ than allowed.
        case differingPixels(count: Int, limit: Int)
        /// A larger share of the frame differs than allowed.
        case differingShare(share: Double, limit: Double)
        /// The structural similarity is lower than allowed.
        case similarity(ssim: Double, minimum: Double)

        /// One line: what was measured and the limit.
        public var description: String {
            switch self {
            case .sizeMismatch(let ew, let eh, let aw, let ah):
                return "size \(aw)×\(ah), expected \(ew)×\(eh)"
            case .cluster(let size, let limit, let bounds):
                return "a cluster of \(size) differing pixels (limit \(limit)) in \(bounds)"
            case .differingPixels(let count, let limit):
                return "\(count) differing pixels (limit \(limit))"
            case .differingShare(let share, let limit):
                return "\(Self.percent(share)) of the pixels differ (limit \(Self.percent(limit)))"
            case .similarity(let ssim, let minimum):
                return "SSIM \(Self.fixed(ssim, 4)) (minimum \(Self.fixed(minimum, 4)))"
            }
        }

        static func percent(_ share: Double) -> String { fixed(share * 100, share < 0.001 ? 3 : 2) + " %" }

        /// `value` with `digits` decimals, without Foundation's formatting.
        static func fixed(_ value: Double, _ digits: Int) -> String {
            guard value.isFinite else { return "\(value)" }
            var scale = 1.0
            for _ in 0..<digits { scale *= 10 }
            let rounded = (abs(value) * scale).rounded()
            let whole = Int(rounded / scale)
            var fraction = String(Int(rounded - Double(whole) * scale))
            while fraction.count < digits { fraction = "0" + fraction }
            let sign = value < 0 && rounded != 0 ? "-" : ""
            return digits == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
        }
    }

    /// Checks every budget of `tolerance` against the measures and sets `violations`.
    mutating func judge(against tolerance: Tolerance) {
        violations = []
        guard sizesMatch else {
            violations.append(.sizeMismatch(expectedWidth: width, expectedHeight: height, actualWidth: actualWidth, actualHeight: actualHeight))
            return
        }
        if let limit = tolerance.maxClusterSize, largestCluster > limit, let bounds = largestClusterBounds {
            violations.append(.cluster(size: largestCluster, limit: limit, bounds: bounds))
        }
        if let limit = tolerance.maxDifferingPixels, differingPixels > limit {
            violations.append(.differingPixels(count: differingPixels, limit: limit))
        }
        if let limit = tolerance.maxDifferingShare, differingShare > limit {
            violations.append(.differingShare(share: differingShare, limit: limit))
        }
        if let minimum = tolerance.minimumSSIM, ssim < minimum {
            violations.append(.similarity(ssim: ssim, minimum: minimum))
        }
    }
}

/// A compared pair: its measures, and the class of every pixel when the sizes match.
public struct FrameComparison: Sendable {
    /// The measures and the budgets exceeded.
    public var difference: FrameDifference
    /// Every pixel's class; nil when the frames have different sizes.
    public var map: DifferenceMap?
}
