/// How different two frames may be and still count as the same.
///
/// A pixel *differs* when its colour difference exceeds `pixelThreshold` and the
/// difference is not explained by anti-aliasing (see `FrameComparator`). A frame
/// passes when the differing pixels stay within every budget that is set: their
/// largest 8-connected cluster, their count, their share of the frame, and the
/// frame's structural similarity. A budget that is `nil` is not checked.
///
/// The defaults fail on any change a viewer sees at a glance that covers more
/// than a speck, and pass rendering noise:
/// - `pixelThreshold` 2: CIEDE2000 differences below about 1 are invisible and
///   from 1 to 2 visible only on close inspection side by side; 2 is where a
///   difference becomes noticeable at a glance, and it sits above the 1.23 that
///   one step of an 8-bit channel makes at most (in a dark saturated colour).
/// - `maxClusterSize` 8: a blob of 3 × 3 pixels or more fails, scattered specks
///   do not; real changes (a moved vertex, a changed patch) are contiguous.
/// - `maxDifferingShare` 0.001: at most 0.1 % of the frame may differ, in specks.
/// - anti-aliasing tolerated: an edge moved by a fraction of a pixel passes, up to
///   `maxEdgeShift` 0.3 px (the coverage changes across the edge added up). A
///   stroke 1 px wider moves each edge 0.5 px and fails; two renderers'
///   anti-aliasing (about 0.1 px) and curves flattened 0.05 px apart pass.
public struct Tolerance: Sendable, Hashable, Codable {
    /// The colour difference (CIEDE2000, where 1 is about one just-noticeable
    /// difference) above which a pixel differs; 0 or more. Default 2.
    public var pixelThreshold: Double
    /// Whether a difference that a sub-pixel shift of an edge explains is tolerated. Default true.
    public var toleratesAntialiasing: Bool
    /// How far, in pixels, an edge may move and still pass as anti-aliasing; nil for
    /// any distance that keeps every pixel a blend of its neighbours. Default 0.3.
    public var maxEdgeShift: Double?
    /// The largest allowed 8-connected cluster of differing pixels, in pixels. Default 8.
    public var maxClusterSize: Int?
    /// The largest allowed number of differing pixels. Default nil (not checked).
    public var maxDifferingPixels: Int?
    /// The largest allowed share of differing pixels, 0…1. Default 0.001.
    public var maxDifferingShare: Double?
    /// The lowest allowed mean structural similarity (SSIM), −1…1. Default nil (not checked):
    /// SSIM reacts to sub-pixel shifts and flat-region noise, so it reports rather than judges.
    public var minimumSSIM: Double?

    /// A tolerance; each argument defaults to the value described above.
    public init(
        pixelThreshold: Double = 2, toleratesAntialiasing: Bool = true, maxEdgeShift: Double? = 0.3, maxClusterSize: Int? = 8,
        maxDifferingPixels: Int? = nil, maxDifferingShare: Double? = 0.001, minimumSSIM: Double? = nil
    ) {
        self.pixelThreshold = pixelThreshold
        self.toleratesAntialiasing = toleratesAntialiasing
        self.maxEdgeShift = maxEdgeShift
        self.maxClusterSize = maxClusterSize
        self.maxDifferingPixels = maxDifferingPixels
        self.maxDifferingShare = maxDifferingShare
        self.minimumSSIM = minimumSSIM
    }

    /// The defaults described above.
    public static let `default` = Tolerance()

    /// Every changed byte fails: no threshold, no anti-aliasing allowance, no budget.
    public static let exact = Tolerance(
        pixelThreshold: 0, toleratesAntialiasing: false, maxClusterSize: 0, maxDifferingPixels: 0, maxDifferingShare: 0)
}
