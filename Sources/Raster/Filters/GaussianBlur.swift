#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gaussian blur of premultiplied colours.
///
/// Overview: for a standard deviation σ ≥ 2 the Gaussian is approximated by three
/// successive centred box blurs, as SVG's `feGaussianBlur` does (SVG 1.1 §15.17),
/// but with extended boxes whose variance is exactly σ²/3 each, so the result has
/// the Gaussian's variance for every σ (P. Gwosdek, S. Grewenig, A. Bruhn,
/// J. Weickert, "Theoretical Foundations of Gaussian Convolution by Extended Box
/// Filtering", SSVM 2011): a box of radius r = ⌊(√(1 + 12s²) − 1) / 2⌋ for
/// s² = σ²/3, plus a weight α < 1 on the next pixel out on each side,
/// α = (2r + 1)(s² − r(r + 1)/3) / (2((r + 1)² − s²)). (SVG's whole-pixel width
/// `⌊σ · 3·√(2π)/4 + ½⌋` spreads up to 9 % too little.) Below σ = 2 an exact kernel
/// of radius ⌈3σ⌉ is used. The blur is
/// separable: rows, then columns. Work is in single precision on premultiplied 0…1
/// values (blurring premultiplied colours is what keeps edges free of dark
/// fringes), each pass a running sum, so the cost does not depend on σ.
///
/// Edges: `.transparent` treats everything outside the region as transparent (a
/// layer's content); `.clamp` repeats the edge pixels (a backdrop, as system
/// materials do).
enum GaussianBlur {
    enum Edge {
        case transparent
        case clamp
    }

    /// `sigma` as drawn on a canvas whose longer side is `side` pixels: 0 for none (NaN,
    /// negative), and at most 16 times that side. Scale effects can ask for any width; one
    /// that wide already spreads the canvas's content below half a code value (a pixel's
    /// share of the whole is at most side² / (2π σ²)), or, with clamped edges, to its mean.
    static func bounded(_ sigma: Double, side: Int) -> Double {
        sigma > 0 ? min(sigma, 16 * Double(max(side, 1))) : 0
    }

    /// The extended box used for each of the three passes at `sigma`: radius and end weight.
    static func extendedBox(sigma: Double) -> (radius: Int, alpha: Double) {
        let s2 = sigma * sigma / 3
        let r = Int((((1 + 12 * s2).squareRoot() - 1) / 2).rounded(.down))
        let rr = Double(r)
        let alpha = (2 * rr + 1) * (s2 - rr * (rr + 1) / 3) / (2 * ((rr + 1) * (rr + 1) - s2))
        return (r, min(max(alpha, 0), 1))
    }

    /// How far (in pixels) the blur spreads a pixel: the region must be grown by this
    /// much for `.transparent` edges to be exact.
    static func reach(sigma: Double) -> Int {
        guard sigma > 0, sigma.isFinite else { return 0 }
        if sigma < 2 { return Int((3 * sigma).rounded(.up)) }
        return 3 * (extendedBox(sigma: sigma).radius + 1)
    }

    /// Lines blurred at once: their running sums (or kernel sums) are independent, so the
    /// processor overlaps them, and a column's neighbours share its cache lines.
    static let lanes = 4

    /// Blurs the `width × height` image at `image` in place; of the second pass, only the
    /// `columns` wanted (all by default: the others keep the first pass's rows). `line` and
    /// `spare` are scratch storage of at least `lanes · (max(width, height) + 2 · reach + 2)`
    /// elements each.
    static func blur(
        _ image: UnsafeMutablePointer<SIMD4<Float>>, width: Int, height: Int, sigma: Double, edge: Edge,
        columns: Range<Int>? = nil, line: UnsafeMutablePointer<SIMD4<Float>>, spare: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let columns = columns?.clamped(to: 0..<width) ?? 0..<width
        guard sigma > 0, sigma.isFinite, width > 0, height > 0, !columns.isEmpty else { return }
        let lines = Lines(sigma: sigma, edge: edge, line: line, spare: spare)
        lines.blur(count: width, lines: height, ImageLines(image: image, lineStep: width, pixelStep: 1))
        lines.blur(count: height, lines: columns.count, ImageLines(image: image + columns.lowerBound, lineStep: 1, pixelStep: width))
    }

