internal import Scene
internal import Geometry


/// A 2D shape, as SwiftUI's `Shape`: an outline for a frame rectangle, drawn filled
/// with the foreground style unless filled or stroked. `animatableData` is what an
/// animation interpolates (here: state is interpolated and `body` evaluated every
/// frame, so a shape built from animated state moves the same way).
public protocol Shape: Animatable, View {
    /// The outline in `rect` (its origin is the frame's top-leading corner, normally zero).
    func path(in rect: CGRect) -> Path
}

extension Shape {
    public var body: _ShapeView<Self> { _ShapeView(shape: self) }
}

/// No animatable data, for shapes that declare none.
public struct EmptyAnimatableData: VectorArithmetic, Hashable {
    public init() {}
    public static var zero: EmptyAnimatableData { EmptyAnimatableData() }
    public static func + (lhs: Self, rhs: Self) -> Self { lhs }
    public static func - (lhs: Self, rhs: Self) -> Self { lhs }
    public mutating func scale(by rhs: Double) {}
    public var magnitudeSquared: Double { 0 }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

/// A shape as a view: its fill and strokes.
public struct _ShapeView<Content: Shape>: View, PrimitiveView {
    let shape: Content
    var fill: (paint: _Paint, style: FillStyle)?
    var strokes: [(paint: _Paint, style: StrokeStyle)] = []
    var trim: (from: CGFloat, to: CGFloat)?

    init(shape: Content) { self.shape = shape }

    public var body: Never { fatalError("_ShapeView has no body") }

    /// Fills the shape too (a fill comes before any stroke).
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> _ShapeView<Content> {
        var copy = self
        copy.fill = (content._paint, style)
        return copy
    }

    /// Strokes the shape too.
    public func stroke<S: ShapeStyle>(_ content: S = .foreground, style: StrokeStyle) -> _ShapeView<Content> {
        var copy = self
        copy.strokes.append((content._paint, style))
        return copy
    }

    public func stroke<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1) -> _ShapeView<Content> {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        var view = ShapeView(shape: shape.sceneShape)
        if let fill { view.fill = Fill(paint: fill.paint.value, eoFill: fill.style.isEOFilled, antialiased: fill.style.isAntialiased) }
        view.strokes = strokes.map { $0.style.scene(paint: $0.paint.value) }
        if let trim { view.trim = (.constant(trim.from), .constant(trim.to)) }
        views.append(.shape(view))
    }
}

extension Shape {
    /// The shape filled with `content` (the foreground style by default).
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> _ShapeView<Self> {
        _ShapeView(shape: self).fill(content, style: style)
    }

    /// The shape's outline stroked with `content`.
    public func stroke<S: ShapeStyle>(_ content: S = .foreground, style: StrokeStyle) -> _ShapeView<Self> {
        _ShapeView(shape: self).stroke(content, style: style)
    }

    /// The shape's outline stroked with `content`, `lineWidth` points wide.
    public func stroke<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1) -> _ShapeView<Self> {
        _ShapeView(shape: self).stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The part of the outline between two fractions of its length.
    public func trim(from: CGFloat = 0, to: CGFloat = 1) -> _ShapeView<Self> {
        var view = _ShapeView(shape: self)
        view.trim = (from, to)
        return view
    }

    /// The shape as the renderer draws it: built-in shapes as themselves, any other
    /// through its `path(in:)`, called at draw time with the frame's size.
    var sceneShape: Scene.Shape {
        if let builtIn = self as? any BuiltInShape { return builtIn.scene }
        // Shapes are values whose `path(in:)` reads only their own properties.
        let shape = UncheckedSendable(value: { (rect: CGRect) in self.path(in: rect) })
        return .custom(CustomShape { rect in
            let path = shape.value(CGRect(x: 0, y: 0, width: rect.width, height: rect.height))
            return path.storage.applying(AffineTransform(translationX: rect.minX, y: rect.minY))
        })
    }
}

/// A shape the renderer knows by name, drawn exactly as the timeline format draws it.
protocol BuiltInShape {
    var scene: Scene.Shape { get }
}

/// How a shape is filled, as SwiftUI's `FillStyle`.
public struct FillStyle: Hashable, Sendable {
    /// The even-odd rule instead of non-zero.
    public var isEOFilled: Bool
    /// Anti-aliased edges.
    public var isAntialiased: Bool

    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// How an outline is stroked, as SwiftUI's `StrokeStyle`.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    public var dash: [CGFloat]
    public var dashPhase: CGFloat

    public init(
        lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
        dash: [CGFloat] = [], dashPhase: CGFloat = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }

    func scene(paint: PaintValue?) -> Stroke {
        Stroke(
            paint: paint, lineWidth: .constant(lineWidth),
            lineCap: lineCap == .round ? .round : lineCap == .square ? .square : .butt,
            lineJoin: lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter,
            miterLimit: .constant(miterLimit), dash: dash.map { .constant($0) }, dashPhase: .constant(dashPhase))
    }
}

/// Core Graphics' line caps.
public enum CGLineCap: Int32, Sendable {
    case butt, round, square
}

/// Core Graphics' line joins.
public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel
}
