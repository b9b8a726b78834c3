/// A point in a view's unit square, as SwiftUI's `UnitPoint`: (0, 0) is the
/// top-leading corner, (1, 1) the bottom-trailing one.
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat

    public init() { self.init(x: 0, y: 0) }
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// An alignment in both axes, as SwiftUI's `Alignment`.
public struct Alignment: Hashable, Sendable {
    var unit: UnitPoint

    public static let center = Alignment(unit: .center)
    public static let leading = Alignment(unit: .leading)
    public static let trailing = Alignment(unit: .trailing)
    public static let top = Alignment(unit: .top)
    public static let bottom = Alignment(unit: .bottom)
    public static let topLeading = Alignment(unit: .topLeading)
    public static let topTrailing = Alignment(unit: .topTrailing)
    public static let bottomLeading = Alignment(unit: .bottomLeading)
    public static let bottomTrailing = Alignment(unit: .bottomTrailing)
}

/// A vertical stack's alignment of its children across, as SwiftUI's `HorizontalAlignment`.
public struct HorizontalAlignment: Hashable, Sendable {
    var x: CGFloat
    public static let leading = HorizontalAlignment(x: 0)
    public static let center = HorizontalAlignment(x: 0.5)
    public static let trailing = HorizontalAlignment(x: 1)
}

/// A horizontal stack's alignment of its children across, as SwiftUI's `VerticalAlignment`.
public struct VerticalAlignment: Hashable, Sendable {
    var y: CGFloat
    public static let top = VerticalAlignment(y: 0)
    public static let center = VerticalAlignment(y: 0.5)
    public static let bottom = VerticalAlignment(y: 1)
}
