#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An error in SVG path data: what is wrong and where (offset in Unicode scalars).
public struct PathDataError: Error, Sendable, Equatable {
    /// What is wrong, in words.
    public var message: String
    /// Where, in Unicode scalars from the start of the path data.
    public var offset: Int

    /// An error at `offset`.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }
}

/// SVG path data (`d` attribute) as defined by SVG 1.1 §8.3 and its grammar:
/// `M L H V C S Q T A Z` in absolute (upper-case) and relative (lower-case) forms,
/// implicit repetition of a command's argument groups, smooth-curve reflection of
/// the previous control point, and elliptical arcs converted to cubics with the
/// endpoint-to-centre conversion of SVG 1.1 Appendix F.6 (out-of-range radii scaled up).
extension Path {
    /// Parses SVG path data. An empty string gives an empty path.
    public init(svgPathData source: String) throws(PathDataError) {
        var parser = SVGPathDataParser(Array(source.unicodeScalars))
        self = try parser.parse()
    }
}

struct SVGPathDataParser {
    let s: [Unicode.Scalar]
    var i = 0
    var path = Path()
    var current = Point.zero
    var start = Point.zero
    var lastControl: Point? = nil  // for S/s and T/t reflection
    var lastWasCubic = false
    var lastWasQuad = false

    init(_ scalars: [Unicode.Scalar]) { s = scalars }

    mutating func skipSeparators() {
        while i < s.count, s[i] == " " || s[i] == "\t" || s[i] == "\n" || s[i] == "\r" || s[i] == "," { i += 1 }
    }

    mutating func skipWhitespace() {
        while i < s.count, s[i] == " " || s[i] == "\t" || s[i] == "\n" || s[i] == "\r" { i += 1 }
    }

    func isNumberStart(_ c: Unicode.Scalar) -> Bool {
        c == "-" || c == "+" || c == "." || ("0"..."9").contains(c)
    }

