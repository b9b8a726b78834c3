import Geometry
import XCTest

@testable import Raster

/// Gaussian blur, drop shadows and backdrop materials: conservation, spread and placement.
final class FilterTests: XCTestCase {
    /// An opaque block blurred: alpha is conserved and spreads with variance σ² added
    /// (the extended boxes match the variance exactly, up to rounding).
    func testBlurredImpulseHasTheGaussiansMassAndVariance() {
        for sigma in [0.8, 1.5, 2.5, 3, 6, 11] {
            let size = 161, centre = 80
            let canvas = Canvas(width: size, height: size)
            canvas.beginLayer()
            // A 12 × 12 block (rather than one pixel) keeps the tails above 8-bit rounding.
            var dot = Path()
            dot.addRect(Rect(x: Double(centre - 5), y: Double(centre - 5), width: 12, height: 12))
            canvas.fill(dot, paint: .solid(.black))
            canvas.endLayer(filters: [.blur(radius: sigma)])
            var mass = 0.0, mx = 0.0, my = 0.0, vx = 0.0, vy = 0.0
            for y in 0..<size {
                for x in 0..<size {
                    let a = Double(canvas.pixmap.pixel(x: x, y: y).a) / 255
                    mass += a
                    mx += a * Double(x)
                    my += a * Double(y)
                }
            }
            mx /= mass
            my /= mass
            for y in 0..<size {
                for x in 0..<size {
                    let a = Double(canvas.pixmap.pixel(x: x, y: y).a) / 255
                    vx += a * (Double(x) - mx) * (Double(x) - mx)
                    vy += a * (Double(y) - my) * (Double(y) - my)
                }
            }
            vx /= mass
            vy /= mass
            XCTAssertEqual(mass, 144, accuracy: 1.5, "σ \(sigma)")
            XCTAssertEqual(mx, Double(centre) + 0.5, accuracy: 0.05)
            XCTAssertEqual(my, Double(centre) + 0.5, accuracy: 0.05)
            // The block's own variance (12² − 1) / 12 adds to the blur's.
            let expected = sigma * sigma + 143.0 / 12
            XCTAssertEqual(vx, expected, accuracy: expected * 0.02, "σ \(sigma)")
            XCTAssertEqual(vy, expected, accuracy: expected * 0.02, "σ \(sigma)")
        }
    }

    func testBlurKeepsUniformAreasAndThePremultipliedInvariant() {
        let canvas = Canvas(width: 40, height: 40)
        canvas.beginLayer()
        var rect = Path()
        rect.addRect(Rect(x: 5, y: 5, width: 30, height: 30))
        canvas.fill(rect, paint: .solid(Color(red: 0.9, green: 0.4, blue: 0.1, alpha: 0.7)))
        canvas.endLayer(filters: [.blur(radius: 2)])
        let inside = canvas.pixmap.pixel(x: 20, y: 20)
        XCTAssertEqual(inside, Color(red: 0.9, green: 0.4, blue: 0.1, alpha: 0.7).premultiplied)
        for i in stride(from: 0, to: canvas.pixmap.data.count, by: 4) {
            let d = canvas.pixmap.data
            XCTAssertTrue(d[i] <= d[i + 3] && d[i + 1] <= d[i + 3] && d[i + 2] <= d[i + 3])
        }
        XCTAssertGreaterThan(canvas.pixmap.pixel(x: 4, y: 20).a, 0)
    }

