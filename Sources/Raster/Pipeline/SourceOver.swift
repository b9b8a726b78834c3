import CSIMD

/// Source-over compositing on premultiplied RGBA8 in 16-bit fixed point, four pixels
/// per vector: the loops behind nearly every drawing (the normal blend mode).
///
/// Per channel, in byte units (0…255): `d' = s·c + d·(1 − αs·c)`, `c` the coverage
/// (times the paint's opacity). Sources are kept in 8.8 fixed point (value × 256, so a
/// gradient or a translucent colour loses nothing to 8 bits before blending) and
/// fractions in 0.16 (× 65,536, at most 65,535); products of the two take the high
/// half of the 32-bit product, rounded down (`mulhi`, SSE2 `pmulhuw`, the x86-64
/// baseline), and the result is rounded once, at the end:
/// `d' = (d·256·k / 65536 + s·c·256 + 128) >> 8`. The error before that rounding is
/// below 1/40 of a step, so results match the floating-point formula except within
/// that distance of a tie. Coverage comes as 16-bit fractions
/// (65,535 is full), zero coverage leaves a pixel exactly as it was, and an opaque
/// colour at full coverage is written as its own bytes. Premultiplied
/// sources (every channel at most alpha) keep every sum within 16 bits.
///
/// Vector layout: four pixels (16 bytes, r g b a each) read as `SIMD8<UInt16>`: the
/// low byte of each lane is r or b (the "even" channels) and the high byte g or a
/// ("odd"), so `v << 8` and `v & 0xFF00` are the two halves in 8.8 without any
/// widening, and every per-pixel factor sits in its pixel's two lanes. Shaded rows
/// are stored in this split form (`ShadedRow`). Pixels past the last group of four
/// go through the same code on copies, so nothing is read or written past a span.
enum SourceOver {
    typealias Lanes = SIMD8<UInt16>

    /// `a·b / 65536` per lane, rounded down: one `pmulhuw` (see `CSIMD`).
    @inline(__always)
    static func mulhi(_ a: Lanes, _ b: Lanes) -> Lanes {
        animate_mulhi_u16(a, b)
    }

    /// Four coverage values, each in both lanes of its pixel.
    @inline(__always)
    static func coverageLanes(_ p: UnsafeRawPointer) -> Lanes {
        lanes(coverageValues(p))
    }

    /// Four values, each in both lanes of its pixel.
    @inline(__always)
    static func lanes(_ m: SIMD4<UInt16>) -> Lanes {
        Lanes(m[0], m[0], m[1], m[1], m[2], m[2], m[3], m[3])
    }

    /// Four coverage values, read one by one: the sweep has just stored them one by one,
    /// and a wider load of values still on their way to the cache waits for them all to
    /// land, where each narrow load takes its value from its store directly.
    @inline(__always)
    static func coverageValues(_ p: UnsafeRawPointer) -> SIMD4<UInt16> {
        let q = p.assumingMemoryBound(to: UInt16.self)
        return SIMD4(q[0], q[1], q[2], q[3])
    }

    /// `1 − α` as a fraction, in both lanes of each pixel, from the odd half (g, a) in 8.8.
    @inline(__always)
    static func transparency(_ odd: Lanes) -> Lanes {
        let x = unsafeBitCast(odd, to: SIMD4<UInt32>.self)
        let a = unsafeBitCast(x &>> 16 | x & 0xFFFF_0000, to: Lanes.self)
        // α·256·257/256 = α as a fraction of 65,535.
        return 65535 &- (a &+ a &>> 8)
    }

    /// `s + d·k`, rounded, for four destination pixels `d`: `k` a fraction per lane,
    /// `even` and `odd` the source halves in 8.8 with the rounding term (128) added.
    @inline(__always)
    static func over(_ d: Lanes, k: Lanes, even: Lanes, odd: Lanes) -> Lanes {
        let e = (mulhi(d &<< 8, k) &+ even) &>> 8
        let o = (mulhi(d & 0xFF00, k) &+ odd) & 0xFF00
        return e | o
    }

