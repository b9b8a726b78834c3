import Geometry

/// Layers: isolated groups of drawings composited as one, for group opacity,
/// `compositingGroup()`, blend modes of whole views, and filters (blur, shadow).
///
/// A layer starts transparent; its drawings blend with each other only. Ending it
/// applies its filters in order (each may grow the touched region by the blur's
/// reach), then composites the touched region onto the layer below with the opacity
/// and blend mode, through the clip current when the layer began. Layer pixmaps come
/// from a pool and are cleared (only where touched) when returned.
extension Canvas {
    /// Starts an isolated, transparent layer; drawing goes to it until `endLayer`.
    public func beginLayer() {
        let pixmap = pool.popLast() ?? Pixmap(width: width, height: height)
        layers.append(Layer(pixmap: pixmap, dirty: .empty, clipDepth: clips.count))
    }

    /// The number of layers begun and not yet ended.
    public var layerDepth: Int { layers.count - 1 }

    /// Ends the top layer: applies `filters` in order, then composites it onto the layer
    /// below with `opacity` (0…1, default 1) and `blendMode` (default `.normal`).
    /// Clips pushed inside the layer are popped. Does nothing without an open layer.
    public func endLayer(opacity: Double = 1, blendMode: BlendMode = .normal, filters: [LayerFilter] = []) {
        endLayer(opacity: opacity, blendMode: blendMode, filters: filters, keeping: false)
    }

    /// `endLayer`; with `keeping`, also returns a copy of the pixels the layer touched, after
    /// its filters, which `drawLayer` composites again as this did. Nil without an open layer.
    @discardableResult
    public func endLayer(opacity: Double = 1, blendMode: BlendMode = .normal, filters: [LayerFilter] = [], keeping: Bool) -> KeptLayer? {
        guard layers.count > 1 else { return nil }
        var layer = layers.removeLast()
        clips.removeLast(clips.count - layer.clipDepth)
        for filter in filters {
            switch filter {
            case .blur(let radius):
                layer.dirty = blur(&layer.pixmap, region: layer.dirty, sigma: radius, edge: .transparent)
            case .dropShadow(let color, let radius, let offset):
                layer.dirty = dropShadow(&layer.pixmap, region: layer.dirty, color: color, sigma: radius, offset: offset)
            }
        }
        let region = layer.dirty.intersection(canvasRect)
        let kept = keeping ? KeptLayer(region: region, pixels: layer.pixmap.copy(of: region)) : nil
        composite(layer.pixmap, origin: (0, 0), rowBytes: width * 4, region: region, opacity: opacity, blendMode: blendMode)
        recycle(&layer.pixmap, dirty: layer.dirty)
        return kept
    }

    /// Composites a layer kept by `endLayer(…, keeping: true)` onto the top layer with
    /// `opacity` and `blendMode`, through the current clip: the pixels come out as when the
    /// layer was ended, if drawn on a canvas of the same size.
    public func drawLayer(_ kept: KeptLayer, opacity: Double = 1, blendMode: BlendMode = .normal) {
        composite(
            kept.pixels, origin: (kept.region.x0, kept.region.y0), rowBytes: kept.region.width * 4, region: kept.region.intersection(canvasRect),
            opacity: opacity, blendMode: blendMode)
    }

    /// Whether drawing is clipped by nothing but the canvas's edges.
    public var isUnclipped: Bool {
        let clip = clips[clips.count - 1]
        return clip.mask == nil && clip.bounds == canvasRect
    }

