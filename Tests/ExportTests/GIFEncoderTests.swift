import Export
import Foundation
import Raster
import XCTest

final class GIFEncoderTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUpWithError() throws { scratch = try ScratchDirectory() }
    override func tearDown() { scratch.remove() }

    private func encode(_ frames: [Pixmap], fps: Int = 30, loop: Int = 0, name: String = "loop.gif") throws -> String {
        let path = scratch.file(name)
        let settings = EncoderSettings(width: frames[0].width, height: frames[0].height, fps: fps, loop: loop)
        let sink = try makeFrameSink(path: path, format: .gif, settings: settings)
        for frame in frames { try sink.append(frame) }
        try sink.finish()
        return path
    }

    func testStreamPropertiesLoopAndDelays() throws {
        let frames = (0..<10).map { SyntheticFrames.movingSquare(width: 48, height: 32, index: $0, count: 10) }
        let info = try MediaProbe.info(path: try encode(frames))
        XCTAssertEqual(info.codecName, "gif")
        XCTAssertEqual(info.frameCount, 10)
        XCTAssertEqual(info.width, 48)
        XCTAssertEqual(info.height, 32)
        XCTAssertEqual(info.loopCount, 0)
        // Frame n starts at round(100 n / 30) cs: delays 3, 4, 3, 3, 4, 3, 3, 4, 3, then 3 for the last.
        let centiseconds = info.frameDurations.map { Int(($0 * 100).rounded()) }
        XCTAssertEqual(centiseconds, [3, 4, 3, 3, 4, 3, 3, 4, 3, 3])
    }

    func testLoopCountAndPlayOnce() throws {
        let frames = [SyntheticFrames.movingSquare(width: 16, height: 16, index: 0, count: 1)]
        XCTAssertEqual(try MediaProbe.info(path: try encode(frames, loop: 3, name: "three.gif")).loopCount, 3)
        XCTAssertNil(try MediaProbe.info(path: try encode(frames, loop: -1, name: "once.gif")).loopCount)
    }

    func testDecodedGradientFramesAreClose() throws {
        let frames = (0..<6).map { SyntheticFrames.movingSquare(width: 64, height: 48, index: $0, count: 6) }
        let decoded = try MediaProbe.decodeFrames(path: try encode(frames))
        XCTAssertEqual(decoded.count, frames.count)
        for (index, (actual, expected)) in zip(decoded, frames).enumerated() {
            XCTAssertEqual(actual.width, 64)
            XCTAssertEqual(actual.height, 48)
            // 3 000 gradient colours in 256 entries without dithering: measured 37.0 dB.
            XCTAssertGreaterThan(psnr(decoded: actual, reference: expected), 34, "frame \(index)")
        }
    }

    func testEveryFrameKeepsItsOwnColours() throws {
        // Frames with different palettes, and a return to the first frame's palette after
        // another one: each must decode to exactly its own colours.
        let a = SyntheticFrames.quadrants(width: 20, height: 14, [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)])
        let b = SyntheticFrames.quadrants(width: 20, height: 14, [(10, 20, 30), (200, 100, 50), (0, 0, 0), (90, 90, 250)])
        let c = SyntheticFrames.quadrants(width: 20, height: 14, [(255, 0, 0), (255, 0, 0), (0, 0, 255), (1, 2, 3)])
        let flat = Pixmap(width: 20, height: 14, fill: PremultipliedRGBA8(r: 12, g: 34, b: 56, a: 255))
        let frames = [a, b, a, c, flat, b, a]
        let decoded = try MediaProbe.decodeFrames(path: try encode(frames, fps: 10))
        XCTAssertEqual(decoded.count, frames.count)
        for (index, (actual, expected)) in zip(decoded, frames).enumerated() {
            XCTAssertEqual(actual, expected, "frame \(index)")
        }
    }

    func testMoreThan256ColoursInOneFrame() throws {
        // 32 × 32 distinct colours forces a real cut; the result must still be close.
        var bytes = [UInt8]()
        for y in 0..<32 { for x in 0..<32 { bytes += [UInt8(x * 8), UInt8(y * 8), UInt8((x + y) * 4), 255] } }
        let frame = Pixmap(width: 32, height: 32, straightAlphaData: bytes)
        let decoded = try MediaProbe.decodeFrames(path: try encode([frame]))
        XCTAssertGreaterThan(psnr(decoded: try XCTUnwrap(decoded.first), reference: frame), 34, "measured 36.9 dB")
    }
}
