import Geometry
import XCTest

@testable import Raster

/// Stops at equal locations follow Core Graphics: before the start the first stop's
/// colour pads, and from a shared location on the later stop wins.
final class GradientEqualStopsTests: XCTestCase {
    let black = Color(red: 0, green: 0, blue: 0), gray = Color(red: 0.5, green: 0.5, blue: 0.5)
    let white = Color(red: 1, green: 1, blue: 1)

    /// The red channel of a 64 × 4 canvas filled with `shader`, column by column.
    func reds(_ shader: Shader) -> [UInt8] {
        let canvas = Canvas(width: 64, height: 4)
        var rect = Path()
        rect.addRect(Rect(x: 0, y: 0, width: 64, height: 4))
        canvas.fill(rect, paint: Paint(shader))
        return (0..<64).map { canvas.pixmap.pixel(x: $0, y: 2).r }
    }

    /// Black then gray at 0, white at 1, from x = 16 to 48: black before x = 16, gray just after.
    func testLinearPadsTheFirstStopBeforeTwoStopsAtTheStart() {
        let g = Gradient(stops: [.init(color: black, location: 0), .init(color: gray, location: 0), .init(color: white, location: 1)])
        let r = reds(.linearGradient(g, start: Point(x: 16, y: 0), end: Point(x: 48, y: 0)))
        XCTAssertEqual(r[2], 0)
        XCTAssertEqual(r[15], 0)
        XCTAssertLessThanOrEqual(abs(Int(r[16]) - 130), 3)  // 16.5: gray and 1/64 of the way to white
        XCTAssertEqual(r[60], 255)
        // Reversed along the row (the padded pixels come after): the same rule.
        let back = reds(.linearGradient(g, start: Point(x: 48, y: 0), end: Point(x: 16, y: 0)))
        XCTAssertEqual(back[60], 0)
        XCTAssertEqual(back[2], 255)
    }

    /// Gray then black at 1: after the end the last stop (black); before it, gray's side.
    func testLaterStopWinsAtTheEnd() {
        let g = Gradient(stops: [.init(color: white, location: 0), .init(color: gray, location: 1), .init(color: black, location: 1)])
        let r = reds(.linearGradient(g, start: Point(x: 16, y: 0), end: Point(x: 48, y: 0)))
        XCTAssertEqual(r[60], 0)
        XCTAssertLessThanOrEqual(abs(Int(r[47]) - 129), 3)
    }

    /// Inside the start radius of a radial gradient the first stop pads, as before a linear one.
    func testRadialPadsTheFirstStopInsideTheStartRadius() {
        let g = Gradient(stops: [.init(color: black, location: 0), .init(color: gray, location: 0), .init(color: white, location: 1)])
        let r = reds(.radialGradient(g, center: Point(x: 32, y: 2), startRadius: 10, endRadius: 30))
        XCTAssertEqual(r[32], 0)
        XCTAssertLessThanOrEqual(abs(Int(r[43]) - 133), 4)
    }
}
