import Foundation
@_exported import MediaTestSupport
import Raster
import XCTest

/// The types of the top-level boxes (atoms) of an ISO base media file, in file order.
func topLevelAtoms(of path: String) throws -> [String] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var atoms: [String] = []
    var offset = 0
    while offset + 8 <= bytes.count {
        var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
        if size == 1, offset + 16 <= bytes.count {
            size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) }
        } else if size == 0 {
            size = bytes.count - offset
        }
        guard size >= 8 else { break }
        atoms.append(type)
        offset += size
    }
    return atoms
}

/// PSNR in dB of BT.709 luma (Y' from gamma-encoded RGB), which 4:2:0 chroma subsampling
/// leaves nearly intact, over the top-left `reference`-sized region.
func lumaPSNR(decoded: Pixmap, reference: Pixmap, matte: (Int, Int, Int) = (255, 255, 255)) -> Double {
    func luma(_ c: (Int, Int, Int)) -> Double { 0.2126 * Double(c.0) + 0.7152 * Double(c.1) + 0.0722 * Double(c.2) }
    var squaredError = 0.0
    for y in 0..<reference.height {
        for x in 0..<reference.width {
            let expected = luma(compositeOverMatte(reference.pixel(x: x, y: y), matte: matte))
            let p = decoded.pixel(x: x, y: y)
            let d = luma((Int(p.r), Int(p.g), Int(p.b))) - expected
            squaredError += d * d
        }
    }
    let mse = squaredError / Double(reference.width * reference.height)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

/// `ffprobe -show_streams -count_frames` of the first stream of `path`, as key=value fields
/// (stream tags appear as `TAG:name`).
func ffprobeFields(_ path: String) throws -> [String: String] {
    let result = try runTool("ffprobe", ["-v", "error", "-count_frames", "-show_streams", "-select_streams", "v:0", path])
    XCTAssertEqual(result.status, 0, result.output)
    var fields: [String: String] = [:]
    for line in result.output.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2 { fields[parts[0]] = parts[1] }
    }
    return fields
}
