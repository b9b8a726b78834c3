/// An angle, as SwiftUI's `Angle`: stored in radians; `degrees` and `radians` convert.
public struct Angle: Hashable, Comparable, Sendable {
    public var radians: Double

    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    public init() { radians = 0 }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }

    public static let zero = Angle()
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }

    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
    public static func * (a: Angle, s: Double) -> Angle { Angle(radians: a.radians * s) }
    public static func / (a: Angle, s: Double) -> Angle { Angle(radians: a.radians / s) }
    public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
}
