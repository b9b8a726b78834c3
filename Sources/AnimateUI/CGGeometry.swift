// Core Graphics' geometry types, which SwiftUI code uses everywhere, as small value
// types of this module: Foundation on Linux would pull itself into every frame's
// path building, and its `CGAffineTransform` is missing there. Same names, fields,
// initializers and accessors as Apple's; `CGFloat` is `Double` (Apple's is a
// 64-bit float on every current platform).

/// Core Graphics' scalar: a 64-bit float.
public typealias CGFloat = Double

/// A point in a two-dimensional coordinate system (y grows downward in views).
public struct CGPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat

    public init() { self.init(x: 0, y: 0) }
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    public init(x: Int, y: Int) { self.init(x: CGFloat(x), y: CGFloat(y)) }

    /// The origin, (0, 0).
    public static let zero = CGPoint(x: 0, y: 0)

    /// The point transformed by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

/// A width and a height.
public struct CGSize: Hashable, Sendable {
    public var width: CGFloat
    public var height: CGFloat

    public init() { self.init(width: 0, height: 0) }
    public init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
    }
    public init(width: Int, height: Int) { self.init(width: CGFloat(width), height: CGFloat(height)) }

    /// No width, no height.
    public static let zero = CGSize(width: 0, height: 0)

    /// The size transformed by `t`'s linear part.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

/// A vector, as `CGVector`.
public struct CGVector: Hashable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat

    public init() { self.init(dx: 0, dy: 0) }
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = CGVector(dx: 0, dy: 0)
}

/// A rectangle: an origin and a size. Accessors standardize a negative size, as Apple's do.
public struct CGRect: Hashable, Sendable {
    public var origin: CGPoint
    public var size: CGSize

    public init() { self.init(origin: .zero, size: .zero) }
    public init(origin: CGPoint, size: CGSize) {
        self.origin = origin
        self.size = size
    }
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
    }
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x: CGFloat(x), y: CGFloat(y), width: CGFloat(width), height: CGFloat(height))
    }

    public static let zero = CGRect(x: 0, y: 0, width: 0, height: 0)
    /// The rectangle with no extent at infinity, as Apple's `CGRect.null`.
    public static let null = CGRect(x: .infinity, y: .infinity, width: 0, height: 0)
    public static let infinite = CGRect(x: -.greatestFiniteMagnitude / 2, y: -.greatestFiniteMagnitude / 2, width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    public var minX: CGFloat { min(origin.x, origin.x + size.width) }
    public var midX: CGFloat { origin.x + size.width / 2 }
    public var maxX: CGFloat { max(origin.x, origin.x + size.width) }
    public var minY: CGFloat { min(origin.y, origin.y + size.height) }
    public var midY: CGFloat { origin.y + size.height / 2 }
    public var maxY: CGFloat { max(origin.y, origin.y + size.height) }
    public var width: CGFloat { abs(size.width) }
    public var height: CGFloat { abs(size.height) }
    public var isEmpty: Bool { size.width == 0 || size.height == 0 || isNull }
    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }

    /// The same rectangle with a non-negative size.
    public var standardized: CGRect { CGRect(x: minX, y: minY, width: width, height: height) }

    public func insetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        CGRect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public func offsetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        CGRect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    public func contains(_ point: CGPoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    public func intersects(_ other: CGRect) -> Bool { !intersection(other).isNull }

    public func intersection(_ other: CGRect) -> CGRect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x0 <= x1, y0 <= y1 else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func union(_ other: CGRect) -> CGRect {
        if isNull { return other }
        if other.isNull { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return CGRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The bounding box of the rectangle's corners transformed by `t`.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
            .map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
