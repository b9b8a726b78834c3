// Recognising anti-aliasing noise.
//
// An anti-aliased edge pixel is a blend of the colours on either side of the
// edge, weighted by coverage; moving the edge by a fraction of a pixel changes
// the weight, not the colours. So a pixel whose difference is only
// anti-aliasing has, in each frame, a colour that is a blend of two colours
// found around the same position in the *other* frame: within its 3 × 3
// neighbourhood there are q1 and q2 with colour ≈ q1 + t · (q2 − q1).
//
// t runs over 0…2 rather than 0…1 (and both orders of each pair are tried,
// so the segment extends by its own length at either end): a feature narrower
// than two pixels never shows its full colour, and a sub-pixel move can raise
// its peak coverage up to twice (a 1-pixel line straddling two pixels at 50 %
// each, then centred on one at 100 %). This is what keeps thin lines and rings
// from failing, where pixelmatch's test (the darkest and brightest neighbours
// must lie in flat regions) flags them. Where three colours meet (a line
// crossing an edge, a corner over a third shape) a pixel blends all three, so
// triangles of neighbour colours are tried next. Their barycentric
// coordinates may go down to −2: at a junction the pure colours seldom appear,
// and a thin feature's doubled coverage, written in terms of the mixtures that
// do appear, takes coefficients beyond the −1 of a segment. Colours that only
// differ by anti-aliasing are collinear, so triangles exist only at true
// junctions of three colours, and a change confined to a junction's pixels
// stays within about a pixel.
//
// Both directions must hold: a line that appears where there was none has no
// blend of it in the expected frame, so it differs, however thin. Interiors of
// changed regions never pass: their neighbourhoods are uniform, so the only
// "blend" is the old colour itself. On its own this test cannot tell
// anti-aliasing from a change confined to within about a pixel of an edge, such
// as a whole shape moving by one pixel (a full swap of two colours is a blend at
// t = 1): the edge-shift test (FrameComparator+EdgeShift.swift) judges how far
// the edge moved. A hairline's colour shifting along its own blend still passes;
// `Tolerance.toleratesAntialiasing = false` disables the test.
//
// Blending happens in the renderer's space (gamma-encoded, premultiplied), so
// the test is linear in the 8-bit premultiplied components; the nearest blend
// is found by Euclidean projection there and then judged by CIEDE2000 against
// the threshold (at least 1, so that 8-bit rounding of a blend never defeats it).

import Raster

extension FrameComparator {
    /// Whether the difference at column `x`, row `y` is explained by anti-aliasing:
    /// each frame's pixel is a blend of colours around it in the other frame.
    func isAntialiased(
        x: Int, y: Int, expected: UnsafeBufferPointer<UInt8>, actual: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
        tolerance: Double
    ) -> Bool {
        let i = (y * width + x) * 4
        return isBlend(Self.color(actual, i), ofNeighboursOf: x, y, in: expected, width: width, height: height, tolerance: tolerance)
            && isBlend(Self.color(expected, i), ofNeighboursOf: x, y, in: actual, width: width, height: height, tolerance: tolerance)
    }

