import Raster
import Scene
import Timeline
import FrameDiff

/// Something that renders frames by number: a timeline, a scene built in Swift, or
/// any function of the frame number. What regression tests record and compare.
public struct Rendering: Sendable {
    /// A name for messages and reports.
    public var name: String
    /// The number of frames, at least 1.
    public var frameCount: Int
    /// Frames per second.
    public var fps: Int
    /// Every parameter's value at every frame, when the rendering has parameters.
    public var trace: MotionTrace?
    /// Draws frame `n`, from 0 to `frameCount − 1`.
    public var render: @Sendable (Int) -> Pixmap

    /// A rendering of `frameCount` frames at `fps` drawn by `render`, with an optional trace.
    public init(name: String, frameCount: Int, fps: Int = 30, trace: MotionTrace? = nil, render: @escaping @Sendable (Int) -> Pixmap) {
        self.name = name
        self.frameCount = max(frameCount, 1)
        self.fps = max(fps, 1)
        self.trace = trace
        self.render = render
    }

    /// Every frame of a loaded timeline, with its parameters' trace.
    public init(document: TimelineDocument, name: String) {
        self.init(name: name, frameCount: document.frameCount, fps: document.fps, trace: MotionTrace(sampling: document)) { n in
            document.render(frame: n)
        }
    }

    /// A scene built in Swift: frame `n` is drawn with `context(n)` (by default the
    /// time `n / fps` and no parameters).
    public init(
        scene: ResolvedScene, name: String, frameCount: Int = 1, fps: Int = 30,
        context: (@Sendable (Int) -> EvaluationContext)? = nil
    ) {
        let duration = Double(max(frameCount, 1)) / Double(max(fps, 1))
        self.init(name: name, frameCount: frameCount, fps: fps) { n in
            let renderer = FrameRenderer(scene: scene)
            if let context { return renderer.render(context(n)) }
            var c = EvaluationContext()
            c.time = Double(n) / Double(max(fps, 1))
            c.frame = Double(n)
            c.fps = Double(max(fps, 1))
            c.duration = duration
            return renderer.render(c)
        }
    }

    /// The timeline file at `path`, loaded; `scale` replaces its scale when given.
    public static func timeline(at path: String, scale: Double? = nil, loader: TimelineLoader = TimelineLoader()) throws(RegressionError) -> Rendering {
        var document = try loadTimeline(at: path, loader: loader)
        if let scale { document.scene.scale = scale }
        return Rendering(document: document, name: path)
    }
}