    /// Runs `body.apply(d, source, coverage)` on groups of four pixels at `dst`: `source`
    /// points to the group's 16 bytes in each of `planes` (0…2 planes of 4 bytes per pixel
    /// at `plane0`, `plane1`), `coverage` to its 4 coverage values. The last partial group
    /// runs with the kernel limited to its pixels (the others come out unchanged) when
    /// `room` says the row, the sources and the coverage extend to a whole group; else on
    /// copies, so nothing is read or written past `count`. Kernels are structs rather
    /// than closures so that they are always inlined.
    @inline(__always)
    static func forEachGroup<Body: GroupKernel>(
        _ dst: UnsafeMutableRawPointer, count: Int, plane0: UnsafeRawPointer?, plane1: UnsafeRawPointer?, coverage: UnsafeRawPointer?,
        room: Bool, _ body: Body
    ) {
        let p0 = plane0 ?? UnsafeRawPointer(dst), p1 = plane1 ?? UnsafeRawPointer(dst), mask = coverage ?? UnsafeRawPointer(dst)
        var i = 0
        while i &+ 4 <= count {
            let p = dst + i &* 4
            p.storeBytes(of: body.apply(p.loadUnaligned(as: Lanes.self), p0 + i &* 4, p1 + i &* 4, mask + i &* 2), as: Lanes.self)
            i &+= 4
        }
        let rest = count &- i
        guard rest > 0 else { return }
        let limited = body.limited(to: rest)
        if room {
            let p = dst + i &* 4
            p.storeBytes(of: limited.apply(p.loadUnaligned(as: Lanes.self), p0 + i &* 4, p1 + i &* 4, mask + i &* 2), as: Lanes.self)
            return
        }
        withUnsafeTemporaryAllocation(byteCount: 64, alignment: 16) { buffer in
            // The partial group's copies: pixels, plane 0, plane 1, coverage.
            let copy = buffer.baseAddress!
            copy.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
            copy.copyMemory(from: dst + i &* 4, byteCount: rest &* 4)
            if plane0 != nil { (copy + 16).copyMemory(from: p0 + i &* 4, byteCount: rest &* 4) }
            if plane1 != nil { (copy + 32).copyMemory(from: p1 + i &* 4, byteCount: rest &* 4) }
            if coverage != nil { (copy + 48).copyMemory(from: mask + i &* 2, byteCount: rest &* 2) }
            copy.storeBytes(
                of: limited.apply(copy.loadUnaligned(as: Lanes.self), UnsafeRawPointer(copy + 16), UnsafeRawPointer(copy + 32), UnsafeRawPointer(copy + 48)),
                as: Lanes.self)
            (dst + i &* 4).copyMemory(from: copy, byteCount: rest &* 4)
        }
    }

    /// All ones in the lanes of the first `pixels` pixels of a group, zero in the others.
    @inline(__always)
    static func laneMask(_ pixels: Int) -> Lanes {
        // The pixel index of each lane minus `pixels` wraps to the top bit exactly when smaller.
        let below = (Lanes(0, 0, 1, 1, 2, 2, 3, 3) &- UInt16(truncatingIfNeeded: pixels)) &>> 15
        return 0 &- below
    }

