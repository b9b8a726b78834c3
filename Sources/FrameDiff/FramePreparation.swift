// Bringing frames to a comparison space (see ComparisonSpace.swift for why).
//
// `chroma420` splits each pixel into BT.709 luma and the two colour differences
// (gamma-encoded components), smooths the colour differences with an 8-pixel
// tent and luma with a 4-pixel tent, and puts the pixel back together, clamped
// to its own alpha. `palette` smooths all four components with a tent as wide
// as the dither's period. Rows stream through the tents (StreamedTent.swift):
// a row is converted once the tents need it and put back together as soon as
// every plane's tent has it. The tents' rows and the output are kept from frame
// to frame, so preparing a frame of the same size as the last allocates nothing.

import Raster

/// Prepares frames for a comparison space, reusing its buffers.
struct FramePreparation {
    /// One streamed tent per plane: Cb, Cr, luma (`chroma420`) or R, G, B, A (`palette`).
    private let tents = [StreamedTent(), StreamedTent(), StreamedTent(), StreamedTent()]

    /// `pixmap` prepared for `space`, written over `out` (reused when it has the size).
    func prepare(_ pixmap: Pixmap, for space: ComparisonSpace, into out: inout Pixmap) {
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
    private func averageChroma(_ pixmap: Pixmap, into out: inout Pixmap) {
        let width = pixmap.width, height = pixmap.height
        let cb = tents[0], cr = tents[1], luma = tents[2]
        cb.start(width: width, height: height, size: 8)
        cr.start(width: width, height: height, size: 8)
        luma.start(width: width, height: height, size: 4, lead: StreamedTent.reach(size: 8) - StreamedTent.reach(size: 4))
        let reach = max(cb.reach, luma.reach)
        var converted = 0
        pixmap.data.withUnsafeBytes { source in
            out.data.withUnsafeMutableBytes { target in
                for y in 0..<height {
                    while converted <= min(y + reach, height - 1) {
                        Self.split(source.baseAddress! + converted * width * 4, into: cb.nextRow, cr.nextRow, luma.nextRow, width: width)
                        cb.push()
                        cr.push()
                        luma.push()
                        converted += 1
                    }
                    let offset = y * width * 4
                    Self.join(cb.row(y), cr.row(y), luma.row(y), alpha: source.baseAddress! + offset, into: target.baseAddress! + offset, width: width)
                }
            }
        }
    }

    /// Every component averaged over a `size`-pixel tent.
    private func average(_ pixmap: Pixmap, size: Int, into out: inout Pixmap) {
        let width = pixmap.width, height = pixmap.height
        for tent in tents { tent.start(width: width, height: height, size: size) }
        let reach = tents[0].reach
        var converted = 0
        pixmap.data.withUnsafeBufferPointer { source in
            out.data.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    while converted <= min(y + reach, height - 1) {
                        let row = converted * width * 4
                        for (c, tent) in tents.enumerated() {
                            let plane = tent.nextRow
                            for x in 0..<width { plane[x] = Float(source[row + x * 4 + c]) }
                            tent.push()
                        }
                        converted += 1
                    }
                    let offset = y * width * 4
                    for (c, tent) in tents.enumerated() {
                        let plane = tent.row(y)
                        for x in 0..<width { target[offset + x * 4 + c] = Self.byte(plane[x], limit: 255) }
                    }
                }
            }
        }
    }

    // BT.709 luma weights.
    private static let kr: Float = 0.2126, kb: Float = 0.0722, kg: Float = 1 - 0.2126 - 0.0722

    /// A row of pixels split into Cb, Cr and luma, eight pixels at a time.
    private static func split(
        _ pixels: UnsafeRawPointer, into cb: UnsafeMutablePointer<Float>, _ cr: UnsafeMutablePointer<Float>, _ luma: UnsafeMutablePointer<Float>,
        width: Int
    ) {
        let b = UnsafeMutableRawPointer(cb), r = UnsafeMutableRawPointer(cr), l = UnsafeMutableRawPointer(luma)
        var x = 0
        while x + 8 <= width {
            let p = pixels.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self)
            let red = floats(p & 0xFF), green = floats((p &>> 8) & 0xFF), blue = floats((p &>> 16) & 0xFF)
            let brightness = kr * red + kg * green + kb * blue
            b.storeBytes(of: blue - brightness, toByteOffset: x * 4, as: SIMD8<Float>.self)
            r.storeBytes(of: red - brightness, toByteOffset: x * 4, as: SIMD8<Float>.self)
            l.storeBytes(of: brightness, toByteOffset: x * 4, as: SIMD8<Float>.self)
            x += 8
        }
        while x < width {
            let p = pixels.load(fromByteOffset: x * 4, as: SIMD4<UInt8>.self)
            let red = Float(p.x), green = Float(p.y), blue = Float(p.z)
            let brightness = kr * red + kg * green + kb * blue
            cb[x] = blue - brightness
            cr[x] = red - brightness
            luma[x] = brightness
            x += 1
        }
    }

    /// Smoothed Cb, Cr and luma put back into a row of pixels, each component clamped to
    /// the pixel's own alpha (read from `alpha`, the source row), eight pixels at a time.
    private static func join(
        _ cb: UnsafePointer<Float>, _ cr: UnsafePointer<Float>, _ luma: UnsafePointer<Float>, alpha: UnsafeRawPointer,
        into pixels: UnsafeMutableRawPointer, width: Int
    ) {
        let b = UnsafeRawPointer(cb), r = UnsafeRawPointer(cr), l = UnsafeRawPointer(luma)
        let inverseGreen = 1 / kg
        var x = 0
        while x + 8 <= width {
            let brightness = l.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
            let blue = brightness + b.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
            let red = brightness + r.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
            let green = (brightness - kr * red - kb * blue) * inverseGreen
            let a = alpha.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self) & 0xFF00_0000
            let limit = unsafeBitCast(a &>> 24, to: SIMD8<Int32>.self)
            let bytes = bytes(red, limit: limit) | bytes(green, limit: limit) &<< 8 | bytes(blue, limit: limit) &<< 16 | a
            pixels.storeBytes(of: bytes, toByteOffset: x * 4, as: SIMD8<UInt32>.self)
            x += 8
        }
        while x < width {
            let brightness = luma[x], blue = brightness + cb[x], red = brightness + cr[x]
            let green = (brightness - kr * red - kb * blue) * inverseGreen
            let a = alpha.load(fromByteOffset: x * 4 + 3, as: UInt8.self)
            let limit = Float(a)
            let bytes = SIMD4(byte(red, limit: limit), byte(green, limit: limit), byte(blue, limit: limit), a)
            pixels.storeBytes(of: bytes, toByteOffset: x * 4, as: SIMD4<UInt8>.self)
            x += 1
        }
    }

    /// Whole numbers below 2²³ as floats: their bits under an exponent of 2²³, less 2²³.
    @inline(__always)
    private static func floats(_ values: SIMD8<UInt32>) -> SIMD8<Float> {
        unsafeBitCast(values | 0x4B00_0000, to: SIMD8<Float>.self) - 8_388_608
    }

    /// `byte` for eight values: each rounded (halves to even) by the same addition, then
    /// clamped to 0…`limit` as whole numbers with sign masks (no per-lane branches), in the
    /// low byte of its lane. Values are within ±2²² (they are colours a little out of range).
    @inline(__always)
    private static func bytes(_ values: SIMD8<Float>, limit: SIMD8<Int32>) -> SIMD8<UInt32> {
        let rounded = unsafeBitCast(values + 12_582_912, to: SIMD8<Int32>.self) &- 0x4B40_0000
        let positive = rounded & ~(rounded &>> 31)
        let over = positive &- limit
        return unsafeBitCast(limit &+ (over & (over &>> 31)), to: SIMD8<UInt32>.self)
    }

    /// `value` clamped to 0…`limit` (at most 255) and rounded to the nearest byte (halves to
    /// even): adding 1.5 · 2²³ leaves the rounded integer in the low bits of the float's
    /// significand, a conversion without a range check, as the hot loops need.
    @inline(__always)
    static func byte(_ value: Float, limit: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (min(max(value, 0), limit) + 12_582_912).bitPattern)
    }
}
