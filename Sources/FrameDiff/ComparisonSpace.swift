// What the eye sees of a lossy encoding, so that a lossless render and a GIF or
// a video of it can be compared fairly.
//
// A GIF has at most 256 colours and mixes two palette colours in a fine
// pattern where a colour lies between them (animate's default is an 8 × 8
// Bayer pattern); seen from a normal distance the pattern is its average. So
// `palette` averages both frames over 8 × 8 pixels, one period of the pattern
// in each direction, which removes the pattern exactly and leaves the colour it
// stands for. An edge moved by a pixel still moves the averaged edge by a pixel:
// its coverage changes add up across the wider edge to the same distance, and
// the edge-shift runs are widened to the average's reach to add them up.
//
// A 4:2:0 video keeps full-resolution luma but one chroma sample per 2 × 2
// pixels, which the decoder spreads back over about four; the eye's own chroma
// resolution is lower still. `chroma420` brings both frames to that:
// chroma (BT.709 Cb and Cr, in the gamma-encoded components) averaged over a
// sliding 8 × 8 box, wider than the decoder's upsampling and its ringing, so
// the render's sharp chroma and the video's soft one end alike, and luma over
// 4 × 4 (as S-CIELAB blurs chroma more than luminance). Averaging keeps an
// edge's displacement, so a moved edge still adds up to its distance.
//
// Every average is a box taken twice (a tent): a single box's hard border
// turns a codec's slightly wider spread of a thin line into a large difference
// where the border crosses it; a tent responds smoothly.
//
// A lossy encoding still errs locally after this (a GIF's bands where it left
// a gradient undithered, a codec's quantisation near edges): up to ΔE₀₀ 4 for
// animate's GIFs and 6 for its 4:2:0 MP4s. Such errors change sign within a few
// pixels; a change of colour does not. So a pixel differs when its difference
// exceeds `noiseThreshold`, or when the colour averaged over `areaSize` pixels
// differs by more than the tolerance's threshold; video clusters may be
// `clusterScale` times the budget, as the smoothing spreads each source pixel.
//
// Both frames always go through the same preparation, so a difference that
// survives it is a difference of the content, not of the encoding.

import Raster

