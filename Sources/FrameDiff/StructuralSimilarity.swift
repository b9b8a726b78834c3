// Mean structural similarity (SSIM) of two frames' luma.
//
// Z. Wang, A. C. Bovik, H. R. Sheikh, E. P. Simoncelli, "Image quality
// assessment: from error visibility to structural similarity", IEEE TIP 13(4),
// 2004, computed as scikit-image's `structural_similarity` does by default: a
// 7 × 7 uniform window at every position where it fits inside the frame,
// sample (N − 1) covariances, C1 = (0.01 · 255)², C2 = (0.03 · 255)², and the
// mean over those windows. Luma is Rec. 601's weighting of the gamma-encoded
// components composited over white.
//
// The windows' sums (x, y, x², y², xy) are kept per column over the window's
// rows, moved down a row at a time (a row enters, a row leaves), and slid
// across the columns the same way for each row of windows; the similarity of a
// row of windows is then taken four windows at a time. Luma is kept in
// thousandths, whole numbers, so that every sum is exact. Everything lives in a few
// rows of memory, kept between frames of the same size.

import Raster

/// Computes mean SSIM, reusing its buffers from frame to frame.
struct StructuralSimilarity {
    /// Both frames' luma in thousandths, row after row: x then y.
    private var luma: [Float] = []
    /// Per column, the sums over the window's rows: x, y, x², y², xy, `width` each.
    private var columns: [Double] = []
    /// Per window of the current row, the same five sums over the window, `width` each.
    private var windows: [Double] = []

    /// The mean SSIM of `x` and `y`, which have the same size; −1…1, 1 for identical frames.
    mutating func mean(_ x: Pixmap, _ y: Pixmap) -> Double {
        let width = x.width, height = x.height, count = width * height
        let window = min(7, width, height)
        if luma.count != count * 2 { luma = [Float](repeating: 0, count: count * 2) }
        if columns.count != width * 5 { columns = [Double](repeating: 0, count: width * 5) }
        if windows.count != width * 5 { windows = [Double](repeating: 0, count: width * 5) }
        luma.withUnsafeMutableBufferPointer { luma in
            Self.fillLuma(x, into: luma.baseAddress!)
            Self.fillLuma(y, into: luma.baseAddress! + count)
        }
        let n = Double(window * window)
        let constants = Constants(n: n, normalisation: window > 1 ? n / (n - 1) : 1)
        let across = width - window + 1
        var total = 0.0
        luma.withUnsafeBufferPointer { luma in
            columns.withUnsafeMutableBufferPointer { columns in
                windows.withUnsafeMutableBufferPointer { windows in
                    let xs = luma.baseAddress!, ys = xs + count
                    let c = columns.baseAddress!, w = windows.baseAddress!
                    c.update(repeating: 0, count: width * 5)
                    for row in 0..<height {
                        Self.addRow(xs + row * width, ys + row * width, to: c, width: width, sign: 1)
                        if row >= window { Self.addRow(xs + (row - window) * width, ys + (row - window) * width, to: c, width: width, sign: -1) }
                        guard row >= window - 1 else { continue }
                        Self.slideWindows(c, into: w, width: width, window: window)
                        total += Self.similaritySum(w, across: across, width: width, constants)
                    }
                }
            }
        }
        return total / Double((height - window + 1) * across)
    }

    private struct Constants {
        let n: Double, normalisation: Double
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
    }

    /// Adds (or with `sign` −1 removes) a row's x, y, x², y², xy to the column sums.
    private static func addRow(
        _ x: UnsafePointer<Float>, _ y: UnsafePointer<Float>, to c: UnsafeMutablePointer<Double>, width: Int, sign: Double
    ) {
        for i in 0..<width {
            let a = Double(x[i]), b = Double(y[i])
            c[i] += sign * a
            c[width + i] += sign * b
            c[2 * width + i] += sign * (a * a)
            c[3 * width + i] += sign * (b * b)
            c[4 * width + i] += sign * (a * b)
        }
    }

