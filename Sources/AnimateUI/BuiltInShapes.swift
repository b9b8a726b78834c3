internal import Scene
internal import Geometry

/// A rectangle filling its frame.
public struct Rectangle: Shape, BuiltInShape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect) }
    var scene: Scene.Shape { .rectangle }
}

/// The largest circle centred in its frame.
public struct Circle: Shape, BuiltInShape {
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let d = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d))
    }
    var scene: Scene.Shape { .circle }
}

/// An ellipse filling its frame.
public struct Ellipse: Shape, BuiltInShape {
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
    var scene: Scene.Shape { .ellipse }
}

/// A rectangle with half-circle ends along its shorter side.
public struct Capsule: Shape, BuiltInShape {
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .circular) { self.style = style }
    public func path(in rect: CGRect) -> Path {
        Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2, style: .circular)
    }
    var scene: Scene.Shape { .capsule }
}

/// A rectangle with rounded corners (`.continuous` by default, as SwiftUI's).
public struct RoundedRectangle: Shape, BuiltInShape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle

    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }

    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }

    public var animatableData: CGFloat {
        get { cornerSize.width }
        set { cornerSize = CGSize(width: newValue, height: newValue) }
    }

    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerSize: cornerSize, style: style) }

    var scene: Scene.Shape {
        if cornerSize.width == cornerSize.height {
            return .roundedRectangle(cornerRadius: .constant(cornerSize.width), style: style.geometry)
        }
        let size = cornerSize, style = style
        return .custom(CustomShape { rect in
            var path = Geometry.Path()
            path.addRoundedRect(in: rect, cornerSize: Size(width: size.width, height: size.height), style: style.geometry)
            return path
        })
    }
}

extension Shape where Self == RoundedRectangle {
    /// A rounded rectangle, as SwiftUI's `.rect(cornerRadius:style:)`.
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}
