/// The blend modes as pure functions of premultiplied colours in 0…1.
///
/// Each mode is a type whose static `blend` the compositing loops are specialised
/// on, so the inner loop of every mode is compiled separately and calls nothing
/// dynamically; `BlendMode.dispatch` picks the specialisation once per drawing.
///
/// Formulas: W3C Compositing and Blending Level 1, §5.8 (separable modes, with the
/// general form `s·(1−αb) + d·(1−αs) + αs·αb·B(Cb, Cs)`), §5.9 (non-separable modes:
/// Lum, ClipColor, SetLum, Sat, SetSat on straight colours), §5.2 (Porter–Duff).
/// Where a separable mode simplifies in premultiplied form (multiply, screen,
/// darken, lighten, difference, exclusion) the simplified form is used.
protocol BlendFunction {
    static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float>
}

/// Calls `body` with the blend function type of `mode`; the callee is generic, so it is
/// specialised per mode.
protocol BlendModeVisitor {
    associatedtype Result
    func visit<B: BlendFunction>(_ function: B.Type) -> Result
}

extension BlendMode {
    func dispatch<V: BlendModeVisitor>(_ visitor: V) -> V.Result {
        switch self {
        case .normal: return visitor.visit(SourceOverBlend.self)
        case .multiply: return visitor.visit(MultiplyBlend.self)
        case .screen: return visitor.visit(ScreenBlend.self)
        case .overlay: return visitor.visit(OverlayBlend.self)
        case .darken: return visitor.visit(DarkenBlend.self)
        case .lighten: return visitor.visit(LightenBlend.self)
        case .colorDodge: return visitor.visit(ColorDodgeBlend.self)
        case .colorBurn: return visitor.visit(ColorBurnBlend.self)
        case .softLight: return visitor.visit(SoftLightBlend.self)
        case .hardLight: return visitor.visit(HardLightBlend.self)
        case .difference: return visitor.visit(DifferenceBlend.self)
        case .exclusion: return visitor.visit(ExclusionBlend.self)
        case .hue: return visitor.visit(HueBlend.self)
        case .saturation: return visitor.visit(SaturationBlend.self)
        case .color: return visitor.visit(ColorBlend.self)
        case .luminosity: return visitor.visit(LuminosityBlend.self)
        case .sourceAtop: return visitor.visit(SourceAtopBlend.self)
        case .destinationOver: return visitor.visit(DestinationOverBlend.self)
        case .destinationOut: return visitor.visit(DestinationOutBlend.self)
        case .plusDarker: return visitor.visit(PlusDarkerBlend.self)
        case .plusLighter: return visitor.visit(PlusLighterBlend.self)
        }
    }
}

@inline(__always) private func alphaSplat(_ v: SIMD4<Float>) -> SIMD4<Float> { SIMD4(repeating: v.w) }

/// A colour's rgb with alpha `a`.
@inline(__always) private func withAlpha(_ v: SIMD4<Float>, _ a: Float) -> SIMD4<Float> {
    var r = v
    r.w = a
    return r
}

/// Applies a separable `B(cb, cs)` (straight colours, per channel) in the general form.
@inline(__always)
private func separable(_ s: SIMD4<Float>, _ d: SIMD4<Float>, _ b: (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>) -> SIMD4<Float> {
    let sa = s.w, da = d.w
    let cs = sa > 0 ? s / sa : .zero
    let cb = da > 0 ? d / da : .zero
    let mixed = s * (1 - da) + d * (1 - sa) + b(cb, cs) * (sa * da)
    return withAlpha(mixed, sa + da - sa * da)
}

struct SourceOverBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> { s + d * (1 - s.w) }
}

struct MultiplyBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        s * d + s * (1 - d.w) + d * (1 - s.w)
    }
}

struct ScreenBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> { s + d - s * d }
}

struct HardLightBlend: BlendFunction {
    @inline(__always) static func b(_ cb: SIMD4<Float>, _ cs: SIMD4<Float>) -> SIMD4<Float> {
        let two = cs * 2
        let multiply = cb * two
        let screen = cb + (two - 1) - cb * (two - 1)
        return SIMD4(
            cs.x > 0.5 ? screen.x : multiply.x, cs.y > 0.5 ? screen.y : multiply.y, cs.z > 0.5 ? screen.z : multiply.z,
            cs.w > 0.5 ? screen.w : multiply.w)
    }
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> { separable(s, d, b) }
}

struct OverlayBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        separable(s, d) { cb, cs in HardLightBlend.b(cs, cb) }
    }
}

