/// A run of pixels on one row with non-zero coverage: `x0..<x1` in device pixels,
/// either of one coverage value (`coverage > 0`) or of per-pixel values (`coverage < 0`)
/// held in the row's coverage buffer at the same columns.
struct CoverageSpan {
    var x0: Int32
    var x1: Int32
    var coverage: Float

    var isConstant: Bool { coverage >= 0 }
}
