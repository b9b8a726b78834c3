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
// Both frames always go through the same preparation (FramePreparation.swift),
// so a difference that survives it is a difference of the content, not of the
// encoding.


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
}
