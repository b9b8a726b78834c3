/// How a GIF shows colours that fall between its palette entries.
public enum Dither: String, CaseIterable, Sendable {
    /// Every pixel takes its nearest palette colour: the smallest files and the highest PSNR,
    /// with visible bands across smooth gradients.
    case none
    /// An 8×8 Bayer pattern mixes the two palette colours on either side of a pixel's colour in
    /// the proportion that reproduces it on average. Only near colours are mixed (never across
    /// an edge), only in smooth areas (edges and text take their nearest colour), and the pattern
    /// is fixed to the pixel grid, so still areas stay identical from frame to frame and compress
    /// well. The default.
    case ordered
    /// Floyd–Steinberg error diffusion in serpentine order, at 85 % strength: the smoothest
    /// gradients, the noisiest pattern and the largest files. Only pixels that change are
    /// dithered, so still areas do not shimmer.
    case diffusion
}
