import FrameDiff
import Foundation
import Raster
import XCTest

/// Mean SSIM: scikit-image's value on Pillow's luma, its closed form on flat frames,
/// symmetry, and order under growing damage.
final class SimilarityTests: XCTestCase {
    func testMatchesScikitImageOnPillowsLuma() throws {
        // Shapes moved by a fraction of a pixel and by several; translucent noise at a width
        // that is not a multiple of eight.
        var random = SeededSequence(state: 12_345)
        func noise(width: Int, height: Int) -> Pixmap {
            var bytes = [UInt8](repeating: 0, count: width * height * 4)
            for i in 0..<(width * height) {
                let alpha = random.byte()
                for c in 0..<3 { bytes[i * 4 + c] = UInt8(UInt32(random.byte()) * UInt32(alpha) / 255) }
                bytes[i * 4 + 3] = alpha
            }
            return Pixmap(width: width, height: height, premultipliedData: bytes)
        }
        let pairs = [
            (Drawing.scene(), Drawing.scene(dx: 0.3)),
            (Drawing.scene(), Drawing.scene(dx: 4, dy: 1)),
            (noise(width: 117, height: 61), noise(width: 117, height: 61)),
        ]
        let comparator = FrameComparator()
        for (x, y) in pairs {
            let reference = try Self.scikitImageSSIM(x, y)
            XCTAssertEqual(comparator.compare(expected: x, actual: y).difference.ssim, reference, accuracy: 1e-12)
        }
    }

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

    /// Mean SSIM by Reference/skimage_ssim.py: Pillow's luma, scikit-image's structural_similarity.
    static func scikitImageSSIM(_ x: Pixmap, _ y: Pixmap) throws -> Double {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Reference/skimage_ssim.py")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("framediff-ssim-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [folder.appendingPathComponent("x.rgba"), folder.appendingPathComponent("y.rgba")]
        try Data(x.data).write(to: files[0])
        try Data(y.data).write(to: files[1])
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "\(x.width)", "\(x.height)"] + files.map(\.path)
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CocoaError(.fileReadUnknown)
        }
        return value
    }
}
