import Geometry
import Raster
import Synchronization

/// The resolved scene: the canvas and the root view, with every number either a
/// constant or an expression over the animated parameters.
///
/// The timeline loader builds it once; the renderer evaluates it once per frame.
/// Nothing here knows about JSON.
public struct ResolvedScene: Sendable {
    /// Canvas size in points.
    public var size: Size
    /// Device pixels per point (default 1).
    public var scale: Double
    /// What the canvas is cleared to before drawing; `.clear` keeps it transparent.
    public var background: Color
    /// The root view: proposed the canvas size and centred in it, as a window's root view.
    public var root: View
    /// Whether an expression of the scene may read the time or the frame number. When
    /// none does, a frame is a function of the parameter values alone, so two frames with
    /// the same values are the same picture. True unless the scene's maker knows better.
    public var readsTime: Bool
    /// For a scene whose views are made per frame (written in Swift): set once a frame's
    /// views read the time themselves (a keyframe animator), after which frames with the
    /// same parameter values are no longer the same picture. Nil when `readsTime` says all.
    public var timeReading: TimeReading?

    public init(size: Size, scale: Double = 1, background: Color = .white, root: View, readsTime: Bool = true) {
        self.size = size
        self.scale = scale
        self.background = background
        self.root = root
        self.readsTime = readsTime
    }

    /// The output size in device pixels: `size × scale`, rounded to whole pixels (at least 1).
    public var pixelWidth: Int { max(Int((size.width * scale).rounded()), 1) }
    public var pixelHeight: Int { max(Int((size.height * scale).rounded()), 1) }
}

/// Whether the views of a scene made per frame have read the time in any frame so far.
/// It only ever turns true; any thread may read or set it.
public final class TimeReading: Sendable {
    private let read = Atomic<Bool>(false)

    public init() {}

    /// Whether any frame's views have read the time.
    public var hasRead: Bool { read.load(ordering: .acquiring) }

    /// Records that a frame's views read the time.
    public func record() { read.store(true, ordering: .releasing) }
}
