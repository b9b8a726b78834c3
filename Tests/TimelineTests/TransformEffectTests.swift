import Raster
import Timeline
import XCTest

/// `transformEffect` with a general affine transform (shear, scale and translation),
/// checked against geometry computed here: a 40 × 30 black rectangle whose frame sits
/// at (80, 85) on a 200 × 200 canvas, mapped by (a, b, c, d, tx, ty) about the frame's
/// top-left corner (x' = a x + c y + tx, y' = b x + d y + ty, as `CGAffineTransform`),
/// is the parallelogram with those corners. Its area, centroid and second moments
/// (|det M| · 40 · 30, the image of the centre, M Σ Mᵀ) are measured from the pixels'
/// coverage; the corners are probed one pixel inside and outside. The same check
/// refuses the transform transposed (b and c swapped) and applied about the centre.
final class TransformEffectTests: XCTestCase {
    struct Affine {
        var a, b, c, d, tx, ty: Double
        func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (a * x + c * y + tx, b * x + d * y + ty) }
    }

    /// Area, centroid and covariance (xx, xy, yy) of a filled shape.
    struct Moments {
        var area: Double, cx: Double, cy: Double, xx: Double, xy: Double, yy: Double

        func matches(_ other: Moments) -> Bool {
            abs(area - other.area) <= 0.005 * other.area && abs(cx - other.cx) <= 0.05 && abs(cy - other.cy) <= 0.05
                && abs(xx - other.xx) <= 0.01 * other.xx && abs(yy - other.yy) <= 0.01 * other.yy
                && abs(xy - other.xy) <= 0.01 * (other.xx * other.yy).squareRoot()
        }
    }

    static let origin = (x: 80.0, y: 85.0), size = (width: 40.0, height: 30.0)
    static let transform = Affine(a: 1.5, b: 0.25, c: 0.6, d: 1.2, tx: -30, ty: -40)

    func render(_ m: Affine) throws -> Pixmap {
        try TimelineLoader().load(Array("""
            { "size": [200, 200], "duration": 1, "fps": 1, "background": "white", "scene":
              { "rectangle": {}, "modifiers": [ { "fill": "black" }, { "frame": { "width": 40, "height": 30 } },
                { "transformEffect": { "a": \(m.a), "b": \(m.b), "c": \(m.c), "d": \(m.d), "tx": \(m.tx), "ty": \(m.ty) } } ] } }
            """.utf8)).render(frame: 0)
    }

    /// The moments of the rectangle mapped by `m` about the point `anchor` of its frame.
    func expected(_ m: Affine, anchor: (x: Double, y: Double) = (0, 0)) -> Moments {
        let (w, h) = Self.size
        let centre = m.apply(w / 2 - anchor.x, h / 2 - anchor.y)
        // A uniform w × h rectangle has variances w²/12 and h²/12; M Σ Mᵀ maps them.
        let sx = w * w / 12, sy = h * h / 12
        return Moments(
            area: abs(m.a * m.d - m.b * m.c) * w * h, cx: Self.origin.x + anchor.x + centre.x, cy: Self.origin.y + anchor.y + centre.y,
            xx: m.a * m.a * sx + m.c * m.c * sy, xy: m.a * m.b * sx + m.c * m.d * sy, yy: m.b * m.b * sx + m.d * m.d * sy)
    }

    /// The moments of the image's coverage (1 − red / 255, black on white), pixel centres at + 0.5.
    func measured(_ image: Pixmap) -> Moments {
        var s0 = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0, syy = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let w = 1 - Double(image.pixel(x: x, y: y).r) / 255
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                s0 += w
                sx += w * px
                sy += w * py
                sxx += w * px * px
                sxy += w * px * py
                syy += w * py * py
            }
        }
        let cx = sx / s0, cy = sy / s0
        return Moments(area: s0, cx: cx, cy: cy, xx: sxx / s0 - cx * cx, xy: sxy / s0 - cx * cy, yy: syy / s0 - cy * cy)
    }

    func testShearScaleAndTranslateMoveTheCornersWhereTheMatrixSays() throws {
        let m = Self.transform
        let image = try render(m)
        let got = measured(image), want = expected(m)
        XCTAssertTrue(got.matches(want), "measured \(got), expected \(want)")
        // One point inside each corner is black, one point outside is white (x and y in the frame's own coordinates).
        let (w, h) = Self.size
        for (x, y, dx, dy) in [(0.0, 0.0, 1.0, 1.0), (w, 0, -1, 1), (0, h, 1, -1), (w, h, -1, -1)] {
            for (inside, k) in [(true, 1.5), (false, -1.5)] {
                let p = m.apply(x + k * dx, y + k * dy)
                let pixel = image.pixel(x: Int((Self.origin.x + p.x).rounded(.down)), y: Int((Self.origin.y + p.y).rounded(.down)))
                if inside {
                    XCTAssertLessThan(pixel.r, 32, "inside the corner (\(x), \(y)) at \(p)")
                } else {
                    XCTAssertGreaterThan(pixel.r, 223, "outside the corner (\(x), \(y)) at \(p)")
                }
            }
        }
    }

    func testTheCheckRefusesATransposedOrCentredTransform() throws {
        let m = Self.transform
        let got = measured(try render(m))
        var transposed = m
        (transposed.b, transposed.c) = (m.c, m.b)
        XCTAssertFalse(got.matches(expected(transposed)), "b and c swapped")
        XCTAssertFalse(got.matches(expected(m, anchor: (Self.size.width / 2, Self.size.height / 2))), "about the centre")
        // And what is drawn with the transposed matrix is not what this one draws.
        XCTAssertFalse(measured(try render(transposed)).matches(expected(m)))
    }
}
