import Foundation
import Geometry
import Raster

/// A benchmark scene: drawing operations in device pixels, built from a fixed
/// seed, that our canvas and the reference renderers (through `reference.py`)
/// draw identically.
struct BenchScene {
    enum Op {
        case fill(Path, Paint, FillRule)
        case stroke(Path, Paint, StrokeStyle)
    }

    let name: String
    let width: Int
    let height: Int
    var ops: [Op] = []

    /// Draws every operation on a fresh white canvas; returns the finished image (every
    /// pixel written, as the references' images are).
    func render() -> Pixmap {
        let canvas = Canvas(width: width, height: height, background: .white)
        for op in ops {
            switch op {
            case .fill(let path, let paint, let rule): canvas.fill(path, paint: paint, rule: rule)
            case .stroke(let path, let paint, let style): canvas.stroke(path, paint: paint, style: style)
            }
        }
        return canvas.pixmap
    }

    /// The scene as JSON for `reference.py`: paths as verb lists in device pixels.
    func json() -> String {
        func path(_ p: Path) -> String {
            var parts: [String] = []
            var i = 0
            for verb in p.verbs {
                func pt(_ k: Int) -> String { "\(p.points[i + k].x),\(p.points[i + k].y)" }
                switch verb {
                case .move: parts.append("[\"M\",\(pt(0))]"); i += 1
                case .line: parts.append("[\"L\",\(pt(0))]"); i += 1
                case .quad: parts.append("[\"Q\",\(pt(0)),\(pt(1))]"); i += 2
                case .cubic: parts.append("[\"C\",\(pt(0)),\(pt(1)),\(pt(2))]"); i += 3
                case .close: parts.append("[\"Z\"]")
                }
            }
            return "[" + parts.joined(separator: ",") + "]"
        }
        func color(_ c: Color) -> String { "[\(c.red),\(c.green),\(c.blue),\(c.alpha)]" }
        func paintJSON(_ p: Paint) -> String {
            switch p.shader {
            case .solid(let c): return "{\"solid\":\(color(c))}"
            case .linearGradient(let g, let start, let end):
                let stops = g.stops.map { "[\($0.location),\(color($0.color))]" }.joined(separator: ",")
                return "{\"linear\":[\(start.x),\(start.y),\(end.x),\(end.y)],\"stops\":[\(stops)]}"
            default: return "{\"solid\":[0,0,0,1]}"
            }
        }
        let items = ops.map { op -> String in
            switch op {
            case .fill(let p, let paint, let rule):
                return "{\"fill\":\(path(p)),\"paint\":\(paintJSON(paint)),\"evenOdd\":\(rule == .evenOdd)}"
            case .stroke(let p, let paint, let style):
                return "{\"stroke\":\(path(p)),\"paint\":\(paintJSON(paint)),\"width\":\(style.lineWidth),\"cap\":\"\(style.lineCap.rawValue)\",\"join\":\"\(style.lineJoin.rawValue)\"}"
            }
        }
        return "{\"width\":\(width),\"height\":\(height),\"ops\":[\n" + items.joined(separator: ",\n") + "\n]}\n"
    }
}

