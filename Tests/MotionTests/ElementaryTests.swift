import Foundation
import XCTest

@testable import Motion

/// Motion's own exp, log, sin and cos against the C library.
final class ElementaryTests: XCTestCase {
    private func assertClose(_ mine: Double, _ reference: Double, relative: Double = 4e-16, absolute: Double = 4e-16,
                             _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let tolerance = max(abs(reference) * relative, absolute)
        XCTAssertLessThanOrEqual(abs(mine - reference), tolerance, "\(message): \(mine) vs \(reference)", file: file, line: line)
    }

    func testExpMatchesTheCLibrary() {
        var x = -700.0
        while x <= 700 {
            assertClose(Elementary.exp(x), Foundation.exp(x), relative: 1e-15, absolute: 0, "exp(\(x))")
            x += 0.7317
        }
        for x in [-1e-300, 0, 1e-10, 0.5, -0.5, 1, 709.7, -745] {
            assertClose(Elementary.exp(x), Foundation.exp(x), relative: 1e-15, absolute: 1e-300, "exp(\(x))")
        }
        XCTAssertEqual(Elementary.exp(1000), .infinity)
        XCTAssertEqual(Elementary.exp(-1000), 0)
        XCTAssertTrue(Elementary.exp(.nan).isNaN)
    }

    func testLogMatchesTheCLibrary() {
        var x = 1e-300
        while x < 1e300 {
            assertClose(Elementary.log(x), Foundation.log(x), relative: 1e-15, absolute: 1e-15, "log(\(x))")
            x *= 3.7
        }
        var y = 0.5
        while y < 2 {
            assertClose(Elementary.log(y), Foundation.log(y), relative: 1e-15, absolute: 2e-16, "log(\(y))")
            y += 0.001
        }
        XCTAssertEqual(Elementary.log(0), -.infinity)
        XCTAssertTrue(Elementary.log(-1).isNaN)
        XCTAssertEqual(Elementary.log(1), 0)
    }

    func testSineAndCosineMatchTheCLibrary() {
        var x = -2000.0
        while x <= 2000 {
            assertClose(Elementary.sin(x), Foundation.sin(x), relative: 1e-15, absolute: 1e-15, "sin(\(x))")
            assertClose(Elementary.cos(x), Foundation.cos(x), relative: 1e-15, absolute: 1e-15, "cos(\(x))")
            x += 0.0371
        }
        for x in [0, 1e-20, Double.pi / 4, Double.pi / 2, Double.pi, 3 * Double.pi / 2, -Double.pi / 4] {
            assertClose(Elementary.sin(x), Foundation.sin(x), absolute: 1e-16, "sin(\(x))")
            assertClose(Elementary.cos(x), Foundation.cos(x), absolute: 1e-16, "cos(\(x))")
        }
    }

    func testPowersMatchTheCLibrary() {
        for x in stride(from: -20.0, through: 20, by: 0.37) {
            assertClose(Elementary.exp2(x), Foundation.pow(2, x), relative: 1e-14, "exp2(\(x))")
            assertClose(Elementary.pow(1.7, x), Foundation.pow(1.7, x), relative: 1e-14, "pow(1.7, \(x))")
        }
    }
}