    /// Fills `count` pixels with `color`.
    @inline(__always)
    static func fill(_ dst: UnsafeMutableRawPointer, count: Int, color: UInt32) {
        let v = SIMD4<UInt32>(repeating: color)
        guard count >= 8 else {
            if count >= 4 {
                // Two groups of four, overlapping.
                dst.storeBytes(of: v, as: SIMD4<UInt32>.self)
                dst.storeBytes(of: v, toByteOffset: (count &- 4) &* 4, as: SIMD4<UInt32>.self)
            } else {
                for i in 0..<count { dst.storeBytes(of: color, toByteOffset: i &* 4, as: UInt32.self) }
            }
            return
        }
        var i = 0
        while i &+ 8 < count {
            dst.storeBytes(of: v, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            dst.storeBytes(of: v, toByteOffset: i &* 4 &+ 16, as: SIMD4<UInt32>.self)
            i &+= 8
        }
        // The last one to eight pixels: the eight that end at the last pixel, over pixels
        // already written (the same colour again), with no branch on how many are left.
        dst.storeBytes(of: v, toByteOffset: (count &- 8) &* 4, as: SIMD4<UInt32>.self)
        dst.storeBytes(of: v, toByteOffset: (count &- 4) &* 4, as: SIMD4<UInt32>.self)
    }

    /// One colour, prepared once per drawing.
    struct Solid {
        /// The colour's bytes, for full coverage.
        let packed: UInt32
        let isOpaque: Bool
        /// The colour (premultiplied, 0…1).
        let color: SIMD4<Float>
        /// Even and odd halves in 8.8, for every pixel of a group.
        let even: Lanes, odd: Lanes
        /// Alpha as a fraction of 65,535.
        let alpha: Lanes
        /// `over`'s operands at full coverage.
        let fullEven: Lanes, fullOdd: Lanes, fullK: Lanes

        init(_ color: SIMD4<Float>) {
            self.color = color
            packed = packedPixel(color)
            isOpaque = packed >> 24 == 255
            (even, odd) = Solid.halves(color, coverage: 1)
            alpha = Lanes(repeating: UInt16(min(max(color.w * 65535, 0), 65535) + 0.5))
            (fullEven, fullOdd) = (even &+ 128, odd &+ 128)
            fullK = Solid.transparency(color, coverage: 1)
        }

        /// The colour times `c` (0…1) in 8.8, truncated in double precision, so that a value
        /// just below a tie (0.7 · 255 in single precision) still rounds down, as the
        /// floating-point loops round it.
        static func halves(_ color: SIMD4<Float>, coverage c: Double) -> (Lanes, Lanes) {
            @inline(__always) func fixed(_ v: Float) -> UInt16 { UInt16(min(max(Double(v) * c * (255 * 256), 0), 65280)) }
            let r = fixed(color.x), g = fixed(color.y), b = fixed(color.z), a = fixed(color.w)
            return (Lanes(r, b, r, b, r, b, r, b), Lanes(g, a, g, a, g, a, g, a))
        }

        /// `1 − α·c` as a fraction of 65,536 (at most 65,535).
        static func transparency(_ color: SIMD4<Float>, coverage c: Double) -> Lanes {
            Lanes(repeating: UInt16(min(max((1 - Double(color.w) * c) * 65536 + 0.5, 0), 65535)))
        }

        /// The colour over the pixel `background` (packed) at full coverage, as
        /// `SourceOver.solid` blends it.
        func overBackground(_ background: UInt32) -> UInt32 {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { pixels in
                let base = UnsafeMutableRawPointer(pixels.baseAddress!)
                SourceOver.fill(base, count: 8, color: background)
                SourceOver.solid(base, count: 8, self, coverage: 65535, room: false)
                return pixels[0]
            }
        }
    }

    /// A solid colour over `count` pixels at constant coverage `m` (1…65,535).
    @inline(__always)
    static func solid(_ dst: UnsafeMutableRawPointer, count: Int, _ solid: Solid, coverage m: UInt32, room: Bool) {
        if m == 65535 {
            if solid.isOpaque {
                fill(dst, count: count, color: solid.packed)
            } else {
                forEachGroup(dst, count: count, plane0: nil, plane1: nil, coverage: nil, room: room, ConstantKernel(even: solid.fullEven, odd: solid.fullOdd, k: solid.fullK))
            }
            return
        }
        let c = Double(m) / 65535
        let (even, odd) = Solid.halves(solid.color, coverage: c)
        let k = Solid.transparency(solid.color, coverage: c)
        forEachGroup(dst, count: count, plane0: nil, plane1: nil, coverage: nil, room: room, ConstantKernel(even: even &+ 128, odd: odd &+ 128, k: k))
    }

    /// A solid colour over `count` pixels with per-pixel coverage `m`.
    @inline(__always)
    static func solid(_ dst: UnsafeMutableRawPointer, count: Int, _ solid: Solid, coverage m: UnsafePointer<UInt16>, room: Bool) {
        forEachGroup(dst, count: count, plane0: nil, plane1: nil, coverage: UnsafeRawPointer(m), room: room, SolidKernel(solid))
    }

    /// Shaded colours in split 8.8 form (`ShadedRow`) over `count` pixels, at constant
    /// coverage `m` (1…65,535).
    @inline(__always)
    static func row(_ dst: UnsafeMutableRawPointer, _ source: ShadedRow, count: Int, coverage m: UInt32, room: Bool) {
        if m == 65535 {
            forEachGroup(dst, count: count, plane0: source.even, plane1: source.odd, coverage: nil, room: room, RowKernel())
        } else {
            forEachGroup(dst, count: count, plane0: source.even, plane1: source.odd, coverage: nil, room: room, ScaledRowKernel(c: Lanes(repeating: UInt16(truncatingIfNeeded: m))))
        }
    }

    /// Shaded colours in split 8.8 form over `count` pixels with per-pixel coverage `m`.
    @inline(__always)
    static func row(_ dst: UnsafeMutableRawPointer, _ source: ShadedRow, count: Int, coverage m: UnsafePointer<UInt16>, room: Bool) {
        forEachGroup(dst, count: count, plane0: source.even, plane1: source.odd, coverage: UnsafeRawPointer(m), room: room, MaskedRowKernel())
    }

    /// Device-aligned premultiplied pixels (a layer) times `opacity` (a fraction, at most
    /// 65,535) over `count` pixels, at constant coverage `m` (1…65,535).
    @inline(__always)
    static func pixels(_ dst: UnsafeMutableRawPointer, _ source: UnsafeRawPointer, count: Int, opacity: UInt16, coverage m: UInt32, room: Bool) {
        if opacity == 65535 && m == 65535 {
            forEachGroup(dst, count: count, plane0: source, plane1: nil, coverage: nil, room: room, PixelsKernel())
        } else {
            let c = Lanes(repeating: m == 65535 ? opacity : UInt16(truncatingIfNeeded: (UInt32(opacity) &* m) &>> 16))
            forEachGroup(dst, count: count, plane0: source, plane1: nil, coverage: nil, room: room, ScaledPixelsKernel(c: c))
        }
    }

    /// Device-aligned pixels times `opacity` over `count` pixels with per-pixel coverage `m`.
    @inline(__always)
    static func pixels(_ dst: UnsafeMutableRawPointer, _ source: UnsafeRawPointer, count: Int, opacity: UInt16, coverage m: UnsafePointer<UInt16>, room: Bool) {
        forEachGroup(dst, count: count, plane0: source, plane1: nil, coverage: UnsafeRawPointer(m), room: room, MaskedPixelsKernel(opacity: Lanes(repeating: opacity)))
    }
}

/// The work on one group of four pixels: `d` the destination, `s0` and `s1` the group's
/// source planes, `m` its coverage values (see `SourceOver.forEachGroup`).
///
/// `limited(to:)` gives the same kernel for the first `pixels` pixels of a group only:
/// the others come out exactly as they were (no source, no coverage: `d·65535/65536`
/// rounds back to `d`).
protocol GroupKernel {
    func apply(_ d: SourceOver.Lanes, _ s0: UnsafeRawPointer, _ s1: UnsafeRawPointer, _ m: UnsafeRawPointer) -> SourceOver.Lanes
    func limited(to pixels: Int) -> Self
}

extension SourceOver {
    /// `over` with fixed operands: a colour at constant coverage.
    struct ConstantKernel: GroupKernel {
        var even: Lanes, odd: Lanes, k: Lanes
        @inline(__always) func apply(_ d: Lanes, _: UnsafeRawPointer, _: UnsafeRawPointer, _: UnsafeRawPointer) -> Lanes {
            over(d, k: k, even: even, odd: odd)
        }
        @inline(__always) func limited(to pixels: Int) -> ConstantKernel {
            let keep = laneMask(pixels), rounding = Lanes(repeating: 128)
            return ConstantKernel(even: even & keep | rounding & ~keep, odd: odd & keep | rounding & ~keep, k: k | ~keep)
        }
    }

