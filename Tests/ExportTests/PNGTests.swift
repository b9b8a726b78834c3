import Export
import Foundation
import Raster
import XCTest

final class PNGTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUpWithError() throws { scratch = try ScratchDirectory() }
    override func tearDown() { scratch.remove() }

    /// Pixels with every kind of alpha: opaque, clear, and partial over varied colours.
    private func translucentImage(width: Int = 23, height: Int = 17) -> Pixmap {
        var bytes = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8(x * 11 % 256), UInt8(y * 15 % 256), UInt8((x * y) % 256), UInt8((x * 37 + y * 91) % 256)]
            }
        }
        return Pixmap(width: width, height: height, straightAlphaData: bytes)
    }

    func testRoundTripIsExact() throws {
        let image = translucentImage()
        let path = scratch.file("still.png")
        try writePNG(image, to: path)
        let info = try MediaProbe.info(path: path)
        XCTAssertEqual(info.codecName, "png")
        XCTAssertEqual(info.pixelFormat, "rgba")
        XCTAssertEqual(info.frameCount, 1)
        let decoded = try MediaProbe.decodeFrames(path: path)
        XCTAssertEqual(decoded.count, 1)
        XCTAssertEqual(decoded.first, image)
        XCTAssertEqual(decoded.first?.straightAlphaData(), image.straightAlphaData())
        XCTAssertEqual(try scratch.contents(), ["still.png"])
    }

    func testPNGIsTaggedSRGB() throws {
        let path = scratch.file("tagged.png")
        try writePNG(translucentImage(), to: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertNotNil(bytes.indices.dropLast(4).first { Array(bytes[$0..<$0 + 4]) == Array("sRGB".utf8) })
    }

    func testSingleImageSink() throws {
        let image = translucentImage()
        let path = scratch.file("frame.png")
        let sink = try makeFrameSink(path: path, format: .png, settings: EncoderSettings(width: image.width, height: image.height, fps: 30))
        try sink.append(image)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "the target appears only when finished")
        try sink.finish()
        XCTAssertEqual(try MediaProbe.decodeFrames(path: path), [image])
    }

    func testSingleImageSinkRejectsASecondFrame() throws {
        let image = translucentImage()
        let path = scratch.file("frame.png")
        let sink = try makeFrameSink(path: path, format: .png, settings: EncoderSettings(width: image.width, height: image.height, fps: 30))
        try sink.append(image)
        XCTAssertThrowsError(try sink.append(image)) { error in
            XCTAssertEqual(error as? ExportError, .tooManyFrames(path: path, limit: 1))
        }
        XCTAssertEqual(try scratch.contents(), [])
    }

    func testSequenceWritesOneFilePerFrameFromThePattern() throws {
        let frames = (0..<5).map { SyntheticFrames.movingSquare(width: 24, height: 16, index: $0, count: 5, squareAlpha: 128) }
        let pattern = scratch.file("out/frames/f_%03d.png")
        let format = try OutputFormat(path: pattern)
        let sink = try makeFrameSink(path: pattern, format: format, settings: EncoderSettings(width: 24, height: 16, fps: 30))
        for frame in frames { try sink.append(frame) }
        try sink.finish()
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.file("out/frames")).sorted()
        XCTAssertEqual(names, ["f_000.png", "f_001.png", "f_002.png", "f_003.png", "f_004.png"])
        for (index, frame) in frames.enumerated() {
            XCTAssertEqual(try MediaProbe.decodeFrames(path: scratch.file("out/frames/\(names[index])")), [frame])
        }
    }

    func testFolderOutputUsesFourDigits() throws {
        let format = try OutputFormat(path: scratch.file("seq/"))
        let sink = try makeFrameSink(path: scratch.file("seq/"), format: format, settings: EncoderSettings(width: 8, height: 8, fps: 30))
        for _ in 0..<3 { try sink.append(Pixmap(width: 8, height: 8)) }
        try sink.finish()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.file("seq")).sorted(), ["0000.png", "0001.png", "0002.png"])
    }

    func testCancelledSequenceLeavesNothing() throws {
        let pattern = scratch.file("new/dir/%04d.png")
        let sink = try makeFrameSink(path: pattern, format: .pngSequence(pattern: pattern), settings: EncoderSettings(width: 8, height: 8, fps: 30))
        for _ in 0..<3 { try sink.append(Pixmap(width: 8, height: 8)) }
        sink.cancel()
        XCTAssertEqual(try scratch.contents(), [], "created directories are removed too")
    }

    func testWritingIntoAMissingDirectoryFailsWithThePath() {
        let path = scratch.file("missing/still.png")
        XCTAssertThrowsError(try writePNG(Pixmap(width: 4, height: 4), to: path)) { error in
            XCTAssertTrue(String(describing: error).contains("missing"), "\(error)")
        }
    }
}
