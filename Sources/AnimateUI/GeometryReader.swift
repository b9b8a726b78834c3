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
        views.append(.geometryReader(GeometryReaderView { size in
            environment.presenting {
                let content = lowered(build.value(GeometryProxy(size: CGSize(width: size.width, height: size.height))), environment)
                // Several views are laid over each other from the top-leading corner, as SwiftUI does.
                return content.count == 1 ? content[0] : .stack(StackView(axis: .z, alignment: .topLeading, children: content))
            }
        }))
    }
}

/// The size a `GeometryReader` was given, as SwiftUI's `GeometryProxy`. Only the local
/// frame is known: `frame(in: .local)`.
public struct GeometryProxy {
    /// The size offered to the reader, in points.
    public let size: CGSize

    /// The reader's frame in a coordinate space: in `.local`, its origin is zero.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        CGRect(origin: .zero, size: size)
    }
}

/// The coordinate spaces a `GeometryProxy` can measure in: only the view's own.
public enum CoordinateSpace: Hashable, Sendable {
    case local
}

/// A value handed to the renderer's threads that is safe there though its type does not
/// say so: a function of values only, or one that takes the evaluator's lock.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
