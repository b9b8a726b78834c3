// Mean structural similarity (SSIM) of two frames' luma.
//
// Z. Wang, A. C. Bovik, H. R. Sheikh, E. P. Simoncelli, "Image quality
// assessment: from error visibility to structural similarity", IEEE TIP 13(4),
// 2004, computed as scikit-image's `structural_similarity` computes it on 8-bit
// grey images by default: a 7 × 7 uniform window at every position where it fits
// inside the frame, sample (N − 1) covariances, C1 = (0.01 · 255)²,
// C2 = (0.03 · 255)², and the mean over those windows. Luma is Rec. 601's
// weighting of the gamma-encoded components composited over white, rounded to
// 8 bits as Pillow's `convert("L")` rounds it: (19595 R + 38470 G + 7471 B + 2¹⁵) >> 16.
//
// Rows of luma enter a ring of window + 1 rows as they are reached. Per column,
// the sums over the window's rows (x, y, x² + y², xy) move down a row in one pass:
// the entering row added, the leaving one taken away (a row of zeros while the
// window fills). Each row of windows slides those sums across the columns, and
// the similarity is taken from the whole-number sums in doubles, eight windows to
// a division. Every sum is a whole number below 2²⁴ (2 · 49 · 255² < 2²³, and a
// running sum never passes it by more than a column), so floats hold them exactly,
// and the variances' n·Σx² − (Σx)² are exact in doubles. Everything lives in a
// few rows of memory, kept between frames of the same size.

import Raster

/// Computes mean SSIM, reusing its buffers from frame to frame.
struct StructuralSimilarity {
    /// Luma rows, x then y in each: the ring's `window + 1` rows, then a row of zeros; `stride` floats each.
    private var rows: [Float] = []
    /// Per column, the sums over the window's rows: x, y, x² + y², xy, `stride` each.
    private var columns: [Float] = []
    /// Per window of the current row, the same four sums over the window, `stride` each.
    private var windows: [Float] = []

    /// The mean SSIM of `x` and `y`, which have the same size; −1…1, 1 for identical frames.
    mutating func mean(_ x: Pixmap, _ y: Pixmap) -> Double {
        let width = x.width, height = x.height
        let window = min(7, width, height)
        let slots = window + 1
        let stride = (width + 7) & ~7
        // The ring is rewritten before it is read; only the row of zeros must stay zero.
        if rows.count != (slots + 1) * 2 * stride { rows = [Float](repeating: 0, count: (slots + 1) * 2 * stride) }
        if columns.count != stride * 4 { columns = [Float](repeating: 0, count: stride * 4) }
        if windows.count != stride * 4 { windows = [Float](repeating: 0, count: stride * 4) }
        let n = Double(window * window)
        let constants = Constants(n: n, divisor: window > 1 ? n - 1 : 1)
        let across = width - window + 1
        var total = 0.0
        x.data.withUnsafeBytes { xData in
            y.data.withUnsafeBytes { yData in
                rows.withUnsafeMutableBufferPointer { rows in
                    columns.withUnsafeMutableBufferPointer { columns in
                        windows.withUnsafeMutableBufferPointer { windows in
                            let r = rows.baseAddress!, c = columns.baseAddress!, w = windows.baseAddress!
                            c.update(repeating: 0, count: stride * 4)
                            let zeros = r + slots * 2 * stride
                            for row in 0..<height {
                                let entering = r + (row % slots) * 2 * stride
                                Self.fillLuma(xData.baseAddress! + row * width * 4, into: entering, width: width)
                                Self.fillLuma(yData.baseAddress! + row * width * 4, into: entering + stride, width: width)
                                let leaving = row >= window ? r + ((row - window) % slots) * 2 * stride : zeros
                                Self.moveDown(c, entering: entering, leaving: leaving, stride: stride)
                                guard row >= window - 1 else { continue }
                                Self.slideWindows(c, into: w, width: width, stride: stride, window: window)
                                total += Self.similaritySum(w, across: across, stride: stride, constants)
                            }
                        }
                    }
                }
            }
        }
        return total / Double((height - window + 1) * across)
    }

    private struct Constants {
        /// Pixels in a window, and the covariances' divisor (n − 1, or 1 for a single pixel).
        let n: Double, divisor: Double
        let c1 = (0.01 * 255) * (0.01 * 255), c2 = (0.03 * 255) * (0.03 * 255)
    }

    /// Pillow's 8-bit Rec. 601 luma of a row of premultiplied pixels over white, as floats.
    private static func fillLuma(_ pixels: UnsafeRawPointer, into luma: UnsafeMutablePointer<Float>, width: Int) {
        let words = pixels.assumingMemoryBound(to: UInt32.self)
        for i in 0..<width {
            let p = UInt32(littleEndian: words[i])
            let background = 255 - (p >> 24)
            let weighted = 19595 * ((p & 0xFF) + background) + 38470 * ((p >> 8 & 0xFF) + background)
                + 7471 * ((p >> 16 & 0xFF) + background) + 0x8000
            luma[i] = Float(weighted >> 16)
        }
    }