struct DarkenBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        let r = s + d - elementMax(s * d.w, d * s.w)
        return withAlpha(r, s.w + d.w - s.w * d.w)
    }
}

struct LightenBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        let r = s + d - elementMin(s * d.w, d * s.w)
        return withAlpha(r, s.w + d.w - s.w * d.w)
    }
}

struct ColorDodgeBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        separable(s, d) { cb, cs in
            var r = SIMD4<Float>.zero
            for i in 0..<3 {
                if cb[i] <= 0 {
                    r[i] = 0
                } else if cs[i] >= 1 {
                    r[i] = 1
                } else {
                    r[i] = min(1, cb[i] / (1 - cs[i]))
                }
            }
            return r
        }
    }
}

struct ColorBurnBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        separable(s, d) { cb, cs in
            var r = SIMD4<Float>.zero
            for i in 0..<3 {
                if cb[i] >= 1 {
                    r[i] = 1
                } else if cs[i] <= 0 {
                    r[i] = 0
                } else {
                    r[i] = 1 - min(1, (1 - cb[i]) / cs[i])
                }
            }
            return r
        }
    }
}

struct SoftLightBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        separable(s, d) { cb, cs in
            var r = SIMD4<Float>.zero
            for i in 0..<3 {
                let b = cb[i], c = cs[i]
                if c <= 0.5 {
                    r[i] = b - (1 - 2 * c) * b * (1 - b)
                } else {
                    let dd = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                    r[i] = b + (2 * c - 1) * (dd - b)
                }
            }
            return r
        }
    }
}

struct DifferenceBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        let r = s + d - 2 * elementMin(s * d.w, d * s.w)
        return withAlpha(r, s.w + d.w - s.w * d.w)
    }
}

struct ExclusionBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        let r = s + d - 2 * s * d
        return withAlpha(r, s.w + d.w - s.w * d.w)
    }
}

// MARK: Non-separable modes (W3C §5.9), on straight rgb in .x .y .z.

@inline(__always) private func lum(_ c: SIMD4<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

@inline(__always) private func clipColor(_ c: SIMD4<Float>) -> SIMD4<Float> {
    let l = lum(c)
    let n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
    var r = c
    if n < 0 { r = SIMD4(repeating: l) + (r - l) * (l / max(l - n, 1e-12)) }
    if x > 1 { r = SIMD4(repeating: l) + (r - l) * ((1 - l) / max(x - l, 1e-12)) }
    return r
}

@inline(__always) private func setLum(_ c: SIMD4<Float>, _ l: Float) -> SIMD4<Float> {
    clipColor(c + (l - lum(c)))
}

@inline(__always) private func sat(_ c: SIMD4<Float>) -> Float { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

@inline(__always) private func setSat(_ c: SIMD4<Float>, _ s: Float) -> SIMD4<Float> {
    let n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
    guard x > n else { return .zero }
    return (c - n) * (s / (x - n))
}

@inline(__always)
private func nonSeparable(_ s: SIMD4<Float>, _ d: SIMD4<Float>, _ b: (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>) -> SIMD4<Float> {
    let sa = s.w, da = d.w
    var cs = sa > 0 ? s / sa : .zero
    var cb = da > 0 ? d / da : .zero
    cs.w = 0
    cb.w = 0
    let mixed = s * (1 - da) + d * (1 - sa) + b(cb, cs) * (sa * da)
    return withAlpha(mixed, sa + da - sa * da)
}

struct HueBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        nonSeparable(s, d) { cb, cs in setLum(setSat(cs, sat(cb)), lum(cb)) }
    }
}

struct SaturationBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        nonSeparable(s, d) { cb, cs in setLum(setSat(cb, sat(cs)), lum(cb)) }
    }
}

struct ColorBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        nonSeparable(s, d) { cb, cs in setLum(cs, lum(cb)) }
    }
}

struct LuminosityBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        nonSeparable(s, d) { cb, cs in setLum(cb, lum(cs)) }
    }
}

// MARK: Porter–Duff and additive modes.

struct SourceAtopBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        withAlpha(s * d.w + d * (1 - s.w), d.w)
    }
}

struct DestinationOverBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> { s * (1 - d.w) + d }
}

struct DestinationOutBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> { d * (1 - s.w) }
}

struct PlusDarkerBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        let a = min(1, s.w + d.w)
        let r = elementMax(SIMD4(repeating: a) - ((alphaSplat(s) - s) + (alphaSplat(d) - d)), .zero)
        return withAlpha(r, a)
    }
}

struct PlusLighterBlend: BlendFunction {
    @inline(__always) static func blend(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        elementMin(s + d, SIMD4(repeating: 1))
    }
}
