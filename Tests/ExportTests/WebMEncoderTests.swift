import Export
import Foundation
import Raster
import XCTest

final class WebMEncoderTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUpWithError() throws { scratch = try ScratchDirectory() }
    override func tearDown() { scratch.remove() }

    /// A disc of half-transparent red sliding over a clear background.
    private func frame(_ index: Int) -> Pixmap {
        var bytes = [UInt8](repeating: 0, count: 64 * 48 * 4)
        for y in 0..<48 {
            for x in 0..<64 {
                let dx = Double(x - 16 - 4 * index), dy = Double(y - 24)
                guard dx * dx + dy * dy < 144 else { continue }
                let i = (y * 64 + x) * 4
                bytes[i] = 220; bytes[i + 1] = 30; bytes[i + 2] = 40; bytes[i + 3] = x < 16 + 4 * index ? 255 : 128
            }
        }
        return Pixmap(width: 64, height: 48, straightAlphaData: bytes)
    }

    func testClearBackgroundKeepsAlpha() throws {
        let path = scratch.file("clear.webm")
        let sink = try makeFrameSink(path: path, format: .webm, settings: EncoderSettings(width: 64, height: 48, fps: 25, keepsAlpha: true))
        for i in 0..<6 { try sink.append(frame(i)) }
        try sink.finish()
        let fields = try ffprobeFields(path)
        XCTAssertEqual(fields["codec_name"], "vp9")
        XCTAssertEqual(fields["TAG:alpha_mode"] ?? fields["TAG:ALPHA_MODE"], "1", "\(fields)")
        XCTAssertEqual(fields["color_space"], "bt709")
        XCTAssertEqual(fields["color_range"], "tv")
        XCTAssertEqual(fields["nb_read_frames"], "6")
        let decoded = try MediaProbe.decodeFrames(path: path)
        XCTAssertEqual(decoded.count, 6)
        for (index, pixmap) in decoded.enumerated() {
            XCTAssertLessThan(pixmap.pixel(x: 60, y: 4).a, 8, "a clear corner stays clear, frame \(index)")
            let inside = pixmap.pixel(x: 12 + 4 * index, y: 24)
            XCTAssertGreaterThan(inside.a, 240, "frame \(index)")
            XCTAssertEqual(Int(inside.r), 220, accuracy: 12, "frame \(index)")
            XCTAssertEqual(Int(pixmap.pixel(x: 22 + 4 * index, y: 24).a), 128, accuracy: 12, "half-transparent edge, frame \(index)")
        }
    }

    func testOpaqueBackgroundHasNoAlpha() throws {
        let path = scratch.file("opaque.webm")
        let sink = try makeFrameSink(path: path, format: .webm, settings: EncoderSettings(width: 64, height: 48, fps: 25, matte: .black))
        for i in 0..<3 { try sink.append(frame(i)) }
        try sink.finish()
        let fields = try ffprobeFields(path)
        XCTAssertNil(fields["TAG:alpha_mode"] ?? fields["TAG:ALPHA_MODE"])
        XCTAssertEqual(fields["pix_fmt"], "yuv420p")
        let corner = try XCTUnwrap(MediaProbe.decodeFrames(path: path).first).pixel(x: 60, y: 4)
        XCTAssertEqual(corner.a, 255)
        XCTAssertLessThan(corner.r, 8, "composited over black")
    }
}
