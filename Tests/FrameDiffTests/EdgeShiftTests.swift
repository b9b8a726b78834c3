import FrameDiff
import Foundation
import Geometry
import Raster
import XCTest

/// The edge rule on pairs drawn by the project's rasterizer (and one by Blend2D): what a
/// reviewer sees (edges moved by half a pixel or more) fails, rendering noise passes.
final class EdgeShiftTests: XCTestCase {
    let comparator = FrameComparator()

    /// A ring stroked `lineWidth` wide, a rounded card with radius `radius`, and a bar
    /// turned by `angle` degrees, all moved by (`dx`, `dy`) and scaled by `scale` about the centre.
    static func scene(
        lineWidth: Double = 14, radius: Double = 20, angle: Double = 0, dx: Double = 0, dy: Double = 0, scale: Double = 1,
        tolerance: Double = Path.defaultTolerance, card: Color = Color(r8: 40, g8: 110, b8: 220)
    ) -> Pixmap {
        let canvas = Canvas(width: 160, height: 120, background: .white)
        canvas.tolerance = tolerance
        let move = AffineTransform(translationX: dx, y: dy)
            .concatenating(AffineTransform(translationX: -80, y: -60).concatenating(AffineTransform(scaleX: scale, y: scale)).concatenating(AffineTransform(translationX: 80, y: 60)))
        var ring = Path()
        ring.addEllipse(in: Rect(x: 14, y: 14, width: 56, height: 56))
        canvas.stroke(ring, transform: move, paint: .solid(Color(r8: 230, g8: 60, b8: 90)), style: StrokeStyle(lineWidth: lineWidth))
        var rounded = Path()
        rounded.addRoundedRect(Rect(x: 86, y: 12, width: 62, height: 56), cornerRadius: radius)
        canvas.fill(rounded, transform: move, paint: .solid(card))
        var bar = Path()
        bar.addRect(Rect(x: 20, y: 92, width: 120, height: 10))
        let turn = AffineTransform(translationX: -80, y: -97).concatenating(AffineTransform(rotationAngle: angle * .pi / 180))
            .concatenating(AffineTransform(translationX: 80, y: 97))
        canvas.fill(bar, transform: turn.concatenating(move), paint: .solid(Color(r8: 20, g8: 20, b8: 20)))
        return canvas.pixmap
    }

    func testEdgesMovedByHalfAPixelOrMoreFail() {
        let base = Self.scene()
        let changes: [(String, Pixmap)] = [
            ("stroke 13", Self.scene(lineWidth: 13)), ("stroke 15", Self.scene(lineWidth: 15)), ("stroke 12", Self.scene(lineWidth: 12)),
            ("stroke 16", Self.scene(lineWidth: 16)), ("x + 1", Self.scene(dx: 1)), ("y − 1", Self.scene(dy: -1)),
            ("radius 22", Self.scene(radius: 22)), ("radius 24", Self.scene(radius: 24)), ("rotation 1°", Self.scene(angle: 1)),
            ("rotation −1°", Self.scene(angle: -1)), ("scale 101 %", Self.scene(scale: 1.01)), ("scale 99 %", Self.scene(scale: 0.99)),
        ]
        for (name, actual) in changes {
            let d = comparator.compare(expected: base, actual: actual).difference
            XCTAssertFalse(d.isWithinTolerance, name)
            XCTAssertGreaterThan(d.largestEdgeShift, 0.5, name)
            XCTAssertGreaterThan(d.largestCluster, 40, "\(name): the moved edge is one coherent difference")
        }
    }

    func testColourChangesOfTwoToFiveDeltaEFail() {
        let base = Self.scene()
        let card = CIELab(r8: 40, g8: 110, b8: 220)
        for (r, g, b) in [(40, 116, 220), (40, 104, 212), (40, 120, 220), (30, 118, 220), (40, 110, 200)] {
            let deltaE = card.deltaE2000(CIELab(r8: UInt8(r), g8: UInt8(g), b8: UInt8(b)))
            XCTAssert((2...5).contains(deltaE), "ΔE \(deltaE)")
            let d = comparator.compare(expected: base, actual: Self.scene(card: Color(r8: r, g8: g, b8: b))).difference
            XCTAssertFalse(d.isWithinTolerance, "ΔE \(deltaE)")
        }
    }

