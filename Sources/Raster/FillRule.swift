/// Which points a path's winding makes "inside", as SwiftUI's `FillStyle(eoFill:)`.
public enum FillRule: Sendable, Hashable {
    /// Inside where the winding number is not zero (SwiftUI's default).
    case nonZero
    /// Inside where the winding number is odd (`eoFill: true`).
    case evenOdd
}
