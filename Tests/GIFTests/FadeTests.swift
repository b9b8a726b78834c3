@testable import Export
import Foundation
import Raster
import XCTest

/// A fade shows colours the animation's palette has few entries for; mapped to it, the
/// card's gradient would turn into bands. Bands are low-frequency error, so frames are
/// compared after a Gaussian blur (σ = 2 px) of both the decoded and the source frame,
/// under which dither noise vanishes and bands do not.
final class FadeTests: XCTestCase {
    /// 128 × 96 frames: a 96 × 64 card with a diagonal teal-to-orange gradient, over white,
    /// fading in over 12 frames (opacity 0 to 1), then still for 4.
    static let frames: [Pixmap] = (0..<16).map { index in
        let (width, height) = (128, 96)
        let opacity = min(Double(index) / 11, 1)
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 16..<80 {
            for x in 16..<112 {
                let t = Double(x - 16 + y - 16) / Double(95 + 63)
                let colour = [0 + 250 * t, 150 - 10 * t, 170 - 130 * t]
                let i = (y * width + x) * 4
                for c in 0..<3 { bytes[i + c] = UInt8((255 + (colour[c] - 255) * opacity).rounded()) }
            }
        }
        return Pixmap(width: width, height: height, straightAlphaData: bytes)
    }

    func testDefaultGIFKeepsEveryFrameOfAFadeAbove55DBAfterALowPass() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.file("fade.gif")
        let sink = try XCTUnwrap(
            try makeFrameSink(path: path, format: .gif, settings: EncoderSettings(width: 128, height: 96, fps: 30)) as? AnalyzingFrameSink)
        for frame in Self.frames { try sink.analyze(frame) }
        for frame in Self.frames { try sink.append(frame) }
        try sink.finish()
        let decoded = try MediaProbe.decodeFrames(path: path)
        XCTAssertEqual(decoded.count, Self.frames.count)
        let worst = zip(decoded, Self.frames).map { LowPass.psnr($0, $1) }.min()!
        XCTAssertGreaterThanOrEqual(worst, 55, "worst frame's low-pass PSNR")
    }

    /// The measure catches bands: the same frames with each channel rounded to a multiple of
    /// 8 (bands like those of a palette without the fade's colours) fall below 55 dB, while
    /// a one-code-value checkerboard of noise, which the blur averages out, stays far above.
    func testTheLowPassMeasureCatchesBandsAndPassesNoise() {
        let frame = Self.frames[6]
        func altered(_ change: (Int, Int, Int, Int) -> Int) -> Pixmap {
            var bytes = [UInt8]()
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let p = frame.pixel(x: x, y: y)
                    bytes += [p.r, p.g, p.b].enumerated().map { UInt8(min(max(change(Int($0.element), x, y, $0.offset), 0), 255)) } + [255]
                }
            }
            return Pixmap(width: frame.width, height: frame.height, straightAlphaData: bytes)
        }
        let banded = altered { v, _, _, _ in (v + 4) / 8 * 8 }
        let noisy = altered { v, x, y, _ in (1...254).contains(v) ? v + ((x + y) % 2 == 0 ? 1 : -1) : v }
        XCTAssertLessThan(LowPass.psnr(banded, frame), 55)
        XCTAssertGreaterThan(LowPass.psnr(noisy, frame), 60)
    }
}

/// PSNR after a Gaussian blur of σ = 2 px (a kernel of radius 6, edges clamped) of both images.
enum LowPass {
    static func psnr(_ a: Pixmap, _ b: Pixmap) -> Double {
        let (x, y) = (blurred(a), blurred(b))
        let mse = zip(x, y).map { ($0 - $1) * ($0 - $1) }.reduce(0, +) / Double(x.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// The RGB channels of `image` (opaque), blurred, as doubles.
    static func blurred(_ image: Pixmap) -> [Double] {
        let (w, h) = (image.width, image.height)
        let kernel = (-6...6).map { exp(-Double($0 * $0) / 8) }
        let sum = kernel.reduce(0, +)
        var values = [Double](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let p = image.pixel(x: x, y: y)
                values[(y * w + x) * 3] = Double(p.r)
                values[(y * w + x) * 3 + 1] = Double(p.g)
                values[(y * w + x) * 3 + 2] = Double(p.b)
            }
        }
        func pass(_ source: [Double], dx: Int, dy: Int) -> [Double] {
            var out = source
            for y in 0..<h {
                for x in 0..<w {
                    for c in 0..<3 {
                        var s = 0.0
                        for k in -6...6 {
                            let sx = min(max(x + k * dx, 0), w - 1), sy = min(max(y + k * dy, 0), h - 1)
                            s += kernel[k + 6] * source[(sy * w + sx) * 3 + c]
                        }
                        out[(y * w + x) * 3 + c] = s / sum
                    }
                }
            }
            return out
        }
        return pass(pass(values, dx: 1, dy: 0), dx: 0, dy: 1)
    }
}