    /// Moves the column sums down a row: adds the entering row's x, y, x² + y², xy and takes
    /// away the leaving row's, eight columns at a time (rows and sums are `stride` wide).
    private static func moveDown(
        _ c: UnsafeMutablePointer<Float>, entering: UnsafePointer<Float>, leaving: UnsafePointer<Float>, stride: Int
    ) {
        let sums = UnsafeMutableRawPointer(c), enter = UnsafeRawPointer(entering), leave = UnsafeRawPointer(leaving)
        for i in Swift.stride(from: 0, to: stride, by: 8) {
            let ax = enter.load(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            let ay = enter.load(fromByteOffset: (stride + i) * 4, as: SIMD8<Float>.self)
            let lx = leave.load(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            let ly = leave.load(fromByteOffset: (stride + i) * 4, as: SIMD8<Float>.self)
            func add(_ change: SIMD8<Float>, to plane: Int) {
                let offset = (plane * stride + i) * 4
                sums.storeBytes(of: sums.load(fromByteOffset: offset, as: SIMD8<Float>.self) + change, toByteOffset: offset, as: SIMD8<Float>.self)
            }
            add(ax - lx, to: 0)
            add(ay - ly, to: 1)
            add((ax * ax + ay * ay) - (lx * lx + ly * ly), to: 2)
            add(ax * ay - lx * ly, to: 3)
        }
    }

    /// The four sums of every window of a row (`window` columns wide) from the column sums
    /// `c`: a running sum per quantity, the four chains advancing side by side.
    private static func slideWindows(_ c: UnsafeMutablePointer<Float>, into w: UnsafeMutablePointer<Float>, width: Int, stride: Int, window: Int) {
        var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
        for j in 0..<window {
            s0 += c[j]
            s1 += c[stride + j]
            s2 += c[2 * stride + j]
            s3 += c[3 * stride + j]
        }
        for left in 0...(width - window) {
            w[left] = s0
            w[stride + left] = s1
            w[2 * stride + left] = s2
            w[3 * stride + left] = s3
            guard left + window < width else { break }
            let entering = left + window
            s0 += c[entering] - c[left]
            s1 += c[stride + entering] - c[stride + left]
            s2 += c[2 * stride + entering] - c[2 * stride + left]
            s3 += c[3 * stride + entering] - c[3 * stride + left]
        }
    }

    /// The sum of the SSIM of `across` windows whose four sums start at `w`, `stride` apart.
    ///
    /// With whole-number sums Σx, Σy, Σ(x² + y²), Σxy over n pixels, p = Σx·Σy and q = (Σx)² + (Σy)²,
    /// a window's SSIM is (2p + C1·n²)(2(n·Σxy − p) + C2·n·d) / ((q + C1·n²)(n·Σ(x² + y²) − q + C2·n·d)),
    /// d the covariances' divisor.
    private static func similaritySum(_ w: UnsafeMutablePointer<Float>, across: Int, stride: Int, _ k: Constants) -> Double {
        let n = k.n, a = k.c1 * n * n, b = k.c2 * n * k.divisor
        let raw = UnsafeRawPointer(w)
        func load(_ plane: Int, _ i: Int) -> SIMD4<Double> {
            SIMD4<Double>(raw.loadUnaligned(fromByteOffset: (plane * stride + i) * 4, as: SIMD4<Float>.self))
        }
        func terms(_ i: Int) -> (numerator: SIMD4<Double>, denominator: SIMD4<Double>) {
            let sx = load(0, i), sy = load(1, i)
            let p = sx * sy, q = sx * sx + sy * sy
            let numerator = (2 * p + a) * (2 * (n * load(3, i) - p) + b)
            let denominator = (q + a) * (n * load(2, i) - q + b)
            return (numerator, denominator)
        }
        var total = SIMD4<Double>.zero
        var i = 0
        while i + 8 <= across {
            let (n0, d0) = terms(i), (n1, d1) = terms(i + 4)
            total += (n0 * d1 + n1 * d0) / (d0 * d1)
            i += 8
        }
        if i + 4 <= across {
            let (n0, d0) = terms(i)
            total += n0 / d0
            i += 4
        }
        var rest = total.sum()
        if i < across {
            // The last windows: the lanes past `across` read the rest of the row (stride ≥ across rounded up to 4), not added.
            let (n0, d0) = terms(i), last = n0 / d0
            for lane in 0..<(across - i) { rest += last[lane] }
        }
        return rest
    }
}
