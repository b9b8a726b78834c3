import Geometry
import Raster

/// A view of the scene, in SwiftUI's vocabulary.
///
/// Modifiers wrap the view they apply to, in order, exactly like a SwiftUI modifier
/// chain: `.modified(.modified(shape, .padding), .frame)` is `shape.padding().frame()`.
public indirect enum View: Sendable {
    /// A shape, filled (black unless given a fill).
    case shape(ShapeView)
    /// Text drawn from glyph outlines, filled like any shape.
    case text(TextView)
    /// A raster image.
    case image(ImageView)
    /// A z, vertical or horizontal stack.
    case stack(StackView)
    /// Content moved by a scroll offset inside a viewport that takes the proposed size.
    case scrollView(ScrollView)
    /// Flexible space along the enclosing stack's axis.
    case spacer(minLength: Expression?)
    /// Draws nothing and takes no space.
    case empty
    /// Takes the proposed size and draws the view its function makes for that size,
    /// placed at its top-leading corner (SwiftUI's `GeometryReader`, for scenes written in Swift).
    case geometryReader(GeometryReaderView)
    /// `content` with one modifier applied outside it.
    case modified(View, Modifier)
    /// The view while the expression is not 0; otherwise nothing, taking no space and no
    /// spacing in a stack (a view under SwiftUI's `if` or being removed by a transition).
    case conditional(Expression, View)

    /// Whether the view is there at all in `context`: false for a conditional view whose
    /// condition is 0.
    public func isPresent(in context: EvaluationContext) -> Bool {
        guard case .conditional(let condition, _) = self else { return true }
        return condition.evaluate(in: context) != 0
    }
}

/// A view made at draw time from the frame it is given.
public struct GeometryReaderView: Sendable {
    /// The content for the reader's geometry (its frame's size is the reader's), in points.
    public var content: @Sendable (ViewGeometry) -> View

    public init(content: @escaping @Sendable (ViewGeometry) -> View) {
        self.content = content
    }
}

/// A shape view: geometry and how it is drawn: filled, stroked, or both
/// (fill first); with neither it is filled with the foreground style.
public struct ShapeView: Sendable {
    public var shape: Shape
    public var fill: Fill?
    public var strokes: [Stroke]
    /// SwiftUI's `trim(from:to:)`: the part of the outline between two fractions of its length.
    public var trim: (from: Expression, to: Expression)?
    /// SwiftUI's `inset(by:)`: the shape drawn in its frame shrunk by this much on every side.
    public var inset: Expression?

    public init(shape: Shape, fill: Fill? = nil, strokes: [Stroke] = [], trim: (from: Expression, to: Expression)? = nil, inset: Expression? = nil) {
        self.shape = shape
        self.fill = fill
        self.strokes = strokes
        self.trim = trim
        self.inset = inset
    }
}

/// SwiftUI's `stroke(_:style:)`: a paint and a `StrokeStyle` whose numbers may be expressions.
public struct Stroke: Sendable {
    public var paint: PaintValue?
    public var lineWidth: Expression
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Expression
    public var dash: [Expression]
    public var dashPhase: Expression
    /// SwiftUI's `strokeBorder`: the outline is taken in the frame shrunk by this
    /// much on every side (half the line width), so the stroke stays inside it. Nil: the frame's.
    public var inset: Expression?

