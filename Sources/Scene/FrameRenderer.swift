import Geometry
import Raster

/// Draws one frame of a scene.
///
/// The root view is proposed the canvas size and centred in it; then each view
/// draws itself at the position its parent's layout gave it. Points map to device
/// pixels through the scene's scale, and every path is transformed before it is
/// flattened. Group effects (opacity) isolate their content in a layer only when
/// it holds more than one shape; a single shape takes the opacity in its paint,
/// which is exact.
public struct FrameRenderer {
    public let scene: ResolvedScene

    public init(scene: ResolvedScene) {
        self.scene = scene
    }

    /// Renders the scene with its expressions evaluated in `context`.
    public func render(_ context: EvaluationContext) -> Pixmap {
        let canvas = Canvas(width: scene.pixelWidth, height: scene.pixelHeight, background: scene.background)
        render(context, into: canvas)
        return canvas.pixmap
    }

    /// Draws the scene over whatever `canvas` holds.
    public func render(_ context: EvaluationContext, into canvas: Canvas) {
        let root = scene.root
        let size = root.sizeThatFits(ProposedSize(scene.size), context)
        let origin = Point(x: (scene.size.width - size.width) / 2, y: (scene.size.height - size.height) / 2)
        var drawing = Drawing(canvas: canvas, context: context, transform: AffineTransform(scaleX: scene.scale, y: scene.scale), opacity: 1)
        drawing.draw(root, proposal: ProposedSize(scene.size), at: origin)
    }
}

/// The state carried down the view tree while drawing.
struct Drawing {
    let canvas: Canvas
    var context: EvaluationContext
    /// Points (in the root's space) to device pixels.
    var transform: AffineTransform
    /// Opacity not yet applied by a layer, to be folded into the next single shape's paint.
    var opacity: Double
    /// The origin, in root points, of the space geometry names are measured in:
    /// the nearest scroll view's viewport or named coordinate space.
    var spaceOrigin = Point.zero
    /// Named coordinate spaces in scope: their frames in root points.
    var spaces: [String: Rect] = [:]
    /// The paint of shapes and text without a fill of their own.
    var foreground: PaintValue = .color(.black)

    /// The raster paint for a scene paint, with the pending opacity applied.
    func paint(_ value: PaintValue?) -> Paint {
        switch value ?? foreground {
        case .color(let color): return Paint(.solid(color), opacity: opacity)
        }
    }

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

