import FrameDiff
import Raster
import XCTest

/// Mean SSIM: its closed form on flat frames, symmetry, and order under growing damage.
final class SimilarityTests: XCTestCase {
    func testFlatFramesFollowTheLuminanceTerm() {
        // Two flat frames: zero variance, so SSIM = (2ab + C1) / (a² + b² + C1) in every window.
        let comparator = FrameComparator()
        let a = Pixmap(width: 20, height: 12, fill: PremultipliedRGBA8(r: 100, g: 100, b: 100, a: 255))
        let b = Pixmap(width: 20, height: 12, fill: PremultipliedRGBA8(r: 140, g: 140, b: 140, a: 255))
        let c1 = (0.01 * 255) * (0.01 * 255)
        let ya = 100.0, yb = 140.0
        XCTAssertEqual(comparator.compare(expected: a, actual: b).difference.ssim, (2 * ya * yb + c1) / (ya * ya + yb * yb + c1), accuracy: 1e-9)
    }

    func testSymmetricAndDecreasingWithDamage() {
        let comparator = FrameComparator()
        let base = Drawing.scene()
        let near = Drawing.scene(dx: 0.3)
        let far = Drawing.scene(dx: 4)
        let s1 = comparator.compare(expected: base, actual: near).difference.ssim
        let s2 = comparator.compare(expected: near, actual: base).difference.ssim
        let s3 = comparator.compare(expected: base, actual: far).difference.ssim
        XCTAssertEqual(s1, s2, accuracy: 1e-12)
        XCTAssertLessThan(s1, 1)
        XCTAssertLessThan(s3, s1)
    }
}
