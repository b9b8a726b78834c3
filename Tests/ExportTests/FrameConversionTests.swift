import Export
import Foundation
import MediaTestSupport
import Raster
import XCTest

/// Decoded video's RGB against ffmpeg's own exact conversion of the same file (BT.709,
/// limited range, left-sited chroma, as animate's MP4s are tagged), with a tolerance shown
/// to catch the wrong matrix (BT.601) and the wrong range (full).
final class FrameConversionTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUpWithError() throws { scratch = try ScratchDirectory() }
    override func tearDown() { scratch.remove() }

    /// Per-channel mean and largest absolute difference between two runs of frames, and the
    /// share of pixels off by more than 8 levels in a channel.
    struct Difference: CustomStringConvertible {
        var mean: [Double]
        var max: [Int]
        var outliers: Double
        var description: String {
            "mean \(mean.map { String(format: "%.2f", $0) }.joined(separator: "/")), max \(max.map(String.init).joined(separator: "/")), "
                + String(format: "%.2f %% of pixels off by more than 8", outliers * 100)
        }
    }

    static func difference(_ frames: [Pixmap], _ reference: [UInt8]) -> Difference {
        var sums = [0, 0, 0], largest = [0, 0, 0], count = 0, outliers = 0
        var offset = 0
        for frame in frames {
            for i in stride(from: 0, to: frame.data.count, by: 4) {
                var off = false
                for c in 0..<3 {
                    let d = abs(Int(frame.data[i + c]) - Int(reference[offset + i + c]))
                    sums[c] += d
                    largest[c] = Swift.max(largest[c], d)
                    off = off || d > 8
                }
                count += 1
                if off { outliers += 1 }
            }
            offset += frame.data.count
        }
        return Difference(mean: sums.map { Double($0) / Double(count) }, max: largest, outliers: Double(outliers) / Double(count))
    }

    /// The tolerance: a fast conversion repeats each chroma sample instead of interpolating it,
    /// which changes the pixels along colour edges (by up to the step across the edge) but leaves
    /// flat areas and gradients within a few levels; a wrong matrix or range moves most colours.
    static func withinTolerance(_ d: Difference) -> Bool {
        d.mean.allSatisfy { $0 <= 2.5 } && d.outliers <= 0.05
    }

    /// ffmpeg's RGBA for `path` as raw bytes, converted exactly with the matrix and range given.
    func ffmpegRGBA(_ path: String, matrix: String, range: String) throws -> [UInt8] {
        let output = scratch.file("reference-\((path as NSString).lastPathComponent)-\(matrix)-\(range).rgba")
        let filter = "scale=in_color_matrix=\(matrix):in_range=\(range):out_range=pc:in_h_chr_pos=0:in_v_chr_pos=128"
            + ":flags=bicubic+accurate_rnd+full_chroma_int,format=rgba"
        let run = try runTool("ffmpeg", ["-v", "error", "-i", path, "-vf", filter, "-f", "rawvideo", "-y", output])
        XCTAssertEqual(run.status, 0, run.output)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// Rows a multiple of 64 bytes apart, converted in place.
    func testDecodedRGBMatchesFFmpegAndCatchesWrongMatrixOrRange() throws {
        try checkConversion(width: 320, height: 240)
    }

    /// Rows of 16k + 6 pixels, converted through a padded frame.
    func testDecodedRGBOfAnUnalignedWidthMatchesFFmpeg() throws {
        try checkConversion(width: 326, height: 182)
    }

    func checkConversion(width: Int, height: Int) throws {
        let path = scratch.file("clip-\(width).mp4")
        let count = 6
        let sink = try makeFrameSink(path: path, format: .mp4, settings: EncoderSettings(width: width, height: height, fps: 30))
        for index in 0..<count { try sink.append(SyntheticFrames.movingSquare(width: width, height: height, index: index, count: count)) }
        try sink.finish()
        let fields = try ffprobeFields(path)
        XCTAssertEqual(fields["color_space"], "bt709")
        XCTAssertEqual(fields["color_range"], "tv")

        let reference = try ffmpegRGBA(path, matrix: "bt709", range: "tv")
        let wrongMatrix = try ffmpegRGBA(path, matrix: "bt601", range: "tv")
        let wrongRange = try ffmpegRGBA(path, matrix: "bt709", range: "pc")
        XCTAssertEqual(reference.count, width * height * 4 * count)

        for conversion in [FrameConversion.fast, .accurate] {
            let frames = try MediaProbe.decodeFrames(path: path, conversion: conversion)
            XCTAssertEqual(frames.count, count)
            XCTAssert(frames.allSatisfy { frame in stride(from: 3, to: frame.data.count, by: 4).allSatisfy { frame.data[$0] == 255 } }, "video is opaque")
            let right = Self.difference(frames, reference)
            let matrix = Self.difference(frames, wrongMatrix)
            let range = Self.difference(frames, wrongRange)
            print("\(conversion): against ffmpeg \(right); against BT.601 \(matrix); against full range \(range)")
            XCTAssert(Self.withinTolerance(right), "\(conversion) conversion against ffmpeg's: \(right)")
            XCTAssertFalse(Self.withinTolerance(matrix), "\(conversion) conversion against BT.601: \(matrix)")
            XCTAssertFalse(Self.withinTolerance(range), "\(conversion) conversion against full range: \(range)")
        }
    }
}
