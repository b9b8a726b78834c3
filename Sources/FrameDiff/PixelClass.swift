/// What the comparison found at one pixel, from the most to the least alike.
public enum PixelClass: UInt8, Sendable, CaseIterable {
    /// The same bytes in both frames.
    case identical = 0
    /// Different bytes, but a colour difference within the tolerance's threshold.
    case belowThreshold = 1
    /// Beyond the threshold, but explained by an edge moved by a fraction of a pixel.
    case antialiased = 2
    /// Beyond the threshold and not explained: a real difference.
    case differing = 3
}

/// The class of every pixel of a comparison, rows top to bottom.
public struct DifferenceMap: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `PixelClass` raw values, `width × height` of them.
    public let classes: [UInt8]

    /// Wraps `classes`, which must hold `width × height` raw `PixelClass` values.
    public init(width: Int, height: Int, classes: [UInt8]) {
        precondition(width > 0 && height > 0 && classes.count == width * height, "difference map size mismatch")
        self.width = width
        self.height = height
        self.classes = classes
    }

    /// The class of the pixel at column `x`, row `y` (both in range).
    public subscript(x: Int, y: Int) -> PixelClass {
        PixelClass(rawValue: classes[y * width + x] & 3)!
    }
}
