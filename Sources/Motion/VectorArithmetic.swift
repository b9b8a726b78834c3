/// A type with values that support addition and scaling, as SwiftUI's
/// `VectorArithmetic`: the space in which animations interpolate.
///
/// Conforming types form a vector space over `Double`: `+`, `-`, `.zero`
/// from `AdditiveArithmetic`, plus scaling and a squared Euclidean norm.
/// Numbers, pairs of animatable data and fixed-length vectors (points,
/// sizes, rectangles, premultiplied colours) conform.
public protocol VectorArithmetic: AdditiveArithmetic, Sendable {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)

    /// The dot product of the value with itself (the squared Euclidean norm).
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// Returns the value with every component multiplied by `rhs`.
    public func scaled(by rhs: Double) -> Self {
        var result = self
        result.scale(by: rhs)
        return result
    }

    /// Linear interpolation: `self` at `fraction` 0, `other` at 1, with no
    /// clamping (fractions outside [0, 1] extrapolate, as overshooting curves need).
    public func interpolated(towards other: Self, amount fraction: Double) -> Self {
        self + (other - self).scaled(by: fraction)
    }
}

extension Double: VectorArithmetic {
    /// Multiplies the number by `rhs`.
    public mutating func scale(by rhs: Double) {
        self *= rhs
    }

    /// The square of the number.
    public var magnitudeSquared: Double {
        self * self
    }
}
