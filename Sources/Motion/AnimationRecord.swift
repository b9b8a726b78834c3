/// What one state change or keyframe track did to a parameter, for reports
/// such as `animate info`.
public struct AnimationRecord: Sendable {
    /// What started the motion.
    public enum Kind: Sendable {
        /// A change without animation.
        case set
        /// A change animated by an animation.
        case animation(Animation)
        /// A keyframe track.
        case keyframes(KeyframeTrack)
    }

    /// What started the motion.
    public var kind: Kind

    /// The time of the change, in seconds.
    public var start: Double

    /// The model value before the change.
    public var from: [Double]

    /// The model value after the change (for a track, its end value).
    public var to: [Double]

    /// When the motion completes: the end of a timing curve or track
    /// (delays, speed and repeats included; infinite for `repeatForever`),
    /// the settling of a spring; `start` for a change without animation or
    /// to the current model value. A later spring or track may interrupt
    /// the motion before (see `interruptedAt`).
    public var end: Double

    /// For springs, the seconds from `start` until settled (within 0.001 of
    /// the change); nil for timing curves and tracks.
    public var settlingDuration: Double?

    /// When a later merging spring or track took this motion over, if it did
    /// before `end`.
    public var interruptedAt: Double?

    /// Whether this merging spring or track took over a moving value (its
    /// start value or velocity came from motion in progress).
    public var tookOverRunningMotion = false

    /// Creates a record.
    public init(kind: Kind, start: Double, from: [Double], to: [Double], end: Double) {
        self.kind = kind
        self.start = start
        self.from = from
        self.to = to
        self.end = end
    }
}
