/// The base layer's pixels that do not hold the background yet.
///
/// A canvas starts with its background in every pixel, but writing it all at once
/// (8 MB at 1080p) sends the whole frame through the cache before the first drawing
/// reads it back, and writes pixels that an opaque shape then covers. Instead each row
/// gets the background the first time a drawing reaches it, and only where it needs it:
/// the sweep's sinks fill a row from left to right just ahead of what they composite, skip
/// the pixels an opaque colour is about to cover whole, and fill the rest of the row when
/// it ends (`SinkRows`); other drawing fills whole rows first; reading the canvas's pixels
/// fills the rows nothing reached. Every pixel holds the background before anything reads
/// or blends it, so the image is exactly that of a canvas filled first.
///
/// Owned by one canvas; `flags` is nil for layers other than the base and once every row
/// has been reached, so drawing there checks nothing.
struct UnfilledRows {
    /// One flag per row, non-zero while the row lacks the background.
    let flags: UnsafeMutablePointer<UInt8>?
    /// How many flags are set.
    let remaining: UnsafeMutablePointer<Int>?
    /// The background as four packed bytes (premultiplied r, g, b, a in memory order).
    let color: UInt32
    /// Pixels per row.
    let width: Int

    static var none: UnfilledRows { UnfilledRows(flags: nil, remaining: nil, color: 0, width: 0) }

    /// Whether row `y` lacked the background; it is counted as having it from now on, so
    /// the caller must fill it (`fill`) before anything reads it.
    @inline(__always)
    func take(_ y: Int) -> Bool {
        guard let flags, flags[y] != 0 else { return false }
        flags[y] = 0
        remaining.unsafelyUnwrapped.pointee &-= 1
        return true
    }

    /// Writes the background into pixels `from..<to` of the row at `row`.
    @inline(__always)
    func fill(_ row: UnsafeMutableRawPointer, _ from: Int, _ to: Int) {
        let start = row + from &* 4, count = to &- from
        if color == color & 0xFF &* 0x0101_0101 {
            // Four equal bytes (transparent, white): the C library's memset.
            start.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: color), count: count &* 4)
        } else {
            SourceOver.fill(start, count: count, color: color)
        }
    }

    /// Fills row `y`, starting at `row`, with the background if it lacks it.
    @inline(__always)
    func prepare(_ y: Int, row: UnsafeMutableRawPointer) {
        if take(y) { fill(row, 0, width) }
    }

    /// Fills the rows `y0..<y1` of `pixels` (rows of `width` pixels) that lack the background.
    func prepare(rows y0: Int, _ y1: Int, pixels: UnsafeMutablePointer<UInt8>) {
        guard flags != nil else { return }
        for y in y0..<y1 { prepare(y, row: UnsafeMutableRawPointer(pixels + y &* width &* 4)) }
    }
}
