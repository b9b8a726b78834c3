import Geometry
import Raster

/// Layers and masks of content that draws the same in every frame, kept from one frame to
/// the next.
///
/// A compositing group, a blend mode, a shadow or a blur isolates its content in a canvas
/// layer; a mask draws its view on a canvas of its own. When the content reads no
/// parameter, time or frame number and nothing behind it (`View.drawsSameInEveryFrame`),
/// its pixels (a layer's with its filters applied) depend only on the drawing state it is
/// drawn in: the transform, its place and proposal, the `forEach` variables and geometry,
/// the coordinate spaces and the foreground colour, and the canvas's size and tolerance;
/// for a layer also the clip, so only layers drawn with no clip but the canvas's edges are
/// kept. Whenever that state is the same, the layer is composited again
/// (`Canvas.endLayer(…, keeping:)`, `Canvas.drawLayer`) and the mask used again instead
/// of being drawn.
///
/// A layer or mask is kept the second frame in a row its key is asked for, so content
/// whose place changes every frame costs no copies. Only those used in a frame are kept
/// for the next (`nextFrame`), and at most `budget` bytes of them a frame (so twice that
/// at most with those of the frame before): memory does not grow with the number of frames.
///
/// One memo serves one scene on one thread (the keys name views by their place in the
/// scene's tree): `SequentialRenderer` keeps one for all its frames.
final class LayerMemo {
    struct Key: Equatable {
        /// The content: its node in the scene's tree.
        var content: UInt
        /// What is kept (a layer with its filters, a mask) and the drawing state, as bit patterns.
        var state: [UInt64]
        /// The names of the coordinate spaces in scope, in the order their frames are in `state`.
        var spaces: [String]
    }

    enum Kept {
        case layer(KeptLayer)
        case mask(Mask)

        var byteCount: Int {
            switch self {
            case .layer(let layer): layer.byteCount
            case .mask(let mask): mask.data.count
            }
        }
    }

    /// This frame's layers and masks, and those of the frame before not yet asked for again.
    private var entries: [(key: Key, kept: Kept)] = []
    private var earlier: [(key: Key, kept: Kept)] = []
    private var bytes = 0
    /// The keys asked for in this frame and the one before that had nothing kept.
    private var asked: [Key] = [], askedBefore: [Key] = []
    /// The most bytes of pixels kept a frame.
    let budget: Int
    /// Whether each content met so far draws the same in every frame: worked out once per view.
    private var sameInEveryFrame: [UInt: Bool] = [:]

    /// A memo keeping at most `budget` bytes of layers and masks a frame.
    init(budget: Int) {
        self.budget = budget
    }

    /// The number of layers and masks kept in this frame.
    var count: Int { entries.count }

    /// Starts a frame: what the frame that ends kept waits to be asked for again.
    func nextFrame() {
        earlier = entries
        entries.removeAll(keepingCapacity: true)
        bytes = 0
        askedBefore = asked
        asked.removeAll(keepingCapacity: true)
    }

    /// The key of the layer of `content` drawn with `filters` by `drawing` at `origin`
    /// offered `proposal`, or nil when it cannot be kept: content that may change from
    /// frame to frame, a clip, a foreground other than a colour.
    func layerKey(_ content: View, filters: [LayerFilter], drawing: Drawing, proposal: ProposedSize, at origin: Point) -> Key? {
        guard drawing.canvas.isUnclipped else { return nil }
        var what: [Double] = [1]
        for filter in filters {
            switch filter {
            case .blur(let radius): what += [2, radius]
            case .dropShadow(let color, let radius, let offset): what += [3, color.red, color.green, color.blue, color.alpha, radius, offset.x, offset.y]
            }
        }
        return key(content, what, drawing: drawing, tolerance: drawing.canvas.tolerance, proposal: proposal, at: origin)
    }

    /// The key of the mask `view` gives drawn by `drawing` at `origin` offered `proposal`, on
    /// a canvas of its own (of the default tolerance), or nil when it cannot be kept.
    func maskKey(_ view: View, drawing: Drawing, proposal: ProposedSize, at origin: Point) -> Key? {
        key(view, [4], drawing: drawing, tolerance: Path.defaultTolerance, proposal: proposal, at: origin)
    }

