/// A rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
public struct PixelBounds: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The leftmost column, from 0.
    public var x: Int
    /// The top row, from 0.
    public var y: Int
    /// Width in pixels, at least 1.
    public var width: Int
    /// Height in pixels, at least 1.
    public var height: Int

    /// The rectangle of `width × height` pixels whose top-left pixel is (`x`, `y`).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The one-pixel rectangle at column `x`, row `y`.
    public init(x: Int, y: Int) {
        self.init(x: x, y: y, width: 1, height: 1)
    }

    /// The smallest rectangle holding both `self` and the pixel at column `x`, row `y`.
    public func including(x px: Int, y py: Int) -> PixelBounds {
        let x0 = min(x, px), y0 = min(y, py)
        let x1 = max(x + width, px + 1), y1 = max(y + height, py + 1)
        return PixelBounds(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `x,y widthxheight`, as image tools print a region.
    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}
