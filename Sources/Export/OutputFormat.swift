import Foundation

/// The kind of file an export writes.
public enum OutputFormat: Equatable, Sendable {
    /// H.264 video in an MP4 container (yuv420p, BT.709, limited range, `+faststart`).
    case mp4
    /// A looping animated GIF: one palette for the whole animation, dithering, frames cropped to what changed.
    case gif
    /// VP9 video in a WebM container, with an alpha channel when `EncoderSettings.keepsAlpha`.
    case webm
    /// An animated PNG (lossless, straight alpha).
    case apng
    /// An animated WebP (lossless unless `EncoderSettings.quality` is set), with alpha.
    case webp
    /// Raw straight-alpha RGBA8 frames one after another, no header: `width × height × 4` bytes
    /// per frame, rows top to bottom. The path `-` writes to standard output.
    case rawRGBA
    /// One straight-alpha RGBA PNG image.
    case png
    /// One PNG per frame; `pattern` numbers them printf style (`frames/%04d.png`), 0-based.
    case pngSequence(pattern: String)

    /// The single-file extensions understood by `init(path:)`, lowercase and without the dot.
    public static let supportedExtensions = ["mp4", "gif", "webm", "apng", "webp", "png", "rgba"]

    /// The names `init(name:path:)` accepts, as given to `--format`.
    public static let names = ["mp4", "gif", "webm", "apng", "webp", "png", "rgba", "png-sequence"]

    /// The format named `name` (one of `names`), forced whatever `path`'s extension.
    ///
    /// `png-sequence` takes `path` as its pattern (a folder gets `%04d.png`). Throws
    /// `ExportError.unsupportedFormat` for an unknown name.
    public init(name: String, path: String) throws(ExportError) {
        switch name.lowercased() {
        case "mp4": self = .mp4
        case "gif": self = .gif
        case "webm": self = .webm
        case "apng": self = .apng
        case "webp": self = .webp
        case "png": self = .png
        case "rgba", "raw": self = .rawRGBA
        case "png-sequence":
            if FramePattern.looksLikePattern(path) {
                _ = try FramePattern(path)
                self = .pngSequence(pattern: path)
            } else {
                self = .pngSequence(pattern: (path.hasSuffix("/") ? path : path + "/") + "%04d.png")
            }
        default: throw .unsupportedFormat(path: path)
        }
    }

    /// Whether the format holds many frames.
    public var isAnimated: Bool {
        switch self {
        case .png: return false
        default: return true
        }
    }

    /// The output path that stands for standard output (raw RGBA frames).
    public static let standardOutput = "-"

    /// The format a path asks for.
    ///
    /// - A path ending in `/`, or naming an existing directory, is a PNG sequence
    ///   `<dir>/%04d.png`.
    /// - A path with a `%d` or `%0Nd` directive is a PNG sequence; it must end in `.png`.
    /// - `-` is raw RGBA on standard output.
    /// - Otherwise the extension decides, case-insensitively: `.mp4`, `.gif`, `.webm`, `.apng`,
    ///   `.webp`, `.png`, `.rgba`.
    ///
    /// Throws `ExportError.unsupportedFormat` for any other extension, and
    /// `ExportError.invalidPattern` for a malformed pattern.
    public init(path: String) throws(ExportError) {
        if path == Self.standardOutput {
            self = .rawRGBA
            return
        }
        var isDirectory: ObjCBool = false
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            self = .pngSequence(pattern: (path.hasSuffix("/") ? path : path + "/") + "%04d.png")
            return
        }
        let fileExtension = Self.fileExtension(of: path)
        if FramePattern.looksLikePattern(path) {
            guard fileExtension == "png" else {
                throw .invalidPattern(pattern: path, reason: "a numbered frame pattern must end in .png")
            }
            _ = try FramePattern(path)
            self = .pngSequence(pattern: path)
            return
        }
        switch fileExtension {
        case "mp4": self = .mp4
        case "gif": self = .gif
        case "png": self = .png
        case "webm": self = .webm
        case "apng": self = .apng
        case "webp": self = .webp
        case "rgba": self = .rawRGBA
        default: throw .unsupportedFormat(path: path)
        }
    }

    /// The lowercase extension of the last path component, or "" when it has none.
    private static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
