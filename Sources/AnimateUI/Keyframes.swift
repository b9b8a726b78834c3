// SwiftUI's keyframes: tracks of `LinearKeyframe`, `CubicKeyframe`, `SpringKeyframe` and
// `MoveKeyframe` for properties of a value, built with result builders, and played by a
// `KeyframeAnimator`. Each track becomes a Motion `KeyframeTrack`, whose motion is
// Motion's `KeyframeTimeline`: the same keyframe math as a timeline file's `keyframes`.
// (Motion's own `KeyframeTrack`, `Keyframe` and `KeyframeTimeline` are spelt
// `Motion.…` here; a scene file sees this module's `KeyframeTrack`, which shadows Motion's.)

/// A keyframe of a track for a value of type `Value`.
public protocol KeyframeTrackContent<Value> {
    associatedtype Value: Animatable & _KeyframeValue
    /// The keyframes, as Motion's (opaque to users of the module).
    var _keyframes: [Motion.Keyframe] { get }
}

/// Interpolates in a straight line to `to` over `duration`, paced by `timingCurve`.
public struct LinearKeyframe<Value: Animatable & _KeyframeValue>: KeyframeTrackContent {
    public let _keyframes: [Motion.Keyframe]

    public init(_ to: Value, duration: Double, timingCurve: UnitCurve = .linear) {
        _keyframes = [.linear(to: components(of: to), duration: duration, timingCurve: timingCurve)]
    }
}

/// A cubic segment to `to` over `duration`; runs of cubic keyframes form a Catmull-Rom spline.
public struct CubicKeyframe<Value: Animatable & _KeyframeValue>: KeyframeTrackContent {
    public let _keyframes: [Motion.Keyframe]

    public init(_ to: Value, duration: Double, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        _keyframes = [.cubic(
            to: components(of: to), duration: duration, startVelocity: startVelocity.map(components(of:)),
            endVelocity: endVelocity.map(components(of:)))]
    }
}

/// A spring towards `to`, lasting `duration` (until it settles when nil).
public struct SpringKeyframe<Value: Animatable & _KeyframeValue>: KeyframeTrackContent {
    public let _keyframes: [Motion.Keyframe]

    public init(_ to: Value, duration: Double? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        _keyframes = [.spring(to: components(of: to), duration: duration, spring: spring, startVelocity: startVelocity.map(components(of:)))]
    }
}

/// Jumps to `to` at once.
public struct MoveKeyframe<Value: Animatable & _KeyframeValue>: KeyframeTrackContent {
    public let _keyframes: [Motion.Keyframe]

    public init(_ to: Value) {
        _keyframes = [.move(to: components(of: to))]
    }
}

/// Keyframes one after another (what `KeyframeTrackContentBuilder` builds).
public struct _KeyframeSequence<Value: Animatable & _KeyframeValue>: KeyframeTrackContent {
    public let _keyframes: [Motion.Keyframe]
}

/// Builds a track's keyframes, in playing order.
@resultBuilder
public enum KeyframeTrackContentBuilder<Value: Animatable & _KeyframeValue> {
    public static func buildExpression<K: KeyframeTrackContent>(_ keyframe: K) -> _KeyframeSequence<Value> where K.Value == Value {
        _KeyframeSequence(_keyframes: keyframe._keyframes)
    }

    public static func buildBlock(_ parts: _KeyframeSequence<Value>...) -> _KeyframeSequence<Value> {
        _KeyframeSequence(_keyframes: parts.flatMap(\._keyframes))
    }

    public static func buildArray(_ parts: [_KeyframeSequence<Value>]) -> _KeyframeSequence<Value> {
        _KeyframeSequence(_keyframes: parts.flatMap(\._keyframes))
    }

    public static func buildOptional(_ part: _KeyframeSequence<Value>?) -> _KeyframeSequence<Value> {
        part ?? _KeyframeSequence(_keyframes: [])
    }

    public static func buildEither(first: _KeyframeSequence<Value>) -> _KeyframeSequence<Value> { first }

    public static func buildEither(second: _KeyframeSequence<Value>) -> _KeyframeSequence<Value> { second }
}

