/// Why an export, a probe or a decode failed; every message names the file involved.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// The output path's extension names no supported format.
    case unsupportedFormat(path: String)
    /// A PNG sequence pattern is malformed (`reason` says how).
    case invalidPattern(pattern: String, reason: String)
    /// An encoder setting is out of range (`reason` says which and why).
    case invalidSettings(path: String, reason: String)
    /// An appended frame does not have the size the sink was made for.
    case frameSizeMismatch(path: String, expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    /// `finish()` was called before any frame was appended.
    case noFrames(path: String)
    /// A second frame was appended to a single-image output.
    case tooManyFrames(path: String, limit: Int)
    /// The sink was already finished or cancelled (or failed earlier).
    case sinkClosed(path: String)
    /// FFmpeg lacks a codec or container this build needs.
    case unavailable(component: String, path: String)
    /// The input holds no video or image stream.
    case noVideoStream(path: String)
    /// An FFmpeg call failed; `message` is `av_strerror`'s text for `code`.
    case ffmpeg(operation: String, code: Int32, message: String, path: String)
    /// A file-system call failed; `message` is `strerror`'s text for `code` (errno).
    case fileSystem(operation: String, code: Int32, message: String, path: String)
    /// Pieces cannot be joined into `path` (`reason` says why: a format that cannot be joined,
    /// pieces of different sizes or encoder settings, a malformed piece).
    case cannotJoin(path: String, reason: String)

    /// One line naming the file first, then what failed and why.
    public var description: String {
        switch self {
        case .unsupportedFormat(let path):
            return "\(path): unsupported output format; use .mp4, .gif, .webm, .apng, .webp, .png, .rgba (or - for raw RGBA on standard output), a pattern such as frames/%04d.png, or a folder ending in /"
        case .invalidPattern(let pattern, let reason):
            return "\(pattern): invalid frame pattern: \(reason)"
        case .invalidSettings(let path, let reason):
            return "\(path): invalid encoder settings: \(reason)"
        case .frameSizeMismatch(let path, let expectedWidth, let expectedHeight, let width, let height):
            return "\(path): frame is \(width)×\(height) pixels, the output is \(expectedWidth)×\(expectedHeight)"
        case .noFrames(let path):
            return "\(path): no frames were rendered, nothing to write"
        case .tooManyFrames(let path, let limit):
            return "\(path): this format holds \(limit) frame\(limit == 1 ? "" : "s"); use a pattern such as frames/%04d.png for a sequence"
        case .sinkClosed(let path):
            return "\(path): the output was already finished or cancelled"
        case .unavailable(let component, let path):
            return "\(path): this FFmpeg build has no \(component)"
        case .noVideoStream(let path):
            return "\(path): no video or image stream found"
        case .ffmpeg(let operation, let code, let message, let path):
            return "\(path): \(operation) failed: \(message) (FFmpeg error \(code))"
        case .fileSystem(let operation, let code, let message, let path):
            return "\(path): \(operation) failed: \(message) (errno \(code))"
        case .cannotJoin(let path, let reason):
            return "\(path): cannot join the pieces: \(reason)"
        }
    }
}