    /// The five sums of every window of a row (`window` columns wide) from the column sums
    /// `c`: a running sum per quantity, the five chains advancing side by side.
    private static func slideWindows(_ c: UnsafeMutablePointer<Double>, into w: UnsafeMutablePointer<Double>, width: Int, window: Int) {
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        for j in 0..<window {
            s0 += c[j]
            s1 += c[width + j]
            s2 += c[2 * width + j]
            s3 += c[3 * width + j]
            s4 += c[4 * width + j]
        }
        for left in 0...(width - window) {
            w[left] = s0
            w[width + left] = s1
            w[2 * width + left] = s2
            w[3 * width + left] = s3
            w[4 * width + left] = s4
            guard left + window < width else { break }
            let entering = left + window
            s0 += c[entering] - c[left]
            s1 += c[width + entering] - c[width + left]
            s2 += c[2 * width + entering] - c[2 * width + left]
            s3 += c[3 * width + entering] - c[3 * width + left]
            s4 += c[4 * width + entering] - c[4 * width + left]
        }
    }

    /// The sum of the SSIM of `across` windows whose five sums start at `w`, `width` apart.
    private static func similaritySum(_ w: UnsafeMutablePointer<Double>, across: Int, width: Int, _ k: Constants) -> Double {
        // The sums are of luma in thousandths: means scale by 1/1000, second moments by 1/1000².
        let first = 1 / (k.n * 1000), second = 1 / (k.n * 1_000_000)
        var total = SIMD4<Double>.zero
        let raw = UnsafeRawPointer(w)
        func load(_ plane: Int, _ i: Int) -> SIMD4<Double> {
            raw.loadUnaligned(fromByteOffset: (plane * width + i) * 8, as: SIMD4<Double>.self)
        }
        var i = 0
        while i + 4 <= across {
            let mx: SIMD4<Double> = load(0, i) * first, my: SIMD4<Double> = load(1, i) * first
            let mxx: SIMD4<Double> = mx * mx, myy: SIMD4<Double> = my * my, mxy: SIMD4<Double> = mx * my
            let vx: SIMD4<Double> = (load(2, i) * second - mxx) * k.normalisation
            let vy: SIMD4<Double> = (load(3, i) * second - myy) * k.normalisation
            let cxy: SIMD4<Double> = (load(4, i) * second - mxy) * k.normalisation
            let numerator: SIMD4<Double> = (2 * mxy + k.c1) * (2 * cxy + k.c2)
            let denominator: SIMD4<Double> = (mxx + myy + k.c1) * (vx + vy + k.c2)
            total += numerator / denominator
            i += 4
        }
        var rest = total.sum()
        while i < across {
            let mx = w[i] * first, my = w[width + i] * first
            let vx = (w[2 * width + i] * second - mx * mx) * k.normalisation
            let vy = (w[3 * width + i] * second - my * my) * k.normalisation
            let cxy = (w[4 * width + i] * second - mx * my) * k.normalisation
            rest += ((2 * mx * my + k.c1) * (2 * cxy + k.c2)) / ((mx * mx + my * my + k.c1) * (vx + vy + k.c2))
            i += 1
        }
        return rest
    }

    /// Rec. 601 luma in thousandths, 0…255,000, of every premultiplied pixel of `pixmap` over
    /// white: an integer, so a float holds it exactly, and sums of 49 of them and of their
    /// squares and products are exact in a double.
    private static func fillLuma(_ pixmap: Pixmap, into luma: UnsafeMutablePointer<Float>) {
        pixmap.data.withUnsafeBufferPointer { data in
            for i in 0..<(pixmap.width * pixmap.height) {
                let p = i * 4
                let background = 255 - Int32(data[p + 3])
                let weighted = 299 * (Int32(data[p]) + background) + 587 * (Int32(data[p + 1]) + background)
                    + 114 * (Int32(data[p + 2]) + background)
                luma[i] = Float(weighted)
            }
        }
    }
}