    public init(
        paint: PaintValue? = nil, lineWidth: Expression = .constant(1), lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
        miterLimit: Expression = .constant(10), dash: [Expression] = [], dashPhase: Expression = .constant(0), inset: Expression? = nil
    ) {
        self.inset = inset
        self.paint = paint
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// SwiftUI's `fill(_:style:)`: a paint and a `FillStyle`.
public struct Fill: Sendable {
    /// The paint; nil draws with the foreground style (black unless set).
    public var paint: PaintValue?
    /// The even-odd rule instead of non-zero (`FillStyle(eoFill:)`).
    public var eoFill: Bool
    /// Anti-aliased edges (default true).
    public var antialiased: Bool

    public init(paint: PaintValue? = nil, eoFill: Bool = false, antialiased: Bool = true) {
        self.paint = paint
        self.eoFill = eoFill
        self.antialiased = antialiased
    }
}

/// A paint as the scene states it. Gradient points are unit points of the
/// frame of the shape being painted, or of the named coordinate space `space`.
public enum PaintValue: Sendable {
    case color(Color)
    /// A colour param (premultiplied RGBA in four slots from `slot`), so colours animate.
    case colorParam(slot: Int)
    case linearGradient(Gradient, start: Alignment, end: Alignment, space: String?)
    /// Radii in points.
    case radialGradient(Gradient, center: Alignment, startRadius: Expression, endRadius: Expression, space: String?)
    /// Angles in degrees, clockwise from the positive x axis.
    case angularGradient(Gradient, center: Alignment, startAngle: Expression, endAngle: Expression, space: String?)
    /// SwiftUI's `EllipticalGradient`: a radial gradient in the unit square stretched over
    /// the frame, radii as fractions of its side (0.5 reaches the inscribed ellipse).
    case ellipticalGradient(Gradient, center: Alignment, startRadiusFraction: Expression, endRadiusFraction: Expression, space: String?)
    /// A blurred, tinted copy of what lies behind.
    case material(Material)
    /// One of several paints: the one at index `floor(index)`, clamped to the list.
    indirect case select(index: Expression, paints: [PaintValue])
    /// Two colours mixed by an amount (0: the first, 1: the second), in premultiplied
    /// gamma-encoded RGBA, the space colour params animate in.
    indirect case mix(PaintValue, PaintValue, Expression)
}

/// SwiftUI's materials, light appearance: a backdrop blur (Gaussian σ in points),
/// a saturation boost and a white tint. The values approximate iOS's visually;
/// Apple does not publish them.
public enum Material: String, Sendable, CaseIterable {
    case ultraThinMaterial, thinMaterial, regularMaterial, thickMaterial

    /// Blur σ in points.
    public var blurRadius: Double {
        switch self {
        case .ultraThinMaterial: 8
        case .thinMaterial: 10
        case .regularMaterial: 12
        case .thickMaterial: 15
        }
    }

    /// Multiplies colour saturation of the blurred backdrop.
    public var saturation: Double { 1.8 }

    /// The tint drawn over the blurred backdrop.
    public var tint: Color {
        switch self {
        case .ultraThinMaterial: Color(red: 1, green: 1, blue: 1, alpha: 0.3)
        case .thinMaterial: Color(red: 1, green: 1, blue: 1, alpha: 0.45)
        case .regularMaterial: Color(red: 1, green: 1, blue: 1, alpha: 0.6)
        case .thickMaterial: Color(red: 1, green: 1, blue: 1, alpha: 0.75)
        }
    }
}

/// A scroll view: the viewport takes the proposed size and clips the content;
/// the content is proposed no limit along the axis, placed at the viewport's
/// top-leading corner and moved by `offset` along the axis (negative values
/// scroll down through it).
public struct ScrollView: Sendable {
    public var axis: StackAxis
    public var offset: Expression
    public var content: View

    public init(axis: StackAxis, offset: Expression, content: View) {
        self.axis = axis
        self.offset = offset
        self.content = content
    }
}

/// An image view, as SwiftUI's `Image`: its natural size (one point per pixel)
/// unless `resizable`, when it takes the proposed size, or with a content mode,
/// the largest size of the image's aspect ratio that fits in (or covers) it.
public struct ImageView: Sendable {
    public var pixmap: Pixmap
    public var resizable: Bool
    /// nil stretches a resizable image; `fit`/`fill` keep its aspect ratio.
    public var contentMode: ContentMode?
    /// `nearest` for `interpolation: none` (pixel art), bilinear otherwise.
    public var quality: FilterQuality

    public enum ContentMode: String, Sendable, CaseIterable {
        case fit, fill
    }

    public init(pixmap: Pixmap, resizable: Bool = false, contentMode: ContentMode? = nil, quality: FilterQuality = .bilinear) {
        self.pixmap = pixmap
        self.resizable = resizable
        self.contentMode = contentMode
        self.quality = quality
    }
}

/// The axis a stack lays its children along.
public enum StackAxis: Sendable {
    case z, vertical, horizontal
}

/// A stack of views.
public struct StackView: Sendable {
    public var axis: StackAxis
    /// Where children sit across the axis (a z-stack uses both components).
    public var alignment: Alignment
    /// Space between adjacent children in points; nil means SwiftUI's default, 8.
    public var spacing: Expression?
    public var children: [View]

    public init(axis: StackAxis, alignment: Alignment = .center, spacing: Expression? = nil, children: [View]) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
        self.children = children
    }
}

/// A position within a rectangle as unit fractions: (0, 0) is top-leading, (1, 1) bottom-trailing.
public struct Alignment: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let center = Alignment(x: 0.5, y: 0.5)
    public static let top = Alignment(x: 0.5, y: 0)
    public static let bottom = Alignment(x: 0.5, y: 1)
    public static let leading = Alignment(x: 0, y: 0.5)
    public static let trailing = Alignment(x: 1, y: 0.5)
    public static let topLeading = Alignment(x: 0, y: 0)
    public static let topTrailing = Alignment(x: 1, y: 0)
    public static let bottomLeading = Alignment(x: 0, y: 1)
    public static let bottomTrailing = Alignment(x: 1, y: 1)

    /// Every name the format accepts, with its alignment.
    public static let named: [(String, Alignment)] = [
        ("center", .center), ("top", .top), ("bottom", .bottom), ("leading", .leading), ("trailing", .trailing),
        ("topLeading", .topLeading), ("topTrailing", .topTrailing), ("bottomLeading", .bottomLeading),
        ("bottomTrailing", .bottomTrailing),
    ]
}

