/// A type whose value can be animated, as SwiftUI's `Animatable`: it exposes
/// the vector that animations interpolate.
public protocol Animatable {
    /// The type of the interpolated data.
    associatedtype AnimatableData: VectorArithmetic

    /// The data to animate; setting it moves the value to the interpolated point.
    var animatableData: AnimatableData { get set }
}

extension Double: Animatable {
    /// The number itself.
    public var animatableData: Double {
        get { self }
        set { self = newValue }
    }
}
