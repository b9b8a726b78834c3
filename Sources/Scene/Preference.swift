import Geometry

/// A preference key, as the renderer sees SwiftUI's `PreferenceKey` (for scenes written in
/// Swift): values that views hand up to their ancestors, combined in the order of the view
/// tree. Values are opaque to the renderer; `reduce` combines two of them.
public struct Preference: @unchecked Sendable {
    /// Which key: the key type's identity.
    public let id: ObjectIdentifier
    /// The value of a view tree in which nothing sets the key.
    public let defaultValue: Any
    /// Combines the value so far with the next one in tree order (SwiftUI's `reduce(value:nextValue:)`).
    public let reduce: (inout Any, Any) -> Void

    public init(id: ObjectIdentifier, defaultValue: Any, reduce: @escaping (inout Any, Any) -> Void) {
        self.id = id
        self.defaultValue = defaultValue
        self.reduce = reduce
    }
}

/// A value a view sets for a preference (SwiftUI's `preference(key:value:)`); it replaces
/// what its content sets for the same key.
public struct PreferenceValue: @unchecked Sendable {
    public let preference: Preference
    public let value: Any

    public init(preference: Preference, value: Any) {
        self.preference = preference
        self.value = value
    }
}

/// A change to the value of a preference that a view's content hands up (SwiftUI's
/// `transformPreference`); it starts from the default when the content sets none.
public struct PreferenceTransform: @unchecked Sendable {
    public let preference: Preference
    public let transform: (inout Any) -> Void

    public init(preference: Preference, transform: @escaping (inout Any) -> Void) {
        self.preference = preference
        self.transform = transform
    }
}

/// A view made at draw time from the value of a preference that the modified view's
/// content hands up, drawn behind or in front of it (SwiftUI's `backgroundPreferenceValue`
/// and `overlayPreferenceValue`), proposed the content's size and aligned in it.
public struct PreferenceReader: Sendable {
    public let preference: Preference
    public let alignment: Alignment
    public let content: @Sendable (Any) -> View

    public init(preference: Preference, alignment: Alignment, content: @escaping @Sendable (Any) -> View) {
        self.preference = preference
        self.alignment = alignment
        self.content = content
    }
}

/// Where a view is, for a view made at draw time from it (a `GeometryReader`'s content, a
/// `visualEffect`): its frame and the coordinate spaces around it, in root points (the
/// canvas's points, SwiftUI's global space), as laid out (offset, scale and rotation
/// effects outside it are not applied).
public struct ViewGeometry: Sendable {
    /// The view's frame.
    public var frame: Rect
    /// The origin of the nearest scroll view's viewport or named coordinate space (the
    /// canvas's origin outside any).
    public var spaceOrigin: Point
    /// The named coordinate spaces in scope, by name: their frames.
    public var spaces: [String: Rect]

    public init(frame: Rect, spaceOrigin: Point = .zero, spaces: [String: Rect] = [:]) {
        self.frame = frame
        self.spaceOrigin = spaceOrigin
        self.spaces = spaces
    }

    /// The frame measured from the nearest scroll view or named coordinate space.
    public var frameInSpace: Rect {
        Rect(x: frame.minX - spaceOrigin.x, y: frame.minY - spaceOrigin.y, width: frame.width, height: frame.height)
    }
}
