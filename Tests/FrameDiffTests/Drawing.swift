import Geometry
import Raster

/// Small scenes drawn with the project's rasterizer, for comparisons on real anti-aliased edges.
enum Drawing {
    static let background = Color.white

    /// A canvas of `width × height` with `draw` applied, its pixels.
    static func image(width: Int = 120, height: Int = 90, background: Color = background, _ draw: (Canvas) -> Void) -> Pixmap {
        let canvas = Canvas(width: width, height: height, background: background)
        draw(canvas)
        return canvas.pixmap
    }

    static func fill(_ canvas: Canvas, _ path: Path, _ color: Color, dx: Double = 0, dy: Double = 0, evenOdd: Bool = false) {
        canvas.fill(path, transform: AffineTransform(translationX: dx, y: dy), paint: .solid(color), rule: evenOdd ? .evenOdd : .nonZero)
    }

    static func ellipse(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
        var p = Path()
        p.addEllipse(in: Rect(x: x, y: y, width: w, height: h))
        return p
    }

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
        var p = Path()
        p.addRect(Rect(x: x, y: y, width: w, height: h))
        return p
    }

    static func polygon(_ points: [(Double, Double)]) -> Path {
        var p = Path()
        p.move(to: Point(x: points[0].0, y: points[0].1))
        for q in points.dropFirst() { p.addLine(to: Point(x: q.0, y: q.1)) }
        p.closeSubpath()
        return p
    }

    /// A ring `thickness` wide around the circle of radius `r` at (cx, cy), even-odd.
    static func ring(_ cx: Double, _ cy: Double, _ r: Double, thickness: Double) -> Path {
        var p = ellipse(cx - r - thickness / 2, cy - r - thickness / 2, 2 * r + thickness, 2 * r + thickness)
        p.addPath(ellipse(cx - r + thickness / 2, cy - r + thickness / 2, 2 * r - thickness, 2 * r - thickness))
        return p
    }

    /// A line `width` thick from (x0, y0) to (x1, y1), as a thin quadrilateral.
    static func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width: Double) -> Path {
        let dx = x1 - x0, dy = y1 - y0
        let length = (dx * dx + dy * dy).squareRoot()
        let nx = -dy / length * width / 2, ny = dx / length * width / 2
        return polygon([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])
    }

    /// The scene most tests use: a filled ellipse, a triangle, a thin ring and hairlines in several colours.
    static func scene(dx: Double = 0, dy: Double = 0, triangleApex: (Double, Double) = (60, 8)) -> Pixmap {
        image { canvas in
            fill(canvas, ellipse(8, 30, 50, 36), Color(r8: 255, g8: 204, b8: 0), dx: dx, dy: dy)
            fill(canvas, polygon([triangleApex, (96, 80), (30, 84)]), Color(r8: 0, g8: 122, b8: 255, alpha: 0.8), dx: dx, dy: dy)
            fill(canvas, ring(92, 30, 18, thickness: 1.2), .black, dx: dx, dy: dy, evenOdd: true)
            fill(canvas, line(4, 86, 116, 70, width: 0.8), Color(r8: 255, g8: 59, b8: 48), dx: dx, dy: dy)
            fill(canvas, line(10, 4, 10, 60, width: 1), .black, dx: dx, dy: dy)
        }
    }
}