/// A small deterministic generator (SplitMix64), so every run draws the same scenes.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension BenchScene {
    static let width = 1920, height = 1080

    /// The five scenes of the benchmark.
    static func all() -> [BenchScene] {
        [ellipses(), stars(), gradients(), cubics(), strokes()]
    }

    /// 8 overlapping ellipses across the frame, even-odd (the clipping article's shape).
    static func ellipses() -> BenchScene {
        var s = BenchScene(name: "8 even-odd ellipses", width: width, height: height)
        var path = Path()
        let n = 8.0, o = 0.5
        let w = Double(width) / n * (1 + (n - 1) * o)
        for k in 0..<8 {
            path.addEllipse(in: Rect(x: (Double(width) - w) * Double(k) / (n - 1), y: 40, width: w, height: Double(height) - 80))
        }
        s.ops = [.fill(path, .solid(Color(red: 1, green: 0.8, blue: 0)), .evenOdd)]
        return s
    }

    /// 1,000 translucent five-pointed stars.
    static func stars() -> BenchScene {
        var g = SeededGenerator(state: 1)
        var s = BenchScene(name: "1000 translucent stars", width: width, height: height)
        for _ in 0..<1000 {
            let cx = Double.random(in: 0...Double(width), using: &g), cy = Double.random(in: 0...Double(height), using: &g)
            let r = Double.random(in: 10...60, using: &g), turn = Double.random(in: 0...1, using: &g)
            var path = Path()
            for k in 0..<10 {
                let a = (Double(k) / 10 + turn) * 2 * Double.pi
                let radius = k % 2 == 0 ? r : r * 0.4
                let p = Point(x: cx + radius * cos(a), y: cy + radius * sin(a))
                if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
            }
            path.closeSubpath()
            let c = Color(
                red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g), blue: .random(in: 0...1, using: &g),
                alpha: 0.5)
            s.ops.append(.fill(path, .solid(c), .nonZero))
        }
        return s
    }

    /// 40 rounded rectangles filled with two-stop linear gradients.
    static func gradients() -> BenchScene {
        var g = SeededGenerator(state: 2)
        var s = BenchScene(name: "40 gradient rounded rects", width: width, height: height)
        for _ in 0..<40 {
            let w = Double.random(in: 100...500, using: &g), h = Double.random(in: 80...400, using: &g)
            let x = Double.random(in: 0...(Double(width) - w), using: &g), y = Double.random(in: 0...(Double(height) - h), using: &g)
            var path = Path()
            path.addRoundedRect(Rect(x: x, y: y, width: w, height: h), cornerRadius: 20)
            func color() -> Color { Color(red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g), blue: .random(in: 0...1, using: &g)) }
            let gradient = Gradient(colors: [color(), color()])
            s.ops.append(.fill(path, Paint(.linearGradient(gradient, start: Point(x: x, y: y), end: Point(x: x + w, y: y + h))), .nonZero))
        }
        return s
    }

    /// 200 closed paths of cubic curves, even-odd.
    static func cubics() -> BenchScene {
        var g = SeededGenerator(state: 3)
        var s = BenchScene(name: "200 even-odd cubic paths", width: width, height: height)
        for _ in 0..<200 {
            let cx = Double.random(in: 0...Double(width), using: &g), cy = Double.random(in: 0...Double(height), using: &g)
            func p() -> Point { Point(x: cx + .random(in: -150...150, using: &g), y: cy + .random(in: -150...150, using: &g)) }
            var path = Path()
            path.move(to: p())
            for _ in 0..<5 { path.addCurve(to: p(), control1: p(), control2: p()) }
            path.closeSubpath()
            let c = Color(red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g), blue: .random(in: 0...1, using: &g), alpha: 0.7)
            s.ops.append(.fill(path, .solid(c), .evenOdd))
        }
        return s
    }

    /// 500 round-capped 3-pixel strokes of random polylines and curves.
    static func strokes() -> BenchScene {
        var g = SeededGenerator(state: 4)
        var s = BenchScene(name: "500 round-capped 3 px strokes", width: width, height: height)
        for _ in 0..<500 {
            let cx = Double.random(in: 0...Double(width), using: &g), cy = Double.random(in: 0...Double(height), using: &g)
            func p() -> Point { Point(x: cx + .random(in: -100...100, using: &g), y: cy + .random(in: -100...100, using: &g)) }
            var path = Path()
            path.move(to: p())
            path.addLine(to: p())
            path.addCurve(to: p(), control1: p(), control2: p())
            let c = Color(red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g), blue: .random(in: 0...1, using: &g))
            s.ops.append(.stroke(path, .solid(c), StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .round)))
        }
        return s
    }
}
