#ifndef ANIMATE_CSIMD_SHIM_H
#define ANIMATE_CSIMD_SHIM_H

// Arithmetic that Swift cannot spell as one instruction: a vector high multiply in
// clang's portable vector extensions (imported into Swift as SIMD8<UInt16>), and a
// conversion without range checks.

typedef unsigned short animate_u16x8 __attribute__((ext_vector_type(8)));
typedef unsigned int animate_u32x8 __attribute__((ext_vector_type(8)));

/// `a·b / 65536` per lane, rounded down: SSE2's `pmulhuw` on x86-64 (NEON's `umull`
/// and a narrowing shift on arm64). In Swift the same widening, multiply and
/// narrowing go through the standard library's generic conversions, which the
/// optimiser stops inlining inside large loops.
static inline animate_u16x8 animate_mulhi_u16(animate_u16x8 a, animate_u16x8 b) {
    animate_u32x8 p = __builtin_convertvector(a, animate_u32x8) * __builtin_convertvector(b, animate_u32x8);
    return __builtin_convertvector(p >> 16, animate_u16x8);
}

/// `v` truncated to an integer: one `cvttsd2si` on x86-64 (`fcvtzs` on arm64), for
/// callers that know `v` is finite and within range (Swift's `Int(_:)` checks both).
static inline long animate_truncate(double v) { return (long)v; }

/// An estimate of `1/√x` within 0.04 % (x > 0; +∞ at 0): SSE's `rsqrtss`, four cycles
/// against some thirty for a square root and a division (elsewhere, those).
static inline float animate_reciprocal_sqrt(float x) {
#if defined(__SSE__)
    typedef float animate_f32x4 __attribute__((vector_size(16)));
    animate_f32x4 v = {x, 0, 0, 0};
    return __builtin_ia32_rsqrtss(v)[0];
#else
    return 1.0f / __builtin_sqrtf(x);
#endif
}

typedef double animate_f64x2 __attribute__((ext_vector_type(2)));
typedef float animate_f32x2 __attribute__((ext_vector_type(2)));
typedef int animate_i32x2 __attribute__((ext_vector_type(2)));

/// The cells two rows of a steep edge add to (see `Band.depositSteep` in Raster, which
/// this computes for both rows at once, lane by lane in the same operations, so with
/// the same results): pieces from `l` to `r` (l ≤ r ≤ l + 1, l ≥ 0) crossing whole rows
/// in `direction` (±1), `inverseWidth` their reciprocal width. Each row's first column
/// goes to `column` and its three cells' shares to `c0`, `c1` and `c2`.
static inline void animate_steep_pair(
    animate_f64x2 l, animate_f64x2 r, float direction, double inverseWidth, animate_i32x2 *column,
    animate_f32x2 *c0, animate_f32x2 *c1, animate_f32x2 *c2) {
#pragma clang fp contract(off)
    animate_i32x2 li = __builtin_convertvector(l, animate_i32x2);
    animate_f64x2 left = __builtin_convertvector(li, animate_f64x2);
    animate_f64x2 border = left + 1;
    // min(r, border) and (r > border ? r : border), as `minsd` and `maxsd` take them.
    animate_f64x2 m = border < r ? border : r;
    animate_f64x2 beyond = r > border ? r : border;
    animate_f64x2 share = (beyond - border) * inverseWidth;
    share = 1 < share ? 1 : share;
    animate_f32x2 d = {direction, direction};
    animate_f32x2 dr = __builtin_convertvector(share, animate_f32x2) * d;
    animate_f32x2 dl = d - dr;
    animate_f32x2 xl = __builtin_convertvector((l + m) * 0.5 - left, animate_f32x2);
    animate_f32x2 xr = __builtin_convertvector((beyond - border) * 0.5, animate_f32x2);
    *column = li;
    *c0 = dl - dl * xl;
    *c1 = dl * xl + (dr - dr * xr);
    *c2 = dr * xr;
}

#endif
