import Export
import Foundation
import Raster
import XCTest

/// `animate preview` end to end: the real server, driven by headless Chromium over the
/// DevTools protocol; what the page shows is read from screenshots and the DOM.
final class PreviewPageTests: XCTestCase {
    var work: URL!
    var timeline: URL!
    var server: PreviewProcess?
    var browser: DevToolsBrowser?

    static let green = "#1A9E3C", blue = "#2255DD", yellow = "#F2D024"

    /// A yellow canvas with a circle of `circle` colour moving across its upper half (the
    /// page's errors cover at most the lower half); `circleKey` lets a test misspell the view.
    static func fixture(circle: String, circleKey: String = "circle") -> String {
        """
        {
          "version": 1,
          "size": [200, 240],
          "fps": 30,
          "duration": 2,
          "background": "\(yellow)",
          "params": { "x": -50 },
          "animations": [ { "param": "x", "at": 0.5, "to": 50, "curve": "easeInOut(duration: 1)" } ],
          "scene": {
            "\(circleKey)": {},
            "modifiers": [
              { "fill": { "paint": "\(circle)" } },
              { "frame": { "width": 60, "height": 60 } },
              { "offset": { "x": "=x", "y": -60 } }
            ]
          }
        }

        """
    }

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-pv-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        timeline = work.appendingPathComponent("scene.json")
        try write(Self.fixture(circle: Self.green))
    }

    override func tearDownWithError() throws {
        browser?.close()
        server?.stop()
        try? FileManager.default.removeItem(at: work)
    }

    func write(_ text: String) throws {
        // Written whole and renamed into place, as editors save, so the server never reads half a file.
        let temporary = work.appendingPathComponent(".scene.json.saving")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, timeline.path) == 0 else { throw BrowserError("cannot rename \(temporary.path)") }
    }

    /// The preview of the fixture, open in a fresh browser at `fragment`.
    func openPage(_ fragment: String = "") throws -> BrowserPage {
        let server = try PreviewProcess([timeline.path], in: work)
        self.server = server
        let browser = try DevToolsBrowser(folder: work)
        self.browser = browser
        let page = try browser.open(server.url + fragment)
        try page.waitUntil("document.body !== null && document.body.dataset.drawn !== undefined", "a frame")
        return page
    }

    /// Screenshot pixels within 6 code values of `hex` in every channel.
    func count(_ hex: String, in page: BrowserPage) throws -> Int {
        try Self.count(hex, in: page, scratch: work)
    }

    /// Screenshot pixels within 6 code values of `hex` in every channel; the screenshot
    /// passes through a file in `scratch`, removed after.
    static func count(_ hex: String, in page: BrowserPage, scratch: URL) throws -> Int {
        let file = scratch.appendingPathComponent("screenshot-\(UUID().uuidString).png")
        try page.screenshot().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        guard let shot = try MediaProbe.decodeFrames(path: file.path).first else { throw BrowserError("empty screenshot") }
        let scanner = Scanner(string: String(hex.dropFirst()))
        var value: UInt64 = 0
        scanner.scanHexInt64(&value)
        let want = [Int(value >> 16 & 255), Int(value >> 8 & 255), Int(value & 255)]
        var matches = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let p = shot.pixel(x: x, y: y)
                if abs(Int(p.r) - want[0]) <= 6 && abs(Int(p.g) - want[1]) <= 6 && abs(Int(p.b) - want[2]) <= 6 { matches += 1 }
            }
        }
        return matches
    }

    func testPageShowsTheSceneAndFollowsAnEditKeepingTheFrame() throws {
        let page = try openPage("#frame=20")
        try page.waitUntil("document.body.dataset.drawn.endsWith(':20')", "frame 20")
        // The canvas is 200 × 240, a circle of 60 on it: thousands of pixels of each colour.
        XCTAssertGreaterThan(try count(Self.yellow, in: page), 10_000)
        XCTAssertGreaterThan(try count(Self.green, in: page), 2_000)
        XCTAssertEqual(try count(Self.blue, in: page), 0)
        let token = try XCTUnwrap(page.evaluate("preview.timeline.token") as? String)

        try write(Self.fixture(circle: Self.blue))
        try page.waitUntil("preview.drawn.token !== '\(token)'", "the edited file's frames")
        XCTAssertEqual(try page.evaluate("preview.drawn.frame") as? Int, 20, "the page keeps its time across a reload")
        XCTAssertGreaterThan(try count(Self.blue, in: page), 2_000)
        XCTAssertEqual(try count(Self.green, in: page), 0)
    }

    func testFrameInTheURLMovesTheScrubberArrowKeysStepAndPNGExportsIt() throws {
        let page = try openPage("#frame=30")
        try page.waitUntil("document.body.dataset.drawn.endsWith(':30')", "frame 30")
        XCTAssertEqual(try page.evaluate("document.getElementById('scrub').value") as? String, "30")
        XCTAssertEqual(try page.evaluate("document.getElementById('scrub').max") as? String, "59")
        XCTAssertEqual(try page.evaluate("preview.playing") as? Bool, false)
        let position = try XCTUnwrap(page.evaluate("document.getElementById('position').textContent") as? String)
        XCTAssertTrue(position.hasPrefix("frame 30 / 59 · 1.000 s"), position)
        // The param's value at frame 30 (t = 1 s, halfway through its ease) is its trace value.
        XCTAssertEqual(try page.evaluate("document.querySelector('.param .value').textContent") as? String, "0")

        // The param's plot: its trace over all 60 frames, a dashed mark where its animation
        // starts (0.5 s = frame 15 of 0…59, on a 300-wide plot), the playhead at frame 30.
        XCTAssertEqual(try page.evaluate("document.querySelector('.param polyline').getAttribute('points').split(' ').length") as? Int, 60)
        XCTAssertEqual(try page.evaluate("document.querySelectorAll('.param line[stroke-dasharray]').length") as? Int, 1)
        let mark = try XCTUnwrap(page.evaluate("parseFloat(document.querySelector('.param line[stroke-dasharray]').getAttribute('x1'))") as? Double)
        XCTAssertEqual(mark, 15.0 / 59 * 300, accuracy: 0.01)
        let head = try XCTUnwrap(page.evaluate("parseFloat(document.querySelector('.param line:last-child').getAttribute('x1'))") as? Double)
        XCTAssertEqual(head, 30.0 / 59 * 300, accuracy: 0.1)

        // Playback speed: the pressed button sets it.
        _ = try page.evaluate("document.querySelector('[data-speed=\"0.25\"]').click()")
        XCTAssertEqual(try page.evaluate("preview.speed") as? Double, 0.25)
        XCTAssertEqual(try page.evaluate("document.querySelector('[data-speed=\"0.25\"]').getAttribute('aria-pressed')") as? String, "true")
        XCTAssertEqual(try page.evaluate("document.querySelector('[data-speed=\"1\"]').getAttribute('aria-pressed')") as? String, "false")

        try page.press("ArrowRight", code: 39)
        try page.waitUntil("document.body.dataset.drawn.endsWith(':31')", "frame 31 after →")
        XCTAssertEqual(try page.evaluate("document.getElementById('scrub').value") as? String, "31")
        try page.press("ArrowLeft", code: 37)
        try page.press("ArrowLeft", code: 37)
        try page.waitUntil("document.body.dataset.drawn.endsWith(':29')", "frame 29 after ← ←")

        // The PNG button writes the frame on screen beside the timeline.
        _ = try page.evaluate("document.querySelector('[data-export=png]').click()")
        try page.waitUntil("document.getElementById('toast').textContent.startsWith('wrote ')", "the export's path")
        let written = work.appendingPathComponent("scene-frame-29.png").path
        XCTAssertEqual(try page.evaluate("document.getElementById('toast').textContent") as? String, "wrote \(written)")
        XCTAssertEqual(try MediaProbe.decodeFrames(path: written).first?.width, 200)
    }

    func testBrokenFileShowsCheckErrorOverTheLastGoodRender() throws {
        let page = try openPage("#frame=10")
        try page.waitUntil("document.body.dataset.drawn.endsWith(':10')", "frame 10")
        XCTAssertEqual(try page.evaluate("document.getElementById('errors').hidden") as? Bool, true)

        try write(Self.fixture(circle: Self.green, circleKey: "circel"))
        let check = Process()
        check.executableURL = Bundle.main.bundleURL.appendingPathComponent("animate")
        check.arguments = ["check", timeline.path]
        let errors = Pipe()
        check.standardError = errors
        check.standardOutput = FileHandle.nullDevice
        try check.run()
        let expected = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .newlines)
        check.waitUntilExit()
        XCTAssertEqual(check.terminationStatus, 1)
        XCTAssertNotNil(expected.range(of: #"^error: .*scene\.json: scene: unknown view "circel".* at 10:5$"#, options: .regularExpression), expected)

        try page.waitUntil("!document.getElementById('errors').hidden", "the error")
        XCTAssertEqual(try page.evaluate("document.querySelector('#errors pre').textContent") as? String, expected)
        // The last good frame stays under the error.
        XCTAssertEqual(try page.evaluate("document.body.dataset.drawn.endsWith(':10')") as? Bool, true)
        XCTAssertGreaterThan(try count(Self.green, in: page), 2_000)

        try write(Self.fixture(circle: Self.green))
        try page.waitUntil("document.getElementById('errors').hidden", "the error gone once the file is fixed")
    }
}
