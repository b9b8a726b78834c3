/// A fixed-length vector of numbers that animates component-wise: the form in
/// which the rest of the program hands points, sizes, rectangles and
/// premultiplied sRGB colours to Motion.
///
/// `zero` is the empty vector and acts as the additive identity for vectors
/// of any length: a missing component counts as 0. Adding vectors of two
/// different non-zero lengths keeps the longer length.
public struct AnimatableVector: VectorArithmetic, Animatable, Hashable, ExpressibleByArrayLiteral {
    /// The components, in a caller-defined order (x, y, width, height, …).
    public var components: [Double]

    /// Creates a vector from its components.
    public init(_ components: [Double]) {
        self.components = components
    }

    /// Creates a vector from an array literal.
    public init(arrayLiteral elements: Double...) {
        self.components = elements
    }

    /// The empty vector, which adds as zeros of any length.
    public static var zero: Self {
        Self([])
    }

    /// The number of components.
    public var count: Int {
        components.count
    }

    /// Component-wise sum; missing components count as 0.
    public static func + (lhs: Self, rhs: Self) -> Self {
        combine(lhs, rhs, +)
    }

    /// Component-wise difference; missing components count as 0.
    public static func - (lhs: Self, rhs: Self) -> Self {
        combine(lhs, rhs, -)
    }

    /// Scales every component by `rhs`.
    public mutating func scale(by rhs: Double) {
        for index in components.indices {
            components[index] *= rhs
        }
    }

    /// The sum of the squared components.
    public var magnitudeSquared: Double {
        components.reduce(0) { $0 + $1 * $1 }
    }

    /// The vector itself.
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }

    /// Vectors are equal when they agree component-wise, a missing component
    /// counting as 0 (so `zero` equals every all-zero vector).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        let count = max(lhs.count, rhs.count)
        for index in 0..<count {
            let left = index < lhs.count ? lhs.components[index] : 0
            let right = index < rhs.count ? rhs.components[index] : 0
            if left != right { return false }
        }
        return true
    }

    /// Hashes the components without trailing zeros, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        var end = components.count
        while end > 0, components[end - 1] == 0 {
            end -= 1
        }
        for index in 0..<end {
            hasher.combine(components[index])
        }
        hasher.combine(end)
    }

    private static func combine(_ lhs: Self, _ rhs: Self, _ operation: (Double, Double) -> Double) -> Self {
        let count = max(lhs.count, rhs.count)
        var result = [Double](repeating: 0, count: count)
        for index in 0..<count {
            let left = index < lhs.count ? lhs.components[index] : 0
            let right = index < rhs.count ? rhs.components[index] : 0
            result[index] = operation(left, right)
        }
        return Self(result)
    }
}
