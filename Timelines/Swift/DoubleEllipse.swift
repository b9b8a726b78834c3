// The clipping article's fill-rule figures (seed 001): `DoubleEllipse` drawn with the
// default non-zero rule and with `FillStyle(eoFill: true)`, while `overlapping` eases
// 0.1 → 1 → 0.1. The JSON twin is Timelines/double-ellipse.json; the lines changed from
// the article are listed in README.md.
import AnimateUI

@main
struct FSView: AnimationScene {
  var size: CGSize { CGSize(width: 340, height: 250) }
  var duration: Double { 4 }
  @State var overlapping: Double = 0.1

  var body: some View {
    VStack(spacing: 20) {
      DoubleEllipse(overlapping: overlapping)
        .frame(width: 300, height: 100)
      DoubleEllipse(overlapping: overlapping)
        .fill(style: FillStyle(eoFill: true, antialiased: true)) // 👈🏻
        .frame(width: 300, height: 100)
    }
  }

  func timeline() {
    at(0) { withAnimation(.easeInOut(duration: 2)) { overlapping = 1 } }
    at(2) { withAnimation(.easeInOut(duration: 2)) { overlapping = 0.1 } }
  }
}

struct DoubleEllipse: Shape {
  /// 1 = complete overlap
  /// 0 = no overlap
  @Clamping(0.0...1.0) var overlapping: Double = 0

  func path(in rect: CGRect) -> Path {
    let rectSize = CGSize(width: (rect.width / 2) * (1 + overlapping), height: rect.height)

    var path = Path()
    path.addEllipse(in: CGRect(origin: .zero, size: rectSize))
    let secondEllipseOrigin = CGPoint(x: (rect.width / 2) * (1 - overlapping), y: rect.origin.y)
    path.addEllipse(in: CGRect(origin: secondEllipseOrigin, size: rectSize))

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
