// Bringing frames to a comparison space (see ComparisonSpace.swift for why).
//
// `chroma420` splits each pixel into BT.709 luma and the two colour differences
// (gamma-encoded components), smooths the colour differences with an 8-pixel
// tent and luma with a 4-pixel tent, and puts the pixel back together, clamped
// to its own alpha. `palette` smooths all four components with a tent as wide
// as the dither's period. The float planes and the output are kept from frame
// to frame, so preparing a frame of the same size as the last allocates nothing.

import Raster

/// Prepares frames for a comparison space, reusing its buffers.
struct FramePreparation {
    private var planes: [Float] = []
    private var smoothing = PlaneSmoothing()

    /// `pixmap` prepared for `space`, written over `out` (reused when it has the size).
    mutating func prepare(_ pixmap: Pixmap, for space: ComparisonSpace, into out: inout Pixmap) {
        if out.width != pixmap.width || out.height != pixmap.height {
            out = Pixmap(width: pixmap.width, height: pixmap.height)
        }
        switch space {
        case .pixels: out = pixmap
        case .chroma420: averageChroma(pixmap, into: &out)
        case .palette(let period): average(pixmap, size: period, into: &out)
        }
    }

    /// Cb and Cr (BT.709 weights) averaged over an 8-pixel tent, luma over a 4-pixel one.
    private mutating func averageChroma(_ pixmap: Pixmap, into out: inout Pixmap) {
        let width = pixmap.width, height = pixmap.height, count = width * height
        if planes.count < count * 3 { planes = [Float](repeating: 0, count: count * 3) }
        let kr: Float = 0.2126, kb: Float = 0.0722, kg: Float = 1 - 0.2126 - 0.0722
        planes.withUnsafeMutableBufferPointer { planes in
            let cb = planes.baseAddress!, cr = cb + count, luma = cr + count
            pixmap.data.withUnsafeBytes { source in
                let bytes = source.bindMemory(to: UInt8.self)
                for i in 0..<count {
                    let r = Float(bytes[i * 4]), g = Float(bytes[i * 4 + 1]), b = Float(bytes[i * 4 + 2])
                    let y = kr * r + kg * g + kb * b
                    cb[i] = b - y
                    cr[i] = r - y
                    luma[i] = y
                }
                smoothing.tent(cb, width: width, height: height, size: 8)
                smoothing.tent(cr, width: width, height: height, size: 8)
                smoothing.tent(luma, width: width, height: height, size: 4)
                let inverseGreen = 1 / kg
                out.data.withUnsafeMutableBytes { target in
                    for i in 0..<count {
                        let y = luma[i], b = y + cb[i], r = y + cr[i]
                        let g = (y - kr * r - kb * b) * inverseGreen
                        let alpha = source.load(fromByteOffset: i * 4 + 3, as: UInt8.self)
                        let limit = Float(alpha)
                        let bytes = SIMD4(Self.byte(r, limit: limit), Self.byte(g, limit: limit), Self.byte(b, limit: limit), alpha)
                        target.storeBytes(of: bytes, toByteOffset: i * 4, as: SIMD4<UInt8>.self)
                    }
                }
            }
        }
    }

    /// Every component averaged over a `size`-pixel tent.
    private mutating func average(_ pixmap: Pixmap, size: Int, into out: inout Pixmap) {
        let width = pixmap.width, height = pixmap.height, count = width * height
        if planes.count < count * 4 { planes = [Float](repeating: 0, count: count * 4) }
        planes.withUnsafeMutableBufferPointer { planes in
            let base = planes.baseAddress!
            pixmap.data.withUnsafeBufferPointer { source in
                for c in 0..<4 {
                    let plane = base + c * count
                    for i in 0..<count { plane[i] = Float(source[i * 4 + c]) }
                    smoothing.tent(plane, width: width, height: height, size: size)
                }
            }
            out.data.withUnsafeMutableBufferPointer { target in
                for c in 0..<4 {
                    let plane = base + c * count
                    for i in 0..<count { target[i * 4 + c] = Self.byte(plane[i], limit: 255) }
                }
            }
        }
    }

    /// `value` clamped to 0…`limit` (at most 255) and rounded to the nearest byte (halves to
    /// even): adding 1.5 · 2²³ leaves the rounded integer in the low bits of the float's
    /// significand, a conversion without a range check, as the hot loops need.
    @inline(__always)
    static func byte(_ value: Float, limit: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (min(max(value, 0), limit) + 12_582_912).bitPattern)
    }
}
