/// The frames of the whole animation a file holds, recorded in it so that pieces of a render
/// (`animate render --frames`) can be checked to join: in a GIF as a comment extension, in MP4
/// and WebM as the container's `comment` tag, both reading `animate frames A..<B`.
/// Raw RGBA has no place for it.
public struct PieceRange: Equatable, Sendable {
    /// The frame numbers, counted from 0 at the animation's start.
    public var frames: Range<Int>

    public init(frames: Range<Int>) {
        self.frames = frames
    }

    /// The text recorded in the file.
    public var tag: String { "\(Self.prefix)\(frames.lowerBound)..<\(frames.upperBound)" }

    /// Reads `tag` as written by `tag`; nil for any other text.
    public init?(tag: String) {
        guard tag.hasPrefix(Self.prefix) else { return nil }
        let bounds = tag.dropFirst(Self.prefix.count).split(separator: "..<", omittingEmptySubsequences: false)
        guard bounds.count == 2, let lower = Int(bounds[0]), let upper = Int(bounds[1]), 0 <= lower, lower < upper else { return nil }
        frames = lower..<upper
    }

    private static let prefix = "animate frames "

    /// How the frames read in messages: "frames 20..<60".
    public var description: String { "frames \(frames.lowerBound)..<\(frames.upperBound)" }
}
