#if canImport(Glibc)
import Glibc
#endif
import Geometry
import XCTest

@testable import Raster

/// Gradients against their analytic definitions, under any affine paint transform
/// (the differential test can only use transforms Blend2D handles correctly).
final class GradientTests: XCTestCase {
    let black = Color(red: 0, green: 0, blue: 0), white = Color(red: 1, green: 1, blue: 1)

    /// Renders a black-to-white gradient over the canvas; returns the red channel / 255.
    func render(_ shader: Shader, transform: AffineTransform, size: Int = 48) -> (Int, Int) -> Double {
        let canvas = Canvas(width: size, height: size)
        var rect = Path()
        rect.addRect(Rect(x: 0, y: 0, width: Double(size), height: Double(size)))
        canvas.fill(rect, paint: Paint(shader, transform: transform))
        let pixmap = canvas.pixmap
        return { x, y in Double(pixmap.pixel(x: x, y: y).r) / 255 }
    }

    func randomTransform(_ g: inout SeededGenerator) -> AffineTransform {
        AffineTransform(
            a: .random(in: 0.4...1.5, using: &g), b: .random(in: -0.8...0.8, using: &g), c: .random(in: -0.8...0.8, using: &g),
            d: .random(in: 0.4...1.5, using: &g), tx: .random(in: -10...30, using: &g), ty: .random(in: -10...30, using: &g))
    }