    mutating func draw(_ view: View, proposal: ProposedSize, at origin: Point) {
        switch view {
        case .empty, .spacer:
            return
        case .shape(let shapeView):
            let size = view.sizeThatFits(proposal, context)
            let path = shapeView.shape.path(in: Rect(origin: origin, size: size), context: context)
            let fill = shapeView.fill
            canvas.fill(path, transform: transform, paint: paint(fill.paint), rule: fill.eoFill ? .evenOdd : .nonZero, antialiased: fill.antialiased)
        case .text(let text):
            let layout = TextLayout(text, proposal: proposal)
            let path = layout.path(text, origin: origin, frameWidth: layout.size.width)
            canvas.fill(path, transform: transform, paint: paint(text.paint))
        case .image(let image):
            let size = image.size(for: proposal)
            canvas.drawImage(image.pixmap, in: Rect(origin: origin, size: size), transform: transform, opacity: opacity, quality: image.quality)
        case .stack(let stack):
            let layout = stack.layout(proposal, context)
            for i in drawingOrder(stack.children) {
                let frame = layout.frames[i]
                var copy = self
                copy.draw(stack.children[i], proposal: ProposedSize(frame.size), at: Point(x: origin.x + frame.minX, y: origin.y + frame.minY))
            }
        case .scrollView(let scroll):
            // TODO(#4): clip the content to the viewport.
            let contentSize = scroll.contentSize(proposal, context)
            let offset = scroll.offset.evaluate(in: context)
            let contentOrigin = scroll.axis == .horizontal
                ? Point(x: origin.x + offset, y: origin.y) : Point(x: origin.x, y: origin.y + offset)
            var inner = self
            inner.spaceOrigin = origin
            inner.draw(scroll.content, proposal: ProposedSize(contentSize), at: contentOrigin)
        case .modified(let content, let modifier):
            switch modifier {
            case .frame(let spec):
                let layout = spec.layout(content: content, proposal, context)
                draw(content, proposal: ProposedSize(layout.child.size), at: Point(x: origin.x + layout.child.minX, y: origin.y + layout.child.minY))
            case .padding(let top, let leading, let bottom, let trailing):
                let size = view.sizeThatFits(proposal, context)
                let t = top.evaluate(in: context), l = leading.evaluate(in: context)
                let b = bottom.evaluate(in: context), r = trailing.evaluate(in: context)
                let inner = ProposedSize(width: max(size.width - l - r, 0), height: max(size.height - t - b, 0))
                draw(content, proposal: inner, at: Point(x: origin.x + l, y: origin.y + t))
            case .fixedSize(let horizontal, let vertical):
                let size = content.sizeThatFits(
                    ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height), context)
                draw(content, proposal: ProposedSize(size), at: origin)
            case .offset(let x, let y):
                var effect = self
                effect.measure(content, proposal: proposal, at: origin)
                // A translation of the drawing: layout positions, and so the
                // geometry inner effects see, stay where layout put them.
                let dx = x.evaluate(in: effect.context), dy = y.evaluate(in: effect.context)
                var moved = self
                moved.transform = AffineTransform(translationX: dx, y: dy).concatenating(transform)
                moved.draw(content, proposal: proposal, at: origin)
            case .background(let secondary, let alignment), .overlay(let secondary, let alignment):
                let size = content.sizeThatFits(proposal, context)
                let other = secondary.sizeThatFits(ProposedSize(size), context)
                let otherOrigin = Point(
                    x: origin.x + (size.width - other.width) * alignment.x, y: origin.y + (size.height - other.height) * alignment.y)
                var copy = self
                if case .background = modifier {
                    copy.draw(secondary, proposal: ProposedSize(size), at: otherOrigin)
                    draw(content, proposal: proposal, at: origin)
                } else {
                    draw(content, proposal: proposal, at: origin)
                    copy.draw(secondary, proposal: ProposedSize(size), at: otherOrigin)
                }
            case .scaleEffect(let x, let y, let anchor):
                var effect = self
                effect.measure(content, proposal: proposal, at: origin)
                let sx = x.evaluate(in: effect.context), sy = y.evaluate(in: effect.context)
                let a = anchorPoint(content, proposal: proposal, at: origin, anchor)
                var scaled = transformed(
                    AffineTransform(translationX: -a.x, y: -a.y).concatenating(AffineTransform(scaleX: sx, y: sy))
                        .concatenating(AffineTransform(translationX: a.x, y: a.y)))
                scaled.draw(content, proposal: proposal, at: origin)
            case .rotationEffect(let degrees, let anchor):
                var effect = self
                effect.measure(content, proposal: proposal, at: origin)
                let radians = degrees.evaluate(in: effect.context) * Double.pi / 180
                let a = anchorPoint(content, proposal: proposal, at: origin, anchor)
                var rotated = transformed(
                    AffineTransform(translationX: -a.x, y: -a.y).concatenating(AffineTransform(rotationAngle: radians))
                        .concatenating(AffineTransform(translationX: a.x, y: a.y)))
                rotated.draw(content, proposal: proposal, at: origin)
            case .aspectRatio(let ratio, let fill):
                let inner = AspectRatio.proposal(for: content, ratio: ratio, fill: fill, proposal, context)
                draw(content, proposal: inner, at: origin)
            case .zIndex:
                draw(content, proposal: proposal, at: origin)
            case .foregroundStyle(let style):
                var copy = self
                copy.foreground = style
                copy.draw(content, proposal: proposal, at: origin)
            case .bind(let slot, let value):
                var copy = self
                copy.context = context.binding(slot, to: value)
                copy.draw(content, proposal: proposal, at: origin)
            case .coordinateSpace(let name):
                var copy = self
                let size = content.sizeThatFits(proposal, context)
                copy.spaces[name] = Rect(origin: origin, size: size)
                copy.spaceOrigin = origin
                copy.draw(content, proposal: proposal, at: origin)
            case .position(let x, let y):
                let size = content.sizeThatFits(proposal, context)
                let px = x.evaluate(in: context), py = y.evaluate(in: context)
                draw(content, proposal: ProposedSize(size), at: Point(x: origin.x + px - size.width / 2, y: origin.y + py - size.height / 2))
            case .opacity(let value):
                var effect = self
                effect.measure(content, proposal: proposal, at: origin)
                let o = min(max(value.evaluate(in: effect.context), 0), 1)
                guard o > 0 else { return }
                if content.isSingleShape {
                    var copy = self
                    copy.opacity *= o
                    copy.draw(content, proposal: proposal, at: origin)
                } else {
                    canvas.beginLayer()
                    var copy = self
                    copy.opacity = 1
                    copy.draw(content, proposal: proposal, at: origin)
                    canvas.endLayer(opacity: o * opacity)
                }
            }
        }
    }
}

extension Drawing {
    /// The point at unit position `anchor` of the content's frame, in root points.
    func anchorPoint(_ content: View, proposal: ProposedSize, at origin: Point, _ anchor: Alignment) -> Point {
        let size = content.sizeThatFits(proposal, context)
        return Point(x: origin.x + size.width * anchor.x, y: origin.y + size.height * anchor.y)
    }

    /// Children's indices in drawing order: by `zIndex`, ties in order written.
    func drawingOrder(_ children: [View]) -> [Int] {
        let z = children.map { $0.zIndex(context) }
        guard z.contains(where: { $0 != 0 }) else { return Array(children.indices) }
        return children.indices.sorted { (z[$0], $0) < (z[$1], $1) }
    }
}

extension View {
    /// The view's `zIndex` (its outermost one), 0 when it has none.
    func zIndex(_ context: EvaluationContext) -> Double {
        var view = self
        while case .modified(let content, let modifier) = view {
            if case .zIndex(let z) = modifier { return z.evaluate(in: context) }
            if case .bind(let slot, let value) = modifier {
                return content.zIndex(context.binding(slot, to: value))
            }
            view = content
        }
        return 0
    }

    /// Whether the view draws at most one shape, so group opacity equals paint opacity.
    var isSingleShape: Bool {
        switch self {
        case .shape, .text, .image, .empty, .spacer: return true
        case .stack(let s): return s.children.count <= 1 && s.children.allSatisfy(\.isSingleShape)
        case .scrollView(let s): return s.content.isSingleShape
        case .modified(_, .background), .modified(_, .overlay): return false
        case .modified(let content, _): return content.isSingleShape
        }
    }
}
