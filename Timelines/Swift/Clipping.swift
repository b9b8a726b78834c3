// The clipping article's still figures (seed 001), side by side: the text's frame and
// content borders, `clipped()`, `cornerRadius(50)`, `clipShape(Circle())` and
// `clipShape(Star())`. The JSON twin is Timelines/clipping.json; the lines changed from
// the article are listed in README.md.
import AnimateUI

@main
struct Clipping: AnimationScene {
  var size: CGSize { CGSize(width: 900, height: 340) }
  var duration: Double { 1 }

  var body: some View {
    VStack(spacing: 12) {
      HStack(spacing: 4) {
        panel("base") {
          Text("Five stars")
            .background(Color.yellow)
            .font(.system(size: 90))
            .border(Color.red)
        }
        panel("borders") {
          Text("Five stars")
            .background(Color.yellow)
            .font(.system(size: 90))
            .fixedSize()
            .border(Color.blue)
            .frame(width: 200, height: 100)
            .border(Color.red)
        }
        panel("clipped()") {
          Text("Five stars")
            .background(Color.yellow)
            .font(.system(size: 90))
            .fixedSize()
            .border(Color.blue)
            .frame(width: 200, height: 100)
            .border(Color.red)
            .clipped() // 👈🏻
        }
      }
      HStack(spacing: 4) {
        panel("cornerRadius(50)") {
          Text("Five stars")
            .background(Color.yellow)
            .font(.system(size: 90))
            .fixedSize()
            .frame(width: 200, height: 100)
            .cornerRadius(50) // 👈🏻
        }
        panel("clipShape(Circle())") {
          Text("Five stars")
            .background(Color.yellow)
            .font(.system(size: 90))
            .fixedSize()
            .frame(width: 200, height: 100)
            .clipShape(Circle())
        }
        panel("clipShape(Star())") {
          Text("Five stars")
            .background(Color.yellow)
            .font(.system(size: 90))
            .fixedSize()
            .frame(width: 200, height: 100)
            .clipShape(Star())
        }
      }
    }
  }

  /// One figure, shrunk to 60 %, above its caption.
  func panel<Content: View>(_ caption: String, @ViewBuilder content: () -> Content) -> some View {
    VStack(spacing: 6) {
      ZStack { content() }
        .frame(width: 460, height: 130)
        .scaleEffect(0.6)
        .frame(width: 280, height: 90)
      Text(caption)
        .font(.system(size: 15, design: .monospaced))
        .foregroundColor(.gray)
    }
    .frame(width: 290, height: 150)
  }
}

struct Star: Shape {
  @Clamping(0...Int.max) var points: Int = 5
  var innerRatio = 0.4

  func path(in rect : CGRect) -> Path {
    let center = CGPoint(x: rect.midX, y: rect.midY)
    let angle: Double = .pi / Double(points)
    var path = Path()
    var startPoint: CGPoint = rect.origin

    let outerRadius = min(rect.width / 2, rect.height / 2)
    let innerRadius = outerRadius * innerRatio

    let maxCorners = 2 * points
    for corner in 0 ..< maxCorners {
      let radius = (corner % 2) == 0 ? outerRadius : innerRadius

      let x = center.x + cos(Double(corner) * angle) * radius
      let y = center.y + sin(Double(corner) * angle) * radius
      let point = CGPoint(x: x, y: y)

      if corner == 0 {
        startPoint = point
        path.move(to: point)
      } else {
        path.addLine(to: point)
      }
      if corner == (maxCorners - 1) {
        path.addLine(to: startPoint)
      }
    }
    return path
  }
}

@propertyWrapper
public struct Clamping<Value: Comparable> {
  var value: Value
  let range: ClosedRange<Value>

  public init(wrappedValue: Value, _ range: ClosedRange<Value>) {
    precondition(range.contains(wrappedValue))
    self.range = range
    self.value = wrappedValue
  }

  public var wrappedValue: Value {
    get { value }
    set { value = min(max(range.lowerBound, newValue), range.upperBound) }
  }
}
