internal import Scene

/// Children one above the other, as SwiftUI's `VStack` (spacing nil: 8 points).
public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { fatalError("VStack has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        views.append(.stack(StackView(
            axis: .vertical, alignment: Scene.Alignment(x: alignment.x, y: 0.5), spacing: spacing.map { .constant($0) },
            children: lowered(content, environment))))
    }
}

/// Children side by side, as SwiftUI's `HStack` (spacing nil: 8 points).
public struct HStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    public var body: Never { fatalError("HStack has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        views.append(.stack(StackView(
            axis: .horizontal, alignment: Scene.Alignment(x: 0.5, y: alignment.y), spacing: spacing.map { .constant($0) },
            children: lowered(content, environment))))
    }
}

/// Children on top of each other, later ones in front, as SwiftUI's `ZStack`.
public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment
    let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    public var body: Never { fatalError("ZStack has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        views.append(.stack(StackView(axis: .z, alignment: alignment.scene, children: lowered(content, environment))))
    }
}

/// Flexible space along the enclosing stack's axis.
public struct Spacer: View, PrimitiveView {
    let minLength: CGFloat?

    public init(minLength: CGFloat? = nil) { self.minLength = minLength }

    public var body: Never { fatalError("Spacer has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        views.append(.spacer(minLength: minLength.map { .constant($0) }))
    }
}

/// The axes, as SwiftUI's `Axis`.
public enum Axis: Hashable, Sendable {
    case horizontal, vertical

    /// A set of axes.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// A scrollable view: its content, proposed no limit along the axis, shows through
/// a viewport that takes the proposed size, from its top-leading corner, or from the
/// point a `scrollPosition(_:)` outside gives. No indicators are drawn.
public struct ScrollView<Content: View>: View, PrimitiveView {
    let axes: Axis.Set
    let content: Content

    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    public var body: Never { fatalError("ScrollView has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        let horizontal = axes.contains(.horizontal) && !axes.contains(.vertical)
        var inner = environment
        inner.scrollPosition = .zero
        let offset = horizontal ? -environment.scrollPosition.x : -environment.scrollPosition.y
        // Several views scroll as a stack along the axis, as SwiftUI lays them out.
        let children = lowered(content, inner)
        let single: Scene.View = children.count == 1
            ? children[0] : .stack(StackView(axis: horizontal ? .horizontal : .vertical, children: children))
        views.append(.scrollView(Scene.ScrollView(axis: horizontal ? .horizontal : .vertical, offset: .constant(offset), content: single)))
    }
}
