#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster

/// Shapes and scenes shared by the golden and differential tests, including the seed
/// articles' scenes.
enum Fixtures {
    /// The clipping article's `Star`: `points` outer corners, inner corners at `ratio` of
    /// the outer radius, the first corner at angle `rotation`.
    static func star(center: Point, radius: Double, points: Int, ratio: Double, rotation: Double = 0) -> Path {
        var path = Path()
        let step = Double.pi / Double(points)
        for k in 0..<(2 * points) {
            let r = k % 2 == 0 ? radius : radius * ratio
            let a = rotation + Double(k) * step
            let p = Point(x: center.x + cos(a) * r, y: center.y + sin(a) * r)
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        return path
    }

    /// A self-intersecting five-pointed star (each point joined to the next but one):
    /// its centre is wound twice, so non-zero fills it and even-odd leaves it empty.
    static func pentagram(center: Point, radius: Double) -> Path {
        var path = Path()
        for k in 0..<5 {
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            let p = Point(x: center.x + cos(a) * radius, y: center.y + sin(a) * radius)
            if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
        return path
    }

    /// `OverlappingEllipses(ellipsesNumber:overlapping:)` in `rect` (seed 001).
    static func overlappingEllipses(in rect: Rect, count n: Int, overlapping o: Double) -> Path {
        var path = Path()
        let w = rect.width / Double(n) * (1 + Double(n - 1) * o)
        for k in 0..<n {
            let x = (rect.width - w) * Double(k) / Double(n - 1)
            path.addEllipse(in: Rect(x: rect.minX + x, y: rect.minY, width: w, height: rect.height))
        }
        return path
    }

    /// The Landmarks badge background (seed 004): `HexagonParameters` scaled into a square
    /// of side `size` at the origin, lines and quadratic curves.
    static func hexagon(size: Double) -> Path {
        let adjustment = 0.085
        // (x factors, y factors) for line end, curve end, curve control; `useWidth`/`useHeight`
        // zeros from the article are folded in (a factor times zero).
        let segments: [(x: (Double, Double, Double), y: (Double, Double, Double))] = [
            ((0.60, 0.40, 0.50), (0.05, 0.05, 0.00)),
            ((0.05, 0.00, 0.00), (0.20 + adjustment, 0.30 + adjustment, 0.25 + adjustment)),
            ((0.00, 0.05, 0.00), (0.70 - adjustment, 0.80 - adjustment, 0.75 - adjustment)),
            ((0.40, 0.60, 0.50), (0.95, 0.95, 1.00)),
            ((0.95, 1.00, 1.00), (0.80 - adjustment, 0.70 - adjustment, 0.75 - adjustment)),
            ((1.00, 0.95, 1.00), (0.30 + adjustment, 0.20 + adjustment, 0.25 + adjustment)),
        ]
        let useWidth: [(Double, Double, Double)] = [(1, 1, 1), (1, 1, 0), (1, 1, 0), (1, 1, 1), (1, 1, 1), (1, 1, 1)]
        let useHeight: [(Double, Double, Double)] = [(1, 1, 0), (1, 1, 1), (1, 1, 1), (1, 1, 1), (1, 1, 1), (1, 1, 1)]
        var width = size
        let height = size
        let xScale = 0.85
        let xOffset = (width * (1 - xScale)) / 2
        width *= xScale
        var path = Path()
        path.move(to: Point(x: xOffset + width * 0.95, y: height * (0.20 + adjustment)))
        for (i, s) in segments.enumerated() {
            path.addLine(to: Point(x: xOffset + width * useWidth[i].0 * s.x.0, y: height * useHeight[i].0 * s.y.0))
            path.addQuadCurve(
                to: Point(x: xOffset + width * useWidth[i].1 * s.x.1, y: height * useHeight[i].1 * s.y.1),
                control: Point(x: xOffset + width * useWidth[i].2 * s.x.2, y: height * useHeight[i].2 * s.y.2))
        }
        return path
    }

    static let hexagonGradient = Gradient(colors: [Color(r8: 239, g8: 120, b8: 221), Color(r8: 239, g8: 172, b8: 120)])

    /// Seed 004's badge background: the hexagon filled with its gradient from unit point
    /// (0.5, 0) to (0.5, 0.6) of the frame.
    static func landmarksHexagon(size: Int) -> DrawingCase {
        let s = Double(size)
        let paint = Paint(
            .linearGradient(hexagonGradient, start: Point(x: 0.5, y: 0), end: Point(x: 0.5, y: 0.6)), transform: AffineTransform(scaleX: s, y: s))
        return DrawingCase(
            name: "seed-landmarks-hexagon", category: .fill, width: size, height: size, background: .white,
            ops: [.fill(hexagon(size: s), .identity, paint, .nonZero, antialiased: true)])
    }

    /// Seed 001's clip: content clipped by `OverlappingEllipses(8, overlapping: 0.5)` with
    /// `FillStyle(eoFill: true, antialiased: false)`.
    static func overlappingEllipsesClip() -> DrawingCase {
        let rect = Rect(x: 8, y: 10, width: 184, height: 60)
        var content = Path()
        content.addRect(Rect(x: 0, y: 0, width: 200, height: 80))
        let stripes = Paint(
            .linearGradient(
                Gradient(colors: [Color(r8: 255, g8: 204, b8: 0), Color(r8: 230, g8: 40, b8: 40), Color(r8: 40, g8: 60, b8: 220)]),
                start: Point(x: 0, y: 0), end: Point(x: 200, y: 80)))
        return DrawingCase(
            name: "seed-overlapping-ellipses-clip", category: .fill, width: 200, height: 80, background: .white,
            ops: [
                .pushClip(overlappingEllipses(in: rect, count: 8, overlapping: 0.5), .identity, .evenOdd, antialiased: false),
                .fill(content, .identity, stripes, .nonZero, antialiased: true),
                .popClip,
            ])
    }

    /// Seed 003: a white view with a rounded-rectangle hole (view bounds plus the hole,
    /// even-odd) over a gradient.
    static func roundedHole() -> DrawingCase {
        var background = Path()
        background.addRect(Rect(x: 0, y: 0, width: 160, height: 120))
        let gradient = Paint(
            .linearGradient(
                Gradient(colors: [Color(r8: 255, g8: 94, b8: 58), Color(r8: 255, g8: 42, b8: 104), Color(r8: 90, g8: 60, b8: 250)]),
                start: Point(x: 0, y: 0), end: Point(x: 160, y: 120)))
        var holed = Path()
        holed.addRect(Rect(x: 0, y: 0, width: 160, height: 120))
        holed.addRoundedRect(Rect(x: 30.5, y: 25.25, width: 99, height: 70), cornerRadius: 18, style: .continuous)
        return DrawingCase(
            name: "seed-rounded-hole", category: .fill, width: 160, height: 120, background: .clear,
            ops: [
                .fill(background, .identity, gradient, .nonZero, antialiased: true),
                .fill(holed, .identity, .solid(.white), .evenOdd, antialiased: true),
            ])
    }

    /// A small test image: a colour ramp with a translucent diagonal band and a transparent corner.
    static func testImage(width: Int = 12, height: Int = 10) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let r = UInt8(x * 255 / (width - 1)), g = UInt8(y * 255 / (height - 1)), b = UInt8((x + y) % 2 == 0 ? 200 : 60)
                var p = PremultipliedRGBA8(r: r, g: g, b: b, a: 255)
                if x == y { p = PremultipliedRGBA8(r: UInt8(Int(r) * 160 / 255), g: UInt8(Int(g) * 160 / 255), b: UInt8(Int(b) * 160 / 255), a: 160) }
                if x >= width - 3 && y < 3 { p = .transparent }
                pixmap.setPixel(x: x, y: y, p)
            }
        }
        return pixmap
    }
}
