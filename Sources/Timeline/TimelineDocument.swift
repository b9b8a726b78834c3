import Motion
import Raster
import Scene

/// A loaded timeline: the resolved scene, its parameters and their animations.
///
/// Everything is validated when it is built; sampling a frame cannot fail.
public struct TimelineDocument: Sendable {
    /// The scene, with numbers that may refer to the parameters.
    public var scene: ResolvedScene
    /// Frames per second.
    public var fps: Int
    /// Length in seconds.
    public var duration: Double
    /// The animatable parameters in declaration order.
    public var params: [Param]
    /// The params as views under `animation(_:value:)` modifiers see them: each
    /// replays its namesake's changes with the modifier's curve, in slots after
    /// the params' own. Not listed as params of their own.
    public var derivedParams: [Param] = []
    /// For a scene written in Swift: its root view for a frame's context, built anew each
    /// frame (`scene.root` is then only the first frame's). Nil for a timeline file.
    public var body: (@Sendable (EvaluationContext) -> View)?

    /// One animatable parameter: its name, where its components live in the
    /// flattened parameter vector, and its animated value.
    public struct Param: Sendable {
        public var name: String
        /// Index of the first component in `EvaluationContext.params`.
        public var slot: Int
        /// Number of components: 1 for a number, n for a vector, 4 for a colour.
        public var count: Int
        public var value: AnimatedValue
    }

    /// The number of frames: `round(duration × fps)`, at least 1.
    public var frameCount: Int { max(Int((duration * Double(fps)).rounded()), 1) }

    /// The time of frame `n`, in seconds: `n / fps`.
    public func time(ofFrame n: Int) -> Double { Double(n) / Double(fps) }

    /// The evaluation context of frame `n`: every parameter sampled at `n / fps`.
    public func context(frame n: Int) -> EvaluationContext {
        context(time: time(ofFrame: n), frame: Double(n))
    }

    /// The evaluation context at `time` seconds.
    public func context(time: Double, frame: Double? = nil) -> EvaluationContext {
        var values = [Double](repeating: 0, count: (params + derivedParams).reduce(0) { $0 + $1.count })
        for p in params + derivedParams {
            let v = p.value.value(at: time)
            for i in 0..<p.count { values[p.slot + i] = v[i] }
        }
        var c = EvaluationContext()
        c.params = values
        c.time = time
        c.frame = frame ?? (time * Double(fps))
        c.fps = Double(fps)
        c.duration = duration
        return c
    }

    /// Frame `n` rendered.
    public func render(frame n: Int) -> Pixmap {
        render(context(frame: n))
    }

    /// The state at `time` seconds rendered, between frames or at the duration itself.
    public func render(time: Double) -> Pixmap {
        render(context(time: time))
    }

    /// The scene drawn in `context`, its root from `body` when the scene is written in Swift.
    private func render(_ context: EvaluationContext) -> Pixmap {
        guard let body else { return FrameRenderer(scene: scene).render(context) }
        var scene = scene
        scene.root = body(context)
        return FrameRenderer(scene: scene).render(context)
    }

    /// Frame `n` rendered by `renderer`, one from `makeRenderer()` (frames rendered one after
    /// another on a thread reuse its buffers and unchanging layouts).
    public func render(frame n: Int, with renderer: SequentialRenderer) -> Pixmap {
        let context = context(frame: n)
        guard let body else { return renderer.render(context) }
        return renderer.render(context) { body(context) }
    }

    /// A renderer of this timeline's frames for one thread.
    public func makeRenderer() -> SequentialRenderer {
        SequentialRenderer(scene: scene)
    }
}

extension TimelineDocument {
    /// A document built in code rather than loaded: a scene, its frame rate and length,
    /// its parameters, and for a scene written in Swift its per-frame `body`.
    public init(scene: ResolvedScene, fps: Int, duration: Double, parameters: [Param], body: (@Sendable (EvaluationContext) -> View)?) {
        self.scene = scene
        self.fps = fps
        self.duration = duration
        self.params = parameters
        self.body = body
    }
}

extension TimelineDocument.Param {
    /// A parameter named `name` whose `value.dimension` components start at `slot`.
    public init(name: String, slot: Int, value: AnimatedValue) {
        self.name = name
        self.slot = slot
        self.count = value.dimension
        self.value = value
    }
}
