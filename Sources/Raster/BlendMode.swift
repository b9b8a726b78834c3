/// How a source is combined with what is already drawn, as Core Graphics' `CGBlendMode`
/// and SwiftUI's `BlendMode`.
///
/// Separable and non-separable modes follow the W3C Compositing and Blending Level 1
/// definitions (which are Core Graphics' and PDF's): with straight colours Cs, Cb and
/// alphas αs, αb, the result is `αs·(1−αb)·Cs + αb·(1−αs)·Cb + αs·αb·B(Cb, Cs)` with
/// alpha `αs + αb − αs·αb`. Porter–Duff modes use their operator. Every mode leaves
/// the destination unchanged where the source is transparent, so coverage, clips and
/// opacity scale the source (which is exactly the W3C "shape" interpolation for these
/// modes).
public enum BlendMode: String, Sendable, Hashable, CaseIterable {
    /// Source over destination.
    case normal
    /// `Cb·Cs`.
    case multiply
    /// `Cb + Cs − Cb·Cs`.
    case screen
    /// Hard light with the layers swapped.
    case overlay
    /// `min(Cb, Cs)`.
    case darken
    /// `max(Cb, Cs)`.
    case lighten
    /// `min(1, Cb / (1 − Cs))` (0 when Cb = 0).
    case colorDodge
    /// `1 − min(1, (1 − Cb) / Cs)` (1 when Cb = 1).
    case colorBurn
    /// The W3C soft light (Pegtop-like, with its `D(Cb)` term).
    case softLight
    /// Multiply for `Cs ≤ ½`, screen above.
    case hardLight
    /// `|Cb − Cs|`.
    case difference
    /// `Cb + Cs − 2·Cb·Cs`.
    case exclusion
    /// The source's hue with the destination's saturation and luminosity.
    case hue
    /// The source's saturation with the destination's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the destination's luminosity.
    case color
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity
    /// Porter–Duff source atop: the source only where the destination is.
    case sourceAtop
    /// Porter–Duff destination over: the source only shows where the destination is clear.
    case destinationOver
    /// Porter–Duff destination out: the source's alpha erases the destination.
    case destinationOut
    /// Apple's `R = max(0, 1 − ((1 − D) + (1 − S)))`, in premultiplied form
    /// `α = min(1, αs + αb)`, `c = max(0, α − ((αs − cs) + (αb − cb)))`, which reduces
    /// to Apple's formula for opaque colours and leaves the destination unchanged under a
    /// transparent source. (The published W3C draft formula is known to be wrong,
    /// w3c/fxtf-drafts#447.)
    case plusDarker
    /// Porter–Duff plus: `min(1, s + d)` on premultiplied components.
    case plusLighter
}