    /// Blurs the 8-bit premultiplied pixels of `region` in `source` (rows `rowBytes` apart)
    /// and writes those of `kept` (inside `region`) to the same places in `destination`,
    /// which may be `source`: rows straight from the bytes into `image`, only the kept
    /// columns, then those columns straight back to bytes. `image` holds at least
    /// `kept.width · region.height` elements; `line` and `spare` as for `blur(_:…)`.
    static func blur(
        from source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, rowBytes: Int,
        region: PixelRect, kept: PixelRect, sigma: Double, edge: Edge,
        image: UnsafeMutablePointer<SIMD4<Float>>, line: UnsafeMutablePointer<SIMD4<Float>>, spare: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let kept = kept.intersection(region)
        guard sigma > 0, sigma.isFinite, !kept.isEmpty else { return }
        let lines = Lines(sigma: sigma, edge: edge, line: line, spare: spare)
        let w = kept.width, dx = kept.x0 - region.x0, top = kept.y0 - region.y0
        let rows = ByteRows(
            source: UnsafeRawPointer(source) + region.y0 * rowBytes + region.x0 * 4, rowBytes: rowBytes, image: image - dx, width: w)
        lines.blur(count: region.width, lines: region.height, storing: dx..<dx + w, rows)
        let columns = ByteColumns(image: image, width: w, destination: destination + region.y0 * rowBytes + kept.x0 * 4, rowBytes: rowBytes)
        lines.blur(count: region.height, lines: w, storing: top..<top + kept.height, columns)
    }

    /// One blur (the three extended boxes, or the exact kernel) applied to lines of pixels,
    /// `lanes` at a time.
    private struct Lines {
        let edge: Edge
        let margin: Int
        let kernel: [Float]?
        let radius: Int
        let alpha: Float
        let line: UnsafeMutablePointer<SIMD4<Float>>
        let spare: UnsafeMutablePointer<SIMD4<Float>>

        init(sigma: Double, edge: Edge, line: UnsafeMutablePointer<SIMD4<Float>>, spare: UnsafeMutablePointer<SIMD4<Float>>) {
            self.edge = edge
            margin = GaussianBlur.reach(sigma: sigma) + 1
            kernel = sigma < 2 ? GaussianBlur.exactKernel(sigma: sigma) : nil
            let box = GaussianBlur.extendedBox(sigma: sigma)
            radius = box.radius
            alpha = Float(box.alpha)
            self.line = line
            self.spare = spare
        }

        /// Blurs `lines` lines of `count` pixels read and written through `access`, storing
        /// the pixels in `storing` (all by default).
        /// The lines are interleaved in `line`, position k of line j at k · lanes + j; a last
        /// group short of lines repeats its last line, and stores only its own.
        @inline(__always)
        func blur<Access: LineAccess>(count n: Int, lines: Int, storing: Range<Int>? = nil, _ access: Access) {
            let storing = storing ?? 0..<n
            let lanes = GaussianBlur.lanes
            let length = n + 2 * margin
            // `lanes` SIMD4 lines side by side are one SIMD16 line.
            let wide = UnsafeMutableRawPointer(line).assumingMemoryBound(to: SIMD16<Float>.self)
            let wideSpare = UnsafeMutableRawPointer(spare).assumingMemoryBound(to: SIMD16<Float>.self)
            var l = 0
            while l < lines {
                let group = min(lanes, lines - l)
                for k in 0..<n {
                    for j in 0..<lanes { line[(margin + k) * lanes + j] = access.load(min(l + j, lines - 1), k) }
                }
                for j in 0..<lanes {
                    let first = line[margin * lanes + j], last = line[(margin + n - 1) * lanes + j]
                    for k in 0..<margin {
                        line[k * lanes + j] = edge == .clamp ? first : .zero
                        line[(margin + n + k) * lanes + j] = edge == .clamp ? last : .zero
                    }
                }
                if let kernel {
                    GaussianBlur.convolve(wide, into: wideSpare, length: length, kernel: kernel)
                } else {
                    GaussianBlur.extendedBox(wide, into: wideSpare, length: length, radius: radius, alpha: alpha)
                    GaussianBlur.extendedBox(wideSpare, into: wide, length: length, radius: radius, alpha: alpha)
                    GaussianBlur.extendedBox(wide, into: wideSpare, length: length, radius: radius, alpha: alpha)
                }
                for k in storing {
                    for j in 0..<group { access.store(l + j, k, spare[(margin + k) * lanes + j]) }
                }
                l += lanes
            }
        }
    }

