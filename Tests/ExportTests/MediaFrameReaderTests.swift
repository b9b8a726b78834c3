import Export
import Foundation
import Raster
import XCTest

final class MediaFrameReaderTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUpWithError() throws { scratch = try ScratchDirectory() }
    override func tearDown() { scratch.remove() }

    /// Frame by frame, the reader gives exactly what decoding the whole file gives, then nil.
    func testFramesEqualWholeDecoding() throws {
        let path = scratch.file("clip.mp4")
        let count = 12
        let sink = try makeFrameSink(path: path, format: .mp4, settings: EncoderSettings(width: 96, height: 64, fps: 30))
        for index in 0..<count { try sink.append(SyntheticFrames.movingSquare(width: 96, height: 64, index: index, count: count)) }
        try sink.finish()
        let whole = try MediaProbe.decodeFrames(path: path)
        XCTAssertEqual(whole.count, count)
        let reader = try MediaFrameReader(path: path)
        var streamed: [Pixmap] = []
        while let frame = try reader.next() { streamed.append(frame) }
        XCTAssertEqual(streamed, whole)
        XCTAssertEqual(reader.framesRead, count)
        XCTAssertNil(try reader.next())
        XCTAssertNotEqual(streamed.first, streamed.last, "the square moves, so a stuck reader would be caught")
    }
}
