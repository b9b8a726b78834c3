#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// A shape: SwiftUI's built-in shapes, the seed articles' parametric shapes, and
/// free paths. Each draws itself into the rectangle its view was given.
public enum Shape: Sendable {
    case rectangle
    case circle
    case ellipse
    case capsule
    case roundedRectangle(cornerRadius: Expression, style: CornerStyle)
    /// The clipping article's `Star`: `points` outer corners (at least 2), inner
    /// corners at `innerRatio` of the outer radius, the first corner at angle 0.
    case star(points: Expression, innerRatio: Expression)
    /// The clipping article's `OverlappingEllipses(ellipsesNumber:overlapping:)`.
    case overlappingEllipses(count: Expression, overlapping: Expression)
    /// The clipping article's `OverlappingRectangles(rectanglesNumber:overlapping:)`.
    case overlappingRectangles(count: Expression, overlapping: Expression)
    /// The band `width` wide just inside the frame (SwiftUI's `border`), filled even-odd.
    case border(width: Expression)
    /// A closed polygon; with `unitSpace` coordinates are fractions of the frame.
    case polygon(points: [(Expression, Expression)], unitSpace: Bool)
    /// A fixed path (from SVG path data); with `unitSpace` coordinates are fractions of the frame.
    case path(Path, unitSpace: Bool)
    /// A path built from commands whose numbers may use `w` and `h`.
    case commands([PathCommand], unitSpace: Bool)
    /// A path computed by Swift code from the frame rectangle (a SwiftUI `Shape`'s `path(in:)`).
    case custom(CustomShape)
    /// A shape drawn in its frame shrunk by `amount` on every side (SwiftUI's `inset(by:)`).
    indirect case inset(Shape, amount: Expression)
    /// A shape moved, rotated, scaled or transformed in its frame (SwiftUI's `OffsetShape`,
    /// `RotatedShape`, `ScaledShape`, `TransformedShape`).
    indirect case transformed(Shape, ShapeTransform)
    /// A boolean operation of two shapes laid in the same frame (SwiftUI's iOS 17
    /// `union`, `intersection`, `subtracting`, `symmetricDifference`).
    indirect case operation(Shape, PathOperation, Shape, eoFill: Bool)
    /// The first shape's outline inside or outside the second's region (`lineIntersection`, `lineSubtraction`).
    indirect case lineOperation(Shape, LineOperation, Shape, eoFill: Bool)
}

/// A transform of a shape within its frame.
public enum ShapeTransform: Sendable {
    /// Moves the outline by (x, y) points.
    case offset(x: Expression, y: Expression)
    /// Rotates the outline clockwise by `degrees` about `anchor` (a unit point of the frame; centre by default).
    case rotation(degrees: Expression, anchor: Alignment)
    /// Scales the outline by (x, y) about `anchor` (centre by default).
    case scale(x: Expression, y: Expression, anchor: Alignment)
    /// Applies the affine transform (a, b, c, d, tx, ty) to the outline, as `CGAffineTransform`.
    case affine(a: Expression, b: Expression, c: Expression, d: Expression, tx: Expression, ty: Expression)
}

/// An outline computed from the frame rectangle by a function, for shapes written in Swift.
public struct CustomShape: Sendable {
    /// The outline in the given frame rectangle, in the same coordinates.
    public var path: @Sendable (Rect) -> Path

    public init(path: @escaping @Sendable (Rect) -> Path) {
        self.path = path
    }
}

/// How a rounded rectangle's corners are drawn: `.continuous` (Apple's smooth-curvature
/// corners, SwiftUI's default) or `.circular` (quarter circles).
public typealias CornerStyle = RoundedCornerStyle

