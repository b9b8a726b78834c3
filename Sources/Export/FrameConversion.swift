/// How decoded YUV frames are turned into RGB: exactly, or fast.
///
/// Both use the matrix and range the stream is tagged with (BT.601 and limited range when
/// untagged, as swscale assumes). Frames that are not YUV (RGB, palettes: PNG, GIF, APNG,
/// WebP) convert the same way under both.
public enum FrameConversion: Sendable, Equatable {
    /// swscale's exact path: chroma interpolated bicubically at the siting the stream is tagged
    /// with, rounding kept to the last step. The reference for checking what encoders wrote;
    /// about 15 ms a 1080p frame on one core.
    case accurate
    /// swscale's unscaled SIMD path for 4:2:0 and 4:2:2 video: each chroma sample is repeated
    /// over the pixels it covers (no interpolation; left-sited chroma first moved to the
    /// centre of its pixels, `ChromaCentring`), within a level or two of `accurate` away
    /// from edges; about 0.5 ms a 1080p frame, 0.3 ms more when centring. Colour edges differ
    /// from `accurate` by up to the chroma step across them, over a pixel, so it serves
    /// comparisons that see chroma at the video's own resolution (`animate diff`), not checks
    /// of an encoder's chroma. Other YUV formats convert as `accurate`.
    case fast
}
