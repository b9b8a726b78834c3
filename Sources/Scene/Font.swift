/// A font as SwiftUI describes it: a size in points, a weight, a design, and
/// optionally a family that replaces the system font.
public struct Font: Sendable, Hashable {
    public var size: Double
    public var weight: Weight
    public var design: Design
    /// A font family name (such as "DejaVu Sans"); nil for the system font.
    public var family: String?

    public init(size: Double, weight: Weight = .regular, design: Design = .default, family: String? = nil) {
        self.size = size
        self.weight = weight
        self.design = design
        self.family = family
    }

    /// SwiftUI's `Font.Weight`, with its CSS-style numeric weight.
    public enum Weight: String, Sendable, Hashable, CaseIterable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// 100 (ultraLight) to 900 (black).
        public var value: Int { (Weight.allCases.firstIndex(of: self)! + 1) * 100 }
    }

    /// SwiftUI's `Font.Design`.
    public enum Design: String, Sendable, Hashable, CaseIterable {
        case `default`, rounded, serif, monospaced
    }

    /// SwiftUI's text styles at iOS's default ("Large") Dynamic Type size.
    public static let textStyles: [(String, Font)] = [
        ("largeTitle", Font(size: 34)), ("title", Font(size: 28)), ("title2", Font(size: 22)), ("title3", Font(size: 20)),
        ("headline", Font(size: 17, weight: .semibold)), ("body", Font(size: 17)), ("callout", Font(size: 16)),
        ("subheadline", Font(size: 15)), ("footnote", Font(size: 13)), ("caption", Font(size: 12)), ("caption2", Font(size: 11)),
    ]

    /// SwiftUI's `.body`.
    public static let body = Font(size: 17)
}
