import FrameDiff

/// The description of a recorded golden: what was rendered, which frames were kept,
/// the full parameter trace, and where it was recorded. Stored as `golden.json`.
public struct GoldenManifest: Sendable, Hashable, Codable {
    /// The manifest format's version; this is 1.
    public var format: Int
    /// The rendering's name when recorded: a timeline's relative path as given, or its file name.
    public var source: String
    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// Frames per second.
    public var fps: Int
    /// The rendering's frame count (every frame is in the trace; only `frames` are stored as images).
    public var frameCount: Int
    /// The scale the frames were rendered at when it was not the timeline's own; nil for the timeline's.
    public var scale: Double?
    /// The stored frames, ascending by number.
    public var frames: [Frame]
    /// Every parameter at every frame; nil for renderings without parameters.
    public var trace: MotionTrace?
    /// Where the golden was recorded.
    public var environment: RecordingEnvironment

    /// One stored frame.
    public struct Frame: Sendable, Hashable, Codable {
        /// The frame number, from 0.
        public var frame: Int
        /// The PNG file, relative to the golden's folder.
        public var file: String

        /// Frame `frame`, stored in `file`.
        public init(frame: Int, file: String) {
            self.frame = frame
            self.file = file
        }
    }

    /// A manifest of format 1.
    public init(
        source: String, width: Int, height: Int, fps: Int, frameCount: Int, scale: Double?, frames: [Frame], trace: MotionTrace?,
        environment: RecordingEnvironment
    ) {
        format = 1
        self.source = source
        self.width = width
        self.height = height
        self.fps = fps
        self.frameCount = frameCount
        self.scale = scale
        self.frames = frames
        self.trace = trace
        self.environment = environment
    }
}
