/// An animation curve as a function of time, for expressions: `easeInOut(x)`,
/// `spring(response: 0.5, dampingFraction: 0.6)(t)`. The Timeline module builds it
/// from a SwiftUI animation; two curves are equal when their descriptions are.
public struct Curve: Sendable, Equatable {
    /// The animation as written in SwiftUI's spelling, such as `easeInOut(duration: 1)`.
    public var description: String
    /// The progress `t` seconds after the start: 0 before, 1 when complete, possibly
    /// overshooting in between.
    public var progress: @Sendable (Double) -> Double

    public init(_ description: String, progress: @escaping @Sendable (Double) -> Double) {
        self.description = description
        self.progress = progress
    }

    public static func == (a: Curve, b: Curve) -> Bool { a.description == b.description }
}
