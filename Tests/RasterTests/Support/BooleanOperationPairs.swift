#if canImport(Glibc)
import Glibc
#endif
import Geometry

/// Generated pairs of paths for the boolean operations' differential tests, as
/// commands both sides read (`["M", x, y]`, `["L", x, y]`, `["C", …]`, `["Z"]`) on a
/// 96 × 96 canvas: polygons (self-intersecting ones too), curved blobs and ellipses,
/// rectangles on a coarse grid (coincident and partly coincident edges), touching
/// shapes (a circle tangent to a square, corners on corners, a vertex on an edge),
/// stars against ellipses, and shapes with holes; the fill rule alternates.
struct BooleanOperationPair {
    typealias Command = [Any]
    var name: String
    var a: [Command], b: [Command]
    var eoFill: Bool

    static func path(_ commands: [[Any]]) -> Path {
        var p = Path()
        for c in commands {
            let v = c.dropFirst().map { ($0 as? Double) ?? Double($0 as? Int ?? 0) }
            switch c[0] as? String {
            case "M": p.move(to: Point(x: v[0], y: v[1]))
            case "L": p.addLine(to: Point(x: v[0], y: v[1]))
            case "Q": p.addQuadCurve(to: Point(x: v[2], y: v[3]), control: Point(x: v[0], y: v[1]))
            case "C": p.addCurve(to: Point(x: v[4], y: v[5]), control1: Point(x: v[0], y: v[1]), control2: Point(x: v[2], y: v[3]))
            default: p.closeSubpath()
            }
        }
        return p
    }

    static func all() -> [BooleanOperationPair] {
        var g = SeededGenerator(seed: 0xB001_EA4)
        var pairs: [BooleanOperationPair] = []
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &g) }
        func polygon(_ n: Int) -> [Command] {
            var c: [Command] = []
            for k in 0..<n { c.append([k == 0 ? "M" : "L", r(8...88), r(8...88)]) }
            return c + [["Z"]]
        }
        func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, clockwise: Bool = true) -> [Command] {
            let pts = clockwise ? [(x, y), (x + w, y), (x + w, y + h), (x, y + h)] : [(x, y), (x, y + h), (x + w, y + h), (x + w, y)]
            return pts.enumerated().map { [$0.offset == 0 ? "M" : "L", $0.element.0, $0.element.1] } + [["Z"]]
        }
        func ellipse(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> [Command] {
            let k = 0.5522847498
            return [["M", cx + rx, cy], ["C", cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry],
                    ["C", cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy], ["C", cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry],
                    ["C", cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy], ["Z"]]
        }
        func blob() -> [Command] {
            let cx = r(30...66), cy = r(30...66)
            var c: [Command] = []
            let n = 5
            var pts: [(Double, Double)] = []
            for k in 0..<n {
                let angle = Double(k) / Double(n) * 2 * Double.pi, radius = r(10...34)
                pts.append((cx + cos(angle) * radius, cy + sin(angle) * radius))
            }
            c.append(["M", pts[0].0, pts[0].1])
            for k in 0..<n {
                let p = pts[(k + 1) % n]
                c.append(["C", r(8...88), r(8...88), r(8...88), r(8...88), p.0, p.1])
            }
            return c + [["Z"]]
        }
        func star(_ cx: Double, _ cy: Double, _ outer: Double, _ inner: Double, _ n: Int) -> [Command] {
            (0..<(2 * n)).map { k in
                let radius = k % 2 == 0 ? outer : inner, angle = Double(k) * Double.pi / Double(n)
                return [k == 0 ? "M" : "L", cx + cos(angle) * radius, cy + sin(angle) * radius]
            } + [["Z"]]
        }
        for i in 0..<40 {
            pairs.append(.init(name: "polygons-\(i)", a: polygon(3 + i % 6), b: polygon(3 + (i / 6) % 6), eoFill: i % 2 == 1))
        }
        for i in 0..<40 {
            let b = i % 2 == 0 ? ellipse(r(30...66), r(30...66), r(10...36), r(10...36)) : blob()
            pairs.append(.init(name: "curves-\(i)", a: blob(), b: b, eoFill: i % 2 == 1))
        }
        for i in 0..<40 {
            func gridRect() -> [Command] {
                let x = Double(Int(r(1...7)) * 8), y = Double(Int(r(1...7)) * 8)
                return rect(x, y, Double(Int(r(1...5)) * 8), Double(Int(r(1...5)) * 8), clockwise: r(0...1) < 0.5)
            }
            pairs.append(.init(name: "coincident-\(i)", a: gridRect() + (i % 3 == 0 ? gridRect() : []), b: gridRect(), eoFill: i % 2 == 1))
        }
        for i in 0..<40 {
            let s = r(16...30), x = r(10...30), y = r(10...30)
            let a = rect(x, y, s, s), b: [Command]
            switch i % 4 {
            case 0: b = ellipse(x + s + s / 2, y + s / 2, s / 2, s / 2)  // tangent to the right side
            case 1: b = rect(x + s, y + s, s, s)  // corner on corner
            case 2: b = [["M", x + s / 2, y + s], ["L", x + s, y + 2 * s], ["L", x, y + 2 * s], ["Z"]]  // vertex on an edge
            default: b = ellipse(x + s / 2, y + s / 2, s / 2, s / 2)  // inscribed: tangent on all four sides
            }
            pairs.append(.init(name: "touching-\(i)", a: a, b: b, eoFill: i % 2 == 1))
        }
        for i in 0..<40 {
            let cx = r(40...56), cy = r(40...56)
            pairs.append(.init(
                name: "star-ellipse-\(i)", a: star(cx, cy, r(24...38), r(8...20), 3 + i % 6),
                b: ellipse(r(36...60), r(36...60), r(10...34), r(10...34)), eoFill: i % 2 == 1))
        }
        for i in 0..<40 {
            let x = r(8...30), y = r(8...30), w = r(30...58), h = r(30...58)
            let holed = rect(x, y, w, h) + rect(x + w / 4, y + h / 4, w / 2, h / 2, clockwise: i % 4 < 2)
            pairs.append(.init(name: "holes-\(i)", a: holed, b: i % 2 == 0 ? polygon(5) : blob(), eoFill: i % 2 == 1))
        }
        return pairs
    }
}
