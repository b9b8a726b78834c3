import Foundation

/// The kind of file an export writes.
public enum OutputFormat: Equatable, Sendable {
    /// H.264 video in an MP4 container (yuv420p, BT.709, limited range, `+faststart`).
    case mp4
    /// A looping animated GIF with a palette of at most 256 colours per frame.
    case gif
    /// One straight-alpha RGBA PNG image.
    case png
    /// One PNG per frame; `pattern` numbers them printf style (`frames/%04d.png`), 0-based.
    case pngSequence(pattern: String)

    /// The single-file extensions understood by `init(path:)`, lowercase and without the dot.
    public static let supportedExtensions = ["mp4", "gif", "png"]

    /// The format a path asks for.
    ///
    /// - A path ending in `/`, or naming an existing directory, is a PNG sequence
    ///   `<dir>/%04d.png`.
    /// - A path with a `%d` or `%0Nd` directive is a PNG sequence; it must end in `.png`.
    /// - Otherwise the extension decides, case-insensitively: `.mp4`, `.gif`, `.png`.
    ///
    /// Throws `ExportError.unsupportedFormat` for any other extension, and
    /// `ExportError.invalidPattern` for a malformed pattern.
    public init(path: String) throws(ExportError) {
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