    /// The paint-space point at the centre of pixel (x, y).
    func paintPoint(_ t: AffineTransform, _ x: Int, _ y: Int) -> Point { t.inverted!.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) }

    /// A canvas keeps the tables of the last few gradients drawn: shapes in six gradients and
    /// opacities, drawn again and again in turn on one canvas, come out as each drawn alone.
    func testKeptGradientTablesAreThoseOfTheirGradientAndOpacity() {
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let gradients = [Gradient(colors: [black, white]), Gradient(colors: [red, blue]), Gradient(colors: [blue, red]),
                         Gradient(colors: [red, white, blue])]
        let paints = gradients.map { g in Paint(.linearGradient(g, start: Point(x: 0, y: 0), end: Point(x: 8, y: 0))) }
            + [Paint(.linearGradient(gradients[0], start: Point(x: 0, y: 0), end: Point(x: 8, y: 0)), opacity: 0.5),
               Paint(.radialGradient(gradients[1], center: Point(x: 4, y: 4), startRadius: 0, endRadius: 6), opacity: 0.5)]
        let order = [0, 1, 2, 3, 4, 5, 0, 4, 1, 5, 2, 2, 3, 0]
        let shared = Canvas(width: 8 * order.count, height: 8)
        for (k, p) in order.enumerated() {
            var square = Path()
            square.addRect(Rect(x: Double(8 * k), y: 0, width: 8, height: 8))
            var paint = paints[p]
            paint.transform = AffineTransform(translationX: Double(8 * k), y: 0)
            shared.fill(square, paint: paint)
        }
        let together = shared.pixmap
        for (k, p) in order.enumerated() {
            let alone = Canvas(width: 8, height: 8)
            var square = Path()
            square.addRect(Rect(x: 0, y: 0, width: 8, height: 8))
            alone.fill(square, paint: paints[p])
            for y in 0..<8 {
                for x in 0..<8 { XCTAssertEqual(together.pixel(x: 8 * k + x, y: y), alone.pixmap.pixel(x: x, y: y), "square \(k)") }
            }
        }
    }

    func testLinearGradientFollowsItsProjection() {
        var g = SeededGenerator(seed: 11)
        for _ in 0..<10 {
            let t = randomTransform(&g)
            let start = Point(x: .random(in: 0...20, using: &g), y: .random(in: 0...20, using: &g))
            let end = Point(x: .random(in: 20...50, using: &g), y: .random(in: 0...50, using: &g))
            let value = render(.linearGradient(Gradient(colors: [black, white]), start: start, end: end), transform: t)
            for y in stride(from: 0, to: 48, by: 5) {
                for x in stride(from: 0, to: 48, by: 5) {
                    let p = paintPoint(t, x, y), d = end - start
                    let s = ((p.x - start.x) * d.x + (p.y - start.y) * d.y) / (d.x * d.x + d.y * d.y)
                    XCTAssertEqual(value(x, y), min(max(s, 0), 1), accuracy: 1.6 / 255)
                }
            }
        }
    }

    /// Every pixel of a row crossing the gradient, forwards, backwards, across and along
    /// it: the pads on both sides meet the ramp at the right pixel.
    func testLinearGradientPadsOnBothSidesInEitherDirection() {
        let cases: [(Point, Point)] = [
            (Point(x: 20.3, y: 0), Point(x: 39.8, y: 0)), (Point(x: 39.8, y: 0), Point(x: 20.3, y: 0)),
            (Point(x: 20, y: 0), Point(x: 20.001, y: 0)), (Point(x: 0, y: 10), Point(x: 0, y: 40)),
            (Point(x: -30, y: 0), Point(x: 90, y: 30)), (Point(x: 70, y: 5), Point(x: 66, y: 44)),
        ]
        for (start, end) in cases {
            let value = render(.linearGradient(Gradient(colors: [black, white]), start: start, end: end), transform: .identity, size: 64)
            for y in [0, 17, 63] {
                for x in 0..<64 {
                    let d = end - start
                    let s = ((Double(x) + 0.5 - start.x) * d.x + (Double(y) + 0.5 - start.y) * d.y) / (d.x * d.x + d.y * d.y)
                    XCTAssertEqual(value(x, y), min(max(s, 0), 1), accuracy: 1.6 / 255, "\(start) → \(end) at \(x), \(y)")
                }
            }
        }
    }

    func testRadialGradientFollowsDistanceUnderSkew() {
        var g = SeededGenerator(seed: 12)
        for _ in 0..<10 {
            let t = randomTransform(&g)
            let center = Point(x: .random(in: 0...40, using: &g), y: .random(in: 0...40, using: &g))
            let r0 = Double.random(in: 0...8, using: &g), r1 = r0 + .random(in: 10...40, using: &g)
            let value = render(.radialGradient(Gradient(colors: [black, white]), center: center, startRadius: r0, endRadius: r1), transform: t)
            for y in stride(from: 0, to: 48, by: 5) {
                for x in stride(from: 0, to: 48, by: 5) {
                    let distance = (paintPoint(t, x, y) - center).length
                    XCTAssertEqual(value(x, y), min(max((distance - r0) / (r1 - r0), 0), 1), accuracy: 1.6 / 255)
                }
            }
        }
    }

    /// SwiftUI's angular gradient: a full turn maps angle to location; a longer sweep shows
    /// its last turn; a shorter one shows the end colour up to the middle of the gap and the
    /// start colour after it; a negative sweep runs counterclockwise.
    func testAngularGradientSweeps() {
        var g = SeededGenerator(seed: 13)
        let turn = 2 * Double.pi
        for sweep in [turn, 1.25 * turn, 0.6 * turn, -0.7 * turn, 2.5 * turn] {
            let t = randomTransform(&g)
            let center = Point(x: .random(in: 10...30, using: &g), y: .random(in: 10...30, using: &g))
            let start = Double.random(in: -3...3, using: &g)
            let value = render(.angularGradient(Gradient(colors: [black, white]), center: center, startAngle: start, endAngle: start + sweep), transform: t)
            for y in stride(from: 1, to: 48, by: 4) {
                for x in stride(from: 1, to: 48, by: 4) {
                    let p = paintPoint(t, x, y) - center
                    guard p.length > 2 else { continue }
                    let span = abs(sweep)
                    var a = (sweep > 0 ? 1 : -1) * (atan2(p.y, p.x) - start)
                    a = a - turn * (a / turn).rounded(.down)
                    var expected: Double
                    if span >= turn {
                        // Positions s in [span − 2π, span) congruent to a.
                        var s = a
                        while s < span - turn { s += turn }
                        while s >= span { s -= turn }
                        expected = s / span
                    } else if a <= span {
                        expected = a / span
                    } else {
                        expected = (a - span) / (turn - span) < 0.5 ? 1 : 0
                    }
                    // Skip pixels straddling the seam or the gap's middle, where a pixel's
                    // centre decides between the two ends.
                    let nearSeam = abs(expected - 1) < 0.02 || expected < 0.02
                    if nearSeam { continue }
                    XCTAssertEqual(value(x, y), expected, accuracy: 1.6 / 255, "sweep \(sweep) pixel \(x), \(y)")
                }
            }
        }
    }

    /// Premultiplied interpolation: half-way from red to clear is half-transparent red, not
    /// a darkened or bluish colour.
    func testInterpolationIsPremultiplied() {
        let canvas = Canvas(width: 101, height: 1)
        var rect = Path()
        rect.addRect(Rect(x: 0, y: 0, width: 101, height: 1))
        let gradient = Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, alpha: 0)])
        canvas.fill(rect, paint: Paint(.linearGradient(gradient, start: Point(x: 0.5, y: 0), end: Point(x: 100.5, y: 0))))
        let middle = canvas.pixmap.pixel(x: 50, y: 0)
        XCTAssertEqual(Int(middle.r), 128, accuracy: 1)
        XCTAssertEqual(middle.r, middle.a)
        XCTAssertEqual(middle.g, 0)
        XCTAssertEqual(middle.b, 0)
        XCTAssertEqual(canvas.pixmap.pixel(x: 0, y: 0), PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(canvas.pixmap.pixel(x: 100, y: 0), .transparent)
    }

    func testStopsAreSortedAndEqualLocationsMakeAHardEdge() {
        let canvas = Canvas(width: 100, height: 1)
        var rect = Path()
        rect.addRect(Rect(x: 0, y: 0, width: 100, height: 1))
        let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
        let gradient = Gradient(stops: [.init(color: blue, location: 1), .init(color: red, location: 0.5), .init(color: blue, location: 0.5), .init(color: red, location: 0)])
        canvas.fill(rect, paint: Paint(.linearGradient(gradient, start: .zero, end: Point(x: 100, y: 0))))
        // Red up to the middle (of the two stops at 0.5, red is given first), blue after it.
        XCTAssertEqual(canvas.pixmap.pixel(x: 48, y: 0), PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        XCTAssertEqual(canvas.pixmap.pixel(x: 51, y: 0), PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    func testDegenerateGradientsPaintTheirLastColour() {
        let canvas = Canvas(width: 4, height: 4)
        var rect = Path()
        rect.addRect(Rect(x: 0, y: 0, width: 4, height: 4))
        let gradient = Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0)])
        canvas.fill(rect, paint: Paint(.linearGradient(gradient, start: Point(x: 1, y: 1), end: Point(x: 1, y: 1))))
        XCTAssertEqual(canvas.pixmap.pixel(x: 2, y: 2), PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
        let empty = Canvas(width: 4, height: 4)
        empty.fill(rect, paint: Paint(.linearGradient(Gradient(stops: []), start: .zero, end: Point(x: 4, y: 0))))
        XCTAssertEqual(empty.pixmap.pixel(x: 2, y: 2), .transparent)
        empty.fill(rect, paint: Paint(.radialGradient(gradient, center: .zero, startRadius: 0, endRadius: 3), transform: AffineTransform(scaleX: 0, y: 1)))
        XCTAssertEqual(empty.pixmap.pixel(x: 2, y: 2), PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
    }
    /// Opaque rows at full coverage copied from one shaded row (`ShiftedRows`) against the
    /// same rows shaded pixel by pixel: within one code value, in gradients running down
    /// either way, nearly along the rows and nearly across them, over a whole 1080p frame
    /// and over part of it;
    /// a gradient with a hard stop, or too short for its row to move by half a pixel
    /// unseen, is shaded in place.
    func testCopiedGradientRowsMatchRowsShadedInPlace() {
        let gold = Color(red: 1, green: 0.8, blue: 0.1), teal = Color(red: 0.05, green: 0.45, blue: 0.5)
        let width = 1920, height = 1080
        let ends: [(Point, Point)] = [
            (Point(x: 0, y: 0), Point(x: 1920, y: 1080)), (Point(x: 1920, y: 0), Point(x: 0, y: 1080)),
            (Point(x: 0, y: 500), Point(x: 1900, y: 560)), (Point(x: 900, y: 0), Point(x: 980, y: 1080)),
            (Point(x: 200, y: 100), Point(x: 700, y: 400)), (Point(x: 700, y: 100), Point(x: 200, y: 400)),
        ]
        var rect = Path()
        rect.addRect(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        // The prepared shader reads its table from the scratch's storage.
        let scratch = Scratch(width: width, height: height)
        for (start, end) in ends {
            let paint = Paint(.linearGradient(Gradient(colors: [black, white]), start: start, end: end))
            let canvas = Canvas(width: width, height: height)
            canvas.fill(rect, paint: paint)
            let pixmap = canvas.pixmap
            guard case .linear(let shader) = PreparedShader.prepare(paint, scratch: scratch) else {
                return XCTFail("not a linear gradient")
            }
            XCTAssertNotNil(shader.rowShift, "\(start) to \(end)")
            let row = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
            defer { row.deallocate() }
            var largest = 0
            for y in 0..<height {
                shader.shadePacked(x: 0, y: y, count: width, into: UnsafeMutableRawPointer(row))
                for x in 0..<width {
                    let p = pixmap.pixel(x: x, y: y), q = row[x]
                    for (a, b) in [(p.r, q), (p.g, q >> 8), (p.b, q >> 16), (p.a, q >> 24)] {
                        largest = max(largest, abs(Int(a) - Int(b & 0xFF)))
                    }
                }
            }
            XCTAssertLessThanOrEqual(largest, 1, "\(start) to \(end)")
        }
        let hard = Gradient(stops: [.init(color: gold, location: 0), .init(color: gold, location: 0.5), .init(color: teal, location: 0.5), .init(color: teal, location: 1)])
        for (gradient, end) in [(hard, Point(x: 1920, y: 1080)), (Gradient(colors: [gold, teal]), Point(x: 40, y: 30))] {
            guard case .linear(let shader) = PreparedShader.prepare(Paint(.linearGradient(gradient, start: .zero, end: end)), scratch: scratch) else {
                return XCTFail("not a linear gradient")
            }
            XCTAssertNil(shader.rowShift)
        }
        withExtendedLifetime(scratch) {}
    }

    /// Every entry of the table, in its three forms, against the definition: the colour at
    /// k / (size − 1), premultiplied, between the stops around it; and the bound on the step
    /// between neighbouring entries. Stops fall between groups of four entries, coincide,
    /// lie outside 0…1 or are missing.
    func testTableEntriesFollowTheirDefinition() {
        let red = Color(red: 1, green: 0, blue: 0), green = Color(red: 0, green: 0.6, blue: 0.2, alpha: 0.7)
        let blue = Color(red: 0.1, green: 0.2, blue: 1)
        let gradients: [Gradient] = [
            Gradient(colors: [red, blue]),
            Gradient(stops: [.init(color: blue, location: 0.3), .init(color: green, location: 0.1), .init(color: red, location: 0.7007)]),
            Gradient(stops: [.init(color: red, location: 0.25), .init(color: blue, location: 0.25), .init(color: green, location: 0.999)]),
            Gradient(stops: [.init(color: green, location: -2), .init(color: red, location: 3)]),
            Gradient(stops: [.init(color: blue, location: 0.5)]),
            Gradient(stops: []),
        ]
        let scratch = Scratch(width: 4, height: 4)
        for (g, gradient) in gradients.enumerated() {
            for opacity: Float in [1, 0.5] {
                let table = GradientTable.table(for: gradient, opacity: opacity, scratch: scratch)
                let stops = gradient.stops.enumerated().map { (index: $0.offset, location: min(max($0.element.location, 0), 1), color: $0.element.color) }
                    .sorted { ($0.location, $0.index) < ($1.location, $1.index) }
                func premultiplied(_ c: Color) -> SIMD4<Float> {
                    let a = Float(c.alpha) * opacity
                    return SIMD4(Float(c.red) * a, Float(c.green) * a, Float(c.blue) * a, a)
                }
                var opaque = true
                for k in 0..<GradientTable.size {
                    let t = Double(k) / Double(GradientTable.size - 1)
                    let expected: SIMD4<Float>
                    if let after = stops.firstIndex(where: { $0.location > t }) {
                        if after == 0 {
                            expected = premultiplied(stops[0].color)
                        } else {
                            let a = stops[after - 1], b = stops[after]
                            let c0 = premultiplied(a.color)
                            expected = c0 + (premultiplied(b.color) - c0) * Float((t - a.location) / (b.location - a.location))
                        }
                    } else {
                        expected = stops.last.map { premultiplied($0.color) } ?? .zero
                    }
                    XCTAssertEqual(table.entries[k], expected, "gradient \(g) opacity \(opacity) entry \(k)")
                    let fixed = (0..<4).map { UInt32((expected[$0] * 65280).rounded(.toNearestOrEven)) }
                    XCTAssertEqual(table.even[k], fixed[0] | fixed[2] << 16, "entry \(k)")
                    XCTAssertEqual(table.odd[k], fixed[1] | fixed[3] << 16, "entry \(k)")
                    let bytes = fixed.map { ($0 + 128) >> 8 }
                    XCTAssertEqual(table.packed[k], bytes[0] | bytes[1] << 8 | bytes[2] << 16 | bytes[3] << 24, "entry \(k)")
                    opaque = opaque && bytes[3] == 255
                }
                XCTAssertEqual(table.isOpaque, opaque, "gradient \(g) opacity \(opacity)")
                // `maxStep` bounds the change of a channel between neighbouring entries, closely.
                var largest: Float = 0
                for k in 1..<GradientTable.size {
                    for c in 0..<4 { largest = max(largest, abs(table.entries[k][c] - table.entries[k - 1][c])) }
                }
                XCTAssertLessThanOrEqual(largest, table.maxStep + 1e-6, "gradient \(g) opacity \(opacity)")
                XCTAssertLessThanOrEqual(table.maxStep - largest, 1e-3, "gradient \(g) opacity \(opacity)")
            }
        }
    }
}
