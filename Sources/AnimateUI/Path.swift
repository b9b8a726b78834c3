internal import Geometry

/// An outline built from lines and curves, as SwiftUI's `Path`. As a shape it draws
/// itself where it is, in the coordinates of its frame (origin at the top-leading corner).
/// Angles are `Angle`s; `clockwise` has SwiftUI's sense (in y-down coordinates).
public struct Path: Shape {
    var storage: Geometry.Path

    public init() { storage = Geometry.Path() }

    public init(_ rect: CGRect) {
        self.init()
        addRect(rect)
    }

    public init(ellipseIn rect: CGRect) {
        self.init()
        addEllipse(in: rect)
    }

    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init()
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.init()
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    /// A path built by `callback`.
    public init(_ callback: (inout Path) -> Void) {
        self.init()
        callback(&self)
    }

    init(storage: Geometry.Path) { self.storage = storage }

    public var isEmpty: Bool { storage.isEmpty }

    /// The last point added, if any.
    public var currentPoint: CGPoint? { storage.isEmpty ? nil : CGPoint(storage.currentPoint) }

    /// The bounds of the path's points, control points included.
    public var boundingRect: CGRect {
        let r = storage.controlPointBounds
        return CGRect(x: r.minX, y: r.minY, width: r.width, height: r.height)
    }

    public mutating func move(to point: CGPoint) { storage.move(to: point.geometry) }

    public mutating func addLine(to point: CGPoint) { storage.addLine(to: point.geometry) }

    /// A line from the first point through the others, starting a new subpath.
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        storage.addQuadCurve(to: point.geometry, control: control.geometry)
    }

    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        storage.addCurve(to: point.geometry, control1: control1.geometry, control2: control2.geometry)
    }

    public mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        guard !transform.isIdentity else {
            storage.addArc(center: center.geometry, radius: radius, startAngle: startAngle.radians, endAngle: endAngle.radians, clockwise: clockwise)
            return
        }
        var arc = Geometry.Path()
        arc.addArc(center: center.geometry, radius: radius, startAngle: startAngle.radians, endAngle: endAngle.radians, clockwise: clockwise)
        append(arc, transform: transform, continuing: !storage.isEmpty)
    }

    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        var r = Geometry.Path()
        r.addRect(rect.geometry)
        storage.addPath(r, transform: transform.geometry)
    }

    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        var e = Geometry.Path()
        e.addEllipse(in: rect.geometry)
        storage.addPath(e, transform: transform.geometry)
    }

    public mutating func addRoundedRect(
        in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous, transform: CGAffineTransform = .identity
    ) {
        var r = Geometry.Path()
        r.addRoundedRect(in: rect.geometry, cornerSize: Size(width: cornerSize.width, height: cornerSize.height), style: style.geometry)
        storage.addPath(r, transform: transform.geometry)
    }

    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        storage.addPath(path.storage, transform: transform.geometry)
    }

    public mutating func closeSubpath() { storage.closeSubpath() }

    /// The path with every point transformed.
    public func applying(_ transform: CGAffineTransform) -> Path { Path(storage: storage.applying(transform.geometry)) }

    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path { applying(CGAffineTransform(translationX: dx, y: dy)) }

    public func path(in rect: CGRect) -> Path { self }

    /// Adds `other`'s segments; its leading move-to joins the current subpath with a line when `continuing`.
    private mutating func append(_ other: Geometry.Path, transform: CGAffineTransform, continuing: Bool) {
        let moved = other.applying(transform.geometry)
        guard continuing, moved.verbs.first == .move else {
            storage.addPath(moved)
            return
        }
        // Replay with the first move turned into a line to the arc's start, as Core Graphics does.
        var index = 0
        for (n, verb) in moved.verbs.enumerated() {
            switch verb {
            case .move:
                if n == 0 { storage.addLine(to: moved.points[index]) } else { storage.move(to: moved.points[index]) }
                index += 1
            case .line:
                storage.addLine(to: moved.points[index])
                index += 1
            case .quad:
                storage.addQuadCurve(to: moved.points[index + 1], control: moved.points[index])
                index += 2
            case .cubic:
                storage.addCurve(to: moved.points[index + 2], control1: moved.points[index], control2: moved.points[index + 1])
                index += 3
            case .close:
                storage.closeSubpath()
            }
        }
    }
}

/// How a rounded rectangle's corners are drawn, as SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: Hashable, Sendable {
    /// Quarter circles.
    case circular
    /// Apple's smooth-curvature corners.
    case continuous

    var geometry: Geometry.RoundedCornerStyle { self == .circular ? .circular : .continuous }
}

extension CGPoint {
    var geometry: Point { Point(x: x, y: y) }
    init(_ p: Point) { self.init(x: p.x, y: p.y) }
}

extension CGRect {
    var geometry: Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
    init(_ r: Rect) { self.init(x: r.minX, y: r.minY, width: r.width, height: r.height) }
}

extension CGAffineTransform {
    var geometry: AffineTransform { AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty) }
}