/// How frames are prepared before they are compared, according to the encodings compared.
public enum ComparisonSpace: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Pixels as they are (lossless sources).
    case pixels
    /// 4:2:0 video as decoded and seen: chroma averaged over 8 × 8 pixels, luma over 4 × 4.
    case chroma420
    /// Both frames averaged over `period` × `period` pixels: a GIF's dither pattern as the eye blends it.
    case palette(period: Int)

    /// How far (in pixels, each way) edge-shift runs reach: about half the smoothing's width.
    public var edgeReach: Int {
        switch self {
        case .pixels: return 1
        case .chroma420: return 5
        case .palette(let period): return period
        }
    }

    /// The colour difference (CIEDE2000) of the prepared frames that is still the
    /// encoding's own error: at most a palette step between dither bands, or a
    /// codec's quantisation near an edge. Above it a pixel differs as in `pixels`;
    /// at or below it only the colour of the surrounding area counts
    /// (`areaSize`). Nil for lossless sources.
    public var noiseThreshold: Double? {
        switch self {
        case .pixels: return nil
        case .chroma420: return 6
        case .palette: return 4
        }
    }

    /// The side of the box, in pixels, over which an area's colour is compared with the
    /// tolerance's own threshold: an encoding's errors change sign within it (dither
    /// bands, ringing), a change of colour does not.
    public var areaSize: Int {
        switch self {
        case .pixels: return 1
        case .chroma420: return 24
        case .palette: return 24
        }
    }

    /// How many times the cluster budget a differing cluster may reach: the smoothing
    /// spreads one pixel of the source over many (3 for video, 1 otherwise).
    public var clusterScale: Int {
        self == .chroma420 ? 3 : 1
    }

    /// `prepared` (a frame already prepared) averaged over `areaSize` pixels.
    public func area(_ prepared: Pixmap) -> Pixmap {
        Self.boxAverage(prepared, size: areaSize)
    }

    /// The coarser of two spaces: the one both sides of a comparison must be brought to.
    public func coarser(_ other: ComparisonSpace) -> ComparisonSpace {
        rank >= other.rank ? self : other
    }

    private var rank: Int {
        switch self {
        case .pixels: return 0
        case .chroma420: return 1
        case .palette(let period): return 1 + period
        }
    }

    /// One phrase for the output: which comparison was made.
    public var description: String {
        switch self {
        case .pixels: return "pixels compared as they are"
        case .chroma420: return "compared as 4:2:0 video is seen: chroma smoothed over 8 × 8 pixels and luma over 4 × 4 on both sides; differences within the codec's noise (ΔE 6) count only where the colour over 24 × 24 pixels differs"
        case .palette(let period):
            return "compared as a dithered GIF is seen: both sides smoothed over \(period) × \(period) pixels (the ordered dither's period); differences within the palette's noise (ΔE 4) count only where the colour over 24 × 24 pixels differs"
        }
    }

    /// `pixmap` prepared for comparison in this space (itself for `pixels`).
    public func prepare(_ pixmap: Pixmap) -> Pixmap {
        switch self {
        case .pixels: return pixmap
        case .chroma420: return Self.averagingChroma(pixmap)
        case .palette(let period): return Self.boxAverage(pixmap, size: period)
        }
    }

    /// Every component averaged over a sliding `size` × `size` box (cut short at the borders).
    static func boxAverage(_ pixmap: Pixmap, size: Int) -> Pixmap {
        let count = pixmap.width * pixmap.height
        var planes = [Float](repeating: 0, count: count * 4)
        for i in 0..<count {
            for c in 0..<4 { planes[c * count + i] = Float(pixmap.data[i * 4 + c]) }
        }
        var scratch = [Float](repeating: 0, count: count + pixmap.width)
        for c in 0..<4 { smooth(&planes, plane: c, width: pixmap.width, height: pixmap.height, size: size, scratch: &scratch) }
        var out = [UInt8](repeating: 0, count: count * 4)
        for i in 0..<count {
            for c in 0..<4 { out[i * 4 + c] = UInt8(min(max(planes[c * count + i], 0), 255).rounded()) }
        }
        return Pixmap(width: pixmap.width, height: pixmap.height, premultipliedData: out)
    }

    /// Cb and Cr (BT.709 weights) averaged over a sliding 8 × 8 box, wider than a 4:2:0
    /// decoder's chroma upsampling, so that both sides end alike; luma over 4 × 4.
    static func averagingChroma(_ pixmap: Pixmap) -> Pixmap {
        let count = pixmap.width * pixmap.height
        let kr: Float = 0.2126, kb: Float = 0.0722, kg: Float = 1 - 0.2126 - 0.0722
        var planes = [Float](repeating: 0, count: count * 3)
        for i in 0..<count {
            let r = Float(pixmap.data[i * 4]), g = Float(pixmap.data[i * 4 + 1]), b = Float(pixmap.data[i * 4 + 2])
            let luma = kr * r + kg * g + kb * b
            planes[i] = b - luma
            planes[count + i] = r - luma
            planes[2 * count + i] = luma
        }
        var scratch = [Float](repeating: 0, count: count + pixmap.width)
        for c in 0..<2 { smooth(&planes, plane: c, width: pixmap.width, height: pixmap.height, size: 8, scratch: &scratch) }
        smooth(&planes, plane: 2, width: pixmap.width, height: pixmap.height, size: 4, scratch: &scratch)
        var out = pixmap.data
        for i in 0..<count {
            let y = planes[2 * count + i], b = y + planes[i], r = y + planes[count + i]
            let g = (y - kr * r - kb * b) / kg
            let alpha = Float(pixmap.data[i * 4 + 3])
            out[i * 4] = UInt8(min(max(r, 0), alpha).rounded())
            out[i * 4 + 1] = UInt8(min(max(g, 0), alpha).rounded())
            out[i * 4 + 2] = UInt8(min(max(b, 0), alpha).rounded())
        }
        return Pixmap(width: pixmap.width, height: pixmap.height, premultipliedData: out)
    }

    /// Plane `plane` averaged twice over a sliding `size` × `size` box: a tent.
    private static func smooth(_ planes: inout [Float], plane: Int, width: Int, height: Int, size: Int, scratch: inout [Float]) {
        for _ in 0..<2 { average(&planes, plane: plane, width: width, height: height, size: size, scratch: &scratch) }
    }

    /// Plane `plane` of `planes` averaged over a sliding `size` × `size` box, rows then
    /// columns, with running sums; the box is cut short at the borders. `scratch` holds a
    /// plane and one row more: the column pass keeps a running sum per column there and
    /// walks the rows in order, so both passes read memory contiguously.
    private static func average(_ planes: inout [Float], plane: Int, width: Int, height: Int, size: Int, scratch: inout [Float]) {
        let before = size / 2, after = size - 1 - before
        let base = plane * width * height
        planes.withUnsafeMutableBufferPointer { planes in
            scratch.withUnsafeMutableBufferPointer { scratch in
                for y in 0..<height {
                    var sum: Float = 0
                    let row = base + y * width
                    for x in 0..<min(after, width) { sum += planes[row + x] }
                    for x in 0..<width {
                        if x + after < width { sum += planes[row + x + after] }
                        if x - before - 1 >= 0 { sum -= planes[row + x - before - 1] }
                        scratch[y * width + x] = sum / Float(min(x + after, width - 1) - max(x - before, 0) + 1)
                    }
                }
                // One running sum per column, kept after the plane in `scratch`, rows walked in order.
                let sums = width * height
                for x in 0..<width { scratch[sums + x] = 0 }
                for y in 0..<min(after, height) {
                    for x in 0..<width { scratch[sums + x] += scratch[y * width + x] }
                }
                for y in 0..<height {
                    let count = Float(min(y + after, height - 1) - max(y - before, 0) + 1)
                    let entering = y + after < height ? (y + after) * width : -1
                    let leaving = y - before - 1 >= 0 ? (y - before - 1) * width : -1
                    let out = base + y * width
                    for x in 0..<width {
                        var sum = scratch[sums + x]
                        if entering >= 0 { sum += scratch[entering + x] }
                        if leaving >= 0 { sum -= scratch[leaving + x] }
                        scratch[sums + x] = sum
                        planes[out + x] = sum / count
                    }
                }
            }
        }
    }
}
