import Geometry
import Raster

/// The walk of the view tree that draws one frame.
///
/// Each view draws itself at the position its parent's layout gave it, with the
/// state inherited from its ancestors: the transform from root points to device
/// pixels, the pending opacity, the coordinate spaces and the foreground style.
/// Opacity and blend modes reach each drawing inside, as in SwiftUI: they are folded
/// into every shape's, text's and image's paint, so overlapping children show through
/// each other. Group effects (compositing groups, blur, shadows) isolate their content
/// in a canvas layer, composited with the pending opacity and blend mode. Clips and masks are pushed on the
/// canvas for the content and popped after it.
struct Drawing {
    var canvas: Canvas
    var context: EvaluationContext
    /// Points (in the root's space) to device pixels.
    var transform: AffineTransform
    /// Opacity not yet applied by a layer, folded into each drawing's paint.
    var opacity: Double
    /// The blend mode each drawing composites with, until a layer takes it.
    var blendMode: BlendMode = .normal
    /// The origin, in root points, of the space geometry names are measured in:
    /// the nearest scroll view's viewport or named coordinate space.
    var spaceOrigin = Point.zero
    /// Named coordinate spaces in scope: their frames in root points.
    var spaces: [String: Rect] = [:]
    /// The paint of shapes and text without a fill of their own.
    var foreground: PaintValue = .color(.black)
    /// Layers kept from frame to frame, or nil to draw every layer.
    var layers: LayerMemo?

    /// The drawing transform with `local` (in root points) applied first.
    func transformed(_ local: AffineTransform) -> Drawing {
        var copy = self
        copy.transform = local.concatenating(transform)
        return copy
    }

    /// Sets the geometry names (`minX`, `minY`, …) to the content's frame, before
    /// its effects, measured in the current coordinate space (SwiftUI's `visualEffect`).
    mutating func measure(_ content: View, proposal: ProposedSize, at origin: Point) {
        let size = content.sizeThatFits(proposal, context)
        context.geometry = (origin.x - spaceOrigin.x, origin.y - spaceOrigin.y, size.width, size.height)
    }

    /// A view's geometry for content made at draw time: `frame` (root points) and the
    /// coordinate spaces around it.
    func geometry(of frame: Rect) -> ViewGeometry {
        ViewGeometry(frame: frame, spaceOrigin: spaceOrigin, spaces: spaces)
    }

    /// Device pixels per point here (the largest stretch of the transform).
    var deviceScale: Double { transform.maxScale }

    mutating func draw(_ view: View, proposal: ProposedSize, at origin: Point) {
        switch view {
        case .empty, .spacer:
            return
        case .shape(let shapeView):
            drawShape(shapeView, in: Rect(origin: origin, size: view.sizeThatFits(proposal, context)))
        case .text(let text):
            let text = text.resolved(in: context)
            let layout = TextLayout(text, proposal: proposal)
            let path = layout.path(text, origin: origin, frameWidth: layout.size.width)
            fill(path, with: text.paint, frame: Rect(origin: origin, size: layout.size))
        case .image(let image):
            let size = image.size(for: proposal)
            canvas.drawImage(image.pixmap, in: Rect(origin: origin, size: size), transform: transform, opacity: opacity, quality: image.quality,
                blendMode: blendMode)
        case .stack(let stack):
            let layout = stack.layout(proposal, context)
            for i in drawingOrder(stack.children) {
                let frame = layout.frames[i]
                var copy = self
                copy.draw(stack.children[i], proposal: ProposedSize(frame.size), at: Point(x: origin.x + frame.minX, y: origin.y + frame.minY))
            }
        case .scrollView(let scroll):
            let viewport = Rect(origin: origin, size: view.sizeThatFits(proposal, context))
            let contentSize = scroll.contentSize(proposal, context)
            let offset = scroll.offset.evaluate(in: context)
            let contentOrigin = scroll.axis == .horizontal
                ? Point(x: origin.x + offset, y: origin.y) : Point(x: origin.x, y: origin.y + offset)
            var clip = Path()
            clip.addRect(viewport)
            canvas.pushClip(clip, transform: transform)
            var inner = self
            inner.spaceOrigin = origin
            inner.draw(scroll.content, proposal: ProposedSize(contentSize), at: contentOrigin)
            canvas.popClip()
        case .modified(let content, let modifier):
            drawModified(view, content, modifier, proposal: proposal, at: origin)
        case .conditional(let condition, let content):
            if condition.evaluate(in: context) != 0 { draw(content, proposal: proposal, at: origin) }
        case .geometryReader(let reader):
            let size = view.sizeThatFits(proposal, context)
            draw(reader.content(geometry(of: Rect(origin: origin, size: size))), proposal: ProposedSize(size), at: origin)
        }
    }

