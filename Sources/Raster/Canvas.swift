import Geometry

/// A drawing surface: a stack of layers over a target pixmap, a stack of clips, and
/// the scratch buffers every drawing reuses.
///
/// Design, in the order a drawing goes through it:
/// 1. Geometry. Paths are given in their own coordinates with a transform to device
///    pixels; they are transformed before flattening, so curves stay smooth at any
///    scale. Strokes are turned into outlines (`Stroker`) in path space with the
///    tolerance divided by the transform's scale, then filled with the non-zero rule.
/// 2. Coverage. `CoverageAccumulator` computes exact-area coverage (or centre
///    samples when aliased) inside a window: the path's device bounds intersected
///    with the clip's bounds, band by band, and reports each row as spans of constant
///    or varying 16-bit coverage. An even-odd fill first leaves out pairs of coincident
///    segments (`CoincidentEdges`), which would show as a line.
/// 3. Clip. The current clip's 8-bit mask (if any) multiplies the coverage.
/// 4. Shading. The paint is prepared once (`PreparedShader`); each span is shaded
///    into a row of premultiplied colours, except solid colours.
/// 5. Compositing. The blend mode and the kind of shader pick one specialised span
///    painter for the whole drawing (`SourceOver`, 16-bit fixed point on four pixels
///    at a time, for the normal mode; `Compositor` in floating point for the others);
///    the top layer's pixels are updated in place.
/// The background reaches the base layer's pixels lazily (`UnfilledRows`): a row gets
/// it when the first drawing reaches that row, just ahead of the compositing and not
/// under an opaque fill, and reading `pixmap` fills the rows no drawing reached; so a
/// frame's pixels go through the cache once instead of being cleared and then drawn.
/// Layers are transparent pixmaps the size of the canvas (reused from a pool);
/// ending one applies its filters and composites the region it touched through the
/// clip that was current when it began. Drawing never fails: degenerate or
/// non-finite geometry, singular transforms and empty clips draw nothing.
public final class Canvas {
    /// Width and height in device pixels.
    public let width: Int, height: Int
    /// Flattening tolerance in device pixels: the largest distance between a curve and
    /// the polyline drawn for it. Default `Path.defaultTolerance` (0.05). Aliased
    /// drawing (centre sampling) flattens to a quarter of it, since there a pixel flips
    /// whenever the polyline passes the wrong side of its centre.
    public var tolerance = Path.defaultTolerance

    var layers: [Layer]
    var clips: [Clip]
    let accumulator = CoverageAccumulator.take()
    let coincident = CoincidentEdges()
    let scratch: Scratch
    var pool: [Pixmap] = []
    /// The base layer's rows still to be filled with the background.
    private var unfilled: UnfilledRows

    struct Layer {
        var pixmap: Pixmap
        /// Pixels that may differ from transparent.
        var dirty: PixelRect
        /// How many clips were on the stack when the layer began.
        var clipDepth: Int
    }

    struct Clip {
        /// Everything outside is hidden.
        var bounds: PixelRect
        /// Coverage inside `bounds`, or nil when all of `bounds` shows.
        var mask: ClipMask?
    }

    /// A canvas of `width × height` device pixels (at least 1 × 1) filled with `background`.
    public init(width: Int, height: Int, background: Color = .clear) {
        let base = Pixmap(unfilledWidth: width, height: height)
        self.width = base.width
        self.height = base.height
        unfilled = UnfilledRows(rows: base.height, width: base.width, color: background.premultiplied.packed)
        layers = [Layer(pixmap: base, dirty: PixelRect(x0: 0, y0: 0, x1: base.width, y1: base.height), clipDepth: 1)]
        clips = [Clip(bounds: PixelRect(x0: 0, y0: 0, x1: base.width, y1: base.height), mask: nil)]
        scratch = Scratch(width: base.width, height: base.height)
    }

    deinit {
        unfilled.deallocate()
        CoverageAccumulator.recycle(accumulator)
    }

    /// Starts a new picture of the same size: a new base pixmap filled with `background` (the
    /// previous one stays with whoever took `pixmap`), layers still open dropped, clips
    /// popped. The scratch buffers and the pool of layer pixmaps are kept, so a canvas reused
    /// frame after frame allocates little more than its base pixmap.
    public func reset(background: Color) {
        while layers.count > 1 {
            var layer = layers.removeLast()
            recycle(&layer.pixmap, dirty: layer.dirty)
        }
        let base = Pixmap(unfilledWidth: width, height: height)
        unfilled.deallocate()
        unfilled = UnfilledRows(rows: height, width: width, color: background.premultiplied.packed)
        layers = [Layer(pixmap: base, dirty: canvasRect, clipDepth: 1)]
        clips = [Clip(bounds: canvasRect, mask: nil)]
    }

    /// The finished image. Open layers are not included.
    public var pixmap: Pixmap {
        fillBackground(rows: 0, height)
        return layers[0].pixmap
    }

    /// The rows of layer `index` that still need the background: none but on the base
    /// layer before every row has it.
    func unfilledRows(ofLayer index: Int) -> UnfilledRows {
        index == 0 && unfilled.remaining.unsafelyUnwrapped.pointee > 0 ? unfilled : .none
    }

    /// Writes the background into the rows `y0..<y1` of the base layer that lack it, before
    /// anything other than the sweep reads or blends there.
    func fillBackground(rows y0: Int, _ y1: Int) {
        let rows = unfilledRows(ofLayer: 0)
        guard rows.flags != nil, y0 < y1 else { return }
        layers[0].pixmap.data.withUnsafeMutableBufferPointer { rows.prepare(rows: y0, y1, pixels: $0.baseAddress!) }
    }