    /// Composites `region` of a layer's pixels onto the top layer through the current clip:
    /// `source` holds them from device pixel `origin` on, `rowBytes` to a row.
    private func composite(_ source: Pixmap, origin: (x: Int, y: Int), rowBytes sourceRowBytes: Int, region: PixelRect, opacity: Double, blendMode: BlendMode) {
        let o = opacity.isFinite ? Float(min(max(opacity, 0), 1)) : 0
        let clip = clips[clips.count - 1]
        let rect = region.intersection(clip.bounds)
        guard o > 0 && !rect.isEmpty else { return }
        let top = layers.count - 1
        if top == 0 { fillBackground(rows: rect.y0, rect.y1) }
        layers[top].dirty = layers[top].dirty.union(rect)
        let rowBytes = width * 4
        let scratch = self.scratch
        source.data.withUnsafeBufferPointer { src in
            let shader = PreparedShader.pixels(PixelShader(base: src.baseAddress!, x0: origin.x, y0: origin.y, rowBytes: sourceRowBytes, opacity: o))
            layers[top].pixmap.data.withUnsafeMutableBufferPointer { dst in
                blendMode.dispatch(
                    RectCompositing(rect: rect, shader: shader, destination: dst.baseAddress!, rowBytes: rowBytes, scratch: scratch, mask: clip.mask))
            }
        }
    }

    /// Clears `dirty` of a canvas-sized pixmap and keeps it for the next layer.
    func recycle(_ pixmap: inout Pixmap, dirty: PixelRect) {
        let r = dirty.intersection(canvasRect)
        if !r.isEmpty {
            let w = width
            pixmap.data.withUnsafeMutableBufferPointer { p in
                for y in r.y0..<r.y1 { (p.baseAddress! + (y * w + r.x0) * 4).update(repeating: 0, count: r.width * 4) }
            }
        }
        pool.append(pixmap)
    }

    /// Blurs `region` of `pixmap` (grown by the blur's reach, within the canvas) and
    /// returns the region that may now be non-transparent. With `wanted`, only its pixels
    /// are blurred and written back (the rest of the region is read, not changed).
    func blur(_ pixmap: inout Pixmap, region: PixelRect, sigma: Double, edge: GaussianBlur.Edge, wanted: PixelRect? = nil) -> PixelRect {
        let sigma = GaussianBlur.bounded(sigma, side: max(width, height))
        guard sigma > 0, !region.isEmpty else { return region }
        let reach = GaussianBlur.reach(sigma: sigma)
        let r = (edge == .transparent ? region.insetBy(-reach) : region).intersection(canvasRect)
        guard !r.isEmpty else { return region }
        let kept = wanted.map { $0.intersection(r) } ?? r
        guard !kept.isEmpty else { return r }
        reserveBlur(region: r, kept: kept, sigma: sigma)
        pixmap.data.withUnsafeMutableBufferPointer { p in
            GaussianBlur.blur(
                from: p.baseAddress!, into: p.baseAddress!, rowBytes: width * 4, region: r, kept: kept, sigma: sigma, edge: edge,
                image: scratch.blurImage, line: scratch.blurLine, spare: scratch.blurSpare)
        }
        return r
    }

    /// Writes the pixels of `wanted` (inside `region`) blurred from `source` into
    /// `destination`, reading the pixels of `region` (which is not grown: `edge` stands for
    /// what lies beyond it); as they are when `sigma` is 0.
    func blur(_ source: Pixmap, into destination: inout Pixmap, region: PixelRect, sigma: Double, edge: GaussianBlur.Edge, wanted: PixelRect) {
        let kept = wanted.intersection(region)
        guard !kept.isEmpty else { return }
        let w = width
        reserveBlur(region: region, kept: kept, sigma: sigma)
        source.data.withUnsafeBufferPointer { src in
            destination.data.withUnsafeMutableBufferPointer { dst in
                if sigma > 0 {
                    GaussianBlur.blur(
                        from: src.baseAddress!, into: dst.baseAddress!, rowBytes: w * 4, region: region, kept: kept, sigma: sigma, edge: edge,
                        image: scratch.blurImage, line: scratch.blurLine, spare: scratch.blurSpare)
                } else {
                    for y in kept.y0..<kept.y1 {
                        (dst.baseAddress! + (y * w + kept.x0) * 4).update(from: src.baseAddress! + (y * w + kept.x0) * 4, count: kept.width * 4)
                    }
                }
            }
        }
    }

