internal import Scene
internal import Raster

// SwiftUI's view modifiers, under SwiftUI's names, argument labels and defaults, each
// lowered into the resolved scene's modifier of the same meaning.

extension View {
    typealias Modified = ModifiedContent<Self, _SceneModifier>

    private func wrapped(_ modifier: Scene.Modifier) -> ModifiedContent<Self, _SceneModifier> {
        ModifiedContent(content: self, modifier: .wrap(modifier))
    }

    // MARK: Layout

    /// A frame of fixed size on either axis (nil leaves that axis to the content), the content aligned in it.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.frame(FrameSpec(width: width.map { .constant($0) }, height: height.map { .constant($0) }, alignment: alignment.scene)))
    }

    /// A flexible frame: the proposal clamped to the bounds (`.infinity` takes all offered).
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.frame(FrameSpec(
            minWidth: minWidth.map { .constant($0) }, maxWidth: maxWidth.map { .constant($0) }, minHeight: minHeight.map { .constant($0) },
            maxHeight: maxHeight.map { .constant($0) }, alignment: alignment.scene)))
    }

    /// Insets on every edge; `nil` is SwiftUI's default, 16 points.
    public func padding(_ length: CGFloat? = nil) -> ModifiedContent<Self, _SceneModifier> {
        padding(.all, length)
    }

    /// Insets on the chosen edges; `nil` is SwiftUI's default, 16 points.
    public func padding(_ edges: Edge.Set, _ length: CGFloat? = nil) -> ModifiedContent<Self, _SceneModifier> {
        let l = length ?? 16
        func inset(_ edge: Edge.Set) -> Scene.Expression { .constant(edges.contains(edge) ? l : 0) }
        return wrapped(.padding(top: inset(.top), leading: inset(.leading), bottom: inset(.bottom), trailing: inset(.trailing)))
    }

    /// Insets on each edge.
    public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.padding(top: .constant(insets.top), leading: .constant(insets.leading), bottom: .constant(insets.bottom), trailing: .constant(insets.trailing)))
    }

    /// The view at its ideal size on both axes.
    public func fixedSize() -> ModifiedContent<Self, _SceneModifier> { fixedSize(horizontal: true, vertical: true) }

    public func fixedSize(horizontal: Bool, vertical: Bool) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.fixedSize(horizontal: horizontal, vertical: vertical))
    }

    /// A size of `aspectRatio` (width / height; the content's own when nil) fitting or filling the proposal.
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.aspectRatio(aspectRatio.map { .constant($0) }, fill: contentMode == .fill))
    }

    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> ModifiedContent<Self, _SceneModifier> {
        self.aspectRatio(aspectRatio.width / aspectRatio.height, contentMode: contentMode)
    }

    public func scaledToFit() -> ModifiedContent<Self, _SceneModifier> { aspectRatio(nil, contentMode: .fit) }

    public func scaledToFill() -> ModifiedContent<Self, _SceneModifier> { aspectRatio(nil, contentMode: .fill) }

    /// Centres the view at a point of its parent's coordinate space, taking all the space offered.
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.position(x: .constant(x), y: .constant(y)))
    }

    public func position(_ position: CGPoint) -> ModifiedContent<Self, _SceneModifier> { self.position(x: position.x, y: position.y) }

    /// Drawing order among siblings: higher draws later.
    public func zIndex(_ value: Double) -> ModifiedContent<Self, _SceneModifier> { wrapped(.zIndex(.constant(value))) }

    /// Names this view's frame as a coordinate space.
    public func coordinateSpace(name: some Hashable) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.coordinateSpace(name: "\(name)"))
    }

    public func coordinateSpace(_ name: NamedCoordinateSpace) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.coordinateSpace(name: name.name))
    }

    // MARK: Effects

    /// Moves the drawing; layout is unchanged.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.offset(x: .constant(x), y: .constant(y)))
    }

    public func offset(_ offset: CGSize) -> ModifiedContent<Self, _SceneModifier> { self.offset(x: offset.width, y: offset.height) }

    /// Group opacity, 0…1.
    public func opacity(_ opacity: Double) -> ModifiedContent<Self, _SceneModifier> { wrapped(.opacity(.constant(opacity))) }

    /// Scales the drawing about an anchor of the frame; layout is unchanged.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> ModifiedContent<Self, _SceneModifier> {
        scaleEffect(x: s, y: s, anchor: anchor)
    }

    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> ModifiedContent<Self, _SceneModifier> {
        scaleEffect(x: scale.width, y: scale.height, anchor: anchor)
    }

    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.scaleEffect(x: .constant(x), y: .constant(y), anchor: anchor.alignment))
    }

    /// Rotates the drawing (clockwise for a positive angle) about an anchor of the frame.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.rotationEffect(degrees: .constant(angle.degrees), anchor: anchor.alignment))
    }

    /// Composites the view as one layer with a blend mode.
    public func blendMode(_ blendMode: BlendMode) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.blendMode(blendMode.raster))
    }

    /// Composites the view as one layer.
    public func compositingGroup() -> ModifiedContent<Self, _SceneModifier> { wrapped(.compositingGroup) }

    /// A blurred, offset silhouette drawn under the view.
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.shadow(color: color.raster, radius: .constant(radius), x: .constant(x), y: .constant(y)))
    }

    /// A Gaussian blur of the view.
    public func blur(radius: CGFloat, opaque: Bool = false) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.blur(radius: .constant(radius)))
    }

    // MARK: Clipping and masking

    /// Clips the view to its frame.
    public func clipped(antialiased: Bool = false) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.clipShape(.rectangle, eoFill: false, antialiased: true))
    }

    /// Clips the view to its frame with rounded (circular) corners.
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.clipShape(.roundedRectangle(cornerRadius: .constant(radius), style: .circular), eoFill: false, antialiased: antialiased))
    }

    /// Clips the view to `shape` laid in its frame, filled with `style`'s rule.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.clipShape(shape.sceneShape, eoFill: style.isEOFilled, antialiased: style.isAntialiased))
    }

    /// Shows the view only where `mask`, laid in its frame, is opaque.
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> ModifiedContent<Self, _SceneModifier> {
        let mask = mask(), alignment = alignment.scene
        return ModifiedContent(content: self, modifier: _SceneModifier { view, environment in
            .modified(view, .mask(loweredSingle(mask, environment), alignment: alignment))
        })
    }

    public func mask<Mask: View>(_ mask: Mask) -> ModifiedContent<Self, _SceneModifier> { self.mask { mask } }

    // MARK: Backgrounds and overlays

    /// `style` fills the view's frame behind it.
    public func background<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.background(.shape(ShapeView(shape: .rectangle, fill: Fill(paint: style._paint.value))), .center))
    }

    /// `content`, proposed the view's size, drawn behind it.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> ModifiedContent<Self, _SceneModifier> {
        let content = content(), alignment = alignment.scene
        return ModifiedContent(content: self, modifier: _SceneModifier { view, environment in
            .modified(view, .background(loweredSingle(content, environment), alignment))
        })
    }

    public func background<V: View>(_ content: V, alignment: Alignment = .center) -> ModifiedContent<Self, _SceneModifier> {
        background(alignment: alignment) { content }
    }

    /// `style` fills `shape` laid in the view's frame, behind it.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> ModifiedContent<Self, _SceneModifier> {
        background { shape.fill(style, style: fillStyle) }
    }

    /// `style` fills the view's frame in front of it.
    public func overlay<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.overlay(.shape(ShapeView(shape: .rectangle, fill: Fill(paint: style._paint.value))), .center))
    }

    /// `content`, proposed the view's size, drawn in front of it.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> ModifiedContent<Self, _SceneModifier> {
        let content = content(), alignment = alignment.scene
        return ModifiedContent(content: self, modifier: _SceneModifier { view, environment in
            .modified(view, .overlay(loweredSingle(content, environment), alignment))
        })
    }

    public func overlay<V: View>(_ content: V, alignment: Alignment = .center) -> ModifiedContent<Self, _SceneModifier> {
        overlay(alignment: alignment) { content }
    }

    /// A band `width` points wide just inside the frame, drawn over the view.
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> ModifiedContent<Self, _SceneModifier> {
        let band = Scene.View.shape(ShapeView(shape: .border(width: .constant(width)), fill: Fill(paint: content._paint.value, eoFill: true)))
        return wrapped(.overlay(band, .center))
    }

    // MARK: Environment

    /// The paint of shapes and text inside that have none of their own.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.foregroundStyle(style._paint.value ?? .color(.black)))
    }

    public func foregroundColor(_ color: Color?) -> ModifiedContent<Self, _SceneModifier> {
        wrapped(.foregroundStyle(.color((color ?? .black).raster)))
    }

    /// The font of text inside.
    public func font(_ font: Font?) -> ModifiedContent<Self, _EnvironmentModifier> {
        ModifiedContent(content: self, modifier: _EnvironmentModifier { $0.font = font?.scene })
    }

    /// The most lines a text inside shows.
    public func lineLimit(_ number: Int?) -> ModifiedContent<Self, _EnvironmentModifier> {
        ModifiedContent(content: self, modifier: _EnvironmentModifier { $0.lineLimit = number })
    }

    /// How the lines of multi-line text inside align.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> ModifiedContent<Self, _EnvironmentModifier> {
        ModifiedContent(content: self, modifier: _EnvironmentModifier { $0.multilineTextAlignment = alignment })
    }
}

/// SwiftUI's `ContentMode`.
public enum ContentMode: Hashable, Sendable {
    case fit, fill
}

/// An edge of a rectangle, and sets of them, as SwiftUI's `Edge`.
public enum Edge: Int8, Hashable, Sendable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }
        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Insets on the four edges, as SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat

    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// A named coordinate space, as SwiftUI's `.named(_:)`.
public struct NamedCoordinateSpace: Hashable, Sendable {
    let name: String
    public static func named(_ name: some Hashable) -> NamedCoordinateSpace { NamedCoordinateSpace(name: "\(name)") }
}

/// SwiftUI's blend modes.
public enum BlendMode: Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference, exclusion
    case hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter

    var raster: Raster.BlendMode { Raster.BlendMode(rawValue: "\(self)") ?? .normal }
}