    /// A colour through per-pixel coverage; groups of none or full coverage take shortcuts.
    struct SolidKernel: GroupKernel {
        let full: UInt64, packed: Lanes, even: Lanes, odd: Lanes, alpha: Lanes
        var keep = Lanes(repeating: 0xFFFF)
        @inline(__always) func apply(_ d: Lanes, _: UnsafeRawPointer, _: UnsafeRawPointer, _ m: UnsafeRawPointer) -> Lanes {
            apply(d, coverage: coverageValues(m))
        }
        /// `d` under the colour at the four coverage values `m`.
        @inline(__always) func apply(_ d: Lanes, coverage m: SIMD4<UInt16>) -> Lanes {
            let values = unsafeBitCast(m, to: UInt64.self)
            if values == 0 { return d }
            if values == full { return packed }
            let c = lanes(m) & keep
            return over(d, k: 65535 &- mulhi(alpha, c), even: mulhi(even, c) &+ 128, odd: mulhi(odd, c) &+ 128)
        }
        @inline(__always) func limited(to pixels: Int) -> SolidKernel {
            // Without the shortcut for full coverage, which would ignore the mask.
            var kernel = SolidKernel(full: 0, packed: packed, even: even, odd: odd, alpha: alpha)
            kernel.keep = laneMask(pixels)
            return kernel
        }
    }

