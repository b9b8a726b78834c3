import AnimateUI
import XCTest
// XCTest brings Foundation, whose Core Graphics types would be ambiguous with AnimateUI's:
// scoped imports take precedence.
import struct AnimateUI.CGRect
import struct AnimateUI.CGSize

/// SwiftUI's preferences in scenes written in Swift: what a reader's closure receives.
final class PreferenceTests: XCTestCase {
    override func setUp() {
        Readings.numbers = []
        Readings.frames = []
    }

    /// Values flow up reduced in tree order; a view's own value replaces its content's;
    /// `transformPreference` changes its content's; a subtree that sets nothing adds
    /// nothing; a reader sees only its own content; a key nobody reads is never reduced.
    func testValuesAreReducedInTreeOrder() throws {
        _ = try timelineDocument(for: Numbered(), baseDirectory: ".").render(frame: 0)
        XCTAssertEqual(Readings.numbers, [[7], [1, 3, 4, 5, 6], []])
    }

    /// A `GeometryReader` hands up its frame in the canvas (`.global`) and in a named space,
    /// as laid out for the frame being drawn: here, scrolled by animated state.
    func testGeometryReadersHandUpTheirFramesAfterLayout() throws {
        let document = try timelineDocument(for: Framed(), baseDirectory: ".")
        _ = document.render(frame: 0)
        _ = document.render(frame: 9)
        XCTAssertEqual(Readings.frames.count, 2)
        XCTAssertEqual(Readings.frames.first, [CGRect(x: 10, y: 20, width: 20, height: 10), CGRect(x: 10, y: 20, width: 20, height: 10)])
        XCTAssertEqual(Readings.frames.last, [CGRect(x: 10, y: 10, width: 20, height: 10), CGRect(x: 10, y: 20, width: 20, height: 10)])
    }
}

private enum Readings {
    nonisolated(unsafe) static var numbers: [[Int]] = []
    nonisolated(unsafe) static var frames: [[CGRect]] = []
}

private struct Numbers: PreferenceKey {
    static var defaultValue: [Int] { [] }
    static func reduce(value: inout [Int], nextValue: () -> [Int]) { value += nextValue() }
}

/// A key whose `reduce` traps: set by two siblings, it must never be reduced unread.
private struct Unread: PreferenceKey {
    static var defaultValue: Int { 0 }
    static func reduce(value: inout Int, nextValue: () -> Int) { fatalError("an unread key is reduced") }
}

private struct Numbered: AnimationScene {
    var size: CGSize { CGSize(width: 40, height: 40) }
    var duration: Double { 1 }

    var body: some View {
        VStack {
            Color.red.preference(key: Numbers.self, value: [1])
            Color.clear.preference(key: Unread.self, value: 1)
            Color.blue.preference(key: Numbers.self, value: [2]).preference(key: Numbers.self, value: [3])
            Color.green.zIndex(-1).preference(key: Numbers.self, value: [4])
                .background(Color.clear.preference(key: Numbers.self, value: [5]).preference(key: Unread.self, value: 2))
                .transformPreference(Numbers.self) { $0.append(6) }
        }
        .overlayPreferenceValue(Numbers.self) { value in
            let _ = Readings.numbers.append(value)
            EmptyView()
        }
        .background(Color.clear.preference(key: Numbers.self, value: [7]).backgroundPreferenceValue(Numbers.self) { value in
            let _ = Readings.numbers.append(value)
            EmptyView()
        })
        .overlay(Color.clear.overlayPreferenceValue(Numbers.self) { value in
            let _ = Readings.numbers.append(value)
            EmptyView()
        })
    }
}

private struct Frames: PreferenceKey {
    static var defaultValue: [CGRect] { [] }
    static func reduce(value: inout [CGRect], nextValue: () -> [CGRect]) { value += nextValue() }
}

/// A 20 × 10 bar padded by 10 points below a 10-point spacer, in a list scrolled 10
/// points up by `position` (done by frame 9).
private struct Framed: AnimationScene {
    var size: CGSize { CGSize(width: 40, height: 40) }
    var duration: Double { 1 }
    var fps: Int { 10 }
    @State var position = ScrollPosition(y: 0)

    var body: some View {
        ScrollView {
            VStack(spacing: 0) {
                Color.clear.frame(height: 10)
                Color.red.frame(width: 20, height: 10)
                    .background(GeometryReader { proxy in
                        Color.clear.preference(key: Frames.self, value: [proxy.frame(in: .global), proxy.frame(in: .named("list"))])
                    })
                    .padding(10)
            }
            .coordinateSpace(name: "list")
        }
        .scrollPosition($position)
        .frame(width: 40, height: 40)
        .backgroundPreferenceValue(Frames.self) { frames in
            let _ = Readings.frames.append(frames)
            EmptyView()
        }
    }

    func timeline() {
        at(0) { withAnimation(.linear(duration: 0.5)) { position.scrollTo(y: 10) } }
    }
}
