import Raster

/// A destination for rendered frames: an encoder writing one file, or a folder of images.
///
/// Output is atomic. Everything is written under temporary names beside the target
/// (`.clip.mp4.partial-<pid>`) and moved into place only by `finish()`. `cancel()`, an
/// error thrown by `append` or `finish`, or releasing an unfinished sink removes every
/// temporary, so a failed run leaves no partial file and never replaces an existing
/// target. After `finish`, `cancel` or an error the sink is closed: further calls throw
/// `ExportError.sinkClosed` (or, for `cancel`, do nothing).
public protocol FrameSink: AnyObject {
    /// Encodes the next frame; frames must come in order and have the settings' size.
    func append(_ frame: Pixmap) throws(ExportError)
    /// Completes the output (flushing encoders) and moves it into place.
    func finish() throws(ExportError)
    /// Stops and removes everything written so far.
    func cancel()
}

/// A sink that studies frames before it encodes: a GIF builds one palette from a sample of
/// the whole animation.
///
/// Call `analyze` for the sample, in any order, before the first `append`; the frames may
/// come from beyond the part being encoded (pieces of a render share the whole's palette
/// that way). Without any analysed frame the sink falls back on the first appended frame.
public protocol AnalyzingFrameSink: FrameSink {
    /// Adds `frame` to the statistics encoding will use.
    func analyze(_ frame: Pixmap) throws(ExportError)
}

/// The frames of an animation of `frameCount` frames worth analysing: all of them up to `limit`,
/// otherwise `limit` frames evenly spaced from the first to the last.
public func analysisSample(frameCount: Int, limit: Int = 240) -> [Int] {
    guard frameCount > limit, limit > 1 else { return Array(0..<max(frameCount, 0)) }
    return (0..<limit).map { $0 * (frameCount - 1) / (limit - 1) }
}

/// A sink writing `format` to `path` with `settings`.
///
/// For `.pngSequence` the pattern names the files and `path` only labels errors. Throws
/// `ExportError.invalidSettings` for out-of-range settings, and FFmpeg or file-system
/// errors if the encoder or the temporary file cannot be set up.
public func makeFrameSink(path: String, format: OutputFormat, settings: EncoderSettings) throws(ExportError) -> any FrameSink {
    try settings.validate(for: format, path: path)
    limitFFmpegLoggingToErrors()
    switch format {
    case .mp4: return try VideoFileEncoder(path: path, settings: settings, flavor: .mp4)
    case .gif: return try GIFFileEncoder(path: path, settings: settings)
    case .webm: return try VideoFileEncoder(path: path, settings: settings, flavor: .webm)
    case .apng: return try AnimatedImageEncoder(path: path, settings: settings, kind: .apng)
    case .webp: return try AnimatedImageEncoder(path: path, settings: settings, kind: .webp)
    case .rawRGBA: return try RawRGBASink(path: path, settings: settings)
    case .png: return try PNGFileSink(path: path, settings: settings)
    case .pngSequence(let pattern): return try PNGSequenceSink(pattern: pattern, settings: settings)
    }
}

extension EncoderSettings {
    /// Throws `ExportError.frameSizeMismatch` unless `frame` has the configured size.
    func checkSize(of frame: Pixmap, path: String) throws(ExportError) {
        guard frame.width == width, frame.height == height else {
            throw .frameSizeMismatch(path: path, expectedWidth: width, expectedHeight: height, width: frame.width, height: frame.height)
        }
    }
}
