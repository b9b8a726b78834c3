internal import Scene

/// A font, as SwiftUI's `Font`: the system font at a size, weight and design, a text
/// style, or a named family. Text styles have iOS's sizes at the default Dynamic Type size.
/// The system font is drawn with Inter (see the renderer's font library).
public struct Font: Hashable, Sendable {
    var scene: Scene.Font

    /// SwiftUI's weights, ultraLight to black.
    public struct Weight: Hashable, Sendable {
        var scene: Scene.Font.Weight
        public static let ultraLight = Weight(scene: .ultraLight)
        public static let thin = Weight(scene: .thin)
        public static let light = Weight(scene: .light)
        public static let regular = Weight(scene: .regular)
        public static let medium = Weight(scene: .medium)
        public static let semibold = Weight(scene: .semibold)
        public static let bold = Weight(scene: .bold)
        public static let heavy = Weight(scene: .heavy)
        public static let black = Weight(scene: .black)
    }

    /// SwiftUI's designs.
    public enum Design: Hashable, Sendable {
        case `default`, rounded, serif, monospaced

        var scene: Scene.Font.Design {
            switch self {
            case .default: .default
            case .rounded: .rounded
            case .serif: .serif
            case .monospaced: .monospaced
            }
        }
    }

    /// SwiftUI's text styles.
    public enum TextStyle: String, Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        var font: Scene.Font { Scene.Font.textStyles.first { $0.0 == rawValue }!.1 }
    }

    /// The system font at `size` points.
    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(scene: Scene.Font(size: size, weight: weight?.scene ?? .regular, design: design?.scene ?? .default))
    }

    /// The system font in a text style.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        var font = style.font
        if let design { font.design = design.scene }
        if let weight { font.weight = weight.scene }
        return Font(scene: font)
    }

    /// A font family by name (such as "DejaVu Sans") at `size` points.
    public static func custom(_ name: String, size: CGFloat) -> Font {
        Font(scene: Scene.Font(size: size, family: name))
    }

    public static let largeTitle = Font.system(.largeTitle)
    public static let title = Font.system(.title)
    public static let title2 = Font.system(.title2)
    public static let title3 = Font.system(.title3)
    public static let headline = Font.system(.headline)
    public static let subheadline = Font.system(.subheadline)
    public static let body = Font.system(.body)
    public static let callout = Font.system(.callout)
    public static let footnote = Font.system(.footnote)
    public static let caption = Font.system(.caption)
    public static let caption2 = Font.system(.caption2)

    /// The font at another weight.
    public func weight(_ weight: Weight) -> Font {
        var copy = self
        copy.scene.weight = weight.scene
        return copy
    }

    /// The font in bold.
    public func bold() -> Font { weight(.bold) }
}