    mutating func number() throws(PathDataError) -> Double {
        skipSeparators()
        let begin = i
        if i < s.count, s[i] == "+" || s[i] == "-" { i += 1 }
        var digits = 0
        while i < s.count, ("0"..."9").contains(s[i]) { i += 1; digits += 1 }
        if i < s.count, s[i] == "." {
            i += 1
            while i < s.count, ("0"..."9").contains(s[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else {
            i = begin
            throw PathDataError(message: i < s.count ? "expected a number, found \"\(Character(s[i]))\"" : "expected a number, found the end of the path data", offset: begin)
        }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            let save = i
            i += 1
            if i < s.count, s[i] == "+" || s[i] == "-" { i += 1 }
            var expDigits = 0
            while i < s.count, ("0"..."9").contains(s[i]) { i += 1; expDigits += 1 }
            if expDigits == 0 { i = save }
        }
        let text = String(String.UnicodeScalarView(s[begin..<i]))
        guard let value = Double(text), value.isFinite else {
            throw PathDataError(message: "number \"\(text)\" is out of range", offset: begin)
        }
        return value
    }

    mutating func flag() throws(PathDataError) -> Bool {
        skipSeparators()
        guard i < s.count, s[i] == "0" || s[i] == "1" else {
            throw PathDataError(message: "expected an arc flag (0 or 1)", offset: i)
        }
        defer { i += 1 }
        return s[i] == "1"
    }

    /// Whether another argument group follows (implicit command repetition).
    mutating func hasMoreArguments() -> Bool {
        skipSeparators()
        return i < s.count && isNumberStart(s[i])
    }

    mutating func parse() throws(PathDataError) -> Path {
        skipWhitespace()
        var first = true
        while i < s.count {
            let commandOffset = i
            let c = s[i]
            i += 1
            let relative = ("a"..."z").contains(c)
            let upper = Character(c).uppercased()
            if first && upper != "M" {
                throw PathDataError(message: "path data must start with a move command (M or m)", offset: commandOffset)
            }
            first = false
            var cubic = false, quad = false
            switch upper {
            case "M":
                var p = try point(relative: relative)
                path.move(to: p)
                current = p
                start = p
                while hasMoreArguments() {
                    p = try point(relative: relative)
                    path.addLine(to: p)
                    current = p
                }
            case "L":
                repeat {
                    let p = try point(relative: relative)
                    path.addLine(to: p)
                    current = p
                } while hasMoreArguments()
            case "H":
                repeat {
                    let x = try number()
                    current = Point(x: relative ? current.x + x : x, y: current.y)
                    path.addLine(to: current)
                } while hasMoreArguments()
            case "V":
                repeat {
                    let y = try number()
                    current = Point(x: current.x, y: relative ? current.y + y : y)
                    path.addLine(to: current)
                } while hasMoreArguments()
            case "C", "S":
                repeat {
                    let c1: Point
                    if upper == "C" {
                        c1 = try point(relative: relative)
                    } else {
                        c1 = lastWasCubic ? current * 2 - (lastControl ?? current) : current
                    }
                    let c2 = try point(relative: relative)
                    let p = try point(relative: relative)
                    path.addCurve(to: p, control1: c1, control2: c2)
                    lastControl = c2
                    lastWasCubic = true
                    current = p
                } while hasMoreArguments()
                cubic = true
            case "Q", "T":
                repeat {
                    let c1: Point
                    if upper == "Q" {
                        c1 = try point(relative: relative)
                    } else {
                        c1 = lastWasQuad ? current * 2 - (lastControl ?? current) : current
                    }
                    let p = try point(relative: relative)
                    path.addQuadCurve(to: p, control: c1)
                    lastControl = c1
                    lastWasQuad = true
                    current = p
                } while hasMoreArguments()
                quad = true
            case "A":
                repeat {
                    let rx = abs(try number()), ry = abs(try number())
                    let rotation = try number()
                    let large = try flag(), sweep = try flag()
                    let p = try point(relative: relative)
                    arc(to: p, rx: rx, ry: ry, rotationDegrees: rotation, largeArc: large, sweep: sweep)
                    current = p
                } while hasMoreArguments()
            case "Z":
                path.closeSubpath()
                current = start
            default:
                throw PathDataError(message: "unknown path command \"\(Character(c))\"", offset: commandOffset)
            }
            lastWasCubic = cubic
            lastWasQuad = quad
            skipSeparators()
        }
        return path
    }

    mutating func point(relative: Bool) throws(PathDataError) -> Point {
        let x = try number(), y = try number()
        return relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y)
    }

    /// SVG 1.1 F.6.5–F.6.6: endpoint parameterisation to centre parameterisation.
    mutating func arc(to p: Point, rx: Double, ry: Double, rotationDegrees: Double, largeArc: Bool, sweep: Bool) {
        let p0 = current
        if p0 == p { return }
        guard rx > 0, ry > 0 else {
            path.addLine(to: p)
            return
        }
        let phi = rotationDegrees * Double.pi / 180
        let cp = cos(phi), sp = sin(phi)
        let dx = (p0.x - p.x) / 2, dy = (p0.y - p.y) / 2
        let x1 = cp * dx + sp * dy, y1 = -sp * dx + cp * dy
        var rx = rx, ry = ry
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coef = den > 0 ? (max(num, 0) / den).squareRoot() : 0
        if largeArc == sweep { coef = -coef }
        let cx1 = coef * rx * y1 / ry, cy1 = -coef * ry * x1 / rx
        let center = Point(x: cp * cx1 - sp * cy1 + (p0.x + p.x) / 2, y: sp * cx1 + cp * cy1 + (p0.y + p.y) / 2)
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        if sweep && delta < 0 { delta += 2 * Double.pi }
        path.addArcSegments(center: center, rx: rx, ry: ry, rotation: phi, startAngle: theta1, sweep: delta)
    }
}