    /// Shaded colours at full coverage.
    struct RowKernel: GroupKernel {
        var keep = Lanes(repeating: 0xFFFF)
        @inline(__always) func apply(_ d: Lanes, _ e: UnsafeRawPointer, _ o: UnsafeRawPointer, _: UnsafeRawPointer) -> Lanes {
            let odd = o.loadUnaligned(as: Lanes.self) & keep
            return over(d, k: transparency(odd), even: (e.loadUnaligned(as: Lanes.self) & keep) &+ 128, odd: odd &+ 128)
        }
        @inline(__always) func limited(to pixels: Int) -> RowKernel { RowKernel(keep: laneMask(pixels)) }
    }

    /// Shaded colours at constant coverage `c`.
    struct ScaledRowKernel: GroupKernel {
        let c: Lanes
        @inline(__always) func apply(_ d: Lanes, _ e: UnsafeRawPointer, _ o: UnsafeRawPointer, _: UnsafeRawPointer) -> Lanes {
            let odd = mulhi(o.loadUnaligned(as: Lanes.self), c)
            return over(d, k: transparency(odd), even: mulhi(e.loadUnaligned(as: Lanes.self), c) &+ 128, odd: odd &+ 128)
        }
        @inline(__always) func limited(to pixels: Int) -> ScaledRowKernel { ScaledRowKernel(c: c & laneMask(pixels)) }
    }

    /// Shaded colours through per-pixel coverage.
    struct MaskedRowKernel: GroupKernel {
        var keep = Lanes(repeating: 0xFFFF)
        @inline(__always) func apply(_ d: Lanes, _ e: UnsafeRawPointer, _ o: UnsafeRawPointer, _ m: UnsafeRawPointer) -> Lanes {
            if m.loadUnaligned(as: UInt64.self) == 0 { return d }
            return apply(d, e, o, coverage: coverageValues(m))
        }
        /// `d` under the colours at `e` and `o` at the four coverage values `m`.
        @inline(__always) func apply(_ d: Lanes, _ e: UnsafeRawPointer, _ o: UnsafeRawPointer, coverage m: SIMD4<UInt16>) -> Lanes {
            if unsafeBitCast(m, to: UInt64.self) == 0 { return d }
            let c = lanes(m) & keep
            let odd = mulhi(o.loadUnaligned(as: Lanes.self), c)
            return over(d, k: transparency(odd), even: mulhi(e.loadUnaligned(as: Lanes.self), c) &+ 128, odd: odd &+ 128)
        }
        @inline(__always) func limited(to pixels: Int) -> MaskedRowKernel { MaskedRowKernel(keep: laneMask(pixels)) }
    }

