import GIF
import Raster

/// Writes frames as an animated GIF through an `AtomicFile`: `GIFEncoder` makes the bytes,
/// this sink checks frame sizes and owns the file.
final class GIFFileEncoder: AnalyzingFrameSink {
    private let path: String
    private let settings: EncoderSettings
    private let file: AtomicFile
    private var output: FileOutput?
    private var encoder: GIFEncoder?

    init(path: String, settings: EncoderSettings) throws(ExportError) {
        let file = AtomicFile(target: path)
        output = try FileOutput(creating: file.temporary, path: path)
        self.path = path
        self.settings = settings
        self.file = file
        encoder = GIFEncoder(settings: settings.gif)
    }

    deinit {
        if encoder != nil { cancel() }
    }

    func analyze(_ frame: Pixmap) throws(ExportError) {
        guard let encoder, !encoder.hasStarted else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            try settings.checkSize(of: frame, path: path)
        } catch {
            cancel()
            throw error
        }
        encoder.analyze(frame)
    }

    func append(_ frame: Pixmap) throws(ExportError) {
        guard let encoder, let output else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            try settings.checkSize(of: frame, path: path)
            try encoder.append(frame) { bytes throws(ExportError) in try output.write(bytes) }
        } catch {
            cancel()
            throw error
        }
    }

    func finish() throws(ExportError) {
        guard let encoder, let output else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            guard encoder.hasStarted else { throw ExportError.noFrames(path: path) }
            try encoder.finish { bytes throws(ExportError) in try output.write(bytes) }
            try output.close()
            try file.commit()
        } catch {
            cancel()
            throw error
        }
        close()
    }

    func cancel() {
        guard encoder != nil else { return }
        close()
        file.discard()
    }

    private func close() {
        encoder?.close()
        encoder = nil
        output = nil
    }
}

extension EncoderSettings {
    /// The GIF encoder's share of these settings.
    var gif: GIFSettings {
        GIFSettings(
            width: width, height: height, fps: fps, firstFrame: firstFrame, loop: loop, colors: colors, dither: dither,
            lossy: lossy, fast: fastGIF, matte: RGB8(matte), comment: pieceRange?.tag)
    }
}