    /// A shape's fill, then its strokes.
    func drawShape(_ shapeView: ShapeView, in frame: Rect) {
        var rect = frame
        if let inset = shapeView.inset?.evaluate(in: context), inset.isFinite {
            rect = frame.insetBy(dx: min(inset, frame.width / 2), dy: min(inset, frame.height / 2))
        }
        var path = shapeView.shape.path(in: rect, context: context)
        if let trim = shapeView.trim {
            path = path.trimmedPath(from: trim.from.evaluate(in: context), to: trim.to.evaluate(in: context))
        }
        if shapeView.fill != nil || shapeView.strokes.isEmpty {
            let fill = shapeView.fill ?? Fill()
            self.fill(path, with: fill.paint, frame: rect, rule: fill.eoFill ? .evenOdd : .nonZero, antialiased: fill.antialiased)
        }
        for stroke in shapeView.strokes {
            var path = path, rect = rect
            if let inset = stroke.inset?.evaluate(in: context), inset.isFinite, inset > 0 {
                rect = rect.insetBy(dx: min(inset, rect.width / 2), dy: min(inset, rect.height / 2))
                path = shapeView.shape.path(in: rect, context: context)
                if let trim = shapeView.trim {
                    path = path.trimmedPath(from: trim.from.evaluate(in: context), to: trim.to.evaluate(in: context))
                }
            }
            let style = StrokeStyle(
                lineWidth: stroke.lineWidth.evaluate(in: context), lineCap: stroke.lineCap, lineJoin: stroke.lineJoin,
                miterLimit: stroke.miterLimit.evaluate(in: context), dash: stroke.dash.map { $0.evaluate(in: context) },
                dashPhase: stroke.dashPhase.evaluate(in: context))
            switch resolved(stroke.paint) {
            case .material:
                // A material follows the stroke's outline.
                self.fill(path.strokedPath(style), with: stroke.paint, frame: rect)
            default:
                canvas.stroke(path, transform: transform, paint: paint(stroke.paint, frame: rect), style: style)
            }
        }
    }

    /// Fills `path` (root points) with a scene paint; `frame` is what unit points refer to.
    func fill(_ path: Path, with value: PaintValue?, frame: Rect, rule: FillRule = .nonZero, antialiased: Bool = true) {
        if case .material(let material) = resolved(value) {
            canvas.fillBackdrop(
                path, transform: transform, blurRadius: material.blurRadius * deviceScale, saturation: material.saturation,
                tint: material.tint.multipliedAlpha(opacity), rule: rule, antialiased: antialiased)
            return
        }
        canvas.fill(path, transform: transform, paint: paint(value, frame: frame), rule: rule, antialiased: antialiased)
    }

