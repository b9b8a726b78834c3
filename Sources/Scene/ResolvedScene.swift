import Geometry
import Raster

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
