import Geometry
import Raster

/// Draws one frame of a scene.
///
/// The root view is proposed the canvas size and centred in it; then each view
/// draws itself at the position its parent's layout gave it. Points map to device
/// pixels through the scene's scale, and every path is transformed before it is
/// flattened. Opacity and blend modes reach each drawing's paint, as in SwiftUI;
/// compositing groups, shadows and blurs isolate their content in a layer.
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
        render(context, into: canvas, layouts: LayoutMemo())
    }

    func render(
        _ context: EvaluationContext, into canvas: Canvas, layouts: LayoutMemo, layers: LayerMemo? = nil, operations: ShapeOperationMemo? = nil
    ) {
        var context = context
        context.layoutMemo = layouts
        context.shapeOperations = operations
        let root = scene.root
        let size = root.sizeThatFits(ProposedSize(scene.size), context)
        let origin = Point(x: (scene.size.width - size.width) / 2, y: (scene.size.height - size.height) / 2)
        var drawing = Drawing(canvas: canvas, context: context, transform: AffineTransform(scaleX: scene.scale, y: scene.scale), opacity: 1)
        drawing.layers = layers
        drawing.draw(root, proposal: ProposedSize(scene.size), at: origin)
    }
}

/// Renders one scene's frames one after another on one thread, keeping from one frame to
/// the next a canvas (its scratch buffers and layer pixmaps), the layouts that are the
/// same in every frame (see `LayoutMemo`) and the layers that draw the same in every frame
/// (see `LayerMemo`; a canvas's worth of pixels a frame) and the results of boolean shape
/// operations whose operands are unchanged (see `ShapeOperationMemo`). Each frame is as
/// `FrameRenderer` draws it.
///
/// When the scene reads no time (`ResolvedScene.readsTime`), a frame whose parameter
/// values are those of the last frame rendered, bit for bit, is that frame's picture
/// again, not drawn twice: a held value costs nothing.
public final class SequentialRenderer {
    public let renderer: FrameRenderer
    private let canvas: Canvas
    private let layouts = LayoutMemo()
    let layers: LayerMemo
    private let operations = ShapeOperationMemo()
    /// The last frame's parameter values and picture, kept while the scene reads no time.
    private var last: (params: [Double], pixmap: Pixmap)?

    public init(scene: ResolvedScene) {
        renderer = FrameRenderer(scene: scene)
        canvas = Canvas(width: scene.pixelWidth, height: scene.pixelHeight, background: scene.background)
        layers = LayerMemo(budget: canvas.width * canvas.height * 4)
    }

    /// Renders the scene with its expressions evaluated in `context`.
    public func render(_ context: EvaluationContext) -> Pixmap {
        let timeless = !renderer.scene.readsTime
        if timeless, let last, Self.same(last.params, context.params) { return last.pixmap }
        canvas.reset(background: renderer.scene.background)
        layouts.nextFrame()
        layers.nextFrame()
        operations.nextFrame()
        renderer.render(context, into: canvas, layouts: layouts, layers: layers, operations: operations)
        let pixmap = canvas.pixmap
        last = timeless ? (context.params, pixmap) : nil
        return pixmap
    }

    /// Renders the view `root()` makes in place of the scene's root view: a tree built anew
    /// for each frame (a scene written in Swift). Its stacks and views live at new addresses
    /// each frame, so it gets a layout memo of its own and no kept layers; the canvas and the
    /// shape operations' results (keyed by value) are reused. When the scene reads no time
    /// (nor have its views, see `ResolvedScene.timeReading`), a frame whose parameters are the
    /// last frame's is that picture again, and `root` is not called.
    public func render(_ context: EvaluationContext, root: () -> View) -> Pixmap {
        // Views that read the time themselves make it so from the frame they first do:
        // a frame whose views did not is a function of its parameters, and so is the next
        // frame with the same values (its views are made from the same values).
        var timeless: Bool { !renderer.scene.readsTime && !(renderer.scene.timeReading?.hasRead ?? false) }
        if timeless, let last, Self.same(last.params, context.params) { return last.pixmap }
        canvas.reset(background: renderer.scene.background)
        var scene = renderer.scene
        scene.root = root()
        operations.nextFrame()
        FrameRenderer(scene: scene).render(context, into: canvas, layouts: LayoutMemo(), operations: operations)
        let pixmap = canvas.pixmap
        last = timeless ? (context.params, pixmap) : nil
        return pixmap
    }

    /// Whether two parameter vectors hold the same bits (so 0 and −0 differ, as they may
    /// in a picture, and a NaN equals itself).
    private static func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
    }
}
