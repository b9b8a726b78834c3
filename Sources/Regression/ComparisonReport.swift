import FrameDiff

/// The outcome of comparing one pair of inputs (or one rendering with its golden):
/// every compared frame's measures, the sequence-level problems, and the traces'
/// comparison. Encoded as is in a report's `summary.json`.
public struct ComparisonReport: Sendable, Codable {
    /// How the comparison ended.
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Everything within the tolerance.
        case passed
        /// Differences beyond the tolerance (or frames missing, or traces departing).
        case failed
        /// No golden exists and the record mode did not allow recording one.
        case missing
        /// A golden was written (see `notes` for why).
        case recorded
        /// An input could not be read or an output not written; nothing was judged.
        case error
    }

    /// A short name: the timeline's name relative to the tested folder, or "diff".
    public var name: String
    /// The expected side (a golden folder, a file, a pattern).
    public var expected: String
    /// The actual side.
    public var actual: String
    /// How the comparison ended.
    public var status: Status
    /// The tolerance frames were judged with.
    public var tolerance: Tolerance
    /// Every compared frame, in order.
    public var frames: [FrameResult]
    /// Differences of the sequence as a whole: frame counts, frames missing from one side.
    public var problems: [String]
    /// The comparison of the parameter traces, when both sides have one and traces were compared.
    public var trace: TraceComparison?
    /// The departing parameters' values frame by frame, for plotting.
    public var tracePlots: [TracePlot]
    /// Remarks that are not failures: recordings, machine differences, images left out.
    public var notes: [String]
    /// The error that stopped the comparison, for `status == .error`.
    public var error: String?

    /// A report with no frames, problems or notes yet.
    public init(name: String, expected: String, actual: String, status: Status, tolerance: Tolerance) {
        self.name = name
        self.expected = expected
        self.actual = actual
        self.status = status
        self.tolerance = tolerance
        frames = []
        problems = []
        trace = nil
        tracePlots = []
        notes = []
        error = nil
    }

    /// The compared frames that exceed the tolerance.
    public var failingFrames: [FrameResult] { frames.filter { !$0.difference.isWithinTolerance } }

    /// Whether anything was found beyond the tolerance: a failing frame, a problem, departing traces.
    public var hasDifferences: Bool {
        !failingFrames.isEmpty || !problems.isEmpty || trace.map { !$0.isWithinTolerance } == true
    }

    /// One compared frame.
    public struct FrameResult: Sendable, Codable {
        /// The frame number, from 0.
        public var frame: Int
        /// The frame's time in seconds, when the frame rate is known.
        public var time: Double?
        /// The measures and the budgets exceeded.
        public var difference: FrameDifference
        /// The images written for this frame, relative to the report folder.
        public var images: FrameImages?
    }

    /// The three images of a failing frame, relative to the report folder.
    public struct FrameImages: Sendable, Codable {
        /// The expected frame.
        public var expected: String
        /// The difference image.
        public var diff: String
        /// The actual frame.
        public var actual: String
    }

    /// One parameter component over time, expected against actual.
    public struct TracePlot: Sendable, Codable {
        /// The parameter, with `[k]` for a component of a vector.
        public var param: String
        /// The expected values, one per frame.
        public var expected: [Double]
        /// The actual values, one per frame.
        public var actual: [Double]
        /// Where the values first depart.
        public var firstFrame: Int?
    }
}
