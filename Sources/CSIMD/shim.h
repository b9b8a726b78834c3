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

#endif