    func testTenthOfAPixelShiftsPass() {
        let base = Self.scene()
        let steps = [-0.1, -0.05, 0, 0.05, 0.1]
        for (dx, dy) in steps.flatMap({ dx in steps.map { (dx, $0) } }) {
            let d = comparator.compare(expected: base, actual: Self.scene(dx: dx, dy: dy)).difference
            XCTAssertTrue(d.isWithinTolerance, "shift (\(dx), \(dy)): \(d.violations)")
            XCTAssertEqual(d.differingPixels, 0, "shift (\(dx), \(dy))")
        }
    }

    func testFlatteningToleranceChangesPass() {
        for (before, after) in [(0.03, 0.05), (0.05, 0.1), (0.01, 0.03)] {
            let d = comparator.compare(expected: Self.scene(tolerance: before), actual: Self.scene(tolerance: after)).difference
            XCTAssertTrue(d.isWithinTolerance, "flattened to \(before) then \(after): \(d.violations)")
            XCTAssertLessThan(d.largestEdgeShift, 0.15, "flattened to \(before) then \(after)")
        }
    }

    func testBlend2DAntialiasingOfTheSameGeometryPasses() throws {
        for (name, (ours, reference)) in try Self.blend2DPairs() {
            var largest = 0, sum = 0
            for i in 0..<ours.data.count {
                let v = abs(Int(ours.data[i]) - Int(reference.data[i]))
                largest = max(largest, v)
                sum += v
            }
            XCTAssertGreaterThanOrEqual(largest, 10, "\(name): the two renderers' anti-aliasing differs")
            XCTAssertLessThan(Double(sum) / Double(ours.data.count), 1, name)
            let d = comparator.compare(expected: reference, actual: ours).difference
            XCTAssertTrue(d.isWithinTolerance, "\(name): \(d.violations)")
            XCTAssertEqual(d.differingPixels, 0, name)
            XCTAssertGreaterThan(d.antialiasedPixels, 0, name)
        }
    }

    /// Even-odd ellipse scenes rendered by our canvas and by Blend2D (Reference/blend2d_ellipses.py).
    static func blend2DPairs() throws -> [(String, (Pixmap, Pixmap))] {
        let scenes: [(String, [(Double, Double, Double, Double, Int, Int, Int)])] = [
            ("rings", [(60, 45, 40, 30, 0, 90, 200), (60, 45, 28, 20, 0, 90, 200), (60, 45, 14, 9, 0, 90, 200)]),
            ("thin rings", [(60, 45, 30, 22, 20, 20, 20), (60, 45, 28.8, 20.8, 20, 20, 20), (60, 45, 20.3, 14.1, 20, 20, 20), (60, 45, 19.5, 13.3, 20, 20, 20), (30, 20, 6.2, 6.2, 20, 20, 20), (30, 20, 5.4, 5.4, 20, 20, 20)]),
            ("overlap", [(45, 45, 30, 24, 200, 40, 40), (75, 45, 30, 24, 200, 40, 40), (60, 30, 12, 30.5, 30, 30, 30)]),
        ]
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Reference/blend2d_ellipses.py")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("framediff-blend2d-\(getpid()).rgba")
        defer { try? FileManager.default.removeItem(at: output) }
        var pairs: [(String, (Pixmap, Pixmap))] = []
        for (name, ellipses) in scenes {
            let canvas = Canvas(width: 120, height: 90, background: .white)
            var path = Path()
            var colour = ellipses[0]
            for e in ellipses {
                if (e.4, e.5, e.6) != (colour.4, colour.5, colour.6) {
                    canvas.fill(path, paint: .solid(Color(r8: colour.4, g8: colour.5, b8: colour.6)), rule: .evenOdd)
                    path = Path()
                    colour = e
                }
                path.addEllipse(in: Rect(x: e.0 - e.2, y: e.1 - e.3, width: 2 * e.2, height: 2 * e.3))
            }
            canvas.fill(path, paint: .solid(Color(r8: colour.4, g8: colour.5, b8: colour.6)), rule: .evenOdd)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, "120", "90", output.path] + ellipses.map { "\($0.0),\($0.1),\($0.2),\($0.3),\($0.4),\($0.5),\($0.6)" }
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
            let reference = Pixmap(width: 120, height: 90, premultipliedData: [UInt8](try Data(contentsOf: output)))
            pairs.append((name, (canvas.pixmap, reference)))
        }
        return pairs
    }
}