    private func key(_ content: View, _ what: [Double], drawing: Drawing, tolerance: Double, proposal: ProposedSize, at origin: Point) -> Key? {
        guard case .color(let foreground) = drawing.foreground, let node = content.node else { return nil }
        let same: Bool
        if let known = sameInEveryFrame[node] {
            same = known
        } else {
            same = content.drawsSameInEveryFrame
            sameInEveryFrame[node] = same
        }
        guard same else { return nil }
        // An unspecified dimension is a NaN pattern no finite or infinite proposal has.
        let unspecified: UInt64 = 0x7FF8_DEAD_BEEF_0001
        let t = drawing.transform, c = drawing.context, g = c.geometry
        var state = what + [
            t.a, t.b, t.c, t.d, t.tx, t.ty, origin.x, origin.y, c.shapeWidth, c.shapeHeight, g.minX, g.minY, g.width, g.height,
            drawing.spaceOrigin.x, drawing.spaceOrigin.y, foreground.red, foreground.green, foreground.blue, foreground.alpha,
            Double(drawing.canvas.width), Double(drawing.canvas.height), tolerance,
        ]
        let spaces = drawing.spaces.keys.sorted()
        for name in spaces {
            let r = drawing.spaces[name]!
            state += [r.minX, r.minY, r.width, r.height]
        }
        state.append(Double(c.locals.count))
        state += c.locals
        return Key(
            content: node, state: state.map(\.bitPattern) + [proposal.width?.bitPattern ?? unspecified, proposal.height?.bitPattern ?? unspecified],
            spaces: spaces)
    }

    /// What was kept for `key` in this frame or the one before.
    func kept(for key: Key) -> Kept? {
        if let known = entries.first(where: { $0.key == key }) { return known.kept }
        guard let index = earlier.firstIndex(where: { $0.key == key }) else { return nil }
        let kept = earlier.remove(at: index).kept
        remember(kept, for: key)
        return kept
    }

    /// Whether what is drawn for `key`, which had nothing kept, is to be kept: when the key
    /// was asked for in the frame before too, and the budget is not spent.
    func shouldKeep(_ key: Key) -> Bool {
        asked.append(key)
        return bytes < budget && askedBefore.contains(key)
    }

    /// Keeps `kept` for `key`, within the budget.
    func remember(_ kept: Kept, for key: Key) {
        guard bytes + kept.byteCount <= budget else { return }
        bytes += kept.byteCount
        entries.append((key, kept))
    }
}

extension View {
    /// The view's node in the scene's tree: the address of its storage, which every copy of
    /// the view shares (a `View` is one reference to it). Nil if a view is ever stored
    /// otherwise.
    var node: UInt? {
        withUnsafeBytes(of: self) { $0.count == MemoryLayout<UInt>.size ? $0.load(as: UInt.self) : nil }
    }
}

extension View {
    /// Whether the view draws the same pixels in every frame, given the same drawing state
    /// (see `LayerMemo`): no expression it reads refers to a parameter, the time or the
    /// frame number (`Expression.isSameInEveryFrame`), and no paint is a colour parameter or
    /// a material (which shows what lies behind).
    var drawsSameInEveryFrame: Bool {
        func same(_ e: Expression?) -> Bool { e?.isSameInEveryFrame ?? true }
        switch self {
        case .empty, .image:
            return true
        case .geometryReader:
            return false
        case .spacer(let minLength):
            return same(minLength)
        case .text(let text):
            return (text.paint?.isSameInEveryFrame ?? true) && (text.template?.isSameInEveryFrame ?? true)
        case .shape(let shapeView):
            return shapeView.shape.isSameInEveryFrame && (shapeView.fill?.paint?.isSameInEveryFrame ?? true)
                && same(shapeView.trim?.from) && same(shapeView.trim?.to) && same(shapeView.inset)
                && shapeView.strokes.allSatisfy { stroke in
                    (stroke.paint?.isSameInEveryFrame ?? true) && same(stroke.lineWidth) && same(stroke.miterLimit)
                        && stroke.dash.allSatisfy(same) && same(stroke.dashPhase) && same(stroke.inset)
                }
        case .stack(let stack):
            return same(stack.spacing) && stack.children.allSatisfy(\.drawsSameInEveryFrame)
        case .scrollView(let scroll):
            return same(scroll.offset) && scroll.content.drawsSameInEveryFrame
        case .conditional(let condition, let content):
            return same(condition) && content.drawsSameInEveryFrame
        case .modified(let content, let modifier):
            guard content.drawsSameInEveryFrame else { return false }
            switch modifier {
            case .frame(let spec):
                return [spec.width, spec.height, spec.minWidth, spec.maxWidth, spec.minHeight, spec.maxHeight].allSatisfy(same)
            case .padding(let top, let leading, let bottom, let trailing):
                return [top, leading, bottom, trailing].allSatisfy(same)
            case .offset(let x, let y), .position(let x, let y):
                return same(x) && same(y)
            case .opacity(let value), .zIndex(let value), .blur(let value):
                return same(value)
            case .background(let other, _), .overlay(let other, _), .mask(let other, _):
                return other.drawsSameInEveryFrame
            case .scaleEffect(let x, let y, _):
                return same(x) && same(y)
            case .rotationEffect(let degrees, _):
                return same(degrees)
            case .transformEffect(let a, let b, let c, let d, let tx, let ty):
                return [a, b, c, d, tx, ty].allSatisfy(same)
            case .aspectRatio(let ratio, _):
                return same(ratio)
            case .foregroundStyle(let paint):
                return paint.isSameInEveryFrame
            case .clipShape(let shape, _, _):
                return shape.isSameInEveryFrame
            case .shadow(_, let radius, let x, let y):
                return same(radius) && same(x) && same(y)
            case .fixedSize, .bind, .coordinateSpace, .blendMode, .compositingGroup, .preference, .transformPreference:
                return true
            case .visualEffect, .backgroundPreferenceValue, .overlayPreferenceValue:
                return false
            }
        }
    }
}