    /// The paint itself: the foreground style for nil, the chosen paint of a selection.
    func resolved(_ value: PaintValue?) -> PaintValue {
        var paint = value ?? foreground
        while case .select(let index, let paints) = paint {
            guard !paints.isEmpty else { return .color(.clear) }
            let i = index.evaluate(in: context)
            // Clamped while a `Double`: any number (NaN picks the first) is a valid index.
            paint = paints[i >= 1 ? Int(min(i.rounded(.down), Double(paints.count - 1))) : 0]
        }
        if case .mix(let a, let b, let amount) = paint {
            let x = amount.evaluate(in: context)
            let p = premultiplied(resolved(a)), q = premultiplied(resolved(b))
            let m = p + (q - p) * x
            let alpha = min(max(m.w, 0), 1)
            func straight(_ c: Double) -> Double { alpha > 0 ? min(max(c / alpha, 0), 1) : 0 }
            return .color(Color(red: straight(m.x), green: straight(m.y), blue: straight(m.z), alpha: alpha))
        }
        return paint
    }

    /// A resolved paint's colour as premultiplied RGBA (black for a gradient or material,
    /// which the loader does not mix).
    func premultiplied(_ paint: PaintValue) -> SIMD4<Double> {
        switch paint {
        case .color(let c):
            return SIMD4(c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha)
        case .colorParam(let slot):
            let p = context.params
            return slot + 3 < p.count ? SIMD4(p[slot], p[slot + 1], p[slot + 2], p[slot + 3]) : SIMD4(0, 0, 0, 1)
        default:
            return SIMD4(0, 0, 0, 1)
        }
    }

    /// The raster paint for a scene paint with the pending opacity applied; gradient
    /// unit points are taken in `frame` (root points) or in their named space.
    func paint(_ value: PaintValue?, frame: Rect) -> Paint {
        func box(_ space: String?) -> Rect { space.flatMap { spaces[$0] } ?? frame }
        func point(_ unit: Alignment, in r: Rect) -> Point { Point(x: r.minX + unit.x * r.width, y: r.minY + unit.y * r.height) }
        let shader: Shader
        switch resolved(value) {
        case .color(let color):
            shader = .solid(color)
        case .colorParam(let slot):
            let p = context.params
            let a = slot + 3 < p.count ? min(max(p[slot + 3], 0), 1) : 1
            func straight(_ c: Double) -> Double { a > 0 ? min(max(c / a, 0), 1) : 0 }
            shader = slot + 3 < p.count ? .solid(Color(red: straight(p[slot]), green: straight(p[slot + 1]), blue: straight(p[slot + 2]), alpha: a)) : .solid(.black)
        case .linearGradient(let gradient, let start, let end, let space):
            let r = box(space)
            shader = .linearGradient(gradient, start: point(start, in: r), end: point(end, in: r))
        case .radialGradient(let gradient, let center, let startRadius, let endRadius, let space):
            shader = .radialGradient(
                gradient, center: point(center, in: box(space)), startRadius: startRadius.evaluate(in: context),
                endRadius: endRadius.evaluate(in: context))
        case .angularGradient(let gradient, let center, let startAngle, let endAngle, let space):
            shader = .angularGradient(
                gradient, center: point(center, in: box(space)), startAngle: startAngle.evaluate(in: context) * Double.pi / 180,
                endAngle: endAngle.evaluate(in: context) * Double.pi / 180)
        case .ellipticalGradient(let gradient, let center, let startFraction, let endFraction, let space):
            // The unit square stretched over the box: a circular gradient there, elliptical here.
            let r = box(space)
            let unit = AffineTransform(a: r.width, b: 0, c: 0, d: r.height, tx: r.minX, ty: r.minY)
            return Paint(
                .radialGradient(
                    gradient, center: Point(x: center.x, y: center.y), startRadius: startFraction.evaluate(in: context),
                    endRadius: endFraction.evaluate(in: context)),
                opacity: opacity, blendMode: blendMode, transform: unit.concatenating(transform))
        case .material(let material):
            shader = .solid(material.tint)
        case .select, .mix:
            shader = .solid(.black)  // resolved() never returns a selection or a mix
        }
        return Paint(shader, opacity: opacity, blendMode: blendMode, transform: transform)
    }
}
