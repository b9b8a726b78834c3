/// A run of pixels on one row with non-zero coverage: `x0..<x1` in device pixels,
/// either of one coverage value (`coverage` in 1…65,535, where 65,535 is full) or of
/// per-pixel values (`coverage` −1) held in the row's coverage buffer at the same
/// columns.
struct CoverageSpan {
    var x0: Int32
    var x1: Int32
    var coverage: Int32

    var isConstant: Bool { coverage >= 0 }
}
