internal import Scene
internal import Geometry

/// A view that takes the space offered and builds its content from that size, as
/// SwiftUI's `GeometryReader`; the content sits at its top-leading corner. The content
/// is built when the frame is drawn, with the frame's state values.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    public var content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public var body: Never { fatalError("GeometryReader has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        let build = UncheckedSendable(value: content)
        views.append(.geometryReader(GeometryReaderView { geometry in
            environment.presenting {
                let content = lowered(build.value(GeometryProxy(geometry)), environment)
                // Several views are laid over each other from the top-leading corner, as SwiftUI does.
                return content.count == 1 ? content[0] : .stack(StackView(axis: .z, alignment: .topLeading, children: content))
            }
        }))
    }
}

/// The frame a `GeometryReader` (or a `visualEffect`'s content) was given, as SwiftUI's
/// `GeometryProxy`: its size, and its frame in its own space, its scroll view's, the
/// canvas's (`.global`) or a named space's.
public struct GeometryProxy {
    /// The size offered to the reader, in points.
    public let size: CGSize
    let geometry: ViewGeometry

    init(_ geometry: ViewGeometry) {
        size = CGSize(width: geometry.frame.width, height: geometry.frame.height)
        self.geometry = geometry
    }

    /// The frame in a coordinate space: in `.local` its origin is zero; in `.scrollView`
    /// it is measured from the nearest enclosing scroll view's viewport (or named
    /// coordinate space); in `.global` from the canvas's top-leading corner; in
    /// `.named(name)` from that space's (`coordinateSpace(name:)` on an ancestor; the
    /// canvas's when no ancestor has that name). Frames are as laid out: offset, scale and
    /// rotation effects outside the view do not move them.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        switch coordinateSpace {
        case .local: CGRect(origin: .zero, size: size)
        case .scrollView: CGRect(geometry.frameInSpace)
        case .global: CGRect(geometry.frame)
        case .named(let name):
            if let space = geometry.spaces["\(name.base)"] {
                CGRect(x: geometry.frame.minX - space.minX, y: geometry.frame.minY - space.minY, width: size.width, height: size.height)
            } else {
                CGRect(geometry.frame)
            }
        }
    }
}

/// The coordinate spaces a `GeometryProxy` can measure in, as SwiftUI's `CoordinateSpace`:
/// the view's own, its scroll view's (the nearest scroll view's viewport, or named
/// coordinate space), the canvas's, and a named one.
public enum CoordinateSpace: Hashable, @unchecked Sendable {
    case local
    case scrollView
    case global
    case named(AnyHashable)

    /// The nearest scroll view's space, as SwiftUI's `.scrollView(axis:)`: the scroll views
    /// here scroll along one axis, so it is `.scrollView` whichever axis is named.
    public static func scrollView(axis: Axis) -> CoordinateSpace { .scrollView }
}

/// A value handed to the renderer's threads that is safe there though its type does not
/// say so: a function of values only, or one that takes the evaluator's lock.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
