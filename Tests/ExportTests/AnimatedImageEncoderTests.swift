import Export
import Foundation
import Raster
import XCTest

final class AnimatedImageEncoderTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUpWithError() throws { scratch = try ScratchDirectory() }
    override func tearDown() { scratch.remove() }

    private let frames = (0..<5).map { SyntheticFrames.movingSquare(width: 40, height: 30, index: $0, count: 5, squareAlpha: 128) }

    private func encode(_ format: OutputFormat, name: String, configure: (inout EncoderSettings) -> Void = { _ in }) throws -> String {
        let path = scratch.file(name)
        var settings = EncoderSettings(width: 40, height: 30, fps: 20)
        configure(&settings)
        let sink = try makeFrameSink(path: path, format: format, settings: settings)
        for frame in frames { try sink.append(frame) }
        try sink.finish()
        return path
    }

    /// Pillow's reading of an animated image: frame count, loop, and every frame's straight RGBA bytes.
    private func pillow(_ path: String) throws -> (frames: Int, loop: Int?, pixels: [[UInt8]]) {
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            print(im.n_frames, im.info.get("loop", -1))
            for i in range(im.n_frames):
                im.seek(i)
                print(im.convert("RGBA").tobytes().hex())
            """
        let result = try runTool("python3", ["-c", script, path])
        if result.output.contains("No module named 'PIL'") { throw XCTSkip("Pillow is not installed (Scripts/install-deps installs it)") }
        XCTAssertEqual(result.status, 0, result.output)
        let lines = result.output.split(separator: "\n").map(String.init)
        let header = lines.first?.split(separator: " ").compactMap { Int($0) } ?? []
        let pixels = lines.dropFirst().map { hex in
            stride(from: 0, to: hex.count, by: 2).map { offset -> UInt8 in
                let start = hex.index(hex.startIndex, offsetBy: offset)
                return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0
            }
        }
        return (header.first ?? 0, header.count > 1 && header[1] >= 0 ? header[1] : nil, pixels)
    }

    func testAPNGIsLosslessWithAlpha() throws {
        let path = try encode(.apng, name: "clip.apng") { $0.loop = 2 }
        let info = try MediaProbe.info(path: path)
        XCTAssertEqual(info.codecName, "apng")
        XCTAssertEqual(info.frameCount, 5)
        XCTAssertEqual(try MediaProbe.decodeFrames(path: path), frames)
        XCTAssertEqual(try ffprobeFields(path)["codec_name"], "apng")
        let read = try pillow(path)
        XCTAssertEqual(read.frames, 5)
        XCTAssertEqual(read.loop, 3, "APNG counts plays: two repeats are three plays")
        XCTAssertEqual(read.pixels, frames.map { $0.straightAlphaData() })
    }

    func testWebPIsLosslessByDefaultWithAlpha() throws {
        let path = try encode(.webp, name: "clip.webp")
        XCTAssertEqual(try MediaProbe.info(path: path).codecName, "webp")
        XCTAssertEqual(try ffprobeFields(path)["codec_name"], "webp")
        let read = try pillow(path)
        XCTAssertEqual(read.frames, 5)
        XCTAssertEqual(read.loop, 0)
        // Lossless WebP keeps every visible pixel; fully transparent ones may lose their colour.
        for (decoded, frame) in zip(read.pixels, frames) {
            XCTAssertEqual(decoded.count, frame.data.count)
            let expected = frame.straightAlphaData()
            for i in stride(from: 0, to: expected.count, by: 4) where expected[i + 3] > 0 {
                XCTAssertEqual(Array(decoded[i..<i + 4]), Array(expected[i..<i + 4]))
            }
        }
    }

    func testLoopMeansRepeatsAfterTheFirstPlayInEveryFormat() throws {
        // As in a GIF, `loop` n repeats n times after the first play and -1 plays once. APNG
        // and WebP store plays (as browsers read them), so n becomes n + 1; 0 is forever.
        for (loop, plays) in [(0, 0), (2, 3), (-1, 1)] {
            for format in [OutputFormat.apng, .webp] {
                let read = try pillow(try encode(format, name: "loop\(loop).\(format == .apng ? "apng" : "webp")") { $0.loop = loop })
                XCTAssertEqual(read.loop, plays, "\(format), loop \(loop)")
            }
        }
    }

    func testLossyWebPIsClose() throws {
        let read = try pillow(try encode(.webp, name: "lossy.webp") { $0.quality = 80 })
        XCTAssertEqual(read.frames, 5)
        for (decoded, frame) in zip(read.pixels, frames) {
            let expected = frame.straightAlphaData()
            var error = 0
            var samples = 0
            for i in stride(from: 0, to: expected.count, by: 4) where expected[i + 3] == 255 {
                for k in 0..<3 { error += abs(Int(decoded[i + k]) - Int(expected[i + k])) }
                samples += 3
            }
            // Measured mean absolute error: about 1.5 code values.
            XCTAssertLessThan(Double(error) / Double(samples), 4)
        }
    }

    func testRawRGBAIsStraightAlphaFramesBackToBack() throws {
        let path = try encode(.rawRGBA, name: "clip.rgba")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(bytes, frames.flatMap { $0.straightAlphaData() })
    }
}
