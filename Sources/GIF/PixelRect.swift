/// A rectangle of pixels, inclusive.
struct PixelRect {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    var pixelCount: Int { (maxX - minX + 1) * (maxY - minY + 1) }

    /// Grows to take in `other` (an empty rectangle has `maxX < minX`).
    @inline(__always)
    mutating func include(_ other: PixelRect) {
        minX = min(minX, other.minX)
        minY = min(minY, other.minY)
        maxX = max(maxX, other.maxX)
        maxY = max(maxY, other.maxY)
    }
}
