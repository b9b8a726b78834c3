internal import Scene

/// A view whose content is made, every frame, from a value that keyframes move, as
/// SwiftUI's `KeyframeAnimator`. The keyframes start when the scene does (the view
/// appears at its first frame); while `repeating`, they play again from `initialValue`
/// each time they end; otherwise the content gets the value at the keyframes' start.
/// Each property's track is Motion's `KeyframeTimeline`, so a track matches a timeline
/// file's `keyframes` for the same values, frame for frame.
public struct KeyframeAnimator<Value, KeyframePath: Keyframes, Content: View>: View, PrimitiveView where KeyframePath.Value == Value {
    let motion: KeyframeMotion<Value, KeyframePath>
    let content: (Value) -> Content

    public init(
        initialValue: Value, repeating: Bool = true, @ViewBuilder content: @escaping (Value) -> Content,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath
    ) {
        motion = KeyframeMotion(initialValue: initialValue, repeating: repeating, keyframes: keyframes)
        self.content = content
    }

    public var body: Never { fatalError("KeyframeAnimator has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        AnimateUI.lower(content(motion.value(environment)), into: &views, environment)
    }
}

/// A keyframe animation's value over the scene's time.
struct KeyframeMotion<Value, KeyframePath: Keyframes> where KeyframePath.Value == Value {
    let initialValue: Value
    let repeating: Bool
    let keyframes: (Value) -> KeyframePath

    /// The value at `time` seconds into the scene.
    func value(at time: Double) -> Value {
        guard repeating else { return initialValue }
        let tracks = keyframes(initialValue)._tracks.map { $0.timeline(initialValue) }
        let duration = tracks.map(\.duration).max() ?? 0
        let local = duration > 0 && time > 0 ? time.truncatingRemainder(dividingBy: duration) : 0
        var value = initialValue
        for track in tracks { track.apply(&value, local) }
        return value
    }

    /// The value in the frame being evaluated, which thereby reads the time.
    func value(_ environment: LoweringEnvironment) -> Value {
        if repeating { environment.timeReading?.record() }
        return value(at: environment.time)
    }
}

/// The view a `keyframeAnimator` modifies, inside its content closure, as SwiftUI's
/// `PlaceholderContentView`.
public struct PlaceholderContentView<Content>: View, PrimitiveView {
    let views: [Scene.View]
    public var body: Never { fatalError("PlaceholderContentView has no body") }
    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) { views += self.views }
}

/// What `keyframeAnimator(initialValue:repeating:content:keyframes:)` makes of a view.
public struct _KeyframeAnimatorView<Modified: View, Value, KeyframePath: Keyframes, Content: View>: View, PrimitiveView
where KeyframePath.Value == Value {
    let modified: Modified
    let motion: KeyframeMotion<Value, KeyframePath>
    let content: (PlaceholderContentView<Modified>, Value) -> Content

    public var body: Never { fatalError("_KeyframeAnimatorView has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        let placeholder = PlaceholderContentView<Modified>(views: lowered(modified, environment))
        AnimateUI.lower(content(placeholder, motion.value(environment)), into: &views, environment)
    }
}

extension View {
    /// The view changed, every frame, by `content` from a value that `keyframes` move;
    /// see `KeyframeAnimator`.
    public func keyframeAnimator<Value, KeyframePath: Keyframes, Content: View>(
        initialValue: Value, repeating: Bool = true,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> Content,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath
    ) -> _KeyframeAnimatorView<Self, Value, KeyframePath, Content> where KeyframePath.Value == Value {
        _KeyframeAnimatorView(
            modified: self, motion: KeyframeMotion(initialValue: initialValue, repeating: repeating, keyframes: keyframes), content: content)
    }
}
