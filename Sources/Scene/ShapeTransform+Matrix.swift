#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

extension ShapeTransform {
    /// The transform of the outline in `rect`, with expressions evaluated in `context`.
    /// Rotation and scale act about their anchor in `rect`, as SwiftUI's `RotatedShape`
    /// and `ScaledShape`; an affine transform acts on the frame's coordinates as they are.
    func matrix(in rect: Rect, context: EvaluationContext) -> AffineTransform {
        func about(_ anchor: Alignment, _ m: AffineTransform) -> AffineTransform {
            let x = rect.minX + anchor.x * rect.width, y = rect.minY + anchor.y * rect.height
            return AffineTransform(translationX: -x, y: -y).concatenating(m).concatenating(AffineTransform(translationX: x, y: y))
        }
        switch self {
        case .offset(let x, let y):
            return AffineTransform(translationX: x.evaluate(in: context), y: y.evaluate(in: context))
        case .rotation(let degrees, let anchor):
            return about(anchor, AffineTransform(rotationAngle: degrees.evaluate(in: context) * Double.pi / 180))
        case .scale(let x, let y, let anchor):
            return about(anchor, AffineTransform(scaleX: x.evaluate(in: context), y: y.evaluate(in: context)))
        case .affine(let a, let b, let c, let d, let tx, let ty):
            return AffineTransform(
                a: a.evaluate(in: context), b: b.evaluate(in: context), c: c.evaluate(in: context), d: d.evaluate(in: context),
                tx: tx.evaluate(in: context), ty: ty.evaluate(in: context))
        }
    }

    /// Whether the transform is the same in every frame.
    var isSameInEveryFrame: Bool {
        switch self {
        case .offset(let x, let y), .scale(let x, let y, _): return x.isSameInEveryFrame && y.isSameInEveryFrame
        case .rotation(let degrees, _): return degrees.isSameInEveryFrame
        case .affine(let a, let b, let c, let d, let tx, let ty): return [a, b, c, d, tx, ty].allSatisfy(\.isSameInEveryFrame)
        }
    }
}
