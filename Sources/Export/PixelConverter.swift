import CFFmpeg

/// A swscale context converting frames between two pixel formats at one size; freed on deinit.
///
/// Chroma siting is explicit on both sides. swscale otherwise assumes centred chroma
/// (MPEG-1/JPEG), while H.264 video is normally, and ours explicitly, "left" sited
/// (co-sited with the even luma columns, between rows), so the subsampling filter and
/// the stream tag would disagree by a quarter of a chroma sample.
final class PixelConverter {
    private let context: OpaquePointer
    private let path: String

    /// A converter for `width × height` frames; `sourceChroma` and `destinationChroma` give the
    /// siting of subsampled chroma (`AVCHROMA_LOC_UNSPECIFIED` for swscale's default).
    init(
        width: Int, height: Int,
        from source: AVPixelFormat, sourceChroma: AVChromaLocation = AVCHROMA_LOC_UNSPECIFIED,
        to destination: AVPixelFormat, destinationChroma: AVChromaLocation = AVCHROMA_LOC_UNSPECIFIED,
        flags: Int32, path: String
    ) throws(ExportError) {
        guard let context = sws_alloc_context() else {
            throw .ffmpeg("allocating a pixel converter", code: averrorENOMEM, path: path)
        }
        self.context = context
        self.path = path
        var options: [(String, Int64)] = [
            ("srcw", Int64(width)), ("srch", Int64(height)), ("src_format", Int64(source.rawValue)),
            ("dstw", Int64(width)), ("dsth", Int64(height)), ("dst_format", Int64(destination.rawValue)),
            ("sws_flags", Int64(flags)),
        ]
        var x: Int32 = 0
        var y: Int32 = 0
        if sourceChroma != AVCHROMA_LOC_UNSPECIFIED, avcodec_enum_to_chroma_pos(&x, &y, sourceChroma) == 0 {
            options += [("src_h_chr_pos", Int64(x)), ("src_v_chr_pos", Int64(y))]
        }
        if destinationChroma != AVCHROMA_LOC_UNSPECIFIED, avcodec_enum_to_chroma_pos(&x, &y, destinationChroma) == 0 {
            options += [("dst_h_chr_pos", Int64(x)), ("dst_v_chr_pos", Int64(y))]
        }
        for (name, value) in options {
            try check(av_opt_set_int(UnsafeMutableRawPointer(context), name, value, 0), "setting pixel converter option \(name)", path: path)
        }
        guard sws_init_context(context, nil, nil) >= 0 else {
            throw .unavailable(component: "conversion from \(pixelFormatName(source)) to \(pixelFormatName(destination))", path: path)
        }
    }

    deinit {
        sws_freeContext(context)
    }

    /// Sets the YUV matrices (`SWS_CS_*`, which equal the `AVCOL_SPC_*` values) and ranges
    /// (full: 0...255, limited/MPEG: 16...235 luma) of both sides.
    func setColorspace(sourceMatrix: Int32, sourceFullRange: Bool, destinationMatrix: Int32, destinationFullRange: Bool) throws(ExportError) {
        let result = sws_setColorspaceDetails(
            context,
            sws_getCoefficients(sourceMatrix), sourceFullRange ? 1 : 0,
            sws_getCoefficients(destinationMatrix), destinationFullRange ? 1 : 0,
            0, 1 << 16, 1 << 16)
        guard result >= 0 else { throw .unavailable(component: "colour space conversion for these pixel formats", path: path) }
    }

    /// Converts all of `source` into `destination`, whose buffers must already exist.
    func convert(_ source: VideoFrame, into destination: VideoFrame) {
        withUnsafeBytes(of: source.pointer.pointee.data) { sourceData in
            withUnsafeBytes(of: source.pointer.pointee.linesize) { sourceStride in
                convert(
                    planes: sourceData.bindMemory(to: UnsafePointer<UInt8>?.self).baseAddress!,
                    strides: sourceStride.bindMemory(to: Int32.self).baseAddress!,
                    height: source.pointer.pointee.height, into: destination)
            }
        }
    }

    /// Converts all of `source` into packed pixels at `pixels`, rows `stride` bytes apart (such as
    /// an array's storage); false when swscale refuses.
    func convert(_ source: VideoFrame, into pixels: UnsafeMutablePointer<UInt8>, stride: Int) -> Bool {
        var destination: (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt8>?) =
            (pixels, nil, nil, nil)
        var strides: (Int32, Int32, Int32, Int32) = (Int32(stride), 0, 0, 0)
        return withUnsafeBytes(of: source.pointer.pointee.data) { sourceData in
            withUnsafeBytes(of: source.pointer.pointee.linesize) { sourceStride in
                withUnsafeMutableBytes(of: &destination) { destinationData in
                    withUnsafeMutableBytes(of: &strides) { destinationStride in
                        sws_scale(
                            context, sourceData.bindMemory(to: UnsafePointer<UInt8>?.self).baseAddress!,
                            sourceStride.bindMemory(to: Int32.self).baseAddress!, 0, source.pointer.pointee.height,
                            destinationData.bindMemory(to: UnsafeMutablePointer<UInt8>?.self).baseAddress,
                            destinationStride.bindMemory(to: Int32.self).baseAddress) > 0
                    }
                }
            }
        }
    }

    /// Converts `height` rows of the given planes (such as a frame's with some replaced) into
    /// packed pixels at `pixels`, rows `stride` bytes apart; false when swscale refuses.
    func convert(planes: [UnsafePointer<UInt8>?], strides: [Int32], height: Int32, into pixels: UnsafeMutablePointer<UInt8>, stride: Int) -> Bool {
        var destination: [UnsafeMutablePointer<UInt8>?] = [pixels, nil, nil, nil]
        var destinationStrides: [Int32] = [Int32(stride), 0, 0, 0]
        return sws_scale(context, planes, strides, 0, height, &destination, &destinationStrides) > 0
    }

    /// Converts one packed plane (such as RGBA rows `stride` bytes apart, `height` rows) into
    /// `destination`: a frame that needs no copying into a `VideoFrame` first.
    func convert(packed pixels: UnsafePointer<UInt8>, stride: Int, height: Int, into destination: VideoFrame) {
        var planes: [UnsafePointer<UInt8>?] = [pixels, nil, nil, nil]
        var strides: [Int32] = [Int32(stride), 0, 0, 0]
        convert(planes: &planes, strides: &strides, height: Int32(height), into: destination)
    }

    private func convert(planes: UnsafePointer<UnsafePointer<UInt8>?>, strides: UnsafePointer<Int32>, height: Int32, into destination: VideoFrame) {
        withUnsafeBytes(of: destination.pointer.pointee.data) { destinationData in
            withUnsafeBytes(of: destination.pointer.pointee.linesize) { destinationStride in
                _ = sws_scale(
                    context, planes, strides, 0, height,
                    destinationData.bindMemory(to: UnsafeMutablePointer<UInt8>?.self).baseAddress,
                    destinationStride.bindMemory(to: Int32.self).baseAddress)
            }
        }
    }
}

/// FFmpeg's name for a pixel format ("yuv420p", "rgba"), or "unknown".
func pixelFormatName(_ format: AVPixelFormat) -> String {
    av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "unknown"
}
