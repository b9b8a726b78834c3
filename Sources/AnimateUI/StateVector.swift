/// A value that animates as a fixed-length vector of numbers.
protocol StateVector {
    /// The components, always the same number for a type.
    var components: [Double] { get }
    /// The value with these components.
    static func make(_ components: ArraySlice<Double>) -> Self
    /// The number of components.
    static var componentCount: Int { get }
}

extension Double: StateVector {
    var components: [Double] { [self] }
    static func make(_ c: ArraySlice<Double>) -> Double { c[c.startIndex] }
    static var componentCount: Int { 1 }
}

extension Float: StateVector {
    var components: [Double] { [Double(self)] }
    static func make(_ c: ArraySlice<Double>) -> Float { Float(c[c.startIndex]) }
    static var componentCount: Int { 1 }
}

extension CGPoint: StateVector {
    var components: [Double] { [x, y] }
    static func make(_ c: ArraySlice<Double>) -> CGPoint { CGPoint(x: c[c.startIndex], y: c[c.startIndex + 1]) }
    static var componentCount: Int { 2 }
}

extension CGSize: StateVector {
    var components: [Double] { [width, height] }
    static func make(_ c: ArraySlice<Double>) -> CGSize { CGSize(width: c[c.startIndex], height: c[c.startIndex + 1]) }
    static var componentCount: Int { 2 }
}

extension CGRect: StateVector {
    var components: [Double] { [origin.x, origin.y, size.width, size.height] }
    static func make(_ c: ArraySlice<Double>) -> CGRect {
        let i = c.startIndex
        return CGRect(x: c[i], y: c[i + 1], width: c[i + 2], height: c[i + 3])
    }
    static var componentCount: Int { 4 }
}

extension Angle: StateVector {
    var components: [Double] { [radians] }
    static func make(_ c: ArraySlice<Double>) -> Angle { Angle(radians: c[c.startIndex]) }
    static var componentCount: Int { 1 }
}

extension Color: StateVector {
    var components: [Double] { [red, green, blue, alpha] }
    static func make(_ c: ArraySlice<Double>) -> Color {
        let i = c.startIndex
        return Color(red: c[i], green: c[i + 1], blue: c[i + 2], opacity: min(max(c[i + 3], 0), 1))
    }
    static var componentCount: Int { 4 }
}

extension AnimatablePair: StateVector where First: StateVector, Second: StateVector {
    var components: [Double] { first.components + second.components }
    static func make(_ c: ArraySlice<Double>) -> AnimatablePair {
        let split = c.startIndex + First.componentCount
        return AnimatablePair(First.make(c[c.startIndex..<split]), Second.make(c[split...]))
    }
    static var componentCount: Int { First.componentCount + Second.componentCount }
}
