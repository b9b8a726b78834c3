internal import Scene
internal import Geometry

/// Effects that change how a view draws but not its layout, as SwiftUI's `VisualEffect`:
/// what `visualEffect(_:)`'s function returns, built from `EmptyVisualEffect`.
public protocol VisualEffect {
    /// The resolved modifiers, innermost first; this module's own.
    var _effects: _Effects { get }
}

/// Resolved effect modifiers (opaque to users of the module).
public struct _Effects: Sendable {
    let modifiers: [Scene.Modifier]
}

/// No effect: the start of a `visualEffect` function's chain.
public struct EmptyVisualEffect: VisualEffect {
    public init() {}
    public var _effects: _Effects { _Effects(modifiers: []) }
}

/// A chain of effects.
public struct _VisualEffectChain: VisualEffect {
    public let _effects: _Effects
}

extension VisualEffect {
    private func adding(_ modifier: Scene.Modifier) -> _VisualEffectChain {
        _VisualEffectChain(_effects: _Effects(modifiers: _effects.modifiers + [modifier]))
    }

    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> _VisualEffectChain { adding(.offset(x: .constant(x), y: .constant(y))) }

    public func offset(_ offset: CGSize) -> _VisualEffectChain { self.offset(x: offset.width, y: offset.height) }

    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> _VisualEffectChain {
        scaleEffect(x: scale, y: scale, anchor: anchor)
    }

    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> _VisualEffectChain {
        scaleEffect(x: scale.width, y: scale.height, anchor: anchor)
    }

    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> _VisualEffectChain {
        adding(.scaleEffect(x: .constant(x), y: .constant(y), anchor: anchor.alignment))
    }

    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> _VisualEffectChain {
        adding(.rotationEffect(degrees: .constant(angle.degrees), anchor: anchor.alignment))
    }

    public func opacity(_ opacity: Double) -> _VisualEffectChain { adding(.opacity(.constant(opacity))) }

    public func blur(radius: CGFloat, opaque: Bool = false) -> _VisualEffectChain { adding(.blur(radius: .constant(radius))) }
}

extension View {
    /// Effects computed when the frame is drawn from the view's geometry (its frame in its
    /// scroll view: `proxy.frame(in: .scrollView)`), as SwiftUI's `visualEffect`.
    public func visualEffect<E: VisualEffect>(
        _ effect: @escaping @Sendable (EmptyVisualEffect, GeometryProxy) -> E
    ) -> ModifiedContent<Self, _SceneModifier> {
        ModifiedContent(content: self, modifier: _SceneModifier { view, environment in
            .modified(view, .visualEffect(VisualEffectFunction { geometry in
                var modifiers: [Scene.Modifier] = []
                // With the frame's state values, should the function read any.
                _ = environment.presenting {
                    modifiers = effect(EmptyVisualEffect(), GeometryProxy(geometry))._effects.modifiers
                    return .empty
                }
                return modifiers
            }))
        })
    }
}