    /// Pixels at full opacity and coverage.
    struct PixelsKernel: GroupKernel {
        var keep = Lanes(repeating: 0xFFFF)
        @inline(__always) func apply(_ d: Lanes, _ s: UnsafeRawPointer, _: UnsafeRawPointer, _: UnsafeRawPointer) -> Lanes {
            let v = s.loadUnaligned(as: Lanes.self) & keep
            let odd = v & 0xFF00
            return over(d, k: transparency(odd), even: v &<< 8 &+ 128, odd: odd &+ 128)
        }
        @inline(__always) func limited(to pixels: Int) -> PixelsKernel { PixelsKernel(keep: laneMask(pixels)) }
    }

    /// Pixels times a constant fraction `c` (opacity times coverage).
    struct ScaledPixelsKernel: GroupKernel {
        let c: Lanes
        @inline(__always) func apply(_ d: Lanes, _ s: UnsafeRawPointer, _: UnsafeRawPointer, _: UnsafeRawPointer) -> Lanes {
            let v = s.loadUnaligned(as: Lanes.self)
            let odd = mulhi(v & 0xFF00, c)
            return over(d, k: transparency(odd), even: mulhi(v &<< 8, c) &+ 128, odd: odd &+ 128)
        }
        @inline(__always) func limited(to pixels: Int) -> ScaledPixelsKernel { ScaledPixelsKernel(c: c & laneMask(pixels)) }
    }

    /// Pixels times `opacity` through per-pixel coverage.
    struct MaskedPixelsKernel: GroupKernel {
        let opacity: Lanes
        @inline(__always) func apply(_ d: Lanes, _ s: UnsafeRawPointer, _: UnsafeRawPointer, _ m: UnsafeRawPointer) -> Lanes {
            if m.loadUnaligned(as: UInt64.self) == 0 { return d }
            let c = mulhi(coverageLanes(m), opacity)
            let v = s.loadUnaligned(as: Lanes.self)
            let odd = mulhi(v & 0xFF00, c)
            return over(d, k: transparency(odd), even: mulhi(v &<< 8, c) &+ 128, odd: odd &+ 128)
        }
        @inline(__always) func limited(to pixels: Int) -> MaskedPixelsKernel { MaskedPixelsKernel(opacity: opacity & laneMask(pixels)) }
    }
}

/// A row of shaded colours in the split form `SourceOver` reads: per pixel, `even`
/// holds r and b and `odd` holds g and a, each as a 16-bit 8.8 value (byte units × 256)
/// in the low and high half of a 32-bit word. Both rows have slack for a group of four.
struct ShadedRow {
    let even: UnsafeMutableRawPointer
    let odd: UnsafeMutableRawPointer

    /// Stores the colour (premultiplied, 0…1) of pixel `i`.
    @inline(__always)
    func store(_ i: Int, _ v: SIMD4<Float>) {
        // Truncated in double precision, as `SourceOver.Solid` does.
        @inline(__always) func fixed(_ v: Float) -> UInt32 {
            let x = Double(v) * (255 * 256)
            return UInt32(x > 0 ? (x < 65280 ? x : 65280) : 0)
        }
        even.storeBytes(of: fixed(v.x) | fixed(v.z) << 16, toByteOffset: i &* 4, as: UInt32.self)
        odd.storeBytes(of: fixed(v.y) | fixed(v.w) << 16, toByteOffset: i &* 4, as: UInt32.self)
    }

    /// Stores a colour already in split form to pixel `i`.
    @inline(__always)
    func store(_ i: Int, even e: UInt32, odd o: UInt32) {
        even.storeBytes(of: e, toByteOffset: i &* 4, as: UInt32.self)
        odd.storeBytes(of: o, toByteOffset: i &* 4, as: UInt32.self)
    }
}

extension SourceOver.SolidKernel {
    /// The kernel of `solid` (shortcuts for no and, when opaque, full coverage).
    @inline(__always)
    init(_ solid: SourceOver.Solid) {
        self.init(
            full: solid.isOpaque ? UInt64.max : 0, packed: unsafeBitCast(SIMD4<UInt32>(repeating: solid.packed), to: SourceOver.Lanes.self),
            even: solid.even, odd: solid.odd, alpha: solid.alpha)
    }
}
