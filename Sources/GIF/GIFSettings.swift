import Raster

/// How a GIF is encoded: size, timing and the palette, dither and search knobs.
public struct GIFSettings: Equatable, Sendable {
    /// Frame width in pixels, 1...65535; every frame must have it.
    public var width: Int
    /// Frame height in pixels, 1...65535; every frame must have it.
    public var height: Int
    /// Frames per second, 1...1000.
    public var fps: Int
    /// The number, in the whole animation, of the first frame this output receives; delays are
    /// counted from it, so that pieces of a render join into exactly the whole.
    public var firstFrame: Int
    /// Repetitions after the first play: 0 loops forever, -1 plays once, n repeats n more times.
    public var loop: Int
    /// The most palette colours, 2...256 (one index is kept for transparency, so at most 255 are used).
    public var colors: Int
    /// How colours between palette entries are shown.
    public var dither: Dither
    /// How far, in sRGB code values, a pixel whose colour changed may be shown from it when that
    /// compresses better, 0...64 (see `GIFEncoder+ErrorBudget` and `GIFEncoder+Options`).
    public var lossy: Int
    /// Encode each frame as mapped, without searching for smaller codes (`GIFEncoder+Fast`).
    public var fast: Bool
    /// The opaque colour translucent pixels are composited over.
    public var matte: RGB8
    /// Text written in a comment extension after the header, nil for none.
    public var comment: String?

    public init(
        width: Int, height: Int, fps: Int, firstFrame: Int = 0, loop: Int = 0, colors: Int = 256, dither: Dither = .ordered,
        lossy: Int = 16, fast: Bool = false, matte: RGB8 = RGB8(r: 255, g: 255, b: 255),
        comment: String? = nil
    ) {
        self.width = width
        self.height = height
        self.fps = fps
        self.firstFrame = firstFrame
        self.loop = loop
        self.colors = colors
        self.dither = dither
        self.lossy = lossy
        self.fast = fast
        self.matte = matte
        self.comment = comment
    }
}