extension PaintValue {
    /// Whether the paint is the same in every frame and shows nothing of what lies behind.
    var isSameInEveryFrame: Bool {
        switch self {
        case .color, .linearGradient:
            return true
        case .colorParam, .material:
            return false
        case .radialGradient(_, _, let startRadius, let endRadius, _):
            return startRadius.isSameInEveryFrame && endRadius.isSameInEveryFrame
        case .ellipticalGradient(_, _, let startRadius, let endRadius, _):
            return startRadius.isSameInEveryFrame && endRadius.isSameInEveryFrame
        case .angularGradient(_, _, let startAngle, let endAngle, _):
            return startAngle.isSameInEveryFrame && endAngle.isSameInEveryFrame
        case .select(let index, let paints):
            return index.isSameInEveryFrame && paints.allSatisfy(\.isSameInEveryFrame)
        case .mix(let a, let b, let amount):
            return a.isSameInEveryFrame && b.isSameInEveryFrame && amount.isSameInEveryFrame
        }
    }
}

extension Shape {
    /// Whether the outline is the same in every frame for the same frame rectangle.
    var isSameInEveryFrame: Bool {
        switch self {
        case .rectangle, .circle, .ellipse, .capsule, .path:
            return true
        case .roundedRectangle(let radius, _):
            return radius.isSameInEveryFrame
        case .star(let a, let b), .overlappingEllipses(let a, let b), .overlappingRectangles(let a, let b):
            return a.isSameInEveryFrame && b.isSameInEveryFrame
        case .border(let width):
            return width.isSameInEveryFrame
        case .polygon(let points, _):
            return points.allSatisfy { $0.0.isSameInEveryFrame && $0.1.isSameInEveryFrame }
        case .commands(let commands, _):
            return commands.allSatisfy(\.isSameInEveryFrame)
        case .custom:
            return false
        case .inset(let shape, let amount):
            return shape.isSameInEveryFrame && amount.isSameInEveryFrame
        case .transformed(let shape, let transform):
            return shape.isSameInEveryFrame && transform.isSameInEveryFrame
        case .operation(let a, _, let b, _), .lineOperation(let a, _, let b, _):
            return a.isSameInEveryFrame && b.isSameInEveryFrame
        }
    }
}

extension PathCommand {
    var isSameInEveryFrame: Bool {
        switch self {
        case .move(let x, let y), .line(let x, let y):
            return x.isSameInEveryFrame && y.isSameInEveryFrame
        case .quad(let x, let y, let cx, let cy):
            return [x, y, cx, cy].allSatisfy(\.isSameInEveryFrame)
        case .cubic(let x, let y, let c1x, let c1y, let c2x, let c2y):
            return [x, y, c1x, c1y, c2x, c2y].allSatisfy(\.isSameInEveryFrame)
        case .arc(let cx, let cy, let radius, let start, let end, _):
            return [cx, cy, radius, start, end].allSatisfy(\.isSameInEveryFrame)
        case .rect(let x, let y, let width, let height), .ellipse(let x, let y, let width, let height):
            return [x, y, width, height].allSatisfy(\.isSameInEveryFrame)
        case .roundedRect(let x, let y, let width, let height, let radius, _):
            return [x, y, width, height, radius].allSatisfy(\.isSameInEveryFrame)
        case .close:
            return true
        }
    }
}