/// Keyframes for a value of type `Value`: one or more tracks, each for a property.
public protocol Keyframes<Value> {
    associatedtype Value
    /// The tracks (opaque to users of the module).
    var _tracks: [_PropertyTrack<Value>] { get }
}

/// One property's keyframes: the property, and Motion's track for it.
public struct _PropertyTrack<Root> {
    /// The motion of the property of a value starting at `initial`: its duration, and a
    /// function that sets the property of a value to where it is at a time.
    let timeline: (_ initial: Root) -> (duration: Double, apply: (inout Root, Double) -> Void)
}

/// The keyframes of one property of `Root` (or of the whole value, with no key path), as
/// SwiftUI's `KeyframeTrack`.
public struct KeyframeTrack<Root, Value: Animatable & _KeyframeValue, Content: KeyframeTrackContent>: Keyframes where Content.Value == Value {
    public let _tracks: [_PropertyTrack<Root>]

    public init(_ keyPath: WritableKeyPath<Root, Value>, @KeyframeTrackContentBuilder<Value> content: () -> Content) {
        let track = Motion.KeyframeTrack(content()._keyframes)
        _tracks = [_PropertyTrack { initial in
            let timeline = Motion.KeyframeTimeline(initialValue: components(of: initial[keyPath: keyPath]), track: track)
            return (timeline.duration, { value, time in value[keyPath: keyPath] = make(Value.self, timeline.value(time: time)) })
        }]
    }
}

extension KeyframeTrack where Root == Value {
    /// Keyframes of the whole value.
    public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) {
        self.init(\Root.self, content: content)
    }
}

/// Tracks played together (what `KeyframesBuilder` builds).
public struct _KeyframeTracks<Value>: Keyframes {
    public let _tracks: [_PropertyTrack<Value>]
}

/// Builds the tracks of a keyframe animation, played at the same time.
@resultBuilder
public enum KeyframesBuilder<Value> {
    public static func buildExpression<K: Keyframes>(_ keyframes: K) -> _KeyframeTracks<Value> where K.Value == Value {
        _KeyframeTracks(_tracks: keyframes._tracks)
    }

    public static func buildBlock(_ parts: _KeyframeTracks<Value>...) -> _KeyframeTracks<Value> {
        _KeyframeTracks(_tracks: parts.flatMap(\._tracks))
    }

    public static func buildOptional(_ part: _KeyframeTracks<Value>?) -> _KeyframeTracks<Value> {
        part ?? _KeyframeTracks(_tracks: [])
    }

    public static func buildEither(first: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> { first }

    public static func buildEither(second: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> { second }
}

/// A value keyframes move, as a fixed number of components: numbers, `Angle`, `CGPoint`,
/// `CGSize`, and `AnimatablePair`s of them (a keyframe of another value does not compile).
public protocol _KeyframeValue {
    /// The components, always the same number for a type.
    var _components: [Double] { get }
    /// The value with these components.
    static func _make(_ components: ArraySlice<Double>) -> Self
}

extension Double: _KeyframeValue {
    public var _components: [Double] { components }
    public static func _make(_ components: ArraySlice<Double>) -> Double { make(components) }
}

extension Angle: _KeyframeValue {
    public var _components: [Double] { components }
    public static func _make(_ components: ArraySlice<Double>) -> Angle { make(components) }
}

extension CGPoint: _KeyframeValue {
    public var _components: [Double] { components }
    public static func _make(_ components: ArraySlice<Double>) -> CGPoint { make(components) }
}

extension CGSize: _KeyframeValue {
    public var _components: [Double] { components }
    public static func _make(_ components: ArraySlice<Double>) -> CGSize { make(components) }
}


extension AnimatablePair: _KeyframeValue where First: _KeyframeValue, Second: _KeyframeValue {
    public var _components: [Double] { first._components + second._components }
    public static func _make(_ components: ArraySlice<Double>) -> AnimatablePair {
        let split = components.startIndex + First._make(components)._components.count
        return AnimatablePair(First._make(components[..<split]), Second._make(components[split...]))
    }
}

/// A keyframe value's components, as Motion animates them.
func components<Value: _KeyframeValue>(of value: Value) -> [Double] { value._components }

/// The value of type `Value` with these components.
func make<Value: _KeyframeValue>(_ type: Value.Type, _ components: [Double]) -> Value { Value._make(components[...]) }
