@testable import Export
import Foundation
import Raster
import XCTest

final class ConcatenationTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUpWithError() throws { scratch = try ScratchDirectory() }
    override func tearDown() { scratch.remove() }

    private let frames = (0..<9).map { SyntheticFrames.movingSquare(width: 48, height: 32, index: $0, count: 9) }

    /// Encodes `frames[range]` as a piece starting at frame `range.lowerBound`; GIFs analyse `analyzed` first.
    private func piece(_ range: Range<Int>, _ format: OutputFormat, name: String, analyzed: [Pixmap]? = nil,
                       configure: (inout EncoderSettings) -> Void = { _ in }) throws -> String {
        let path = scratch.file(name)
        var settings = EncoderSettings(width: 48, height: 32, fps: 30, firstFrame: range.lowerBound, dither: .none, lossy: 0)
        configure(&settings)
        let sink = try makeFrameSink(path: path, format: format, settings: settings)
        if let analyzing = sink as? AnalyzingFrameSink { for frame in analyzed ?? frames { try analyzing.analyze(frame) } }
        for frame in frames[range] { try sink.append(frame) }
        try sink.finish()
        return path
    }

    func testGIFPiecesJoinIntoTheWhole() throws {
        let whole = try piece(0..<9, .gif, name: "whole.gif")
        let parts = [try piece(0..<4, .gif, name: "a.gif"), try piece(4..<9, .gif, name: "b.gif")]
        let joined = scratch.file("joined.gif")
        try Concatenation.join(parts, into: joined)
        XCTAssertEqual(try MediaProbe.decodeFrames(path: joined), try MediaProbe.decodeFrames(path: whole))
        XCTAssertEqual(try MediaProbe.info(path: joined).frameDurations, try MediaProbe.info(path: whole).frameDurations)
        XCTAssertEqual(try MediaProbe.info(path: joined).loopCount, 0)
    }

    func testGIFPiecesWithTheirOwnPalettesKeepTheirColours() throws {
        let a = SyntheticFrames.quadrants(width: 48, height: 32, [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)])
        let b = SyntheticFrames.quadrants(width: 48, height: 32, [(10, 20, 30), (200, 100, 50), (0, 0, 0), (90, 90, 250)])
        func single(_ frame: Pixmap, _ name: String) throws -> String {
            let path = scratch.file(name)
            let sink = try makeFrameSink(path: path, format: .gif, settings: EncoderSettings(width: 48, height: 32, fps: 30))
            try sink.append(frame)
            try sink.finish()
            return path
        }
        let joined = scratch.file("joined.gif")
        try Concatenation.join([try single(a, "a.gif"), try single(b, "b.gif"), try single(a, "c.gif")], into: joined)
        XCTAssertEqual(try MediaProbe.decodeFrames(path: joined), [a, b, a])
    }

    func testLosslessMP4PiecesJoinIntoTheWhole() throws {
        let lossless: (inout EncoderSettings) -> Void = { $0.crf = 0 }
        let whole = try piece(0..<9, .mp4, name: "whole.mp4", configure: lossless)
        let parts = [try piece(0..<3, .mp4, name: "a.mp4", configure: lossless), try piece(3..<9, .mp4, name: "b.mp4", configure: lossless)]
        let joined = scratch.file("joined.mp4")
        try Concatenation.join(parts, into: joined)
        XCTAssertEqual(try MediaProbe.decodeFrames(path: joined), try MediaProbe.decodeFrames(path: whole))
        let info = try MediaProbe.info(path: joined)
        XCTAssertEqual(info.frameCount, 9)
        XCTAssertEqual(info.frameDurations.reduce(0, +), 9.0 / 30, accuracy: 1e-6)
        XCTAssertEqual(info.colorSpace, "bt709")
        let atoms = try topLevelAtoms(of: joined)
        XCTAssertLessThan(try XCTUnwrap(atoms.firstIndex(of: "moov")), try XCTUnwrap(atoms.firstIndex(of: "mdat")))
    }

    func testWebMPiecesKeepTheirAlpha() throws {
        let keepAlpha: (inout EncoderSettings) -> Void = { $0.keepsAlpha = true }
        let translucent = (0..<6).map { SyntheticFrames.movingSquare(width: 48, height: 32, index: $0, count: 6, squareAlpha: 128) }
        func part(_ range: Range<Int>, _ name: String) throws -> String {
            let path = scratch.file(name)
            var settings = EncoderSettings(width: 48, height: 32, fps: 30, firstFrame: range.lowerBound)
            keepAlpha(&settings)
            let sink = try makeFrameSink(path: path, format: .webm, settings: settings)
            for frame in translucent[range] { try sink.append(frame) }
            try sink.finish()
            return path
        }
        let joined = scratch.file("joined.webm")
        try Concatenation.join([try part(0..<3, "a.webm"), try part(3..<6, "b.webm")], into: joined)
        let fields = try ffprobeFields(joined)
        XCTAssertEqual(fields["TAG:alpha_mode"] ?? fields["TAG:ALPHA_MODE"], "1", "\(fields)")
        XCTAssertEqual(fields["nb_read_frames"], "6")
        let decoded = try MediaProbe.decodeFrames(path: joined)
        XCTAssertEqual(decoded.count, 6)
        for (index, frame) in decoded.enumerated() {
            let left = (48 - 12) * index / 5
            XCTAssertEqual(Int(frame.pixel(x: left + 6, y: 16).a), 128, accuracy: 12, "frame \(index)")
        }
    }

    func testRawPiecesJoinByteForByte() throws {
        let joined = scratch.file("joined.rgba")
        try Concatenation.join([try piece(0..<5, .rawRGBA, name: "a.rgba"), try piece(5..<9, .rawRGBA, name: "b.rgba")], into: joined)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: joined))), frames.flatMap { $0.straightAlphaData() })
    }

    func testMismatchedPiecesAreRefusedAndNothingIsWritten() throws {
        let a = try piece(0..<3, .mp4, name: "a.mp4")
        let b = try piece(3..<9, .mp4, name: "b.mp4") { $0.crf = 30 }
        let joined = scratch.file("joined.mp4")
        XCTAssertThrowsError(try Concatenation.join([a, b], into: joined)) { error in
            guard case .cannotJoin = error as? ExportError else { return XCTFail("\(error)") }
            XCTAssertTrue(String(describing: error).contains("b.mp4"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: joined))
        XCTAssertThrowsError(try Concatenation.join([try piece(0..<2, .apng, name: "a.apng")], into: scratch.file("j.apng")))
        XCTAssertEqual(try scratch.contents().filter { $0.hasPrefix(".") }, [])
    }

    func testPiecesThatOverlapLeaveAGapOrComeOutOfOrderAreRefusedNamingTheFrames() throws {
        for format in [OutputFormat.gif, .mp4, .webm] {
            let ext = format == .gif ? "gif" : format == .mp4 ? "mp4" : "webm"
            func part(_ range: Range<Int>, _ name: String) throws -> String {
                try piece(range, format, name: "\(name).\(ext)") { $0.frameCount = range.count }
            }
            let a = try part(0..<4, "a"), b = try part(4..<9, "b"), early = try part(2..<9, "early"), late = try part(6..<9, "late")
            let joined = scratch.file("joined.\(ext)")
            let refusals: [([String], [String])] = [
                ([a, early], ["a.\(ext)", "early.\(ext)", "overlap", "frames 2..<4 are in both"]),
                ([a, late], ["frames 4..<6 are missing", "a.\(ext)", "late.\(ext)"]),
                ([b, a], ["a.\(ext) (frames 0..<4) comes after", "b.\(ext) (frames 4..<9)", "in order"]),
            ]
            for (pieces, phrases) in refusals {
                XCTAssertThrowsError(try Concatenation.join(pieces, into: joined)) { error in
                    guard case .cannotJoin = error as? ExportError else { return XCTFail("\(error)") }
                    for phrase in phrases { XCTAssertTrue(String(describing: error).contains(phrase), "\(phrase): \(error)") }
                }
                XCTAssertFalse(FileManager.default.fileExists(atPath: joined))
            }
            // Pieces that join record the joined range, so the result joins again.
            try Concatenation.join([a, b], into: joined)
            XCTAssertEqual(try Concatenation.pieceRanges([joined], format: format), [PieceRange(frames: 0..<9)])
            XCTAssertEqual(try MediaProbe.info(path: joined).frameCount, 9)
        }
        XCTAssertEqual(try scratch.contents().filter { $0.hasPrefix(".") }, [])
    }

    func testPieceRangeTagsReadBackAndOthersAreIgnored() {
        XCTAssertEqual(PieceRange(tag: PieceRange(frames: 13..<30).tag), PieceRange(frames: 13..<30))
        for text in ["", "animate frames", "animate frames 5..<5", "animate frames -1..<3", "animate frames 3...9", "made with something else"] {
            XCTAssertNil(PieceRange(tag: text), text)
        }
    }

    func testTimestampsPastSixtyFourBitsAreRefusedNotTrapped() throws {
        XCTAssertEqual(try Concatenation.shifted(90, by: 3000, piece: "b.mp4", path: "joined.mp4"), 3090)
        XCTAssertThrowsError(try Concatenation.shifted(.max - 10, by: 3000, piece: "b.mp4", path: "joined.mp4")) { error in
            guard case .cannotJoin(_, let reason) = error as? ExportError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("b.mp4") && reason.contains("out of range"), reason)
        }
    }
}
