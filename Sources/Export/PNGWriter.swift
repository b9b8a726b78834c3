import Raster

/// Writes `pixmap` to `path` as a straight-alpha RGBA PNG, atomically.
///
/// The image goes to a temporary beside `path` and is renamed into place, so `path`
/// holds either its old content or the complete new image.
public func writePNG(_ pixmap: Pixmap, to path: String) throws(ExportError) {
    limitFFmpegLoggingToErrors()
    let file = AtomicFile(target: path)
    do throws(ExportError) {
        try PNGEncoder(width: pixmap.width, height: pixmap.height, path: path).encode(pixmap, to: file)
        try file.commit()
    } catch {
        file.discard()
        throw error
    }
}

/// `pixmap` as the bytes of a straight-alpha RGBA PNG file; `name` labels errors.
public func encodePNG(_ pixmap: Pixmap, name: String) throws(ExportError) -> [UInt8] {
    limitFFmpegLoggingToErrors()
    return try PNGEncoder(width: pixmap.width, height: pixmap.height, path: name).encoded(pixmap)
}

/// A sink writing the single frame it is given as one PNG file.
final class PNGFileSink: FrameSink {
    private let path: String
    private let settings: EncoderSettings
    private let file: AtomicFile
    private var encoder: PNGEncoder?
    private var hasFrame = false
    private var isOpen = true

    init(path: String, settings: EncoderSettings) throws(ExportError) {
        self.path = path
        self.settings = settings
        file = AtomicFile(target: path)
        encoder = try PNGEncoder(width: settings.width, height: settings.height, path: path)
    }

    deinit {
        if isOpen { cancel() }
    }

    func append(_ frame: Pixmap) throws(ExportError) {
        guard isOpen, let encoder else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            guard !hasFrame else { throw ExportError.tooManyFrames(path: path, limit: 1) }
            try settings.checkSize(of: frame, path: path)
            try encoder.encode(frame, to: file)
            hasFrame = true
        } catch {
            cancel()
            throw error
        }
    }

    func finish() throws(ExportError) {
        guard isOpen else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            guard hasFrame else { throw ExportError.noFrames(path: path) }
            try file.commit()
        } catch {
            cancel()
            throw error
        }
        isOpen = false
        encoder = nil
    }

    func cancel() {
        guard isOpen else { return }
        isOpen = false
        encoder = nil
        file.discard()
    }
}
