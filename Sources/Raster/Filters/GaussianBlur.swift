#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gaussian blur of premultiplied colours, as SVG's `feGaussianBlur` defines it.
///
/// Overview (SVG 1.1, §15.17, and Filter Effects Level 1, §9.15): for a standard
/// deviation σ ≥ 2 the Gaussian is approximated by three successive box blurs of
/// size `d = ⌊σ · 3·√(2π) / 4 + ½⌋`: if d is odd, three boxes centred on the pixel;
/// if d is even, two boxes of size d centred on the left and right pixel boundaries
/// and one of size d + 1 centred on the pixel. Below σ = 2 an exact kernel of radius
/// ⌈3σ⌉ is used. The blur is separable: rows, then columns. Work is in single
/// precision on premultiplied 0…1 values (blurring premultiplied colours is what
/// keeps edges free of dark fringes), each pass a running sum, so the cost does not
/// depend on σ.
///
/// Edges: `.transparent` treats everything outside the region as transparent (a
/// layer's content); `.clamp` repeats the edge pixels (a backdrop, as system
/// materials do).
enum GaussianBlur {
    enum Edge {
        case transparent
        case clamp
    }

    /// The three box windows (inclusive offsets lo...hi) for σ ≥ 2.
    static func boxes(sigma: Double) -> [(lo: Int, hi: Int)] {
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        if d % 2 == 1 {
            let r = (d - 1) / 2
            return [(-r, r), (-r, r), (-r, r)]
        }
        return [(-d / 2, d / 2 - 1), (-d / 2 + 1, d / 2), (-d / 2, d / 2)]
    }

    /// How far (in pixels) the blur spreads a pixel: the region must be grown by this
    /// much for `.transparent` edges to be exact.
    static func reach(sigma: Double) -> Int {
        guard sigma > 0, sigma.isFinite else { return 0 }
        if sigma < 2 { return Int((3 * sigma).rounded(.up)) }
        return boxes(sigma: sigma).reduce(0) { $0 + max(-$1.lo, $1.hi) }
    }

    /// Blurs the `width × height` image at `image` in place. `line` is scratch storage of
    /// at least `max(width, height) + 2 · reach + 2` elements.
    static func blur(
        _ image: UnsafeMutablePointer<SIMD4<Float>>, width: Int, height: Int, sigma: Double, edge: Edge,
        line: UnsafeMutablePointer<SIMD4<Float>>, spare: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        guard sigma > 0, sigma.isFinite, width > 0, height > 0 else { return }
        let margin = reach(sigma: sigma) + 1
        let kernel: [Float]? = sigma < 2 ? exactKernel(sigma: sigma) : nil
        let windows = sigma < 2 ? [] : boxes(sigma: sigma)
        func run(count n: Int, stride: Int, lines: Int, lineStep: Int) {
            let length = n + 2 * margin
            for l in 0..<lines {
                let start = image + l * lineStep
                let first = start[0], last = start[(n - 1) * stride]
                for k in 0..<margin {
                    line[k] = edge == .clamp ? first : .zero
                    line[margin + n + k] = edge == .clamp ? last : .zero
                }
                for k in 0..<n { line[margin + k] = start[k * stride] }
                if let kernel {
                    convolve(line, into: spare, length: length, kernel: kernel)
                    for k in 0..<n { start[k * stride] = spare[margin + k] }
                } else {
                    box(line, into: spare, length: length, window: windows[0])
                    box(spare, into: line, length: length, window: windows[1])
                    box(line, into: spare, length: length, window: windows[2])
                    for k in 0..<n { start[k * stride] = spare[margin + k] }
                }
            }
        }
        run(count: width, stride: 1, lines: height, lineStep: width)
        run(count: height, stride: width, lines: width, lineStep: 1)
    }

    /// `out[i] = mean(input[i + lo ... i + hi])`, reads clamped to the line.
    @inline(__always)
    private static func box(
        _ input: UnsafeMutablePointer<SIMD4<Float>>, into out: UnsafeMutablePointer<SIMD4<Float>>, length: Int, window: (lo: Int, hi: Int)
    ) {
        @inline(__always) func at(_ i: Int) -> SIMD4<Float> { input[i < 0 ? 0 : (i >= length ? length - 1 : i)] }
        let scale = 1 / Float(window.hi - window.lo + 1)
        var sum = SIMD4<Float>.zero
        for k in window.lo...window.hi { sum += at(k) }
        for i in 0..<length {
            out[i] = sum * scale
            sum += at(i + 1 + window.hi) - at(i + window.lo)
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
    private static func convolve(_ input: UnsafeMutablePointer<SIMD4<Float>>, into out: UnsafeMutablePointer<SIMD4<Float>>, length: Int, kernel: [Float]) {
        let r = kernel.count / 2
        kernel.withUnsafeBufferPointer { k in
            for i in 0..<length {
                var sum = SIMD4<Float>.zero
                for j in -r...r {
                    let idx = i + j
                    sum += input[idx < 0 ? 0 : (idx >= length ? length - 1 : idx)] * k[j + r]
                }
                out[i] = sum
            }
        }
    }
}
