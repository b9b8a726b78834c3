import Glibc
import Raster

/// An indexed palette: at most 256 distinct opaque colours.
///
/// Entries are distinct by construction, so an index names one colour and a colour one
/// index: the GIF encoder's transparency and cropping compare indices between frames, and
/// some decoders and encoders (FFmpeg 5.1's GIF encoder among them) remap repeated entries
/// to index 0.
struct Palette: Equatable {
    /// The colours, in index order; never empty, never more than 256, no two equal.
    private(set) var colors: [RGB8]

    /// The palette of `candidates` with repeats removed (first occurrence kept), at most 256 of them.
    init(deduplicating candidates: [RGB8]) {
        precondition(!candidates.isEmpty, "a palette needs a colour")
        var seen = Set<RGB8>()
        colors = candidates.filter { seen.insert($0).inserted }
        precondition(colors.count <= 256, "a palette holds at most 256 colours")
    }
}

extension Palette {
    /// Whether the palette shows the histogram's pixels, each as its nearest entry (least
    /// squared sRGB difference, as `PaletteMapper` maps; a folded histogram's bins as their mean
    /// colours), with a PSNR over the three channels of at least `minimumPSNR` and every colour
    /// within `largestDifference` (sRGB distance in code values) of its entry. Stops at the
    /// first colour farther than that.
    @_optimize(speed)
    func shows(_ histogram: ColorHistogram, minimumPSNR: Double, largestDifference: Double) -> Bool {
        let entries = colors.map { SIMD3<Int32>(Int32($0.r), Int32($0.g), Int32($0.b)) }
        let limit = Int32(min(largestDifference * largestDifference, Double(Int32.max)))
        var error = 0.0
        for bin in histogram.points {
            let c = PaletteBuilder.mean(of: bin)
            let v = SIMD3<Int32>(Int32(c.r), Int32(c.g), Int32(c.b))
            var best = Int32.max
            for e in entries {
                let d = v &- e
                best = min(best, (d &* d).wrappedSum())
            }
            if best > limit { return false }
            error += Double(best) * Double(bin.count)
        }
        // PSNR ≥ m ⇔ error ≤ 255² · 3 · pixels / 10^(m/10).
        return error <= 255 * 255 * 3 * Double(histogram.pixelCount) / pow(10, minimumPSNR / 10)
    }
}
