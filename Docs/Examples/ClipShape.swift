import AnimateUI

@main
struct ClipShape: AnimationScene {
    var size: CGSize { CGSize(width: 480, height: 280) }   // points
    var duration: Double { 4.5 }                            // seconds; `var fps: Int` defaults to 30, `var scale` to 1, `var background: Color` to white
    @State var overlapping = 0.0

    var body: some View {
        Text("Five stars").font(.system(size: 90)).background(Color.yellow)
            .clipShape(OverlappingEllipses(ellipsesNumber: 8, overlapping: overlapping),
                       style: FillStyle(eoFill: true, antialiased: false))
    }

    func timeline() {   // called once; `at(_:)` runs its closure at that time of the animation
        at(0) { withAnimation(.easeInOut(duration: 2)) { overlapping = 1 } }
        at(2) { withAnimation(.easeInOut(duration: 2)) { overlapping = 0 } }
    }
}

struct OverlappingEllipses: Shape {
    let ellipsesNumber: Int
    var overlapping: Double

    var animatableData: Double {
        get { overlapping }
        set { overlapping = newValue }
    }

    func path(in rect: CGRect) -> Path {
        var path = Path()
        let width = rect.width / CGFloat(ellipsesNumber) * (1 + CGFloat(ellipsesNumber - 1) * overlapping)
        for index in 0..<ellipsesNumber {
            let x = (rect.width - width) * CGFloat(index) / CGFloat(ellipsesNumber - 1)
            path.addEllipse(in: CGRect(x: x, y: 0, width: width, height: rect.height))
        }
        return path
    }
}
