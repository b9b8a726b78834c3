/// Where a scroll view is scrolled to, as SwiftUI's `ScrollPosition`: the content point
/// shown at the viewport's top-leading corner. Keep it in `@State`, bind it with
/// `scrollPosition(_:)`, and change it in `withAnimation` to animate the scroll. It is not
/// clamped to the content.
public struct ScrollPosition: Hashable, Sendable {
    /// The content point at the viewport's top-leading corner, in points.
    public var point: CGPoint?

    public var x: CGFloat? { point?.x }
    public var y: CGFloat? { point?.y }

    /// Scrolled to the top (or leading) edge.
    public init(edge: Edge? = nil) { point = .zero }
    public init(point: CGPoint) { self.point = point }
    public init(x: CGFloat) { point = CGPoint(x: x, y: 0) }
    public init(y: CGFloat) { point = CGPoint(x: 0, y: y) }

    public mutating func scrollTo(point: CGPoint) { self.point = point }
    public mutating func scrollTo(x: CGFloat) { point = CGPoint(x: x, y: 0) }
    public mutating func scrollTo(y: CGFloat) { point = CGPoint(x: 0, y: y) }
    public mutating func scrollTo(x: CGFloat, y: CGFloat) { point = CGPoint(x: x, y: y) }
}

extension ScrollPosition: StateVector {
    var components: [Double] { [point?.x ?? 0, point?.y ?? 0] }
    static func make(_ c: ArraySlice<Double>) -> ScrollPosition { ScrollPosition(point: CGPoint.make(c)) }
    static var componentCount: Int { 2 }
}

extension View {
    /// Scrolls the scroll views inside to `position`.
    public func scrollPosition(_ position: Binding<ScrollPosition>, anchor: UnitPoint? = nil) -> ModifiedContent<Self, _EnvironmentModifier> {
        ModifiedContent(content: self, modifier: _EnvironmentModifier { $0.scrollPosition = position.wrappedValue.point ?? .zero })
    }
}