    /// Makes the scratch space for blurring the pixels of `kept` read from `region`.
    private func reserveBlur(region: PixelRect, kept: PixelRect, sigma: Double) {
        scratch.reserveBlur(
            pixels: kept.width * region.height, line: GaussianBlur.lanes * (max(region.width, region.height) + 2 * GaussianBlur.reach(sigma: sigma) + 4))
    }

    /// Puts under the content of `pixmap` its silhouette in `color`, blurred and moved by
    /// `offset` (rounded to whole pixels); returns the region now touched.
    func dropShadow(_ pixmap: inout Pixmap, region: PixelRect, color: Color, sigma: Double, offset: Point) -> PixelRect {
        guard !region.isEmpty, offset.x.isFinite, offset.y.isFinite else { return region }
        // Offsets beyond any canvas are clamped (the shadow is off the canvas either way), so
        // converting them to Int cannot overflow.
        let limit = Double(1 << 30)
        let dx = Int(min(max(offset.x.rounded(), -limit), limit)), dy = Int(min(max(offset.y.rounded(), -limit), limit))
        let shadowColor = color.premultiplied
        guard shadowColor.a > 0 else { return region }
        var shadow = pool.popLast() ?? Pixmap(width: width, height: height)
        let moved = region.offsetBy(dx: dx, dy: dy).intersection(canvasRect)
        let w = width
        let tint = SIMD4<Float>(Float(shadowColor.r), Float(shadowColor.g), Float(shadowColor.b), Float(shadowColor.a)) * (1 / 255)
        if !moved.isEmpty {
            pixmap.data.withUnsafeBufferPointer { src in
                shadow.data.withUnsafeMutableBufferPointer { dst in
                    for y in moved.y0..<moved.y1 {
                        for x in moved.x0..<moved.x1 {
                            let a = Float(src[((y - dy) * w + (x - dx)) * 4 + 3]) * (1 / 255)
                            Compositor.store(tint * a, dst.baseAddress! + (y * w + x) * 4)
                        }
                    }
                }
            }
        }
        let blurred = sigma > 0 ? blur(&shadow, region: moved, sigma: sigma, edge: .transparent) : moved
        if !blurred.isEmpty {
            let rowBytes = width * 4
            let scratch = self.scratch
            shadow.data.withUnsafeBufferPointer { src in
                let shader = PreparedShader.pixels(PixelShader(base: src.baseAddress!, x0: 0, y0: 0, rowBytes: rowBytes, opacity: 1))
                pixmap.data.withUnsafeMutableBufferPointer { dst in
                    RectCompositing(rect: blurred, shader: shader, destination: dst.baseAddress!, rowBytes: rowBytes, scratch: scratch, mask: nil)
                        .visit(DestinationOverBlend.self)
                }
            }
        }
        recycle(&shadow, dirty: blurred)
        return region.union(blurred)
    }
}

/// The pixels a layer touched, after its filters, kept to be composited again
/// (`Canvas.endLayer(…, keeping:)`, `Canvas.drawLayer`).
public struct KeptLayer: Sendable {
    /// The device pixels the layer touched, within the canvas.
    let region: PixelRect
    /// The pixels of `region`, row by row.
    let pixels: Pixmap

    /// The bytes the pixels take.
    public var byteCount: Int { pixels.data.count }
}

extension Pixmap {
    /// The pixels of `region` (within the pixmap) as a pixmap of their own; one
    /// transparent pixel for an empty region.
    func copy(of region: PixelRect) -> Pixmap {
        guard !region.isEmpty else { return Pixmap(width: 1, height: 1) }
        var copy = Pixmap(unfilledWidth: region.width, height: region.height)
        let rowBytes = width * 4, copyRowBytes = region.width * 4
        data.withUnsafeBufferPointer { src in
            copy.data.withUnsafeMutableBufferPointer { dst in
                for y in region.y0..<region.y1 {
                    (dst.baseAddress! + (y - region.y0) * copyRowBytes).update(from: src.baseAddress! + y * rowBytes + region.x0 * 4, count: copyRowBytes)
                }
            }
        }
        return copy
    }
}