/// One command of a `path` view's `commands` list.
public enum PathCommand: Sendable {
    case move(Expression, Expression)
    case line(Expression, Expression)
    case quad(x: Expression, y: Expression, cx: Expression, cy: Expression)
    case cubic(x: Expression, y: Expression, c1x: Expression, c1y: Expression, c2x: Expression, c2y: Expression)
    /// An arc around (cx, cy) from `start` to `end` degrees, SwiftUI's `clockwise` sense.
    case arc(cx: Expression, cy: Expression, radius: Expression, start: Expression, end: Expression, clockwise: Bool)
    case rect(x: Expression, y: Expression, width: Expression, height: Expression)
    case ellipse(x: Expression, y: Expression, width: Expression, height: Expression)
    case roundedRect(x: Expression, y: Expression, width: Expression, height: Expression, radius: Expression, style: CornerStyle)
    case close
}

extension Shape {
    /// The shape's outline in `rect`, with expressions evaluated in `context`
    /// (`w` and `h` are the rectangle's size).
    public func path(in rect: Rect, context: EvaluationContext) -> Path {
        var ctx = context
        ctx.shapeWidth = rect.width
        ctx.shapeHeight = rect.height
        var path = Path()
        switch self {
        case .rectangle:
            path.addRect(rect)
        case .ellipse:
            path.addEllipse(in: rect)
        case .circle:
            let d = min(rect.width, rect.height)
            path.addEllipse(in: Rect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d))
        case .capsule:
            path.addRoundedRect(rect, cornerRadius: min(rect.width, rect.height) / 2, style: .circular)
        case .roundedRectangle(let radius, let style):
            path.addRoundedRect(rect, cornerRadius: radius.evaluate(in: ctx), style: style)
        case .star(let points, let innerRatio):
            Shape.addStar(to: &path, in: rect, points: points.evaluate(in: ctx), innerRatio: innerRatio.evaluate(in: ctx))
        case .overlappingEllipses(let count, let overlapping):
            Shape.addOverlapping(to: &path, in: rect, count: count.evaluate(in: ctx), overlapping: overlapping.evaluate(in: ctx), ellipses: true)
        case .overlappingRectangles(let count, let overlapping):
            Shape.addOverlapping(to: &path, in: rect, count: count.evaluate(in: ctx), overlapping: overlapping.evaluate(in: ctx), ellipses: false)
        case .border(let width):
            let w = min(max(width.evaluate(in: ctx), 0), min(rect.width, rect.height) / 2)
            path.addRect(rect)
            if w < min(rect.width, rect.height) / 2 { path.addRect(rect.insetBy(dx: w, dy: w)) }
        case .polygon(let points, let unitSpace):
            let map = Shape.frameMapping(rect, unitSpace: unitSpace)
            for (i, p) in points.enumerated() {
                let q = map.apply(Point(x: p.0.evaluate(in: ctx), y: p.1.evaluate(in: ctx)))
                if i == 0 { path.move(to: q) } else { path.addLine(to: q) }
            }
            path.closeSubpath()
        case .path(let fixed, let unitSpace):
            path.addPath(fixed, transform: Shape.frameMapping(rect, unitSpace: unitSpace))
        case .commands(let commands, let unitSpace):
            let map = Shape.frameMapping(rect, unitSpace: unitSpace)
            var local = Path()
            for command in commands { command.apply(to: &local, context: ctx) }
            path.addPath(local, transform: map)
        case .custom(let shape):
            path.addPath(shape.path(rect))
        case .inset(let shape, let amount):
            let a = amount.evaluate(in: ctx)
            let inner = a.isFinite ? rect.insetBy(dx: min(a, rect.width / 2), dy: min(a, rect.height / 2)) : rect
            return shape.path(in: inner, context: context)
        case .transformed(let shape, let transform):
            return shape.path(in: rect, context: context).applying(transform.matrix(in: rect, context: ctx))
        case .operation(let shape, let operation, let other, let eoFill):
            let a = shape.path(in: rect, context: context), b = other.path(in: rect, context: context)
            guard let memo = context.shapeOperations else { return a.applying(operation, b, eoFill: eoFill) }
            return memo.result(.init(operation: .region(operation), eoFill: eoFill, a: a, b: b)) { a.applying(operation, b, eoFill: eoFill) }
        case .lineOperation(let shape, let operation, let other, let eoFill):
            let a = shape.path(in: rect, context: context), b = other.path(in: rect, context: context)
            guard let memo = context.shapeOperations else { return a.applying(operation, b, eoFill: eoFill) }
            return memo.result(.init(operation: .line(operation), eoFill: eoFill, a: a, b: b)) { a.applying(operation, b, eoFill: eoFill) }
        }
        return path
    }

    /// Maps shape-local coordinates to the frame: a translation to its origin,
    /// and for unit space a scale by its size.
    static func frameMapping(_ rect: Rect, unitSpace: Bool) -> AffineTransform {
        let t = AffineTransform(translationX: rect.minX, y: rect.minY)
        return unitSpace ? AffineTransform(scaleX: rect.width, y: rect.height).concatenating(t) : t
    }

    static func addStar(to path: inout Path, in rect: Rect, points: Double, innerRatio: Double) {
        guard points.isFinite, innerRatio.isFinite else { return }
        let n = max(Int(points.rounded(.down)), 2)
        let center = rect.center
        let angle = Double.pi / Double(n)
        let outer = min(rect.width / 2, rect.height / 2)
        let inner = outer * innerRatio
        for corner in 0..<(2 * n) {
            let radius = corner % 2 == 0 ? outer : inner
            let p = Point(x: center.x + cos(Double(corner) * angle) * radius, y: center.y + sin(Double(corner) * angle) * radius)
            if corner == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
    }

    /// `count` shapes each `width / n · (1 + (n − 1) · overlapping)` wide, the k-th at
    /// `x = (width − w) · k / (n − 1)`; `overlapping` is clamped to 0…1 and `count` to ≥ 1
    /// (a single shape fills the frame).
    static func addOverlapping(to path: inout Path, in rect: Rect, count: Double, overlapping: Double, ellipses: Bool) {
        guard count.isFinite, overlapping.isFinite else { return }
        let n = max(Int(count.rounded(.down)), 1)
        let o = min(max(overlapping, 0), 1)
        let w = rect.width / Double(n) * (1 + Double(n - 1) * o)
        for k in 0..<n {
            let x = n == 1 ? 0 : (rect.width - w) * Double(k) / Double(n - 1)
            let r = Rect(x: rect.minX + x, y: rect.minY, width: w, height: rect.height)
            if ellipses { path.addEllipse(in: r) } else { path.addRect(r) }
        }
    }
}

