import Export
import XCTest

final class OutputFormatTests: XCTestCase {
    func testExtensionsChooseTheFormat() throws {
        XCTAssertEqual(try OutputFormat(path: "out/clip.mp4"), .mp4)
        XCTAssertEqual(try OutputFormat(path: "Clip.MP4"), .mp4)
        XCTAssertEqual(try OutputFormat(path: "loop.gif"), .gif)
        XCTAssertEqual(try OutputFormat(path: "still.png"), .png)
        XCTAssertEqual(try OutputFormat(path: "alpha.webm"), .webm)
        XCTAssertEqual(try OutputFormat(path: "clip.apng"), .apng)
        XCTAssertEqual(try OutputFormat(path: "clip.WEBP"), .webp)
        XCTAssertEqual(try OutputFormat(path: "frames.rgba"), .rawRGBA)
        XCTAssertEqual(try OutputFormat(path: "-"), .rawRGBA)
    }

    func testNamesForceTheFormat() throws {
        XCTAssertEqual(try OutputFormat(name: "rgba", path: "-"), .rawRGBA)
        XCTAssertEqual(try OutputFormat(name: "gif", path: "out.bin"), .gif)
        XCTAssertEqual(try OutputFormat(name: "png-sequence", path: "frames"), .pngSequence(pattern: "frames/%04d.png"))
        XCTAssertThrowsError(try OutputFormat(name: "avi", path: "x.avi"))
        for name in OutputFormat.names { XCTAssertNoThrow(try OutputFormat(name: name, path: "out/"), name) }
    }

    func testPatternsAndFoldersAreSequences() throws {
        XCTAssertEqual(try OutputFormat(path: "frames/%04d.png"), .pngSequence(pattern: "frames/%04d.png"))
        XCTAssertEqual(try OutputFormat(path: "f_%d.png"), .pngSequence(pattern: "f_%d.png"))
        XCTAssertEqual(try OutputFormat(path: "frames/"), .pngSequence(pattern: "frames/%04d.png"))
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        XCTAssertEqual(try OutputFormat(path: scratch.path), .pngSequence(pattern: scratch.path + "/%04d.png"))
    }

    func testUnknownExtensionErrorListsTheSupportedOnes() {
        XCTAssertThrowsError(try OutputFormat(path: "clip.avi")) { error in
            XCTAssertEqual(error as? ExportError, .unsupportedFormat(path: "clip.avi"))
            let message = String(describing: error)
            for supported in [".mp4", ".gif", ".webm", ".apng", ".webp", ".png", ".rgba", "%04d.png"] {
                XCTAssertTrue(message.contains(supported), "\(message) does not mention \(supported)")
            }
            XCTAssertTrue(message.hasPrefix("clip.avi:"), message)
        }
        XCTAssertThrowsError(try OutputFormat(path: "no-extension"))
        XCTAssertThrowsError(try OutputFormat(path: ".mp4"))
    }

    func testMalformedPatternsAreRejected() {
        for bad in ["frames/%04d.jpg", "frames/%s.png", "frames/%d_%d.png", "frames/%4d.png", "frames/%00d.png"] {
            XCTAssertThrowsError(try OutputFormat(path: bad), bad) { error in
                guard case .invalidPattern = error as? ExportError else { return XCTFail("\(bad): \(error)") }
            }
        }
    }
}
