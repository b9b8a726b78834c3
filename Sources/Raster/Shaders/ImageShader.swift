import Geometry

/// Samples a pixmap mapped to the device by an affine transform.
///
/// Pixel (i, j) of the image covers the unit square at (i, j) of paint space, so its
/// centre is at (i + ½, j + ½). Bilinear sampling weights the four pixels whose
/// centres surround the sample point, on premultiplied values (no colour fringes at
/// transparent edges); nearest takes the pixel containing it. Coordinates beyond the
/// image clamp to its edge pixels (pad), matching Blend2D's pad extend mode.
struct ImageShader: SpanShader {
    let pixmap: Pixmap
    /// Device to image space.
    let inverse: AffineTransform
    let quality: FilterQuality
    let opacity: Float

    var isOpaque: Bool { false }

    @inline(__always)
    func shadeSplit(x: Int, y: Int, count: Int, into out: ShadedRow, floats: UnsafeMutablePointer<SIMD4<Float>>) {
        shade(x: x, y: y, count: count, into: floats)
        for i in 0..<count { out.store(i, floats[i]) }
    }

    func shadePacked(x: Int, y: Int, count: Int, into out: UnsafeMutableRawPointer) {
        preconditionFailure("images are not shaded packed")
    }

    @inline(__always)
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let p = inverse.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        let w = pixmap.width, h = pixmap.height
        let scale = opacity / 255
        pixmap.data.withUnsafeBufferPointer { buffer in
            let base = UnsafeRawPointer(buffer.baseAddress!)
            // Columns and rows beyond the image clamp to its edge.
            @inline(__always) func column(_ i: Int) -> Int { i < 0 ? 0 : (i >= w ? w - 1 : i) }
            @inline(__always) func row(_ j: Int) -> Int { j < 0 ? 0 : (j >= h ? h - 1 : j) }
            @inline(__always) func texel(_ i: Int, _ j: Int) -> SIMD4<Float> {
                unpack(base, byteOffset: (row(j) * w + column(i)) * 4)
            }
            // A coordinate clamped to −1…`upper`, NaN (from an extreme transform) to −1.
            @inline(__always) func clamped(_ s: Double, _ upper: Int) -> Double { s > -1 ? (s < Double(upper) ? s : Double(upper)) : -1 }
            var u = p.x, v = p.y
            switch quality {
            case .nearest:
                for k in 0..<count {
                    let i = Int(clamped(u, w).rounded(.down))
                    let j = Int(clamped(v, h).rounded(.down))
                    out[k] = texel(i, j) * scale
                    u += inverse.a
                    v += inverse.b
                }
            case .bilinear:
                // ⌊s⌋ of a clamped coordinate (−1 ≤ s ≤ size), through the fast floor of a
                // non-negative value.
                @inline(__always) func floorOf(_ s: Double) -> Int { floorToInt(s + 1) &- 1 }
                if inverse.b == 0 {
                    // Rows do not change along the span (no rotation or skew): the two rows
                    // and their weights are found once.
                    let sv = clamped(v - 0.5, h)
                    let j = floorOf(sv)
                    let ay = Float(sv - Double(j))
                    let row0 = base + row(j) &* w &* 4, row1 = base + row(j + 1) &* w &* 4
                    for k in 0..<count {
                        let su = clamped(u - 0.5, w)
                        let i = floorOf(su)
                        let ax = Float(su - Double(i))
                        let i0 = column(i) &* 4, i1 = column(i + 1) &* 4
                        let top = unpack(row0, byteOffset: i0) * (1 - ax) + unpack(row0, byteOffset: i1) * ax
                        let bottom = unpack(row1, byteOffset: i0) * (1 - ax) + unpack(row1, byteOffset: i1) * ax
                        out[k] = (top * (1 - ay) + bottom * ay) * scale
                        u += inverse.a
                    }
                    return
                }
                for k in 0..<count {
                    let su = clamped(u - 0.5, w), sv = clamped(v - 0.5, h)
                    let i = floorOf(su), j = floorOf(sv)
                    let ax = Float(su - Double(i)), ay = Float(sv - Double(j))
                    let top = texel(i, j) * (1 - ax) + texel(i + 1, j) * ax
                    let bottom = texel(i, j + 1) * (1 - ax) + texel(i + 1, j + 1) * ax
                    out[k] = (top * (1 - ay) + bottom * ay) * scale
                    u += inverse.a
                    v += inverse.b
                }
            }
        }
    }
}

/// Reads device-aligned pixels from a pixmap region scaled by an opacity: the source
/// when a layer or a filtered backdrop is composited.
struct PixelShader {
    /// The first byte of the region's pixel (0, 0), which sits at device (`x0`, `y0`).
    let base: UnsafePointer<UInt8>
    let x0: Int, y0: Int
    /// Bytes per row of the region's storage.
    let rowBytes: Int
    let opacity: Float

    @inline(__always)
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let row = UnsafeRawPointer(base + (y - y0) * rowBytes + (x - x0) * 4)
        let scale = opacity / 255
        for k in 0..<count {
            out[k] = unpack(row, byteOffset: 4 * k) * scale
        }
    }

    /// The first byte of device pixel (`x`, `y`).
    @inline(__always)
    func pointer(x: Int, y: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(base + (y - y0) * rowBytes + (x - x0) * 4)
    }

    /// The opacity as a fraction of 65,536 (at most 65,535), for `SourceOver.pixels`.
    var fixedOpacity: UInt16 { UInt16(min(max(opacity * 65536, 0), 65535).rounded()) }
}
