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
        let kr: Float = 0.2126, kb: Float = 0.0722, kg: Float = 1 - 0.2126 - 0.0722
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
                        let row = source.baseAddress! + converted * width * 4
                        let b = cb.nextRow, r = cr.nextRow, l = luma.nextRow
                        for x in 0..<width {
                            let pixel = row.load(fromByteOffset: x * 4, as: SIMD4<UInt8>.self)
                            let red = Float(pixel.x), green = Float(pixel.y), blue = Float(pixel.z)
                            let brightness = kr * red + kg * green + kb * blue
                            b[x] = blue - brightness
                            r[x] = red - brightness
                            l[x] = brightness
                        }
                        cb.push()
                        cr.push()
                        luma.push()
                        converted += 1
                    }
                    let b = cb.row(y), r = cr.row(y), l = luma.row(y)
                    let inverseGreen = 1 / kg
                    let offset = y * width * 4
                    for x in 0..<width {
                        let brightness = l[x], blue = brightness + b[x], red = brightness + r[x]
                        let green = (brightness - kr * red - kb * blue) * inverseGreen
                        let alpha = source.load(fromByteOffset: offset + x * 4 + 3, as: UInt8.self)
                        let limit = Float(alpha)
                        let bytes = SIMD4(Self.byte(red, limit: limit), Self.byte(green, limit: limit), Self.byte(blue, limit: limit), alpha)
                        target.storeBytes(of: bytes, toByteOffset: offset + x * 4, as: SIMD4<UInt8>.self)
                    }
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

    /// `value` clamped to 0…`limit` (at most 255) and rounded to the nearest byte (halves to
    /// even): adding 1.5 · 2²³ leaves the rounded integer in the low bits of the float's
    /// significand, a conversion without a range check, as the hot loops need.
    @inline(__always)
    static func byte(_ value: Float, limit: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (min(max(value, 0), limit) + 12_582_912).bitPattern)
    }
}
