import Export
import Foundation
import Raster
import XCTest

final class MP4EncoderTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUpWithError() throws { scratch = try ScratchDirectory() }
    override func tearDown() { scratch.remove() }

    /// Encodes `count` moving-square frames and returns the output path and the frames.
    private func encode(width: Int, height: Int, count: Int, settings: EncoderSettings? = nil, squareAlpha: UInt8 = 255) throws -> (String, [Pixmap]) {
        let path = scratch.file("clip.mp4")
        let frames = (0..<count).map { SyntheticFrames.movingSquare(width: width, height: height, index: $0, count: count, squareAlpha: squareAlpha) }
        let sink = try makeFrameSink(path: path, format: .mp4, settings: settings ?? EncoderSettings(width: width, height: height, fps: 30))
        for frame in frames { try sink.append(frame) }
        try sink.finish()
        return (path, frames)
    }

    func testEvenSizeStreamPropertiesAndTags() throws {
        let (path, _) = try encode(width: 64, height: 48, count: 17)
        let info = try MediaProbe.info(path: path)
        XCTAssertEqual(info.codecName, "h264")
        XCTAssertEqual(info.pixelFormat, "yuv420p")
        XCTAssertEqual(info.frameCount, 17)
        XCTAssertEqual(info.width, 64)
        XCTAssertEqual(info.height, 48)
        XCTAssertEqual(info.frameRate ?? 0, 30, accuracy: 1e-9)
        XCTAssertEqual(info.frameDurations.reduce(0, +), 17.0 / 30, accuracy: 1e-6)
        XCTAssertEqual(info.colorSpace, "bt709")
        XCTAssertEqual(info.colorPrimaries, "bt709")
        XCTAssertEqual(info.colorTransfer, "iec61966-2-1")
        XCTAssertEqual(info.colorRange, "tv")
        XCTAssertEqual(info.chromaLocation, "left")
        XCTAssertNil(info.loopCount)
    }

    func testMoovComesBeforeMdat() throws {
        let (path, _) = try encode(width: 64, height: 48, count: 5)
        let atoms = try topLevelAtoms(of: path)
        let moov = try XCTUnwrap(atoms.firstIndex(of: "moov"), "\(atoms)")
        let mdat = try XCTUnwrap(atoms.firstIndex(of: "mdat"), "\(atoms)")
        XCTAssertLessThan(moov, mdat, "\(atoms)")
        XCTAssertEqual(atoms.first, "ftyp")
    }

    func testDecodedFramesMatchTheSource() throws {
        let (path, frames) = try encode(width: 160, height: 120, count: 8)
        let decoded = try MediaProbe.decodeFrames(path: path)
        XCTAssertEqual(decoded.count, frames.count)
        for (index, (actual, expected)) in zip(decoded, frames).enumerated() {
            assertClose(actual, expected, "frame \(index)")
        }
    }

    /// Luma carries the encoder's error (measured 47-52 dB at crf 18 on these frames); RGB
    /// also carries 4:2:0 chroma subsampling, which smears the square's hard red edges
    /// (measured 30-42 dB). A wrong matrix, range or siting drops luma well below the bound.
    private func assertClose(_ actual: Pixmap, _ expected: Pixmap, matte: (Int, Int, Int) = (255, 255, 255), _ message: String) {
        XCTAssertGreaterThan(lumaPSNR(decoded: actual, reference: expected, matte: matte), 44, message)
        XCTAssertGreaterThan(psnr(decoded: actual, reference: expected, matte: matte), 28, message)
    }

    func testOddSizeIsPaddedWithTheMatte() throws {
        let matte = Color(r8: 20, g8: 200, b8: 90)
        let settings = EncoderSettings(width: 161, height: 91, fps: 30, matte: matte)
        let (path, frames) = try encode(width: 161, height: 91, count: 6, settings: settings)
        let info = try MediaProbe.info(path: path)
        XCTAssertEqual(info.width, 162)
        XCTAssertEqual(info.height, 92)
        XCTAssertEqual(info.frameCount, 6)
        let decoded = try MediaProbe.decodeFrames(path: path)
        XCTAssertEqual(decoded.count, 6)
        for (index, (actual, expected)) in zip(decoded, frames).enumerated() {
            assertClose(actual, expected, matte: (20, 200, 90), "frame \(index)")
            // The padding row, away from the corner where its chroma blends with the image.
            let padding = actual.pixel(x: 80, y: 91)
            XCTAssertEqual(Int(padding.g), 200, accuracy: 12, "frame \(index)")
        }
    }

    func testTransparentPixelsAreCompositedOverTheMatte() throws {
        let settings = EncoderSettings(width: 64, height: 48, fps: 30, matte: .black)
        let (path, frames) = try encode(width: 64, height: 48, count: 3, settings: settings, squareAlpha: 100)
        let decoded = try MediaProbe.decodeFrames(path: path)
        for (actual, expected) in zip(decoded, frames) {
            assertClose(actual, expected, matte: (0, 0, 0), "over black")
            XCTAssertLessThan(lumaPSNR(decoded: actual, reference: expected, matte: (255, 255, 255)), 30, "not over white")
        }
    }

    func testFlatSaturatedColourSurvivesTheBT709RoundTrip() throws {
        let path = scratch.file("red.mp4")
        let red = Pixmap(width: 32, height: 32, fill: PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        let sink = try makeFrameSink(path: path, format: .mp4, settings: EncoderSettings(width: 32, height: 32, fps: 25))
        try sink.append(red)
        try sink.finish()
        let pixel = try XCTUnwrap(MediaProbe.decodeFrames(path: path).first).pixel(x: 16, y: 16)
        XCTAssertEqual(Int(pixel.r), 255, accuracy: 3)
        XCTAssertEqual(Int(pixel.g), 0, accuracy: 3)
        XCTAssertEqual(Int(pixel.b), 0, accuracy: 3)
    }

    func testFfprobeAgrees() throws {
        let ffprobe = "/usr/bin/ffprobe"
        guard FileManager.default.isExecutableFile(atPath: ffprobe) else { throw XCTSkip("ffprobe is not installed") }
        let (path, _) = try encode(width: 62, height: 40, count: 9)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments = ["-v", "error", "-count_frames", "-show_streams", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        var fields: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        XCTAssertEqual(fields["codec_name"], "h264")
        XCTAssertEqual(fields["pix_fmt"], "yuv420p")
        XCTAssertEqual(fields["width"], "62")
        XCTAssertEqual(fields["height"], "40")
        XCTAssertEqual(fields["nb_read_frames"], "9")
        XCTAssertEqual(fields["r_frame_rate"], "30/1")
        XCTAssertEqual(fields["color_space"], "bt709")
        XCTAssertEqual(fields["color_primaries"], "bt709")
        XCTAssertEqual(fields["color_transfer"], "iec61966-2-1")
        XCTAssertEqual(fields["color_range"], "tv")
        XCTAssertEqual(fields["chroma_location"], "left")
    }

    func testSettingsAreValidated() {
        let path = scratch.file("bad.mp4")
        XCTAssertThrowsError(try makeFrameSink(path: path, format: .mp4, settings: EncoderSettings(width: 64, height: 48, fps: 30, preset: "fastest"))) { error in
            XCTAssertTrue(String(describing: error).contains("veryfast"), "\(error)")
        }
        XCTAssertThrowsError(try makeFrameSink(path: path, format: .mp4, settings: EncoderSettings(width: 64, height: 48, fps: 30, crf: 60)))
        XCTAssertThrowsError(try makeFrameSink(path: path, format: .mp4, settings: EncoderSettings(width: 0, height: 48, fps: 30)))
        XCTAssertThrowsError(try makeFrameSink(path: path, format: .mp4, settings: EncoderSettings(width: 64, height: 48, fps: 0)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testFullChromaArchivesAreYUV444() throws {
        let settings = EncoderSettings(width: 64, height: 48, fps: 30, fullChroma: true)
        let (path, frames) = try encode(width: 64, height: 48, count: 4, settings: settings)
        let info = try MediaProbe.info(path: path)
        XCTAssertEqual(info.pixelFormat, "yuv444p")
        XCTAssertEqual(info.colorSpace, "bt709")
        let subsampled = scratch.file("subsampled.mp4")
        let sink = try makeFrameSink(path: subsampled, format: .mp4, settings: EncoderSettings(width: 64, height: 48, fps: 30))
        for frame in frames { try sink.append(frame) }
        try sink.finish()
        // Full chroma keeps the red square's edges that 4:2:0 smears: measured 36.6 dB against 33.8 dB.
        let full = psnr(decoded: try MediaProbe.decodeFrames(path: path), reference: frames)
        let half = psnr(decoded: try MediaProbe.decodeFrames(path: subsampled), reference: frames)
        XCTAssertGreaterThan(full, half + 1, "4:4:4 \(full) dB, 4:2:0 \(half) dB")
    }

    func testWithinOneDecibelOfAPlainYUV420RoundTrip() throws {
        // crf 0 is lossless x264: its decoded frames are exactly our RGB → yuv420p → RGB round
        // trip. The default crf 18 must stay within 1 dB of it.
        let frames = (0..<8).map { SyntheticFrames.tutorialFrame(width: 160, height: 96, index: $0, count: 8) }
        func roundTrip(crf: Int, name: String) throws -> Double {
            let path = scratch.file(name)
            let sink = try makeFrameSink(path: path, format: .mp4, settings: EncoderSettings(width: 160, height: 96, fps: 30, crf: crf))
            for frame in frames { try sink.append(frame) }
            try sink.finish()
            return psnr(decoded: try MediaProbe.decodeFrames(path: path), reference: frames)
        }
        let plain = try roundTrip(crf: 0, name: "lossless.mp4")
        let encoded = try roundTrip(crf: 18, name: "crf18.mp4")
        // Measured: 38.2 dB round trip, 37.6 dB at crf 18.
        XCTAssertGreaterThan(encoded, plain - 1, "crf 18: \(encoded) dB, yuv420p round trip: \(plain) dB")
    }

    func testBitExactOutputIsReproducible() throws {
        let settings = EncoderSettings(width: 64, height: 48, fps: 30, bitExact: true)
        var files: [Data] = []
        for name in ["a.mp4", "b.mp4"] {
            let path = scratch.file(name)
            let sink = try makeFrameSink(path: path, format: .mp4, settings: settings)
            for i in 0..<5 { try sink.append(SyntheticFrames.movingSquare(width: 64, height: 48, index: i, count: 5)) }
            try sink.finish()
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        XCTAssertEqual(files[0], files[1])
        XCTAssertNil(files[0].range(of: Data("Lavf".utf8)), "no muxer version string")
    }

    func testTuneIsValidated() {
        XCTAssertThrowsError(try makeFrameSink(path: scratch.file("t.mp4"), format: .mp4, settings: EncoderSettings(width: 64, height: 48, fps: 30, tune: "cartoon"))) { error in
            XCTAssertTrue(String(describing: error).contains("animation"), "\(error)")
        }
    }
}