/// A modifier, applied outside the view it wraps.
public enum Modifier: Sendable {
    /// `frame(width:height:alignment:)` or the flexible `frame(minWidth:…)`; nil leaves a bound unset.
    case frame(FrameSpec)
    /// Insets on each edge, in points.
    case padding(top: Expression, leading: Expression, bottom: Expression, trailing: Expression)
    /// Moves the drawing without changing layout. May use the geometry names.
    case offset(x: Expression, y: Expression)
    /// Takes the whole proposed size and centres the content at (x, y) in it.
    case position(x: Expression, y: Expression)
    /// Group opacity, 0…1 (the content is composited as one layer). May use the geometry names.
    case opacity(Expression)
    /// A view drawn behind the content, proposed the content's size and aligned in it.
    case background(View, Alignment)
    /// A view drawn over the content, proposed the content's size and aligned in it.
    case overlay(View, Alignment)
    /// Proposes nil (the ideal size) to the content along the chosen axes.
    case fixedSize(horizontal: Bool, vertical: Bool)
    /// Scales the drawing about an anchor of the view's frame; layout is unchanged.
    case scaleEffect(x: Expression, y: Expression, anchor: Alignment)
    /// Rotates the drawing by degrees (clockwise) about an anchor of the view's frame.
    case rotationEffect(degrees: Expression, anchor: Alignment)
    /// SwiftUI's `transformEffect`: the drawing transformed by (a, b, c, d, tx, ty) in
    /// the view's own coordinates (its frame's top-left corner at the origin).
    case transformEffect(a: Expression, b: Expression, c: Expression, d: Expression, tx: Expression, ty: Expression)
    /// Proposes the content a size of this width-to-height ratio (the content's
    /// ideal ratio when nil) that fits in (or, with `fill`, covers) the proposal.
    case aspectRatio(Expression?, fill: Bool)
    /// Drawing order among siblings in a stack: higher draws later.
    case zIndex(Expression)
    /// The paint of shapes and text inside that have no fill of their own.
    case foregroundStyle(PaintValue)
    /// Sets a `forEach` variable for the content.
    case bind(slot: Int, value: Double)
    /// Names this view's frame as a coordinate space for geometry names and gradients.
    case coordinateSpace(name: String)
    /// Clips the drawing to a shape laid in the view's frame (`clipped`, `cornerRadius`, `clipShape`).
    case clipShape(Shape, eoFill: Bool, antialiased: Bool)
    /// Shows the content only where `mask`, laid out in the view's frame, is opaque.
    case mask(View, alignment: Alignment)
    /// Composites the view as one layer with a blend mode.
    case blendMode(BlendMode)
    /// Draws under the view its silhouette in `color`, blurred by `radius` points and moved.
    case shadow(color: Color, radius: Expression, x: Expression, y: Expression)
    /// Blurs the view (Gaussian σ in points).
    case blur(radius: Expression)
    /// Composites the view as one layer (SwiftUI's `compositingGroup`).
    case compositingGroup
    /// Modifiers computed at draw time from the content's frame before its effects, in the
    /// nearest scroll view or named coordinate space (SwiftUI's `visualEffect`, for scenes
    /// written in Swift). They must not change layout: offsets, scales, rotations, opacity, blur.
    case visualEffect(VisualEffectFunction)
    /// Sets the value of a preference that the view hands up to its ancestors, replacing
    /// its content's (SwiftUI's `preference(key:value:)`, for scenes written in Swift).
    case preference(PreferenceValue)
    /// Changes the value of a preference that the content hands up (SwiftUI's `transformPreference`).
    case transformPreference(PreferenceTransform)
    /// A view made from the value of a preference the content hands up, drawn behind it.
    case backgroundPreferenceValue(PreferenceReader)
    /// A view made from the value of a preference the content hands up, drawn in front of it.
    case overlayPreferenceValue(PreferenceReader)
}

/// The modifiers a `visualEffect` applies for a frame rectangle.
public struct VisualEffectFunction: Sendable {
    /// The modifiers for the content's geometry before its effects.
    public var modifiers: @Sendable (ViewGeometry) -> [Modifier]

    public init(modifiers: @escaping @Sendable (ViewGeometry) -> [Modifier]) {
        self.modifiers = modifiers
    }
}

/// The arguments of `frame`: fixed `width`/`height`, or flexible bounds.
/// `Double.infinity` stands for `.infinity`.
public struct FrameSpec: Sendable {
    public var width: Expression?
    public var height: Expression?
    public var minWidth: Expression?
    public var maxWidth: Expression?
    public var minHeight: Expression?
    public var maxHeight: Expression?
    public var alignment: Alignment

    public init(
        width: Expression? = nil, height: Expression? = nil, minWidth: Expression? = nil, maxWidth: Expression? = nil,
        minHeight: Expression? = nil, maxHeight: Expression? = nil, alignment: Alignment = .center
    ) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }

    /// Whether any min/max bound is set (SwiftUI's flexible frame).
    public var isFlexible: Bool { minWidth != nil || maxWidth != nil || minHeight != nil || maxHeight != nil }
}
