import CFFmpeg
import Raster

/// Writes frames as YUV video: H.264 (libx264) in MP4, or VP9 (libvpx) in WebM.
///
/// Pipeline per frame: composite over the matte into an opaque RGBA frame (or, for WebM
/// with `keepsAlpha`, un-premultiply into straight RGBA) → swscale to yuv420p, yuv444p or
/// yuva420p (area filter, accurate rounding, `SWS_BITEXACT` when asked; BT.709 matrix,
/// limited range, left chroma siting) → encoder with pts = frame index in a 1/fps time
/// base → muxer. The stream is tagged BT.709 matrix and primaries, sRGB (IEC 61966-2-1)
/// transfer, limited ("tv") range and left chroma siting, matching how the pixels were
/// converted. MP4 gets `+faststart`, so `moov` precedes `mdat` and players can start before
/// the whole file arrives. WebM with alpha stores it as VP9's second (alpha) stream, which
/// the Matroska muxer marks `alpha_mode=1`.
///
/// 4:2:0 chroma needs even sizes and H.264 can only crop by whole chroma samples, so an
/// odd width or height is padded by one column or row of the matte colour: a 61×35 sink
/// writes 62×36 video (WebM as well, for the same reason).
final class VideoFileEncoder: FrameSink {
    /// The codec and container.
    enum Flavor {
        /// H.264 in MP4.
        case mp4
        /// VP9 in WebM.
        case webm
    }

    private let path: String
    private let settings: EncoderSettings
    private let matte: RGB8
    private let keepsAlpha: Bool
    private let output: EncodedFile
    private let rgba: VideoFrame
    private let yuv: VideoFrame
    private let converter: PixelConverter

    /// Encoder threads, the same on every machine so that the output does not depend on its cores.
    static let encoderThreads: Int32 = 4

    init(path: String, settings: EncoderSettings, flavor: Flavor) throws(ExportError) {
        let file = AtomicFile(target: path)
        let paddedWidth = settings.width + settings.width % 2
        let paddedHeight = settings.height + settings.height % 2
        let keepsAlpha = flavor == .webm && settings.keepsAlpha
        let format: AVPixelFormat = keepsAlpha ? AV_PIX_FMT_YUVA420P : settings.fullChroma ? AV_PIX_FMT_YUV444P : AV_PIX_FMT_YUV420P
        do throws(ExportError) {
            let container = try OutputContainer(formatName: flavor == .mp4 ? "mp4" : "webm", file: file.temporary, path: path)
            if flavor == .mp4 { try container.setOption("movflags", "+faststart") }
            if settings.bitExact { container.context.pointee.flags |= AVFMT_FLAG_BITEXACT }
            if let range = settings.pieceRange { try container.setTag("comment", range.tag) }
            let encoder = try VideoEncoder(codecName: flavor == .mp4 ? "libx264" : "libvpx-vp9", path: path) { context throws(ExportError) in
                context.pointee.width = Int32(paddedWidth)
                context.pointee.height = Int32(paddedHeight)
                context.pointee.pix_fmt = format
                context.pointee.time_base = AVRational(num: 1, den: Int32(settings.fps))
                context.pointee.framerate = AVRational(num: Int32(settings.fps), den: 1)
                context.pointee.colorspace = AVCOL_SPC_BT709
                context.pointee.color_primaries = AVCOL_PRI_BT709
                context.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
                context.pointee.color_range = AVCOL_RANGE_MPEG
                context.pointee.chroma_sample_location = AVCHROMA_LOC_LEFT
                if settings.bitExact { context.pointee.flags |= AV_CODEC_FLAG_BITEXACT }
                // x264's and libvpx's choices depend on how many threads share the work; a fixed count
                // (instead of one per core) gives the same bytes on every machine.
                context.pointee.thread_count = Self.encoderThreads
                if container.needsGlobalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
                let options = context.pointee.priv_data
                switch flavor {
                case .mp4:
                    try setOption("crf", String(settings.crf), on: options, path: path)
                    try setOption("preset", settings.preset, on: options, path: path)
                    if let tune = settings.tune { try setOption("tune", tune, on: options, path: path) }
                case .webm:
                    // Constant quality: crf with no bitrate target.
                    context.pointee.bit_rate = 0
                    try setOption("crf", String(settings.crf), on: options, path: path)
                    try setOption("deadline", "good", on: options, path: path)
                    try setOption("cpu-used", "4", on: options, path: path)
                    try setOption("row-mt", "1", on: options, path: path)
                }
            }
            try container.writeHeader(for: encoder)
            rgba = try VideoFrame(width: paddedWidth, height: paddedHeight, format: AV_PIX_FMT_RGBA, path: path)
            yuv = try VideoFrame(width: paddedWidth, height: paddedHeight, format: format, path: path)
            var flags = SWS_AREA | SWS_ACCURATE_RND
            if settings.bitExact { flags |= SWS_BITEXACT }
            converter = try PixelConverter(
                width: paddedWidth, height: paddedHeight,
                from: AV_PIX_FMT_RGBA, to: format, destinationChroma: AVCHROMA_LOC_LEFT,
                flags: Int32(flags), path: path)
            try converter.setColorspace(
                sourceMatrix: SWS_CS_ITU709, sourceFullRange: true,
                destinationMatrix: SWS_CS_ITU709, destinationFullRange: false)
            output = EncodedFile(path: path, file: file, container: container, encoder: encoder)
        } catch {
            file.discard()
            throw error
        }
        self.path = path
        self.settings = settings
        self.keepsAlpha = keepsAlpha
        matte = RGB8(settings.matte)
    }

    func append(_ frame: Pixmap) throws(ExportError) {
        guard output.isOpen else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            try settings.checkSize(of: frame, path: path)
            try yuv.makeWritable(path: path)
            if frame.width == rgba.width && frame.height == rgba.height && frame.isOpaque {
                // An opaque frame needs no padding, matte or un-premultiplying: convert it in place.
                frame.data.withUnsafeBufferPointer { pixels in
                    converter.convert(packed: pixels.baseAddress!, stride: frame.width * 4, height: frame.height, into: yuv)
                }
            } else {
                try rgba.makeWritable(path: path)
                if keepsAlpha {
                    fillTransparent(rgba)
                    frame.writeStraightAlpha(into: rgba.data(0), linesize: rgba.linesize(0))
                } else {
                    frame.composite(over: matte, into: rgba.data(0), linesize: rgba.linesize(0), paddedWidth: rgba.width, paddedHeight: rgba.height)
                }
                converter.convert(rgba, into: yuv)
            }
            try output.send(yuv)
        } catch {
            output.cancel()
            throw error
        }
    }

    /// Clears the padding column and row of a straight-alpha frame to transparent.
    private func fillTransparent(_ frame: VideoFrame) {
        let linesize = frame.linesize(0)
        let base = frame.data(0)
        if settings.width < frame.width {
            for y in 0..<frame.height { (base + y * linesize + settings.width * 4).update(repeating: 0, count: 4) }
        }
        if settings.height < frame.height {
            (base + settings.height * linesize).update(repeating: 0, count: frame.width * 4)
        }
    }

    func finish() throws(ExportError) {
        try output.finish()
    }

    func cancel() {
        output.cancel()
    }
}
