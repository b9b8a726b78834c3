import Raster

/// How frames are encoded: size, rate, and the knobs of each format.
public struct EncoderSettings: Equatable, Sendable {
    /// Frame width in pixels, 1...16384; every appended frame must have it.
    public var width: Int
    /// Frame height in pixels, 1...16384; every appended frame must have it.
    public var height: Int
    /// Frames per second, 1...1000.
    public var fps: Int
    /// x264 constant rate factor, 0 (lossless) ...51 (worst); 18 is visually lossless for most content.
    public var crf: Int
    /// x264 speed/size preset: ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow or placebo.
    public var preset: String
    /// GIF repetitions: 0 loops forever, -1 plays once, n repeats n more times (at most 65535).
    public var loop: Int
    /// The opaque colour transparent pixels are composited over for formats without alpha (MP4, GIF);
    /// its own alpha is ignored. White by default.
    public var matte: Color

    /// The x264 presets `preset` may name, fastest first.
    public static let x264Presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    /// Settings for `width × height` frames at `fps`; the other values default as documented on each property.
    public init(width: Int, height: Int, fps: Int, crf: Int = 18, preset: String = "medium", loop: Int = 0, matte: Color = .white) {
        self.width = width
        self.height = height
        self.fps = fps
        self.crf = crf
        self.preset = preset
        self.loop = loop
        self.matte = matte
    }

    /// Throws `ExportError.invalidSettings` naming the first value out of range for `format`.
    func validate(for format: OutputFormat, path: String) throws(ExportError) {
        func fail(_ reason: String) -> ExportError { .invalidSettings(path: path, reason: reason) }
        let maximumSide = format == .gif ? 65535 : 16384
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw fail("size \(width)×\(height) is outside 1...\(maximumSide) pixels per side")
        }
        guard (1...1000).contains(fps) else { throw fail("fps \(fps) is outside 1...1000") }
        switch format {
        case .mp4:
            guard (0...51).contains(crf) else { throw fail("crf \(crf) is outside 0...51") }
            guard Self.x264Presets.contains(preset) else {
                throw fail("unknown x264 preset \"\(preset)\"; use one of \(Self.x264Presets.joined(separator: ", "))")
            }
        case .gif:
            guard (-1...65535).contains(loop) else { throw fail("loop \(loop) is outside -1...65535") }
        case .png, .pngSequence:
            break
        }
    }
}
