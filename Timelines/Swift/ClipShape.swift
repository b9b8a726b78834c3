// The clipping article's final GIF (seed 001): "Five stars" clipped by eight overlapping
// ellipses and by eight overlapping rectangles, even-odd, without anti-aliasing, while
// `overlapping` eases 0 → 1 → 0. The JSON twin is Timelines/clip-shape.json.
import AnimateUI

@main
struct ClipShape: AnimationScene {
    var size: CGSize { CGSize(width: 480, height: 280) }
    var duration: Double { 4.5 }
    @State var overlapping = 0.0

    var body: some View {
        VStack(spacing: 16) {
            Text("Five stars").font(.system(size: 90)).background(Color.yellow)
                .clipShape(OverlappingEllipses(ellipsesNumber: 8, overlapping: overlapping),
                           style: FillStyle(eoFill: true, antialiased: false))
            Text("Five stars").font(.system(size: 90)).background(Color.yellow)
                .clipShape(OverlappingRectangles(rectanglesNumber: 8, overlapping: overlapping),
                           style: FillStyle(eoFill: true, antialiased: false))
        }
    }

    func timeline() {
        at(0.25) { withAnimation(.easeInOut(duration: 2)) { overlapping = 1 } }
        at(2.25) { withAnimation(.easeInOut(duration: 2)) { overlapping = 0 } }
    }
}

struct OverlappingEllipses: Shape {
    let ellipsesNumber: Int
    var overlapping: Double = 0

    var animatableData: Double {
        get { overlapping }
        set { overlapping = newValue }
    }

    func path(in rect: CGRect) -> Path {
        var path = Path()
        let ellipseWidth = rect.width / CGFloat(ellipsesNumber) * (1 + CGFloat(ellipsesNumber - 1) * overlapping)
        for index in 0..<ellipsesNumber {
            let x = (rect.width - ellipseWidth) * CGFloat(index) / CGFloat(ellipsesNumber - 1)
            path.addEllipse(in: CGRect(x: x, y: 0, width: ellipseWidth, height: rect.height))
        }
        return path
    }
}

struct OverlappingRectangles: Shape {
    let rectanglesNumber: Int
    var overlapping: Double = 0

    var animatableData: Double {
        get { overlapping }
        set { overlapping = newValue }
    }

    func path(in rect: CGRect) -> Path {
        var path = Path()
        let rectangleWidth = rect.width / CGFloat(rectanglesNumber) * (1 + CGFloat(rectanglesNumber - 1) * overlapping)
        for index in 0..<rectanglesNumber {
            let x = (rect.width - rectangleWidth) * CGFloat(index) / CGFloat(rectanglesNumber - 1)
            path.addRect(CGRect(x: x, y: 0, width: rectangleWidth, height: rect.height))
        }
        return path
    }
}
