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
        let margin = reach(sigma: sigma) + 1
        let kernel: [Float]? = sigma < 2 ? exactKernel(sigma: sigma) : nil
        let box = extendedBox(sigma: sigma)
        let alpha = Float(box.alpha)
        // `lanes` lines at a time, interleaved: position k of line j at k · lanes + j. A last
        // group short of lines repeats its last line, and writes back only its own.
        let wide = UnsafeMutableRawPointer(line).assumingMemoryBound(to: SIMD16<Float>.self)
        let wideSpare = UnsafeMutableRawPointer(spare).assumingMemoryBound(to: SIMD16<Float>.self)
        func run(_ image: UnsafeMutablePointer<SIMD4<Float>>, count n: Int, stride: Int, lines: Int, lineStep: Int) {
            let length = n + 2 * margin
            var l = 0
            while l < lines {
                let group = min(lanes, lines - l)
                @inline(__always) func start(_ j: Int) -> UnsafeMutablePointer<SIMD4<Float>> { image + min(l + j, lines - 1) * lineStep }
                for j in 0..<lanes {
                    let first = start(j)[0], last = start(j)[(n - 1) * stride]
                    for k in 0..<margin {
                        line[k * lanes + j] = edge == .clamp ? first : .zero
                        line[(margin + n + k) * lanes + j] = edge == .clamp ? last : .zero
                    }
                }
                for k in 0..<n {
                    for j in 0..<lanes { line[(margin + k) * lanes + j] = start(j)[k * stride] }
                }
                if let kernel {
                    convolve(wide, into: wideSpare, length: length, kernel: kernel)
                } else {
                    extendedBox(wide, into: wideSpare, length: length, radius: box.radius, alpha: alpha)
                    extendedBox(wideSpare, into: wide, length: length, radius: box.radius, alpha: alpha)
                    extendedBox(wide, into: wideSpare, length: length, radius: box.radius, alpha: alpha)
                }
                for k in 0..<n {
                    for j in 0..<group { start(j)[k * stride] = spare[(margin + k) * lanes + j] }
                }
                l += lanes
            }
        }
        run(image, count: width, stride: 1, lines: height, lineStep: width)
        run(image + columns.lowerBound, count: height, stride: width, lines: columns.count, lineStep: 1)
    }

    /// `out[i]` = the weighted mean of `input[i − r − 1 ... i + r + 1]`, weight 1 inside
    /// and `alpha` at the two ends; reads clamped to the line.
    @inline(__always)
    private static func extendedBox<V: SIMD>(
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

    private static func exactKernel(sigma: Double) -> [Float] {
        let r = Int((3 * sigma).rounded(.up))
        var weights = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        return weights.map(Float.init)
    }

    @inline(__always)
    private static func convolve<V: SIMD>(
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