    /// Where a blur's lines come from and go: pixel k of line j.
    fileprivate protocol LineAccess {
        func load(_ j: Int, _ k: Int) -> SIMD4<Float>
        func store(_ j: Int, _ k: Int, _ v: SIMD4<Float>)
    }

    /// Lines of a float image, in place: rows (`lineStep` the width, `pixelStep` 1) or
    /// columns (the other way round).
    private struct ImageLines: LineAccess {
        let image: UnsafeMutablePointer<SIMD4<Float>>
        let lineStep: Int, pixelStep: Int
        @inline(__always) func load(_ j: Int, _ k: Int) -> SIMD4<Float> { image[j * lineStep + k * pixelStep] }
        @inline(__always) func store(_ j: Int, _ k: Int, _ v: SIMD4<Float>) { image[j * lineStep + k * pixelStep] = v }
    }

    /// Rows of 8-bit pixels read into a float image `width` wide (pixel k of a row to
    /// `image[j · width + k]`: `image` is offset by the first column stored).
    private struct ByteRows: LineAccess {
        let source: UnsafeRawPointer
        let rowBytes: Int
        let image: UnsafeMutablePointer<SIMD4<Float>>
        let width: Int
        @inline(__always) func load(_ j: Int, _ k: Int) -> SIMD4<Float> { unpack(source, byteOffset: j * rowBytes + k * 4) * (1 / 255) }
        @inline(__always) func store(_ j: Int, _ k: Int, _ v: SIMD4<Float>) { image[j * width + k] = v }
    }

    /// Columns of a float image `width` wide written back as 8-bit pixels.
    private struct ByteColumns: LineAccess {
        let image: UnsafeMutablePointer<SIMD4<Float>>
        let width: Int
        let destination: UnsafeMutablePointer<UInt8>
        let rowBytes: Int
        @inline(__always) func load(_ j: Int, _ k: Int) -> SIMD4<Float> { image[k * width + j] }
        @inline(__always) func store(_ j: Int, _ k: Int, _ v: SIMD4<Float>) {
            // Keep the premultiplied invariant (colour ≤ alpha) through rounding.
            Compositor.store(elementMin(v, SIMD4(repeating: v.w)), destination + k * rowBytes + j * 4)
        }
    }

    /// `out[i]` = the weighted mean of `input[i − r − 1 ... i + r + 1]`, weight 1 inside
    /// and `alpha` at the two ends; reads clamped to the line.
    @inline(__always)
    fileprivate static func extendedBox<V: SIMD>(
        _ input: UnsafeMutablePointer<V>, into out: UnsafeMutablePointer<V>, length: Int, radius r: Int, alpha: Float
    ) where V.Scalar == Float {
        @inline(__always) func at(_ i: Int) -> V { input[i < 0 ? 0 : (i >= length ? length - 1 : i)] }
        let scale = 1 / (Float(2 * r + 1) + 2 * alpha)
        var sum = V.zero
        for k in -r...r { sum += at(k) }
        // Reads stay inside the line for i in r + 1 ..< length − r − 1: no clamping there.
        let inner = min(r + 1, length), outer = max(length - r - 1, inner)
        for i in 0..<inner {
            out[i] = (sum + (at(i - r - 1) + at(i + r + 1)) * alpha) * scale
            sum += at(i + r + 1) - at(i - r)
        }
        for i in inner..<outer {
            let before = input[i - r - 1], after = input[i + r + 1]
            out[i] = (sum + (before + after) * alpha) * scale
            sum += after - input[i - r]
        }
        for i in outer..<length {
            out[i] = (sum + (at(i - r - 1) + at(i + r + 1)) * alpha) * scale
            sum += at(i + r + 1) - at(i - r)
        }
    }

    fileprivate static func exactKernel(sigma: Double) -> [Float] {
        let r = Int((3 * sigma).rounded(.up))
        var weights = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        return weights.map(Float.init)
    }

    @inline(__always)
    fileprivate static func convolve<V: SIMD>(
        _ input: UnsafeMutablePointer<V>, into out: UnsafeMutablePointer<V>, length: Int, kernel: [Float]
    ) where V.Scalar == Float {
        let r = kernel.count / 2
        kernel.withUnsafeBufferPointer { k in
            for i in 0..<length {
                var sum = V.zero
                for j in -r...r {
                    let idx = i + j
                    sum += input[idx < 0 ? 0 : (idx >= length ? length - 1 : idx)] * k[j + r]
                }
                out[i] = sum
            }
        }
    }
}
