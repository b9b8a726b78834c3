import Export
import Foundation
import Raster
import Timeline
import XCTest

/// A stroked union of a star and an inset circle against a reference no one here drew:
/// `Reference/stroked-union.png`, the union computed by skia-pathops and its outline
/// stroked by Blend2D (`Reference/stroked_union.py` regenerates it:
/// `python3 Tests/AnimateTests/Reference/stroked_union.py Tests/AnimateTests/Reference/stroked-union.png`).
///
/// The check, on the largest channel difference of each pixel: mean ≤ 1/255 and at most
/// 0.3 % of pixels off by more than 32/255. The same check must refuse a wrong
/// operation (intersection, subtraction, the symmetric difference, the two outlines
/// stroked separately) and a geometry off by a point (the circle inset by 21, a line
/// 5 wide). A failure writes `reference | diff | ours` to
/// `.build/golden-failures/stroked-union.png`.
final class StrokedUnionReferenceTests: XCTestCase {
    static let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Reference/stroked-union.png").path
    static let failure = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/golden-failures/stroked-union.png")

    /// The star (200 × 200, centred on a 240 × 240 canvas) with `operation` applied to
    /// the circle inset by `inset`, stroked `lineWidth` wide in pure blue on white.
    func render(operation: String = "union", inset: Int = 20, lineWidth: Int = 4) throws -> Pixmap {
        try render(#"""
            { "star": { "points": 5 }, "modifiers": [
                { "\#(operation)": { "shape": { "circle": {}, "modifiers": [ { "inset": \#(inset) } ] } } },
                { "stroke": { "paint": "#0000FF", "lineWidth": \#(lineWidth) } },
                { "frame": { "width": 200, "height": 200 } } ] }
            """#)
    }

    func render(_ scene: String) throws -> Pixmap {
        try TimelineLoader().load(Array("""
            { "size": [240, 240], "duration": 1, "fps": 1, "background": "white", "scene": \(scene) }
            """.utf8)).render(frame: 0)
    }

    /// Mean of the per-pixel largest channel difference (in 1/255) and the share of
    /// pixels whose largest difference exceeds 32/255.
    func difference(_ a: Pixmap, _ b: Pixmap) -> (mean: Double, over32: Double, largest: [Int]) {
        var sum = 0, over = 0
        var largest = [Int](repeating: 0, count: a.width * a.height)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
                largest[y * a.width + x] = d
                sum += d
                if d > 32 { over += 1 }
            }
        }
        let n = Double(a.width * a.height)
        return (Double(sum) / n, Double(over) / n, largest)
    }

    func passes(_ image: Pixmap, _ reference: Pixmap) -> Bool {
        let d = difference(image, reference)
        return d.mean <= 1 && d.over32 <= 0.003
    }

    func testMatchesSkiaPathOpsAndBlend2D() throws {
        let reference = try MediaProbe.decodeImage(path: Self.reference)
        let ours = try render()
        XCTAssertEqual(reference.width, 240)
        XCTAssertEqual(reference.height, 240)
        let d = difference(ours, reference)
        XCTAssertLessThanOrEqual(d.mean, 1, "mean difference \(d.mean)/255")
        XCTAssertLessThanOrEqual(d.over32, 0.003, "\(d.over32 * 100) % of pixels off by more than 32/255")
        if d.mean > 1 || d.over32 > 0.003 { writeFailure(reference, ours, d.largest) }
    }

    func testCatchesAWrongOperationOrGeometry() throws {
        let reference = try MediaProbe.decodeImage(path: Self.reference)
        for operation in ["intersection", "subtracting", "symmetricDifference"] {
            XCTAssertFalse(passes(try render(operation: operation), reference), operation)
        }
        XCTAssertFalse(passes(try render(inset: 21), reference), "the circle inset by 21")
        XCTAssertFalse(passes(try render(lineWidth: 5), reference), "a line 5 wide")
        let separately = try render(#"""
            { "zstack": [
                { "star": { "points": 5 }, "modifiers": [ { "stroke": { "paint": "#0000FF", "lineWidth": 4 } }, { "frame": { "width": 200, "height": 200 } } ] },
                { "circle": {}, "modifiers": [ { "inset": 20 }, { "stroke": { "paint": "#0000FF", "lineWidth": 4 } }, { "frame": { "width": 200, "height": 200 } } ] } ] }
            """#)
        XCTAssertFalse(passes(separately, reference), "the two outlines stroked separately")
    }

    func writeFailure(_ reference: Pixmap, _ ours: Pixmap, _ largest: [Int]) {
        let w = reference.width, h = reference.height
        var bytes = [UInt8](repeating: 255, count: 3 * w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let row = (y * 3 * w + x) * 4
                let shade = UInt8(255 - min(largest[y * w + x] * 4, 255))
                for (k, p) in [reference.pixel(x: x, y: y), PremultipliedRGBA8(r: shade, g: shade, b: shade, a: 255), ours.pixel(x: x, y: y)].enumerated() {
                    let i = row + k * w * 4
                    (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (p.r, p.g, p.b, p.a)
                }
            }
        }
        try? FileManager.default.createDirectory(at: Self.failure.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? writePNG(Pixmap(width: 3 * w, height: h, premultipliedData: bytes), to: Self.failure.path)
    }
}
