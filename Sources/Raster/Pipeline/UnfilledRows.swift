/// The base layer's pixels that do not hold the background yet.
///
/// A canvas starts with its background in every pixel, but writing it all at once
/// (8 MB at 1080p) sends the whole frame through the cache before the first drawing
/// reads it back, and writes pixels that an opaque shape then covers. Instead each row
/// gets the background the first time a drawing reaches it, and only where it needs it:
/// the sweep's sinks fill a row from left to right just ahead of what they composite, skip
/// the pixels an opaque colour is about to cover whole, and fill the rest of the row when
/// it ends (`SinkRows`; a solid colour writes such a row whole, over the background as a
/// known value: `SolidSink`); other drawing fills whole rows first; reading the canvas's pixels
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
    /// The background, packed (`PremultipliedRGBA8.packed`).
    let color: UInt32
    /// Pixels per row.
    let width: Int

    static var none: UnfilledRows { UnfilledRows(flags: nil, remaining: nil, color: 0, width: 0) }

    private init(flags: UnsafeMutablePointer<UInt8>?, remaining: UnsafeMutablePointer<Int>?, color: UInt32, width: Int) {
        self.flags = flags
        self.remaining = remaining
        self.color = color
        self.width = width
    }

    /// `rows` rows of `width` pixels, none of which has the background `color` yet; the
    /// owner calls `deallocate()` when done.
    init(rows: Int, width: Int, color: UInt32) {
        let flags = UnsafeMutablePointer<UInt8>.allocate(capacity: rows)
        flags.initialize(repeating: 1, count: rows)
        let remaining = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        remaining.initialize(to: rows)
        self.init(flags: flags, remaining: remaining, color: color, width: width)
    }

    func deallocate() {
        flags?.deallocate()
        remaining?.deallocate()
    }

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
        Pixmap.fill(row + from &* 4, count: to &- from, with: color)
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
