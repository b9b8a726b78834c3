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
    /// The origin, in root points, of the space geometry names are measured in.
    var spaceOrigin = Point.zero

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
            let paint: Paint
            switch fill.paint {
            case .color(let color): paint = Paint(.solid(color), opacity: opacity)
            }
            canvas.fill(path, transform: transform, paint: paint, rule: fill.eoFill ? .evenOdd : .nonZero, antialiased: fill.antialiased)
        case .text(let text):
            let layout = TextLayout(text, proposal: proposal)
            let path = layout.path(text, origin: origin, frameWidth: layout.size.width)
            switch text.paint {
            case .color(let color): canvas.fill(path, transform: transform, paint: Paint(.solid(color), opacity: opacity))
            }
        case .stack(let stack):
            let layout = stack.layout(proposal, context)
            for (child, frame) in zip(stack.children, layout.frames) {
                var copy = self
                copy.draw(child, proposal: ProposedSize(frame.size), at: Point(x: origin.x + frame.minX, y: origin.y + frame.minY))
            }
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

extension View {
    /// Whether the view draws at most one shape, so group opacity equals paint opacity.
    var isSingleShape: Bool {
        switch self {
        case .shape, .text, .empty, .spacer: return true
        case .stack(let s): return s.children.count <= 1 && s.children.allSatisfy(\.isSingleShape)
        case .modified(_, .background), .modified(_, .overlay): return false
        case .modified(let content, _): return content.isSingleShape
        }
    }
}
