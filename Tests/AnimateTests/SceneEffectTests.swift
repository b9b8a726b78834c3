import AnimateUI
import Export
import Raster
import Timeline
import XCTest
// XCTest brings Foundation, whose Core Graphics types would be ambiguous with AnimateUI's:
// scoped imports take precedence.
import struct AnimateUI.CGSize

/// Scenes written in Swift, compiled into the tests, against timelines of the same
/// geometry: a scroll position animated with `withAnimation` and `visualEffect`s that
/// read the scroll geometry draw the same pixels as a scroll offset param and effect
/// expressions over `minY`.
final class SceneEffectTests: XCTestCase {
    func testScrollPositionAndVisualEffectMatchATimeline() throws {
        let swift = try timelineDocument(for: ScrolledRows(), baseDirectory: ".")
        let json = try TimelineLoader().load(Array(Self.twin.utf8))
        XCTAssertEqual(swift.frameCount, json.frameCount)
        var moved = 0
        for n in [0, 3, 5, 9] {
            let a = swift.render(frame: n), b = json.render(frame: n)
            XCTAssertEqual(a.data, b.data, "frame \(n)")
            if a.data != swift.render(frame: 0).data { moved += 1 }
        }
        XCTAssertEqual(moved, 3, "the rows scroll and their effects change")
    }

    /// `render(_:to:options:)`, the entry point for a package of one's own, writes every
    /// frame at the rate asked for, and refuses to replace a file unless told to.
    func testRenderWritesEveryFrameOfAScene() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animate-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("rows.gif").path
        try render(ScrolledRows(), to: path, options: RenderOptions(fps: 20))
        let frames = try MediaProbe.decodeFrames(path: path)
        XCTAssertEqual(frames.count, 20)
        XCTAssertEqual(frames[0].width, 200)
        XCTAssertThrowsError(try render(ScrolledRows(), to: path, options: RenderOptions(overwrite: false)))
    }

    static let twin = """
        {
          "version": 1, "size": [200, 200], "fps": 10, "duration": 1,
          "params": { "scroll": 0 },
          "animations": [{ "param": "scroll", "at": 0.1, "to": -100, "curve": "easeInOut(duration: 0.6)" }],
          "scene": {
            "scrollView": { "offset": "=scroll", "content": { "vstack": { "spacing": 10, "children": [{ "forEach": {
              "range": [0, 6], "as": "i",
              "content": { "rectangle": {}, "modifiers": [
                { "fill": "blue" }, { "frame": { "height": 50 } },
                { "offset": { "y": "=minY > 100 ? 100 - minY : 0" } }, { "opacity": "=minY > 100 ? 0.5 : 1" }
              ] }
            } }] } } }
          }
        }
        """
}

private struct ScrolledRows: AnimationScene {
    var size: CGSize { CGSize(width: 200, height: 200) }
    var duration: Double { 1 }
    var fps: Int { 10 }
    @State var position = ScrollPosition(edge: .top)

    var body: some View {
        ScrollView {
            VStack(spacing: 10) {
                ForEach(0..<6) { _ in
                    Rectangle().fill(Color.blue).frame(height: 50)
                        .visualEffect { content, proxy in
                            let minY = proxy.frame(in: .scrollView).minY
                            return content.offset(y: minY > 100 ? 100 - minY : 0).opacity(minY > 100 ? 0.5 : 1)
                        }
                }
            }
        }
        .scrollPosition($position)
    }

    func timeline() {
        at(0.1) { withAnimation(.easeInOut(duration: 0.6)) { position.scrollTo(y: 100) } }
    }
}
