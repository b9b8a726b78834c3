/// A sequence of keyframes for one value, as SwiftUI's `KeyframeTrack`; its
/// motion from a given start is a `KeyframeTimeline`.
public struct KeyframeTrack: Sendable, Hashable {
    /// The keyframes, in playing order.
    public var keyframes: [Keyframe]

    /// Creates a track from its keyframes.
    public init(_ keyframes: [Keyframe]) {
        self.keyframes = keyframes
    }
}
