import Export
import Foundation
import XCTest

/// The preview's server over real HTTP with curl: only its routes answer, it listens on the
/// address asked for only, and exports behave as `animate render` does.
final class PreviewHTTPTests: XCTestCase {
    var work: URL!
    var server: PreviewProcess?

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-pv-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try Data(PreviewPageTests.fixture(circle: PreviewPageTests.green).utf8).write(to: work.appendingPathComponent("scene.json"))
        server = try PreviewProcess([work.appendingPathComponent("scene.json").path], in: work)
    }

    override func tearDownWithError() throws {
        server?.stop()
        try? FileManager.default.removeItem(at: work)
    }

    func status(_ path: String, _ extra: [String] = []) throws -> String {
        try curl(["--path-as-is", "-o", "/dev/null", "-w", "%{http_code}"] + extra + ["http://127.0.0.1:\(server!.port)\(path)"]).output
    }

    func testPathTraversalGets404AndThePageItsFiles() throws {
        XCTAssertEqual(try status("/"), "200")
        XCTAssertEqual(try status("/page.js"), "200")
        XCTAssertEqual(try status("/page.css"), "200")
        XCTAssertEqual(try status("/state"), "200")
        for path in [
            "/../../etc/passwd", "/../../../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/frames/../../etc/passwd",
            "/frames/x/..%2f..%2fetc%2fpasswd", "/scene.json", "/..%2fscene.json", "/frames/../scene.json", "/etc/passwd",
        ] {
            XCTAssertEqual(try status(path), "404", path)
        }
    }

    func testListensOnlyOnTheRequestedAddress() throws {
        XCTAssertEqual(try curl(["-o", "/dev/null", "http://127.0.0.1:\(server!.port)/"]).status, 0)
        // 127.0.0.2 is loopback too, but not the address bound: curl cannot connect (exit 7).
        XCTAssertEqual(try curl(["-o", "/dev/null", "http://127.0.0.2:\(server!.port)/"]).status, 7)
    }

    func testExportWritesBesideTheTimelineAndRefusesToOverwrite() throws {
        let url = "http://127.0.0.1:\(server!.port)/export?kind=png&frame=30"
        let header = ["-H", "X-Animate-Preview: 1", "-X", "POST"]
        XCTAssertEqual(try curl(["-o", "/dev/null", "-w", "%{http_code}", "-X", "POST", url]).output, "403", "an export needs the page's header")
        let written = work.appendingPathComponent("scene-frame-30.png").path
        let first = try curl(header + [url])
        XCTAssertTrue(first.output.contains("scene-frame-30.png"), first.output)
        let frame = try XCTUnwrap(MediaProbe.decodeFrames(path: written).first)
        XCTAssertEqual(frame.width, 200)
        XCTAssertEqual(frame.height, 240)

        let again = try curl(header + ["-w", "\n%{http_code}", url])
        XCTAssertTrue(again.output.hasSuffix("409"), again.output)
        XCTAssertTrue(again.output.contains("exists; pass --overwrite to replace it"), again.output)
        XCTAssertTrue(try curl(header + ["-w", "\n%{http_code}", url + "&overwrite=1"]).output.hasSuffix("200"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted(), ["scene-frame-30.png", "scene.json"])
    }
}
