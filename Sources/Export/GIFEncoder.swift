import CFFmpeg
import Raster

/// Writes frames as a looping animated GIF through libavcodec's GIF encoder and the gif muxer.
///
/// Pipeline per frame: composite over the matte (GIF transparency is all-or-nothing, so
/// soft edges need a background) → median-cut palette of at most 256 colours and
/// nearest-colour indices (`MedianCutQuantizer`) → PAL8 frame → GIF encoder → muxer,
/// which adds the NETSCAPE2.0 loop extension from `EncoderSettings.loop`.
///
/// Palettes: FFmpeg 5.1's encoder writes the first frame's palette as the global colour
/// table, and gives every later frame whose palette differs a local colour table, so
/// each frame shows its own colours. Its inter-frame optimisations (cropping to the
/// changed rectangle and marking unchanged pixels transparent) compare palette
/// *indices* with the previous frame even when that frame used another palette, which
/// shows wrong colours, so they are turned off (`gifflags` 0): every frame is stored whole.
///
/// Timing: GIF delays are whole centiseconds. The muxer's time base is 1/100 s and each
/// delay is the difference of consecutive rounded timestamps, so the clip keeps its
/// length without drift: at 30 fps the delays run 3, 4, 3, 3, 4, 3… (frame n starts at
/// round(100 n / 30) cs). The last frame lasts one rounded frame period.
final class GIFEncoder: FrameSink {
    private let path: String
    private let settings: EncoderSettings
    private let file: AtomicFile
    private let matte: RGB8
    private var container: OutputContainer?
    private var encoder: VideoEncoder?
    private let indexed: VideoFrame
    private var composited: [UInt8]
    private var quantizer = MedianCutQuantizer()
    private var frameCount = 0
    private var isOpen = true

    init(path: String, settings: EncoderSettings) throws(ExportError) {
        let file = AtomicFile(target: path)
        do throws(ExportError) {
            let container = try OutputContainer(formatName: "gif", file: file.temporary, path: path)
            try container.setOption("loop", String(settings.loop))
            let encoder = try VideoEncoder(codecName: "gif", path: path) { context throws(ExportError) in
                context.pointee.width = Int32(settings.width)
                context.pointee.height = Int32(settings.height)
                context.pointee.pix_fmt = AV_PIX_FMT_PAL8
                context.pointee.time_base = AVRational(num: 1, den: Int32(settings.fps))
                context.pointee.framerate = AVRational(num: Int32(settings.fps), den: 1)
                try setOption("gifflags", "0", on: context.pointee.priv_data, path: path)
            }
            try container.writeHeader(for: encoder)
            indexed = try VideoFrame(width: settings.width, height: settings.height, format: AV_PIX_FMT_PAL8, path: path)
            self.container = container
            self.encoder = encoder
        } catch {
            file.discard()
            throw error
        }
        self.path = path
        self.settings = settings
        self.file = file
        matte = RGB8(settings.matte)
        composited = Array(repeating: 0, count: settings.width * settings.height * 4)
    }

    deinit {
        if isOpen { cancel() }
    }

    func append(_ frame: Pixmap) throws(ExportError) {
        guard isOpen, let container, let encoder else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            try settings.checkSize(of: frame, path: path)
            try indexed.makeWritable(path: path)
            let (width, height) = (settings.width, settings.height)
            composited.withUnsafeMutableBufferPointer { buffer in
                frame.composite(over: matte, into: buffer.baseAddress!, linesize: width * 4, paddedWidth: width, paddedHeight: height)
            }
            let palette = composited.withUnsafeBufferPointer { buffer in
                quantizer.quantize(buffer, width: width, height: height, indices: indexed.data(0), linesize: indexed.linesize(0))
            }
            palette.write(to: UnsafeMutableRawPointer(indexed.data(1)).assumingMemoryBound(to: UInt32.self))
            indexed.pointer.pointee.pts = Int64(frameCount)
            frameCount += 1
            try encoder.encode(indexed.pointer) { packet throws(ExportError) in
                // One frame period, so the muxer can time the last frame too.
                packet.pointee.duration = 1
                try container.write(packet, timeBase: encoder.timeBase)
            }
        } catch {
            cancel()
            throw error
        }
    }

    func finish() throws(ExportError) {
        guard isOpen, let container, let encoder else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            guard frameCount > 0 else { throw ExportError.noFrames(path: path) }
            try encoder.encode(nil) { packet throws(ExportError) in
                packet.pointee.duration = 1
                try container.write(packet, timeBase: encoder.timeBase)
            }
            try container.finish()
            try file.commit()
        } catch {
            cancel()
            throw error
        }
        close()
    }

    func cancel() {
        guard isOpen else { return }
        close()
        file.discard()
    }

    /// Frees the encoder and muxer (closing the file) and marks the sink closed.
    private func close() {
        isOpen = false
        encoder = nil
        container = nil
    }
}
