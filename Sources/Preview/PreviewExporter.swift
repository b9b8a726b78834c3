/// Writes the exports the page offers, with the command line's own pipeline and options.
public protocol PreviewExporter: Sendable {
    /// Writes `kind` beside the source (for `.png`, frame `frame`) and returns the path
    /// written. Throws `ExportRefusal` when the file exists and `overwrite` is off, or when
    /// the export fails; nothing is left behind then.
    func export(_ kind: ExportKind, frame: Int, overwrite: Bool) throws(ExportRefusal) -> String
}

/// The files the page can export.
public enum ExportKind: String, Sendable, CaseIterable {
    /// The whole timeline as a GIF.
    case gif
    /// The whole timeline as H.264 in MP4.
    case mp4
    /// The current frame as a PNG.
    case png
}

/// Why an export wrote nothing: the command line's message, and whether the file exists
/// (the page then offers to replace it).
public struct ExportRefusal: Error, Sendable {
    public var message: String
    public var fileExists: Bool

    public init(_ message: String, fileExists: Bool = false) {
        self.message = message
        self.fileExists = fileExists
    }
}