extension PathCommand {
    func apply(to path: inout Path, context c: EvaluationContext) {
        func p(_ x: Expression, _ y: Expression) -> Point { Point(x: x.evaluate(in: c), y: y.evaluate(in: c)) }
        switch self {
        case .move(let x, let y): path.move(to: p(x, y))
        case .line(let x, let y): path.addLine(to: p(x, y))
        case .quad(let x, let y, let cx, let cy): path.addQuadCurve(to: p(x, y), control: p(cx, cy))
        case .cubic(let x, let y, let c1x, let c1y, let c2x, let c2y):
            path.addCurve(to: p(x, y), control1: p(c1x, c1y), control2: p(c2x, c2y))
        case .arc(let cx, let cy, let r, let start, let end, let clockwise):
            path.addArc(
                center: p(cx, cy), radius: r.evaluate(in: c), startAngle: start.evaluate(in: c) * Double.pi / 180,
                endAngle: end.evaluate(in: c) * Double.pi / 180, clockwise: clockwise)
        case .rect(let x, let y, let w, let h):
            path.addRect(Rect(origin: p(x, y), size: Size(width: w.evaluate(in: c), height: h.evaluate(in: c))))
        case .ellipse(let x, let y, let w, let h):
            path.addEllipse(in: Rect(origin: p(x, y), size: Size(width: w.evaluate(in: c), height: h.evaluate(in: c))))
        case .roundedRect(let x, let y, let w, let h, let r, let style):
            path.addRoundedRect(
                Rect(origin: p(x, y), size: Size(width: w.evaluate(in: c), height: h.evaluate(in: c))),
                cornerRadius: r.evaluate(in: c), style: style)
        case .close: path.closeSubpath()
        }
    }
}
