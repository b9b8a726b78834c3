/// A pair of animatable values, itself animatable component-wise, as
/// SwiftUI's `AnimatablePair` (a point is a pair of numbers, a rectangle a
/// pair of pairs).
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic, Animatable {
    /// The first component.
    public var first: First
    /// The second component.
    public var second: Second

    /// Creates a pair from its two components.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// The pair of zeros.
    public static var zero: Self {
        Self(.zero, .zero)
    }

    /// Component-wise sum.
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(lhs.first + rhs.first, lhs.second + rhs.second)
    }

    /// Component-wise difference.
    public static func - (lhs: Self, rhs: Self) -> Self {
        Self(lhs.first - rhs.first, lhs.second - rhs.second)
    }

    /// Scales both components by `rhs`.
    public mutating func scale(by rhs: Double) {
        first.scale(by: rhs)
        second.scale(by: rhs)
    }

    /// The sum of both components' squared norms.
    public var magnitudeSquared: Double {
        first.magnitudeSquared + second.magnitudeSquared
    }

    /// The pair itself.
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

extension AnimatablePair: Equatable where First: Equatable, Second: Equatable {}
extension AnimatablePair: Hashable where First: Hashable, Second: Hashable {}
