import CFFmpeg

/// Moves left-sited, horizontally halved chroma (H.264's usual 4:2:0 and 4:2:2) to the
/// centre of the two pixels each sample covers, for converters that repeat a sample over
/// those pixels.
///
/// A left-sited sample j lies on pixel 2j; repeated over pixels 2j and 2j + 1, it is seen
/// at 2j + ½, half a pixel right of where it belongs, which moves every colour edge. The
/// value at 2j + ½ is chroma position j + ¼, so each sample becomes ¾ of itself plus ¼ of
/// its right neighbour (linear interpolation; the last sample of a row is kept). On a
/// 1080p frame of a rendered MP4 this halves the largest error after the comparison's
/// 8 × 8 smoothing (10.4 → 5.5 levels; bilinear upsampling: 3.7). The planes are
/// rewritten into buffers kept from frame to frame: nothing is allocated per frame.
struct ChromaCentring {
    // The centred Cb then Cr rows, `stride` bytes apart, and slack for SIMD reads past the end.
    private var buffer: [UInt8] = []
    private var stride = 0
    private var rows = 0

    /// Whether frames of `format` sited at `location` need centring before such a converter.
    static func applies(to format: AVPixelFormat, location: AVChromaLocation) -> Bool {
        guard location == AVCHROMA_LOC_LEFT || location == AVCHROMA_LOC_TOPLEFT,
            let descriptor = av_pix_fmt_desc_get(format)
        else { return false }
        let d = descriptor.pointee
        return d.log2_chroma_w == 1 && d.nb_components >= 3 && d.flags & UInt64(AV_PIX_FMT_FLAG_PLANAR) != 0
            && d.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 && d.comp.1.depth == 8
    }

    /// Calls `body` with `frame`'s planes and strides, its chroma planes (1 and 2) replaced by
    /// centred copies.
    mutating func withCentredPlanes<R>(
        of frame: VideoFrame, _ body: (_ planes: [UnsafePointer<UInt8>?], _ strides: [Int32]) -> R
    ) -> R {
        let f = frame.pointer.pointee
        let descriptor = av_pix_fmt_desc_get(AVPixelFormat(rawValue: f.format))!.pointee
        let width = (Int(f.width) + 1) >> 1
        let height = (Int(f.height) + (1 << descriptor.log2_chroma_h) - 1) >> descriptor.log2_chroma_h
        let stride = (width + 63) & ~63
        if stride != self.stride || height != rows {
            (self.stride, rows) = (stride, height)
            buffer = [UInt8](repeating: 0, count: 2 * stride * height + 256)
        }
        return buffer.withUnsafeMutableBufferPointer { out in
            let base = out.baseAddress!
            for plane in 1...2 {
                let source = frame.data(plane), sourceStride = frame.linesize(plane)
                let target = base + (plane - 1) * stride * height
                for y in 0..<height {
                    Self.centre(source + y * sourceStride, into: target + y * stride, count: width)
                }
            }
            let planes: [UnsafePointer<UInt8>?] = [
                UnsafePointer(frame.data(0)), UnsafePointer(base), UnsafePointer(base + stride * height),
                descriptor.nb_components > 3 ? UnsafePointer(frame.data(3)) : nil,
            ]
            let strides: [Int32] = [Int32(frame.linesize(0)), Int32(stride), Int32(stride), descriptor.nb_components > 3 ? Int32(frame.linesize(3)) : 0]
            return body(planes, strides)
        }
    }

    /// One row: each sample ¾ of itself and ¼ of the next, rounded; the last kept.
    @_optimize(speed)
    private static func centre(_ row: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, count: Int) {
        var j = 0
        // Sixteen samples at a time while a neighbour follows each.
        while j &+ 17 <= count {
            let here = SIMD16<UInt16>(truncatingIfNeeded: UnsafeRawPointer(row + j).loadUnaligned(as: SIMD16<UInt8>.self))
            let next = SIMD16<UInt16>(truncatingIfNeeded: UnsafeRawPointer(row + (j &+ 1)).loadUnaligned(as: SIMD16<UInt8>.self))
            let sum: SIMD16<UInt16> = here &* 3 &+ next &+ 2
            let centred = SIMD16<UInt8>(truncatingIfNeeded: sum &>> 2)
            UnsafeMutableRawPointer(out + j).storeBytes(of: centred, as: SIMD16<UInt8>.self)
            j &+= 16
        }
        while j < count &- 1 {
            out[j] = UInt8(truncatingIfNeeded: (UInt16(row[j]) &* 3 &+ UInt16(row[j &+ 1]) &+ 2) >> 2)
            j &+= 1
        }
        if count > 0 { out[count &- 1] = row[count &- 1] }
    }
}
