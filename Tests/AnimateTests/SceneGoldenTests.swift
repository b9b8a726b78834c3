import AnimateTesting
import AnimateUI
import XCTest
// XCTest brings Foundation, whose Core Graphics types would be ambiguous with AnimateUI's:
// scoped imports take precedence.
import struct AnimateUI.CGRect
import struct AnimateUI.CGSize

/// A scene written in Swift, compiled into the tests, checked against the golden that
/// the clip-shape timeline's frames recorded: one golden serves both front ends.
final class SceneGoldenTests: XCTestCase {
    func testTheClipShapeSceneMatchesTheTimelinesGolden() {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden/clip-shape").path
        assertFrames(of: ClipShapeScene(), golden: golden, record: .never)
    }
}

/// `Timelines/Swift/ClipShape.swift`'s scene, without `@main`.
private struct ClipShapeScene: AnimationScene {
    var size: CGSize { CGSize(width: 480, height: 280) }
    var duration: Double { 4.5 }
    @State var overlapping = 0.0

    var body: some View {
        VStack(spacing: 16) {
            Text("Five stars").background(Color.yellow).font(.system(size: 90))
                .clipShape(Overlapping(count: 8, overlapping: overlapping, ellipses: true), style: FillStyle(eoFill: true, antialiased: false))
            Text("Five stars").background(Color.yellow).font(.system(size: 90))
                .clipShape(Overlapping(count: 8, overlapping: overlapping, ellipses: false), style: FillStyle(eoFill: true, antialiased: false))
        }
    }

    func timeline() {
        at(0.25) { withAnimation(.easeInOut(duration: 2)) { overlapping = 1 } }
        at(2.25) { withAnimation(.easeInOut(duration: 2)) { overlapping = 0 } }
    }
}

/// `count` ellipses or rectangles, each `width / count · (1 + (count − 1) · overlapping)` wide.
private struct Overlapping: Shape {
    var count: Int
    var overlapping: Double
    var ellipses: Bool

    var animatableData: Double {
        get { overlapping }
        set { overlapping = newValue }
    }

    func path(in rect: CGRect) -> Path {
        var path = Path()
        let width = rect.width / Double(count) * (1 + Double(count - 1) * overlapping)
        for k in 0..<count {
            let r = CGRect(x: (rect.width - width) * Double(k) / Double(count - 1), y: 0, width: width, height: rect.height)
            if ellipses { path.addEllipse(in: r) } else { path.addRect(r) }
        }
        return path
    }
}
