/// Colour stops along a gradient, as SwiftUI's `Gradient`.
///
/// Colours are interpolated in premultiplied gamma-encoded sRGB between neighbouring
/// stops (so a fade to `.clear` never darkens); before the first stop and after the
/// last the end colours continue (pad spread, SwiftUI's only one). Stops are sorted by
/// location (stably, so equal locations make a hard edge in the order given: the later
/// stop from that location on, the first stop still before the start, as Core Graphics);
/// locations are clamped to 0…1.
public struct Gradient: Sendable, Hashable {
    /// One colour at one location.
    public struct Stop: Sendable, Hashable {
        /// The colour at this stop.
        public var color: Color
        /// Position along the gradient, 0…1.
        public var location: Double

        /// A stop of `color` at `location` (0…1).
        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }

    /// The stops in the order given.
    public var stops: [Stop]

    /// A gradient with the given stops (any order; see the type's notes).
    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// Evenly spaced colours (a single colour is a solid gradient), as `Gradient(colors:)`.
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { Stop(color: $1, location: n > 1 ? Double($0) / Double(n - 1) : 0) }
    }
}
