import Foundation
import XCTest

/// `animate preview Scene.swift` end to end: the real swiftc compiles the scene at start
/// and at every save, the page follows, and a compile error shows swiftc's located
/// message over the last good render. The compiled scenes go to a cache inside the
/// test's folder, removed with it.
final class PreviewSwiftSceneTests: XCTestCase {
    var work: URL!
    var scene: URL!
    var server: PreviewProcess?
    var browser: DevToolsBrowser?

    /// The fixture's yellow canvas and a circle of `circle` (red, green, blue in 0...255)
    /// in its upper half; `modifier` is put on the circle, to break the file.
    static func source(circle: (Int, Int, Int), modifier: String = "") -> String {
        """
        import AnimateUI

        @main
        struct Scene: AnimationScene {
            var size: CGSize { CGSize(width: 200, height: 240) }
            var duration: Double { 1 }
            var background: Color { Color(red: 242 / 255, green: 208 / 255, blue: 36 / 255) }
            @State var x = -50.0

            var body: some View {
                Circle()\(modifier)
                    .fill(Color(red: \(circle.0) / 255, green: \(circle.1) / 255, blue: \(circle.2) / 255))
                    .frame(width: 60, height: 60)
                    .offset(x: x, y: -60)
            }

            func timeline() {
                at(0.2) { withAnimation(.easeInOut(duration: 0.5)) { x = 50 } }
            }
        }

        """
    }

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-pv-swift-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        scene = work.appendingPathComponent("Scene.swift")
    }

    override func tearDownWithError() throws {
        browser?.close()
        server?.stop()
        try? FileManager.default.removeItem(at: work)
    }

    func write(_ text: String) throws {
        let temporary = work.appendingPathComponent(".Scene.swift.saving")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, scene.path) == 0 else { throw BrowserError("cannot rename \(temporary.path)") }
    }

    func testASavedSceneIsCompiledAgainAndACompileErrorShowsWhereItIs() throws {
        let green = (26, 158, 60), blue = (34, 85, 221)
        try write(Self.source(circle: green))
        let server = try PreviewProcess([scene.path], in: work, environment: ["XDG_CACHE_HOME": work.appendingPathComponent("cache").path])
        self.server = server
        let browser = try DevToolsBrowser(folder: work)
        self.browser = browser
        let page = try browser.open(server.url + "#frame=5")
        try page.waitUntil("document.body !== null && document.body.dataset.drawn !== undefined && document.body.dataset.drawn.endsWith(':5')", "frame 5")
        XCTAssertGreaterThan(try PreviewPageTests.count(PreviewPageTests.yellow, in: page, scratch: work), 10_000)
        XCTAssertGreaterThan(try PreviewPageTests.count(PreviewPageTests.green, in: page, scratch: work), 2_000)
        XCTAssertEqual(try PreviewPageTests.count(PreviewPageTests.blue, in: page, scratch: work), 0)
        let token = try XCTUnwrap(page.evaluate("preview.timeline.token") as? String)

        // Saved with another colour: compiled again, drawn at the same frame.
        try write(Self.source(circle: blue))
        try page.waitUntil("preview.drawn.token !== '\(token)'", "the recompiled scene's frames", limit: 120)
        XCTAssertEqual(try page.evaluate("preview.drawn.frame") as? Int, 5)
        XCTAssertGreaterThan(try PreviewPageTests.count(PreviewPageTests.blue, in: page, scratch: work), 2_000)
        XCTAssertEqual(try PreviewPageTests.count(PreviewPageTests.green, in: page, scratch: work), 0)
        let blueToken = try XCTUnwrap(page.evaluate("preview.timeline.token") as? String)

        // A modifier SwiftUI has and AnimateUI lacks: swiftc's error, at its line and column in the file.
        try write(Self.source(circle: green, modifier: ".navigationTitle(\"none\")"))
        try page.waitUntil("!document.getElementById('errors').hidden", "the compile error", limit: 120)
        let errors = try XCTUnwrap(page.evaluate("document.querySelector('#errors pre').textContent") as? String)
        XCTAssertTrue(errors.hasPrefix(scene.path + ":11:18: error: "), errors)
        XCTAssertTrue(errors.contains("navigationTitle"), errors)
        // The last good render (blue) stays under it.
        XCTAssertGreaterThan(try PreviewPageTests.count(PreviewPageTests.blue, in: page, scratch: work), 2_000)

        try write(Self.source(circle: green))
        try page.waitUntil("document.getElementById('errors').hidden", "the error gone once the file compiles", limit: 120)
        try page.waitUntil("document.body.dataset.drawn.endsWith(':5') && preview.drawn.token !== '\(blueToken)'", "the fixed scene")
        XCTAssertGreaterThan(try PreviewPageTests.count(PreviewPageTests.green, in: page, scratch: work), 2_000)
    }
}
