#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import Scene
internal import Raster

/// A colour, as SwiftUI's `Color`: sRGB components 0…1 and an opacity. It is a view
/// (a rectangle filled with it, taking the proposed size) and a shape style. The named
/// colours are iOS's light-mode system colours, the same as the timeline format's names.
public struct Color: Hashable, Sendable, ShapeStyle, View, PrimitiveView {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    /// SwiftUI's colour space argument; every colour here is sRGB.
    public enum RGBColorSpace: Sendable {
        case sRGB, sRGBLinear, displayP3
    }

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = opacity
    }

    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(red: red, green: green, blue: blue, opacity: opacity)
    }

    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        self.init(white: white, opacity: opacity)
    }

    /// HSB, hue 0…1 around the circle from red.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6
        let i = Int(h) % 6, f = h - h.rounded(.down)
        let v = brightness, p = v * (1 - saturation), q = v * (1 - saturation * f), t = v * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
        self.init(red: r, green: g, blue: b, opacity: opacity)
    }

    init(_ color: Raster.Color) {
        self.init(red: color.red, green: color.green, blue: color.blue, opacity: color.alpha)
    }

    init(r8: Int, g8: Int, b8: Int) {
        self.init(red: Double(r8) / 255, green: Double(g8) / 255, blue: Double(b8) / 255)
    }

    /// The colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, opacity: alpha * min(max(opacity, 0), 1))
    }

    var raster: Raster.Color { Raster.Color(red: red, green: green, blue: blue, alpha: alpha) }

    public var _paint: _Paint { _Paint(value: .color(raster)) }

    public var body: Never { fatalError("Color has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        views.append(.shape(ShapeView(shape: .rectangle, fill: Fill(paint: .color(raster)))))
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    public static let gray = Color(r8: 142, g8: 142, b8: 147)
    public static let red = Color(r8: 255, g8: 59, b8: 48)
    public static let orange = Color(r8: 255, g8: 149, b8: 0)
    public static let yellow = Color(r8: 255, g8: 204, b8: 0)
    public static let green = Color(r8: 52, g8: 199, b8: 89)
    public static let mint = Color(r8: 0, g8: 199, b8: 190)
    public static let teal = Color(r8: 48, g8: 176, b8: 199)
    public static let cyan = Color(r8: 50, g8: 173, b8: 230)
    public static let blue = Color(r8: 0, g8: 122, b8: 255)
    public static let indigo = Color(r8: 88, g8: 86, b8: 214)
    public static let purple = Color(r8: 175, g8: 82, b8: 222)
    public static let pink = Color(r8: 255, g8: 45, b8: 85)
    public static let brown = Color(r8: 162, g8: 132, b8: 94)
    /// Light mode's primary label colour: black.
    public static let primary = Color.black
    /// Light mode's secondary label colour: grey at 60 %.
    public static let secondary = Color(r8: 60, g8: 60, b8: 67).opacity(0.6)
}

extension ShapeStyle where Self == Color {
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var clear: Color { .clear }
    public static var gray: Color { .gray }
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var mint: Color { .mint }
    public static var teal: Color { .teal }
    public static var cyan: Color { .cyan }
    public static var blue: Color { .blue }
    public static var indigo: Color { .indigo }
    public static var purple: Color { .purple }
    public static var pink: Color { .pink }
    public static var brown: Color { .brown }
    public static var primary: Color { .primary }
    public static var secondary: Color { .secondary }
}

extension Color: _ExpressibleByColorLiteral {
    /// A colour literal, `#colorLiteral(red:green:blue:alpha:)`, as Xcode writes it: sRGB
    /// components and an opacity, 0…1 (where UIKit makes a `UIColor` of it, and
    /// `Color(_:)` a colour).
    public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha))
    }
}
