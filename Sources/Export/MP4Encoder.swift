import CFFmpeg
import Raster

/// Writes frames as H.264 (libx264) in an MP4 container.
///
/// Pipeline per frame: composite over the matte into an opaque RGBA frame → swscale to
/// yuv420p (area filter, accurate rounding, BT.709 matrix, limited range) → x264 with
/// pts = frame index in a 1/fps time base → mp4 muxer. The stream is tagged BT.709
/// matrix and primaries, sRGB (IEC 61966-2-1) transfer, limited ("tv") range and left
/// chroma siting, matching how the pixels were converted. `+faststart` puts the `moov`
/// atom before `mdat` so players can start before the whole file arrives.
///
/// 4:2:0 chroma needs even sizes and H.264 can only crop by whole chroma samples, so an
/// odd width or height is padded by one column or row of the matte colour: a 61×35
/// sink writes 62×36 video.
final class MP4Encoder: FrameSink {
    private let path: String
    private let settings: EncoderSettings
    private let file: AtomicFile
    private let matte: RGB8
    private var container: OutputContainer?
    private var encoder: VideoEncoder?
    private let rgba: VideoFrame
    private let yuv: VideoFrame
    private let converter: PixelConverter
    private var frameCount = 0
    private var isOpen = true

    init(path: String, settings: EncoderSettings) throws(ExportError) {
        let file = AtomicFile(target: path)
        let paddedWidth = settings.width + settings.width % 2
        let paddedHeight = settings.height + settings.height % 2
        do throws(ExportError) {
            let container = try OutputContainer(formatName: "mp4", file: file.temporary, path: path)
            try container.setOption("movflags", "+faststart")
            let encoder = try VideoEncoder(codecName: "libx264", path: path) { context throws(ExportError) in
                context.pointee.width = Int32(paddedWidth)
                context.pointee.height = Int32(paddedHeight)
                context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
                context.pointee.time_base = AVRational(num: 1, den: Int32(settings.fps))
                context.pointee.framerate = AVRational(num: Int32(settings.fps), den: 1)
                context.pointee.colorspace = AVCOL_SPC_BT709
                context.pointee.color_primaries = AVCOL_PRI_BT709
                context.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
                context.pointee.color_range = AVCOL_RANGE_MPEG
                context.pointee.chroma_sample_location = AVCHROMA_LOC_LEFT
                if container.needsGlobalHeader { context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
                try setOption("crf", String(settings.crf), on: context.pointee.priv_data, path: path)
                try setOption("preset", settings.preset, on: context.pointee.priv_data, path: path)
            }
            try container.writeHeader(for: encoder)
            rgba = try VideoFrame(width: paddedWidth, height: paddedHeight, format: AV_PIX_FMT_RGBA, path: path)
            yuv = try VideoFrame(width: paddedWidth, height: paddedHeight, format: AV_PIX_FMT_YUV420P, path: path)
            converter = try PixelConverter(
                width: paddedWidth, height: paddedHeight,
                from: AV_PIX_FMT_RGBA, to: AV_PIX_FMT_YUV420P, destinationChroma: AVCHROMA_LOC_LEFT,
                flags: Int32(SWS_AREA | SWS_ACCURATE_RND), path: path)
            try converter.setColorspace(
                sourceMatrix: SWS_CS_ITU709, sourceFullRange: true,
                destinationMatrix: SWS_CS_ITU709, destinationFullRange: false)
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
    }

    deinit {
        if isOpen { cancel() }
    }

    func append(_ frame: Pixmap) throws(ExportError) {
        guard isOpen, let container, let encoder else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            try settings.checkSize(of: frame, path: path)
            try rgba.makeWritable(path: path)
            frame.composite(over: matte, into: rgba.data(0), linesize: rgba.linesize(0), paddedWidth: rgba.width, paddedHeight: rgba.height)
            try yuv.makeWritable(path: path)
            converter.convert(rgba, into: yuv)
            yuv.pointer.pointee.pts = Int64(frameCount)
            frameCount += 1
            try encoder.encode(yuv.pointer) { packet throws(ExportError) in
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