    func testDropShadowSitsUnderTheContentAtItsOffset() {
        let canvas = Canvas(width: 40, height: 40, background: .white)
        canvas.beginLayer()
        var rect = Path()
        rect.addRect(Rect(x: 10, y: 10, width: 10, height: 10))
        canvas.fill(rect, paint: .solid(Color(red: 1, green: 0, blue: 0)))
        canvas.endLayer(filters: [.dropShadow(color: .black, radius: 0, offset: Point(x: 6, y: 6))])
        XCTAssertEqual(canvas.pixmap.pixel(x: 15, y: 15), PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))  // content on top
        XCTAssertEqual(canvas.pixmap.pixel(x: 24, y: 24), PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))  // hard shadow
        XCTAssertEqual(canvas.pixmap.pixel(x: 12, y: 24), PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        let soft = Canvas(width: 40, height: 40, background: .white)
        soft.beginLayer()
        soft.fill(rect, paint: .solid(Color(red: 1, green: 0, blue: 0)))
        soft.endLayer(filters: [.dropShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.5), radius: 3, offset: Point(x: 6, y: 6))])
        let edge = soft.pixmap.pixel(x: 26, y: 22)
        XCTAssertTrue(edge.r > 128 && edge.r < 255, "a blurred shadow edge is grey, got \(edge)")
    }

    func testDropShadowWithAnEnormousOffsetIsOffTheCanvas() {
        let canvas = Canvas(width: 40, height: 40, background: .white)
        canvas.beginLayer()
        var rect = Path()
        rect.addRect(Rect(x: 10, y: 10, width: 10, height: 10))
        canvas.fill(rect, paint: .solid(Color(red: 1, green: 0, blue: 0)))
        canvas.endLayer(filters: [.dropShadow(color: .black, radius: 0, offset: Point(x: 1e300, y: -1e300))])
        XCTAssertEqual(canvas.pixmap.pixel(x: 15, y: 15), PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(canvas.pixmap.pixel(x: 24, y: 24), PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    func testBackdropOfAUniformColourKeepsItThenTints() {
        let canvas = Canvas(width: 30, height: 30, background: Color(red: 0.2, green: 0.4, blue: 0.8))
        var card = Path()
        card.addRect(Rect(x: 5, y: 5, width: 20, height: 20))
        canvas.fillBackdrop(card, blurRadius: 5)
        XCTAssertEqual(canvas.pixmap.pixel(x: 15, y: 15), Color(red: 0.2, green: 0.4, blue: 0.8).premultiplied)
        canvas.fillBackdrop(card, blurRadius: 5, saturation: 0, tint: Color(red: 1, green: 1, blue: 1, alpha: 0.5))
        let p = canvas.pixmap.pixel(x: 15, y: 15)
        // Desaturated (one grey level for all channels) then half white on top.
        XCTAssertEqual(p.r, p.g)
        XCTAssertEqual(p.g, p.b)
        XCTAssertGreaterThan(p.r, 128)
        XCTAssertEqual(canvas.pixmap.pixel(x: 2, y: 2), Color(red: 0.2, green: 0.4, blue: 0.8).premultiplied)
    }

    /// The backdrop blur sees through the shape's edge: stripes under a card become a blend.
    func testBackdropBlursWhatIsUnder() {
        let canvas = Canvas(width: 40, height: 20, background: .white)
        for i in stride(from: 0, to: 40, by: 4) {
            var bar = Path()
            bar.addRect(Rect(x: Double(i), y: 0, width: 2, height: 20))
            canvas.fill(bar, paint: .solid(.black))
        }
        var card = Path()
        card.addRect(Rect(x: 10, y: 5, width: 20, height: 10))
        canvas.fillBackdrop(card, blurRadius: 3)
        for x in 12..<28 {
            let v = Int(canvas.pixmap.pixel(x: x, y: 10).r)
            XCTAssertEqual(v, 128, accuracy: 12, "column \(x)")
        }
    }

    /// Rows and columns are blurred several lines at a time (box passes and exact kernels): an image blurred equals its
    /// transpose blurred and transposed back (the passes then run in the other order, so up
    /// to rounding), for sizes that leave a last group short of lines.
    func testBlurOfATransposedImageIsTheTransposedBlur() {
        for (width, height, sigma) in [(13, 7, 2.5), (6, 11, 4.0), (1, 5, 3.0), (9, 6, 1.2)] {
            for edge in [GaussianBlur.Edge.clamp, .transparent] {
                var state: UInt32 = 7
                func random() -> Float {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    return Float(state >> 8) / Float(1 << 24)
                }
                var image = (0..<width * height).map { _ in SIMD4<Float>(random(), random(), random(), 1) }
                var transposed = [SIMD4<Float>](repeating: .zero, count: width * height)
                for y in 0..<height {
                    for x in 0..<width { transposed[x * height + y] = image[y * width + x] }
                }
                let scratchCount = GaussianBlur.lanes * (max(width, height) + 2 * GaussianBlur.reach(sigma: sigma) + 4)
                var line = [SIMD4<Float>](repeating: .zero, count: scratchCount), spare = line
                GaussianBlur.blur(&image, width: width, height: height, sigma: sigma, edge: edge, line: &line, spare: &spare)
                GaussianBlur.blur(&transposed, width: height, height: width, sigma: sigma, edge: edge, line: &line, spare: &spare)
                for y in 0..<height {
                    for x in 0..<width {
                        let d = image[y * width + x] - transposed[x * height + y]
                        XCTAssertLessThan(max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w))), 1e-5, "\(width)×\(height) \(edge) at \(x), \(y)")
                    }
                }
            }
        }
    }
}
