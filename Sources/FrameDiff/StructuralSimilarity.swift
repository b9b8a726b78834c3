// Mean structural similarity (SSIM) of two frames' luma.
//
// Z. Wang, A. C. Bovik, H. R. Sheikh, E. P. Simoncelli, "Image quality
// assessment: from error visibility to structural similarity", IEEE TIP 13(4),
// 2004, computed as scikit-image's `structural_similarity` does by default: a
// 7 × 7 uniform window at every position where it fits inside the frame,
// sample (N − 1) covariances, C1 = (0.01 · 255)², C2 = (0.03 · 255)², and the
// mean over those windows. Luma is Rec. 601's weighting of the gamma-encoded
// components composited over white. Window sums come from summed-area tables,
// so the cost is linear in the pixel count whatever the window; the tables are
// kept between frames of the same size.

import Raster

/// Computes mean SSIM, reusing its tables from frame to frame.
struct StructuralSimilarity {
    /// Five interleaved summed-area tables (x, y, x², y², xy), `(w + 1) × (h + 1)` each.
    private var tables: [Double] = []

    /// The mean SSIM of `x` and `y`, which have the same size; −1…1, 1 for identical frames.
    mutating func mean(_ x: Pixmap, _ y: Pixmap) -> Double {
        let width = x.width, height = x.height
        let stride = width + 1
        let count = stride * (height + 1) * 5
        if tables.count != count { tables = [Double](repeating: 0, count: count) }
        tables.withUnsafeMutableBufferPointer { t in
            x.data.withUnsafeBufferPointer { xs in
                y.data.withUnsafeBufferPointer { ys in
                    for row in 0..<height {
                        var run = (0.0, 0.0, 0.0, 0.0, 0.0)
                        for column in 0..<width {
                            let p = (row * width + column) * 4
                            let a = Self.luma(xs, p), b = Self.luma(ys, p)
                            run.0 += a
                            run.1 += b
                            run.2 += a * a
                            run.3 += b * b
                            run.4 += a * b
                            let above = (row * stride + column + 1) * 5
                            let here = above + stride * 5
                            t[here] = t[above] + run.0
                            t[here + 1] = t[above + 1] + run.1
                            t[here + 2] = t[above + 2] + run.2
                            t[here + 3] = t[above + 3] + run.3
                            t[here + 4] = t[above + 4] + run.4
                        }
                    }
                }
            }
        }
        let window = min(7, width, height)
        let n = Double(window * window)
        let normalisation = window > 1 ? n / (n - 1) : 1
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
        var total = 0.0
        tables.withUnsafeBufferPointer { t in
            for top in 0...(height - window) {
                for left in 0...(width - window) {
                    let a = (top * stride + left) * 5, b = (top * stride + left + window) * 5
                    let c = ((top + window) * stride + left) * 5, d = ((top + window) * stride + left + window) * 5
                    func sum(_ k: Int) -> Double { t[d + k] - t[b + k] - t[c + k] + t[a + k] }
                    let mx = sum(0) / n, my = sum(1) / n
                    let vx = (sum(2) / n - mx * mx) * normalisation
                    let vy = (sum(3) / n - my * my) * normalisation
                    let cxy = (sum(4) / n - mx * my) * normalisation
                    total += ((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
                }
            }
        }
        return total / Double((height - window + 1) * (width - window + 1))
    }

    /// Rec. 601 luma, 0…255, of the premultiplied pixel at byte offset `p` over white.
    private static func luma(_ data: UnsafeBufferPointer<UInt8>, _ p: Int) -> Double {
        let background = 255 - Double(data[p + 3])
        return 0.299 * (Double(data[p]) + background) + 0.587 * (Double(data[p + 1]) + background)
            + 0.114 * (Double(data[p + 2]) + background)
    }
}
