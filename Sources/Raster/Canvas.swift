import Geometry

/// A drawing surface: a stack of layers over a target pixmap, and the scratch
/// buffers every fill reuses.
///
/// Paths are given in their own coordinates with a transform to device pixels;
/// they are transformed before flattening, so curves stay smooth at any scale.
/// Drawing never fails: degenerate or non-finite geometry draws nothing.
///
/// Layers isolate a group of drawings so that the group can be composited as one
/// (group opacity): `beginLayer()` starts a transparent layer the size of the
/// canvas, `endLayer(opacity:)` composites it source-over onto the layer below.
/// Only the region a layer touched is composited.
public final class Canvas {
    /// Width and height in device pixels.
    public let width: Int, height: Int
    private var layers: [Layer]
    private let accumulator = CoverageAccumulator()
    private var coverageRow: [Float] = []
    /// Flattening tolerance in device pixels.
    public var tolerance = Path.defaultTolerance

    struct Layer {
        var pixmap: Pixmap
        /// Pixels that may differ from transparent: x0..<x1, y0..<y1.
        var dirty: (x0: Int, y0: Int, x1: Int, y1: Int)
    }

    /// A canvas of `width × height` device pixels filled with `background`.
    public init(width: Int, height: Int, background: Color = .clear) {
        let base = Pixmap(width: width, height: height, fill: background.premultiplied)
        self.width = base.width
        self.height = base.height
        layers = [Layer(pixmap: base, dirty: (0, 0, base.width, base.height))]
    }

    /// The finished image. Open layers are not included.
    public var pixmap: Pixmap { layers[0].pixmap }

    /// Fills `path` (in its own coordinates, mapped to device pixels by `transform`).
    public func fill(_ path: Path, transform: AffineTransform, paint: Paint, rule: FillRule = .nonZero, antialiased: Bool = true) {
        guard !path.isEmpty, paint.opacity > 0 else { return }
        // Device-space bounds of the control polygon contain the flattened path.
        let b = path.controlPointBounds
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.minX, y: b.maxY), Point(x: b.maxX, y: b.maxY)] {
            let q = transform.apply(p)
            minX = min(minX, q.x); maxX = max(maxX, q.x)
            minY = min(minY, q.y); maxY = max(maxY, q.y)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return }
        // Bounds are clamped to the canvas in floating point first, so that huge
        // finite coordinates cannot overflow `Int`.
        let x1 = Int(min(max(maxX.rounded(.up) + 1, 0), Double(width)))
        let y1 = Int(min(max(maxY.rounded(.up) + 1, 0), Double(height)))
        // Coverage left of the window still counts, so the window starts at column 0
        // only when needed; rows above it cannot contribute.
        let x0 = Int(max(min(minX.rounded(.down), Double(width)), 0))
        let y0 = Int(max(min(minY.rounded(.down), Double(height)), 0))
        guard x1 > x0, y1 > y0 else { return }
        accumulator.reset(x0: x0, y0: y0, x1: x1, y1: y1, antialiased: antialiased)
        path.flatten(transform: transform, tolerance: tolerance) { a, b in accumulator.addLine(a, b) }
        let top = layers.count - 1
        layers[top].expandDirty(x0: x0, y0: y0, x1: x1, y1: y1)
        switch paint.shader {
        case .solid(let color):
            let source = color.multipliedAlpha(paint.opacity).premultiplied
            layers[top].pixmap.data.withUnsafeMutableBufferPointer { pixels in
                accumulator.sweep(rule: rule, into: &coverageRow) { y, coverage in
                    Blend.sourceOverSolid(source, coverage: coverage, into: pixels, offset: (y * width + x0) * 4)
                }
            }
        }
    }

    /// Starts an isolated, transparent layer; drawing goes to it until `endLayer`.
    public func beginLayer() {
        layers.append(Layer(pixmap: Pixmap(width: width, height: height), dirty: (width, height, 0, 0)))
    }

    /// Composites the top layer onto the one below with `opacity` (0…1), source-over.
    public func endLayer(opacity: Double = 1) {
        guard layers.count > 1 else { return }
        let layer = layers.removeLast()
        let d = layer.dirty
        guard d.x1 > d.x0, d.y1 > d.y0, opacity > 0 else { return }
        let top = layers.count - 1
        layers[top].expandDirty(x0: d.x0, y0: d.y0, x1: d.x1, y1: d.y1)
        let o = Float(min(opacity, 1))
        let w = width
        layers[top].pixmap.data.withUnsafeMutableBufferPointer { dst in
            layer.pixmap.data.withUnsafeBufferPointer { src in
                for y in d.y0..<d.y1 {
                    Blend.sourceOverPixels(src, into: dst, offset: (y * w + d.x0) * 4, count: d.x1 - d.x0, opacity: o)
                }
            }
        }
    }
}

extension Canvas.Layer {
    mutating func expandDirty(x0: Int, y0: Int, x1: Int, y1: Int) {
        dirty = (min(dirty.x0, x0), min(dirty.y0, y0), max(dirty.x1, x1), max(dirty.y1, y1))
    }
}
