internal import Scene
internal import Raster

/// Colours at locations 0…1, as SwiftUI's `Gradient`.
public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat

        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    public var stops: [Stop]

    public init(stops: [Stop]) { self.stops = stops }

    /// Colours spread evenly from 0 to 1.
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { Stop(color: $1, location: n > 1 ? CGFloat($0) / CGFloat(n - 1) : 0) }
    }

    var raster: Raster.Gradient {
        Raster.Gradient(stops: stops.map { Raster.Gradient.Stop(color: $0.color.raster, location: $0.location) })
    }
}

/// A linear gradient between two unit points of the painted shape's frame.
public struct LinearGradient: ShapeStyle, View, PrimitiveView {
    var gradient: Gradient
    var startPoint: UnitPoint
    var endPoint: UnitPoint

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    public var _paint: _Paint {
        _Paint(value: .linearGradient(gradient.raster, start: startPoint.alignment, end: endPoint.alignment, space: nil))
    }

    public var body: Never { fatalError("LinearGradient has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        views.append(.shape(ShapeView(shape: .rectangle, fill: Fill(paint: _paint.value))))
    }
}

/// A radial gradient about a unit point, radii in points.
public struct RadialGradient: ShapeStyle, View, PrimitiveView {
    var gradient: Gradient
    var center: UnitPoint
    var startRadius: CGFloat
    var endRadius: CGFloat

    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }

    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    public var _paint: _Paint {
        _Paint(value: .radialGradient(gradient.raster, center: center.alignment, startRadius: .constant(startRadius), endRadius: .constant(endRadius), space: nil))
    }

    public var body: Never { fatalError("RadialGradient has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        views.append(.shape(ShapeView(shape: .rectangle, fill: Fill(paint: _paint.value))))
    }
}

/// An angular (conic) gradient about a unit point.
public struct AngularGradient: ShapeStyle, View, PrimitiveView {
    var gradient: Gradient
    var center: UnitPoint
    var startAngle: Angle
    var endAngle: Angle

    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
    }

    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    public var _paint: _Paint {
        _Paint(value: .angularGradient(
            gradient.raster, center: center.alignment, startAngle: .constant(startAngle.degrees), endAngle: .constant(endAngle.degrees), space: nil))
    }

    public var body: Never { fatalError("AngularGradient has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        views.append(.shape(ShapeView(shape: .rectangle, fill: Fill(paint: _paint.value))))
    }
}

extension UnitPoint {
    var alignment: Scene.Alignment { Scene.Alignment(x: x, y: y) }
}

extension Alignment {
    var scene: Scene.Alignment { unit.alignment }
}

/// A radial gradient in the unit square stretched over the frame, as SwiftUI's
/// `EllipticalGradient`: radii are fractions of the frame's side (0.5, the default end,
/// reaches the inscribed ellipse).
public struct EllipticalGradient: ShapeStyle, View, PrimitiveView {
    var gradient: Gradient
    var center: UnitPoint
    var startRadiusFraction: CGFloat
    var endRadiusFraction: CGFloat

    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.gradient = gradient
        self.center = center
        self.startRadiusFraction = startRadiusFraction
        self.endRadiusFraction = endRadiusFraction
    }

    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }

    public init(stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }

    public var _paint: _Paint {
        _Paint(value: .ellipticalGradient(
            gradient.raster, center: center.alignment, startRadiusFraction: .constant(startRadiusFraction),
            endRadiusFraction: .constant(endRadiusFraction), space: nil))
    }

    public var body: Never { fatalError("EllipticalGradient has no body") }

    func lower(into views: inout [Scene.View], _ environment: LoweringEnvironment) {
        views.append(.shape(ShapeView(shape: .rectangle, fill: Fill(paint: _paint.value))))
    }
}
