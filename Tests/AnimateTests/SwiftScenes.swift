import Geometry
import Raster
import Regression
import Scene

/// Scenes built in Swift rather than read from a timeline, for the golden assertions.
enum SwiftScenes {
    /// A star on a rounded card, growing and as `grow` eases from 0 to 1
    /// over `frameCount` frames; `cornerRadius` rounds the card (changing it makes a difference).
    static func growingStar(frameCount: Int = 12, cornerRadius: Double = 10) -> Rendering {
        let grow = Scene.Expression.variable(.param(0))
        let side = Scene.Expression.binary(.add, .constant(24), .binary(.multiply, grow, .constant(36)))
        let card = View.modified(
            .shape(ShapeView(shape: .roundedRectangle(cornerRadius: .constant(cornerRadius), style: .circular), fill: Fill(paint: .color(Color(r8: 242, g8: 242, b8: 247))))),
            .frame(FrameSpec(width: .constant(88), height: .constant(68))))
        let star = View.modified(
            .shape(ShapeView(shape: .star(points: .constant(5), innerRatio: .constant(0.45)), fill: Fill(paint: .color(Color(r8: 255, g8: 149, b8: 0))))),
            .frame(FrameSpec(width: side, height: side)))
        let scene = ResolvedScene(size: Size(width: 100, height: 80), root: .stack(StackView(axis: .z, children: [card, star])))
        let fps = 12
        return Rendering(scene: scene, name: "growing star", frameCount: frameCount, fps: fps) { n in
            let u = Double(n) / Double(max(frameCount - 1, 1))
            return EvaluationContext(params: [u * u * (3 - 2 * u)], time: Double(n) / Double(fps), frame: Double(n), fps: Double(fps))
        }
    }
}