    var canvasRect: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// Fills `path` (in its own coordinates, mapped to device pixels by `transform`) with
    /// `paint`, using `rule`; `antialiased: false` samples pixel centres instead of areas.
    public func fill(_ path: Path, transform: AffineTransform = .identity, paint: Paint, rule: FillRule = .nonZero, antialiased: Bool = true) {
        guard !path.isEmpty else { return }
        let shader = PreparedShader.prepare(paint, scratch: scratch)
        guard !shader.isTransparent else { return }
        let clip = clips[clips.count - 1]
        guard let window = deviceWindow(of: path, transform: transform)?.intersection(clip.bounds), !window.isEmpty else { return }
        accumulate(path, transform: transform, window: window, antialiased: antialiased, rule: rule)
        let top = layers.count - 1
        layers[top].dirty = layers[top].dirty.union(window)
        let rowBytes = width * 4
        let accumulator = self.accumulator, scratch = self.scratch
        let unfilled = unfilledRows(ofLayer: top)
        layers[top].pixmap.data.withUnsafeMutableBufferPointer { pixels in
            paint.blendMode.dispatch(
                SweepCompositing(
                    accumulator: accumulator, rule: rule, shader: shader, destination: pixels.baseAddress!, rowBytes: rowBytes,
                    scratch: scratch, mask: clip.mask, unfilled: unfilled))
        }
    }

    /// Strokes `path` with `style` (lengths in path units, so they scale with `transform`).
    ///
    /// A line width of 0 draws a hairline one device pixel wide whatever the transform
    /// (dashes still measured in path units), as Core Graphics does.
    public func stroke(_ path: Path, transform: AffineTransform = .identity, paint: Paint, style: StrokeStyle, antialiased: Bool = true) {
        guard !path.isEmpty, style.lineWidth >= 0, style.lineWidth.isFinite else { return }
        if style.lineWidth == 0 {
            let dashed = style.dash.isEmpty ? path : path.dashed(pattern: style.dash, phase: style.dashPhase)
            var hairline = style
            hairline.lineWidth = 1
            hairline.dash = []
            let outline = Stroker(style: hairline, tolerance: tolerance).outline(of: dashed.applying(transform))
            fill(outline, transform: .identity, paint: paint, rule: .nonZero, antialiased: antialiased)
            return
        }
        let scale = transform.maxScale
        guard scale > 0, scale.isFinite else { return }
        let outline = Stroker(style: style, tolerance: tolerance / scale).outline(of: path)
        fill(outline, transform: transform, paint: paint, rule: .nonZero, antialiased: antialiased)
    }

    /// Draws `image` stretched over `rect` (in the coordinates `transform` maps to device
    /// pixels), with antialiased edges.
    ///
    /// - Parameters:
    ///   - opacity: 0…1, default 1.
    ///   - quality: `.bilinear` (default) or `.nearest` (SwiftUI's `interpolation(.none)`).
    ///   - blendMode: default `.normal`.
    public func drawImage(
        _ image: Pixmap, in rect: Rect, transform: AffineTransform = .identity, opacity: Double = 1, quality: FilterQuality = .bilinear,
        blendMode: BlendMode = .normal
    ) {
        guard !rect.isEmpty else { return }
        let placement = AffineTransform(scaleX: rect.width / Double(image.width), y: rect.height / Double(image.height))
            .concatenating(AffineTransform(translationX: rect.minX, y: rect.minY))
            .concatenating(transform)
        var path = Path()
        path.addRect(rect)
        fill(path, transform: transform, paint: Paint(.image(image, quality: quality), opacity: opacity, blendMode: blendMode, transform: placement))
    }

    /// The device pixels the transformed path's control polygon touches, within the
    /// canvas; nil when it is empty or not finite.
    func deviceWindow(of path: Path, transform: AffineTransform) -> PixelRect? {
        let b = path.controlPointBounds
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for corner in 0..<4 {
            let q = transform.apply(Point(x: corner % 2 == 0 ? b.minX : b.maxX, y: corner < 2 ? b.minY : b.maxY))
            minX = min(minX, q.x)
            maxX = max(maxX, q.x)
            minY = min(minY, q.y)
            maxY = max(maxY, q.y)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        // Coverage left of the window still counts (the accumulator folds it onto the
        // left edge), so clipping the window to the canvas is exact.
        let r = PixelRect(
            x0: Int(max(min(minX.rounded(.down), Double(width)), 0)), y0: Int(max(min(minY.rounded(.down), Double(height)), 0)),
            x1: Int(max(min(maxX.rounded(.up) + 1, Double(width)), 0)), y1: Int(max(min(maxY.rounded(.up) + 1, Double(height)), 0)))
        return r.isEmpty ? nil : r
    }

    /// Resets the accumulator to `window` and adds the path's flattened segments, to be
    /// swept with `rule`. An anti-aliased even-odd fill of a path whose subpaths share a point
    /// leaves out pairs of coincident segments (`CoincidentEdges`), which that rule cancels exactly
    /// but area coverage would draw as a line; centre sampling counts them exactly as they are.
    func accumulate(_ path: Path, transform: AffineTransform, window: PixelRect, antialiased: Bool, rule: FillRule) {
        accumulator.reset(x0: window.x0, y0: window.y0, x1: window.x1, y1: window.y1, antialiased: antialiased)
        let accumulator = self.accumulator
        let tolerance = antialiased ? self.tolerance : self.tolerance / 4
        let coincident = self.coincident
        guard rule == .evenOdd && antialiased && coincident.sharesAPoint(path) else {
            path.flatten(transform: transform, tolerance: tolerance) { a, b in accumulator.addLine(a, b) }
            return
        }
        coincident.removeAll()
        path.flatten(transform: transform, tolerance: tolerance) { a, b in coincident.add(a, b) }
        coincident.forEachKept { a, b in accumulator.addLine(a, b) }
    }
}
