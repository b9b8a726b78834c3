import Geometry

/// A size proposed to a view by its parent, as SwiftUI's `ProposedViewSize`:
/// nil in a dimension asks for the view's ideal size, `.infinity` for its maximum.
public struct ProposedSize: Sendable, Hashable {
    public var width: Double?
    public var height: Double?

    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    public init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// Both dimensions unspecified.
    public static let unspecified = ProposedSize(width: nil, height: nil)
    public static let zero = ProposedSize(width: 0, height: 0)
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)

    /// The proposal with nil dimensions replaced by `defaultSize`'s.
    public func replacingUnspecifiedDimensions(by defaultSize: Size) -> Size {
        Size(width: width ?? defaultSize.width, height: height ?? defaultSize.height)
    }
}
