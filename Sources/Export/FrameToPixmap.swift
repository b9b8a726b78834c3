import CFFmpeg
import Raster

/// Converts decoded frames of any pixel format to premultiplied RGBA pixmaps, reusing its
/// swscale context while the frames' format stays the same.
///
/// swscale writes straight into the new pixmap's storage when the rows allow it (see
/// `convertsInPlace`): nothing is zero-filled, nothing copied.
/// Frames of a format without alpha (video's YUV) come out opaque, and an opaque pixel is the
/// same premultiplied or straight, so only formats with alpha (RGBA, palettes) are premultiplied.
struct FrameToPixmap {
    let path: String
    let conversion: FrameConversion
    private var format: FrameFormat?
    private var converter: PixelConverter?
    private var hasAlpha = false
    // The frame converted into when rows cannot be written in place.
    private var padded: VideoFrame?
    // Left-sited chroma moved for the fast converter, which repeats each sample.
    private var centring: ChromaCentring?

    init(path: String, conversion: FrameConversion) {
        self.path = path
        self.conversion = conversion
    }

    /// What the swscale context depends on.
    private struct FrameFormat: Equatable {
        var width, height, format: Int32
        var colorspace, range, chromaLocation: UInt32

        init(_ f: AVFrame) {
            (width, height, format) = (f.width, f.height, f.format)
            (colorspace, range, chromaLocation) = (f.colorspace.rawValue, f.color_range.rawValue, f.chroma_location.rawValue)
        }
    }

    mutating func pixmap(from frame: VideoFrame) throws(ExportError) -> Pixmap {
        let f = frame.pointer.pointee
        let current = FrameFormat(f)
        if current != format || converter == nil {
            try prepare(for: f)
            format = current
        }
        let converter = converter!
        let (width, height, hasAlpha, padded) = (frame.width, frame.height, hasAlpha, padded)
        let count = width * height * 4
        var converted = true
        let bytes = [UInt8](unsafeUninitializedCapacity: count + Self.slack) { buffer, initialized in
            let pixels = buffer.baseAddress!
            let (target, targetStride) = padded.map { ($0.data(0), $0.linesize(0)) } ?? (pixels, width * 4)
            if centring != nil {
                converted = centring!.withCentredPlanes(of: frame) { planes, strides in
                    converter.convert(planes: planes, strides: strides, height: Int32(height), into: target, stride: targetStride)
                }
            } else {
                converted = converter.convert(frame, into: target, stride: targetStride)
            }
            if let padded {
                for y in 0..<height { (pixels + y * width * 4).update(from: padded.data(0) + y * padded.linesize(0), count: width * 4) }
            }
            if hasAlpha { Self.premultiply(pixels, pixels: width * height) }
            initialized = count
        }
        guard converted else { throw .unavailable(component: "conversion of a \(width) × \(height) frame to RGBA", path: path) }
        return Pixmap(width: width, height: height, premultipliedData: bytes)
    }

    /// Bytes allocated past the last row for swscale's SIMD converters, which write whole
    /// vectors: up to 56 bytes past the last pixel measured (libswscale 6), as FFmpeg's own
    /// frame buffers allow for.
    private static let slack = 256

    /// Whether swscale may write packed rows of `width` pixels straight into an array: when
    /// they are as far apart as in FFmpeg's own frames (a multiple of 64 bytes, as 1920 and
    /// 1280 pixels are). With rows closer than that, its SIMD converters leave a row's last
    /// pixels unwritten (measured for widths of 16k + 1 to 16k + 7), so such frames are
    /// converted into a padded frame and copied.
    static func convertsInPlace(width: Int) -> Bool { width * 4 % 64 == 0 }

    private mutating func prepare(for f: AVFrame) throws(ExportError) {
        let format = AVPixelFormat(rawValue: f.format)
        let yuv = isYUV(format)
        // swscale's unscaled YUV → RGB path runs only without accurate rounding, full chroma
        // interpolation or chroma siting, each of which sends it to the generic scaler.
        let fast = yuv && conversion == .fast
        let converter = try PixelConverter(
            width: Int(f.width), height: Int(f.height),
            from: format, sourceChroma: fast ? AVCHROMA_LOC_UNSPECIFIED : f.chroma_location, to: AV_PIX_FMT_RGBA,
            flags: fast ? Int32(SWS_BILINEAR) : Int32(SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT), path: path)
        if yuv {
            let matrix = f.colorspace == AVCOL_SPC_UNSPECIFIED ? SWS_CS_DEFAULT : Int32(f.colorspace.rawValue)
            try converter.setColorspace(
                sourceMatrix: matrix, sourceFullRange: f.color_range == AVCOL_RANGE_JPEG,
                destinationMatrix: SWS_CS_DEFAULT, destinationFullRange: true)
        }
        self.converter = converter
        centring = fast && ChromaCentring.applies(to: format, location: f.chroma_location) ? ChromaCentring() : nil
        padded = Self.convertsInPlace(width: Int(f.width))
            ? nil : try VideoFrame(width: Int(f.width), height: Int(f.height), format: AV_PIX_FMT_RGBA, path: path)
        let flags = av_pix_fmt_desc_get(format)?.pointee.flags ?? 0
        hasAlpha = flags & UInt64(AV_PIX_FMT_FLAG_ALPHA | AV_PIX_FMT_FLAG_PAL) != 0
    }

    /// Premultiplies `pixels` straight-alpha RGBA pixels in place, rounding to nearest; opaque ones are left as they are.
    @_optimize(speed)
    private static func premultiply(_ bytes: UnsafeMutablePointer<UInt8>, pixels: Int) {
        var i = 0
        let end = pixels &* 4
        while i < end {
            let a = UInt32(bytes[i &+ 3])
            if a != 255 {
                bytes[i] = UInt8((UInt32(bytes[i]) &* a &+ 127) / 255)
                bytes[i &+ 1] = UInt8((UInt32(bytes[i &+ 1]) &* a &+ 127) / 255)
                bytes[i &+ 2] = UInt8((UInt32(bytes[i &+ 2]) &* a &+ 127) / 255)
            }
            i &+= 4
        }
    }

    private func isYUV(_ format: AVPixelFormat) -> Bool {
        guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
        let flags = descriptor.pointee.flags
        return flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 && flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0 && descriptor.pointee.nb_components >= 3
    }
}
