import Geometry

/// Backdrop filtering: materials, as SwiftUI's `.background(.ultraThinMaterial)`.
///
/// The pixels of the current layer under the path's bounds are blurred, reading the blur's
/// reach around them (so the blur near the shape's edge sees its surroundings; edge pixels
/// are repeated at the canvas border), into a spare pixmap, where they are
/// re-saturated, covered with the tint (source-over), and drawn back through the path's
/// coverage and the clip. The
/// backdrop is the current layer's content only: inside an isolated layer, what lies
/// under the layer is not seen.
extension Canvas {
    /// Fills `path` with a blurred, tinted copy of what is already drawn under it.
    ///
    /// - Parameters:
    ///   - blurRadius: the Gaussian's standard deviation in device pixels (≥ 0).
    ///   - saturation: multiplies colour saturation (the SVG `saturate` matrix); 1 keeps it.
    ///   - tint: drawn over the blurred backdrop; `.clear` (default) for none.
    public func fillBackdrop(
        _ path: Path, transform: AffineTransform = .identity, blurRadius: Double, saturation: Double = 1, tint: Color = .clear,
        rule: FillRule = .nonZero, antialiased: Bool = true
    ) {
        guard !path.isEmpty else { return }
        let clip = clips[clips.count - 1]
        guard let window = deviceWindow(of: path, transform: transform)?.intersection(clip.bounds), !window.isEmpty else { return }
        let sigma = GaussianBlur.bounded(blurRadius, side: max(width, height))
        let region = window.insetBy(-GaussianBlur.reach(sigma: sigma)).intersection(canvasRect)
        var backdrop = pool.popLast() ?? Pixmap(width: width, height: height)
        let top = layers.count - 1
        let w = width
        if top == 0 { fillBackground(rows: region.y0, region.y1) }
        // Only the pixels under the path are drawn: the rest of the region is read by the blur, not blurred.
        blur(layers[top].pixmap, into: &backdrop, region: region, sigma: sigma, edge: .clamp, wanted: window)
        let s = Float(saturation.isFinite ? saturation : 1)
        let t = tint.premultiplied
        let tintColor = SIMD4<Float>(Float(t.r), Float(t.g), Float(t.b), Float(t.a)) * (1 / 255)
        if s != 1 || tintColor.w > 0 {
            // SVG feColorMatrix `saturate`: linear in rgb, so it applies to premultiplied colours.
            // By columns: each output channel sums its three products in order, red's first.
            let red = SIMD4<Float>(0.213 + 0.787 * s, 0.213 - 0.213 * s, 0.213 - 0.213 * s, 0)
            let green = SIMD4<Float>(0.715 - 0.715 * s, 0.715 + 0.285 * s, 0.715 - 0.715 * s, 0)
            let blue = SIMD4<Float>(0.072 - 0.072 * s, 0.072 - 0.072 * s, 0.072 + 0.928 * s, 0)
            backdrop.data.withUnsafeMutableBufferPointer { p in
                for y in window.y0..<window.y1 {
                    for x in window.x0..<window.x1 {
                        let q = p.baseAddress! + (y * w + x) * 4
                        var v = Compositor.load(q)
                        if s != 1 {
                            var saturated = red * v.x + green * v.y + blue * v.z
                            saturated.w = v.w
                            v = elementMin(elementMax(saturated, .zero), SIMD4(repeating: v.w))
                        }
                        Compositor.store(SourceOverBlend.blend(tintColor, v), q)
                    }
                }
            }
        }
        accumulate(path, transform: transform, window: window, antialiased: antialiased, rule: rule)
        layers[top].dirty = layers[top].dirty.union(window)
        let rowBytes = width * 4
        let accumulator = self.accumulator, scratch = self.scratch
        backdrop.data.withUnsafeBufferPointer { src in
            let shader = PreparedShader.pixels(PixelShader(base: src.baseAddress!, x0: 0, y0: 0, rowBytes: rowBytes, opacity: 1))
            layers[top].pixmap.data.withUnsafeMutableBufferPointer { dst in
                SweepCompositing(
                    accumulator: accumulator, rule: rule, shader: shader, destination: dst.baseAddress!, rowBytes: rowBytes, scratch: scratch,
                    mask: clip.mask, unfilled: .none
                ).visit(SourceOverBlend.self)
            }
        }
        recycle(&backdrop, dirty: window)
    }
}
