import GIF
import Raster

/// How frames are encoded: size, rate, and the knobs of each format.
public struct EncoderSettings: Equatable, Sendable {
    /// Frame width in pixels, 1...16384 (65535 for GIF); every appended frame must have it.
    public var width: Int
    /// Frame height in pixels, 1...16384 (65535 for GIF); every appended frame must have it.
    public var height: Int
    /// Frames per second, 1...1000.
    public var fps: Int
    /// The number, in the whole animation, of the first frame this output receives; 0 by default.
    /// GIF delays are counted from it, so that pieces of a render join into exactly the whole.
    public var firstFrame: Int
    /// How many frames this output receives, when known (a render's frame range), nil otherwise.
    /// GIF, MP4 and WebM files record `firstFrame..<firstFrame + frameCount` (`PieceRange`), by which
    /// `Concatenation` checks that pieces join into one contiguous range.
    public var frameCount: Int?
    /// x264 constant rate factor, 0 (lossless) ...51 (worst); 18 is visually lossless for most content.
    /// For VP9 (WebM) the same scale sets the constant quality (`crf`, 0...63, default 18 + 12).
    public var crf: Int
    /// x264 speed/size preset: ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow or placebo.
    public var preset: String
    /// x264 tuning (`film`, `animation`, `grain`, `stillimage`…), nil for none. Default `animation`:
    /// stronger deblocking and more reference frames suit flat-coloured drawings.
    public var tune: String?
    /// MP4 and WebM: keep full-resolution chroma (yuv444p, H.264 High 4:4:4) instead of 4:2:0.
    /// Sharper coloured edges for archives; many players and browsers cannot play it. Off by default.
    public var fullChroma: Bool
    /// Ask FFmpeg for bit-exact output (no encoder version strings, `SWS_BITEXACT` conversion), so the
    /// same frames give the same bytes across machines with the same FFmpeg. Off by default.
    public var bitExact: Bool
    /// WebP: lossy quality (`qualityRange`), nil (the default) for lossless.
    public var quality: Int?
    /// The values `quality` takes.
    public static let qualityRange = 0...100
    /// Repetitions after the first play: 0 loops forever, -1 plays once, n repeats n more
    /// times (`loopRange`). GIF, APNG and WebP alike (the latter two count plays, n + 1).
    public var loop: Int
    /// The values `loop` takes.
    public static let loopRange = -1...65535
    /// GIF: the most palette colours (`colorRange`; one index is kept for transparency, so at most 255 are used).
    public var colors: Int
    /// The values `colors` takes.
    public static let colorRange = 2...256
    /// GIF: how colours between palette entries are shown; `.ordered` by default.
    public var dither: Dither
    /// GIF: how far, in sRGB code values (Euclidean over red, green and blue), a pixel whose colour
    /// changed may be shown from it when that compresses better (`lossyRange`), default 16. Colours the
    /// palette holds exactly, such as flat fills and backgrounds, are never moved, nor are pixels
    /// at rest (still, or still in the next frame), except in the first frame, where they move at
    /// most half as far; at the default a frame's squared error stays within 1.5 times its
    /// palette's own plus 0.5 per pixel, a budget that grows with (lossy / 16)²
    /// (the GIF encoder's error budget; the tolerance is lowered for frames that would exceed it).
    /// 0 keeps every pixel at its mapped palette entry.
    public var lossy: Int
    /// The values `lossy` takes.
    public static let lossyRange = 0...64
    /// GIF: encode each frame as mapped, without searching for smaller codes: the pixels whose
    /// mapped entry shows them better than what is shown are sent as it, the others as
    /// transparency, in one LZW pass. Several times faster, with larger files; `lossy` then
    /// only narrows the palette; the palette is built from fewer frames (`paletteSample`).
    /// Off by default.
    public var fastGIF: Bool
    /// WebM: keep the frames' alpha (VP9 with an alpha channel, `alpha_mode=1`). Off by default:
    /// frames are composited over `matte`.
    public var keepsAlpha: Bool
    /// The opaque colour transparent pixels are composited over for formats without alpha (MP4, GIF,
    /// WebM without `keepsAlpha`); its own alpha is ignored. White by default.
    public var matte: Color

    /// The most frames a GIF's palette is built from (see `analysisSample`): 240, or 60 with
    /// `fastGIF`, whose encoding is quick enough that the frames outside the sample are best
    /// rendered beside it rather than in the palette's pass before it.
    public var paletteSample: Int { fastGIF ? 60 : 240 }

    /// The frame range recorded in the file, when `frameCount` is known.
    var pieceRange: PieceRange? { frameCount.map { PieceRange(frames: firstFrame..<firstFrame + $0) } }

    /// The x264 presets `preset` may name, fastest first.
    public static let x264Presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
    /// The x264 tunings `tune` may name.
    public static let x264Tunings = ["film", "animation", "grain", "stillimage", "psnr", "ssim", "fastdecode", "zerolatency"]

    /// Settings for `width × height` frames at `fps`; the other values default as documented on each property.
    public init(
        width: Int, height: Int, fps: Int, firstFrame: Int = 0, crf: Int = 18, preset: String = "medium",
        tune: String? = "animation", fullChroma: Bool = false, bitExact: Bool = false, quality: Int? = nil,
        loop: Int = 0, colors: Int = 256, dither: Dither = .ordered, lossy: Int = 16, fastGIF: Bool = false, keepsAlpha: Bool = false,
        matte: Color = .white
    ) {
        self.width = width
        self.height = height
        self.fps = fps
        self.firstFrame = firstFrame
        self.crf = crf
        self.preset = preset
        self.tune = tune
        self.fullChroma = fullChroma
        self.bitExact = bitExact
        self.quality = quality
        self.loop = loop
        self.colors = colors
        self.dither = dither
        self.lossy = lossy
        self.fastGIF = fastGIF
        self.keepsAlpha = keepsAlpha
        self.matte = matte
    }

    /// Throws `ExportError.invalidSettings` naming the first value out of range for `format`.
    func validate(for format: OutputFormat, path: String) throws(ExportError) {
        func fail(_ reason: String) -> ExportError { .invalidSettings(path: path, reason: reason) }
        func check(_ name: String, _ value: Int, _ range: ClosedRange<Int>) throws(ExportError) {
            guard range.contains(value) else { throw fail("\(name) \(value) is outside \(range)") }
        }
        let maximumSide = format == .gif ? 65535 : 16384
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw fail("size \(width)×\(height) is outside 1...\(maximumSide) pixels per side")
        }
        try check("fps", fps, 1...1000)
        guard firstFrame >= 0 else { throw fail("first frame \(firstFrame) is negative") }
        if let frameCount, frameCount < 1 || frameCount > Int.max - firstFrame { throw fail("frame count \(frameCount) is out of range") }
        switch format {
        case .mp4, .webm:
            try check("crf", crf, 0...51)
            guard Self.x264Presets.contains(preset) else {
                throw fail("unknown x264 preset \"\(preset)\"; use one of \(Self.x264Presets.joined(separator: ", "))")
            }
            if let tune, !Self.x264Tunings.contains(tune) {
                throw fail("unknown x264 tune \"\(tune)\"; use one of \(Self.x264Tunings.joined(separator: ", "))")
            }
        case .gif:
            try check("loop", loop, Self.loopRange)
            try check("colors", colors, Self.colorRange)
            try check("lossy", lossy, Self.lossyRange)
        case .apng, .webp:
            try check("loop", loop, Self.loopRange)
            if let quality { try check("quality", quality, Self.qualityRange) }
        case .png, .pngSequence, .rawRGBA:
            break
        }
    }
}
