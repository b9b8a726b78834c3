import CFFmpeg
import Raster

/// Writes frames as an animated PNG (libavcodec's `apng`) or an animated WebP (`libwebp_anim`),
/// both keeping straight alpha.
///
/// Frames are un-premultiplied into an RGBA (APNG) or BGRA (WebP, libwebp's native order)
/// frame with pts = frame index in a 1/fps time base. APNG is lossless and its encoder stores
/// only the changed rectangle of each frame; WebP is lossless unless a quality is set. The
/// loop count goes to the muxer as a number of plays, as browsers read both formats' counts
/// (APNG's `plays`, WebP's `loop`): `loop` n, n repeats after the first play as in a GIF,
/// becomes n + 1 plays, −1 (play once) 1 play, and 0 stays forever. libwebp assembles the
/// whole animation before the muxer writes it, so a WebP's encoder memory grows with its
/// compressed size.
final class AnimatedImageEncoder: FrameSink {
    /// Which animated image format.
    enum Kind {
        case apng
        case webp
    }

    private let path: String
    private let settings: EncoderSettings
    private let kind: Kind
    private let output: EncodedFile
    private let frame: VideoFrame

    init(path: String, settings: EncoderSettings, kind: Kind) throws(ExportError) {
        let file = AtomicFile(target: path)
        let format = kind == .apng ? AV_PIX_FMT_RGBA : AV_PIX_FMT_BGRA
        let plays = settings.loop < 0 ? 1 : settings.loop == 0 ? 0 : settings.loop + 1
        do throws(ExportError) {
            let container = try OutputContainer(formatName: kind == .apng ? "apng" : "webp", file: file.temporary, path: path)
            switch kind {
            case .apng: try container.setOption("plays", String(plays))
            case .webp: try container.setOption("loop", String(min(plays, 65535)))
            }
            if settings.bitExact { container.context.pointee.flags |= AVFMT_FLAG_BITEXACT }
            let encoder = try VideoEncoder(codecName: kind == .apng ? "apng" : "libwebp_anim", path: path) { context throws(ExportError) in
                context.pointee.width = Int32(settings.width)
                context.pointee.height = Int32(settings.height)
                context.pointee.pix_fmt = format
                context.pointee.time_base = AVRational(num: 1, den: Int32(settings.fps))
                context.pointee.framerate = AVRational(num: Int32(settings.fps), den: 1)
                if settings.bitExact { context.pointee.flags |= AV_CODEC_FLAG_BITEXACT }
                let options = context.pointee.priv_data
                switch kind {
                case .apng:
                    try setOption("pred", "paeth", on: options, path: path)
                case .webp:
                    if let quality = settings.quality {
                        context.pointee.global_quality = Int32(quality) * FF_QP2LAMBDA
                        try setOption("quality", String(quality), on: options, path: path)
                    } else {
                        try setOption("lossless", "1", on: options, path: path)
                    }
                }
            }
            try container.writeHeader(for: encoder)
            frame = try VideoFrame(width: settings.width, height: settings.height, format: format, path: path)
            output = EncodedFile(path: path, file: file, container: container, encoder: encoder, givesDurations: true)
        } catch {
            file.discard()
            throw error
        }
        self.path = path
        self.settings = settings
        self.kind = kind
    }

    func append(_ pixmap: Pixmap) throws(ExportError) {
        guard output.isOpen else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            try settings.checkSize(of: pixmap, path: path)
            try frame.makeWritable(path: path)
            pixmap.writeStraightAlpha(into: frame.data(0), linesize: frame.linesize(0), order: kind == .apng ? .rgba : .bgra)
            try output.send(frame)
        } catch {
            output.cancel()
            throw error
        }
    }

    func finish() throws(ExportError) {
        try output.finish()
    }

    func cancel() {
        output.cancel()
    }
}
