// What a SwiftUI file sees besides SwiftUI's own names: the animation vocabulary
// (Animation, Spring, UnitCurve, VectorArithmetic, Animatable, AnimatablePair) from
// Motion, and the C library's maths (`sin`, `cos`, `sqrt`…), which SwiftUI files get
// from Foundation through SwiftUI.
@_exported public import Motion

#if canImport(Glibc)
@_exported public import Glibc
#elseif canImport(Darwin)
@_exported public import Darwin
#endif
