/// Full-coverage rows of an opaque shader whose rows are one row moved sideways (a
/// linear gradient: `SpanShader.rowShift`), copied from one shaded row instead of shaded
/// pixel by pixel.
///
/// The strip holds row `row`'s packed colours over columns `start..<start + count`; row
/// y copies its pixels from the strip, `round((y − row) · shift)` columns to the right.
/// A strip covers the drawing's window (`left..<right`) and the distance the rows below
/// it down to `bottom` move (within `capacity` pixels); a row that reaches past it shades
/// a new one from itself. A rectangle under a diagonal gradient thus shades about one
/// row and copies the others, where a lookup per pixel costs several times a copy.
struct ShiftedRows {
    /// The largest move from one row to the next (columns) for which copying pays: past
    /// it a strip serves only a few rows.
    static let maxShift = 16.0

    let pixels: UnsafeMutablePointer<UInt32>
    let capacity: Int
    let shift: Double
    /// The drawing's window: columns `left..<right`, rows before `bottom`.
    let left: Int, right: Int, bottom: Int
    /// The row the strip was shaded on, its first column and its length (0: no strip yet).
    private var row = 0, start = 0, count = 0

    init(pixels: UnsafeMutablePointer<UInt32>, capacity: Int, shift: Double, left: Int, right: Int, bottom: Int) {
        self.pixels = pixels
        self.capacity = capacity
        self.shift = shift
        self.left = left
        self.right = right
        self.bottom = bottom
    }

    /// Writes the `n` pixels of row `y` from column `x` (within the window) to `out`.
    @inline(__always)
    mutating func draw<Shader: SpanShader>(_ shader: Shader, x: Int, y: Int, count n: Int, into out: UnsafeMutableRawPointer) {
        let move = Double(y &- row) * shift
        var from = x &+ Int(move < 0 ? move - 0.5 : move + 0.5)
        if count == 0 || from < start || from &+ n > start &+ count {
            let width = right &- left
            let reach = min(Int((abs(shift) * Double(bottom &- y)).rounded(.up)) &+ 1, capacity &- width)
            guard reach > 0 else {
                shader.shadePacked(x: x, y: y, count: n, into: out)
                return
            }
            row = y
            start = shift >= 0 ? left : left &- reach
            count = width &+ reach
            shader.shadePacked(x: start, y: y, count: count, into: UnsafeMutableRawPointer(pixels))
            from = x
        }
        out.copyMemory(from: pixels + (from &- start), byteCount: n &* 4)
    }
}
