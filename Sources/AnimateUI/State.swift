/// A scene's state, as SwiftUI's `@State`: a model value that the scene's `timeline()`
/// changes at chosen times (inside `withAnimation` to animate the change), and a
/// presented value that `body` reads, interpolated frame by frame.
///
/// Numbers, points, sizes, rectangles, angles, colours and `AnimatablePair`s of them
/// animate (additively, as SwiftUI's animatable values do; see `AnimatedValue`); any
/// other value changes at the time it is set. Only the scene's own `@State`
/// properties are tracked; a `@State` of a view inside `body` keeps its initial value.
@propertyWrapper
public struct State<Value>: @unchecked Sendable {
    let box: StateBox<Value>

    public init(wrappedValue value: Value) { box = StateBox(value) }

    public init(initialValue value: Value) { self.init(wrappedValue: value) }

    /// In `body`, the presented value of the frame being drawn; in `timeline()`'s
    /// actions, the model value at the action's time.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.set(newValue) }
    }

    /// A binding to the state, for a view that changes it.
    public var projectedValue: Binding<Value> {
        let box = box
        return Binding(get: { box.value }, set: { box.set($0) })
    }
}

/// A read-write reference to a value kept elsewhere, as SwiftUI's `Binding`.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.get()[keyPath: keyPath] }, set: {
            var value = self.get()
            value[keyPath: keyPath] = $0
            self.set(value)
        })
    }
}

/// One state's storage: its initial value, the changes `timeline()` made to it, and
/// the value `body` is shown while a frame is evaluated.
final class StateBox<Value>: AnyStateBox, @unchecked Sendable {
    let initial: Value
    /// The model value while the timeline is recorded.
    private var model: Value
    /// The presented value while `body` is evaluated for a frame.
    private var presented: Value?
    /// Each change: its time, value and animation, in time order.
    private(set) var changes: [(time: Double, value: Value, animation: Animation?)] = []

    init(_ value: Value) {
        initial = value
        model = value
    }

    var value: Value { presented ?? model }

    func set(_ newValue: Value) {
        // Outside the timeline's actions (in `body`, say) a change means nothing.
        guard let moment = Recording.moment else { return }
        model = newValue
        changes.append((moment.time, newValue, moment.animation))
    }

    var animates: Bool { Value.self is any StateVector.Type }

    func animatedValue() -> AnimatedValue? {
        guard animates else { return nil }
        var animated = AnimatedValue(initial: (initial as! any StateVector).components)
        for change in changes {
            animated.animate(to: (change.value as! any StateVector).components, at: change.time, with: change.animation)
        }
        return animated
    }

    func present(components: ArraySlice<Double>) {
        presented = (Value.self as! any StateVector.Type).make(components) as? Value
    }

    func present(time: Double) {
        var latest = initial
        for change in changes where change.time <= time { latest = change.value }
        presented = latest
    }

    func endPresentation() { presented = nil }

    var changeCount: Int { changes.count }
}

/// A state's storage, whatever its value's type.
protocol AnyStateBox: AnyObject {
    /// Whether the value animates (has components).
    var animates: Bool { get }
    /// The value's motion, for a value that animates.
    func animatedValue() -> AnimatedValue?
    /// Shows `body` the value with these components.
    func present(components: ArraySlice<Double>)
    /// Shows `body` the model value at `time` (for values that do not animate).
    func present(time: Double)
    /// Shows the model value again.
    func endPresentation()
    /// The number of changes the timeline made.
    var changeCount: Int { get }
}

/// A `@State` property, found by reflection on the scene.
protocol StateProperty {
    var anyBox: AnyStateBox { get }
}

extension State: StateProperty {
    var anyBox: AnyStateBox { box }
}
