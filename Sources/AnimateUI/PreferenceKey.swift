internal import Scene

/// A named value that views hand up to their ancestors, as SwiftUI's `PreferenceKey`.
///
/// A view sets a value with `preference(key:value:)`; the values of a view's children are
/// combined with `reduce(value:nextValue:)` in the order of the view tree; an ancestor
/// reads the combined value of its content, after layout, with
/// `backgroundPreferenceValue(_:_:)` or `overlayPreferenceValue(_:_:)`. Values are worked
/// out when the frame is drawn (frames a `GeometryReader` reports are the frame's), and
/// only for the keys an ancestor reads.
public protocol PreferenceKey {
    associatedtype Value
    /// The value of a view tree in which nothing sets the key.
    static var defaultValue: Value { get }
    /// Combines `value`, the values so far, with the next sibling's in tree order.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

extension PreferenceKey {
    /// The key as the renderer sees it.
    static var scene: Scene.Preference {
        Scene.Preference(id: ObjectIdentifier(Self.self), defaultValue: defaultValue) { value, next in
            var combined = value as! Value
            reduce(value: &combined) { next as! Value }
            value = combined
        }
    }
}

extension View {
    /// Sets the value of `key` that this view hands up, replacing what its content sets.
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> ModifiedContent<Self, _SceneModifier> {
        let set = Scene.PreferenceValue(preference: K.scene, value: value)
        return ModifiedContent(content: self, modifier: _SceneModifier { view, _ in .modified(view, .preference(set)) })
    }

    /// Changes the value of `key` that the content hands up (starting from the default when
    /// it sets none).
    public func transformPreference<K: PreferenceKey>(
        _ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void
    ) -> ModifiedContent<Self, _SceneModifier> {
        let change = UncheckedSendable(value: callback)
        return ModifiedContent(content: self, modifier: _SceneModifier { view, environment in
            .modified(view, .transformPreference(Scene.PreferenceTransform(preference: K.scene) { value in
                var typed = value as! K.Value
                // With the frame's state values, should the callback read any.
                _ = environment.presenting {
                    change.value(&typed)
                    return .empty
                }
                value = typed
            }))
        })
    }

    /// The view `transform` makes from the value of `key` that this view's content hands
    /// up, drawn behind it, proposed its size and aligned in it.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(
        _ key: K.Type, alignment: Alignment = .center, @ViewBuilder _ transform: @escaping (K.Value) -> V
    ) -> ModifiedContent<Self, _SceneModifier> {
        let alignment = alignment.scene
        return ModifiedContent(content: self, modifier: _SceneModifier { view, environment in
            .modified(view, .backgroundPreferenceValue(reader(K.self, alignment, transform, environment)))
        })
    }

    /// The view `transform` makes from the value of `key` that this view's content hands
    /// up, drawn in front of it, proposed its size and aligned in it.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(
        _ key: K.Type, alignment: Alignment = .center, @ViewBuilder _ transform: @escaping (K.Value) -> V
    ) -> ModifiedContent<Self, _SceneModifier> {
        let alignment = alignment.scene
        return ModifiedContent(content: self, modifier: _SceneModifier { view, environment in
            .modified(view, .overlayPreferenceValue(reader(K.self, alignment, transform, environment)))
        })
    }
}

/// The renderer's reader of `key`: the view `transform` makes, lowered when the frame is
/// drawn, with the frame's state values.
private func reader<K: PreferenceKey, V: View>(
    _ key: K.Type, _ alignment: Scene.Alignment, _ transform: @escaping (K.Value) -> V, _ environment: LoweringEnvironment
) -> Scene.PreferenceReader {
    let make = UncheckedSendable(value: transform)
    return Scene.PreferenceReader(preference: K.scene, alignment: alignment) { value in
        environment.presenting { loweredSingle(make.value(value as! K.Value), environment) }
    }
}