    /// Whether `color` is within `tolerance` (CIEDE2000) of a blend, extended up to
    /// twice, of two colours of the 3 × 3 neighbourhood of (`x`, `y`) in `image`.
    private func isBlend(
        _ color: SIMD4<Float>, ofNeighboursOf x: Int, _ y: Int, in image: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
        tolerance: Double
    ) -> Bool {
        // The distinct neighbour colours, in a fixed-size tuple: no allocation per pixel.
        var n: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) =
            (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
        var count = 0
        withUnsafeMutableBytes(of: &n) { raw in
            let colors = raw.bindMemory(to: SIMD4<Float>.self)
            for ny in max(y - 1, 0)...min(y + 1, height - 1) {
                for nx in max(x - 1, 0)...min(x + 1, width - 1) {
                    let c = Self.color(image, (ny * width + nx) * 4)
                    var seen = false
                    for k in 0..<count where colors[k] == c {
                        seen = true
                        break
                    }
                    if !seen {
                        colors[count] = c
                        count += 1
                    }
                }
            }
        }
        var best = SIMD4<Float>.zero
        var bestDistance = Float.infinity
        withUnsafeBytes(of: &n) { raw in
            let colors = raw.bindMemory(to: SIMD4<Float>.self)
            for j in 0..<count {
                let q1 = colors[j]
                let d0 = color - q1
                let distance0 = (d0 * d0).sum()
                if distance0 < bestDistance {
                    bestDistance = distance0
                    best = q1
                }
                for k in 0..<count where k != j {
                    let direction = colors[k] - q1
                    let length = (direction * direction).sum()
                    let t = min(max((d0 * direction).sum() / length, 0), 2)
                    let blend = q1 + t * direction
                    let d = color - blend
                    let distance = (d * d).sum()
                    if distance < bestDistance {
                        bestDistance = distance
                        best = blend
                    }
                }
            }
        }
        if bestDistance == 0 { return true }
        if Self.deltaE(color, Self.valid(best)) <= tolerance { return true }
        guard count >= 3 else { return false }
        // Where three colours meet (a line crossing an edge, a corner over a third
        // shape) a pixel blends all three: try the triangles of neighbour colours.
        bestDistance = .infinity
        withUnsafeBytes(of: &n) { raw in
            let colors = raw.bindMemory(to: SIMD4<Float>.self)
            for i in 0..<(count - 2) {
                for j in (i + 1)..<(count - 1) {
                    for k in (j + 1)..<count {
                        guard let blend = Self.projection(color, ontoTriangle: colors[i], colors[j], colors[k]) else { continue }
                        let d = color - blend
                        let distance = (d * d).sum()
                        if distance < bestDistance {
                            bestDistance = distance
                            best = blend
                        }
                    }
                }
            }
        }
        return bestDistance.isFinite && Self.deltaE(color, Self.valid(best)) <= tolerance
    }

    /// The point of the plane through `a`, `b`, `c` nearest to `p`, if it lies inside the
    /// triangle extended (every barycentric coordinate ≥ −2); nil
    /// outside or for a degenerate (collinear) triangle.
    private static func projection(_ p: SIMD4<Float>, ontoTriangle a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>) -> SIMD4<Float>? {
        let u = b - a, v = c - a, w = p - a
        let uu = (u * u).sum(), uv = (u * v).sum(), vv = (v * v).sum()
        let wu = (w * u).sum(), wv = (w * v).sum()
        let determinant = uu * vv - uv * uv
        guard determinant > 1e-3 * uu * vv else { return nil }
        let s = (wu * vv - wv * uv) / determinant
        let t = (wv * uu - wu * uv) / determinant
        guard s >= -2, t >= -2, s + t <= 3 else { return nil }
        return a + s * u + t * v
    }

    /// The premultiplied pixel at byte offset `i`, components 0…255.
    private static func color(_ image: UnsafeBufferPointer<UInt8>, _ i: Int) -> SIMD4<Float> {
        SIMD4(Float(image[i]), Float(image[i + 1]), Float(image[i + 2]), Float(image[i + 3]))
    }

    /// `c` clamped to a valid premultiplied colour: components 0…255, colour at most alpha.
    private static func valid(_ c: SIMD4<Float>) -> SIMD4<Float> {
        let alpha = min(max(c.w, 0), 255)
        let limit = SIMD4<Float>(alpha, alpha, alpha, alpha)
        return SIMD4(c.x, c.y, c.z, alpha).clamped(lowerBound: .zero, upperBound: limit)
    }

    /// CIEDE2000 between premultiplied colours; over white and over black, the larger.
    private static func deltaE(_ p: SIMD4<Float>, _ q: SIMD4<Float>) -> Double {
        func lab(_ c: SIMD4<Float>, over background: Float) -> CIELab {
            let v = c + (255 - c.w) * background
            return CIELab(red: Double(v.x) / 255, green: Double(v.y) / 255, blue: Double(v.z) / 255)
        }
        let overBlack = lab(p, over: 0).deltaE2000(lab(q, over: 0))
        if p.w == 255 && q.w == 255 { return overBlack }
        return max(overBlack, lab(p, over: 1).deltaE2000(lab(q, over: 1)))
    }
}
