import Export
import Foundation
import Raster
import XCTest

/// Golden-image checks: a rendered pixmap compared with `Goldens/<name>.png`.
///
/// `RECORD_GOLDENS=1` writes the image instead and fails the test, so a recording run
/// can never pass by accident. A pixel matches when no channel differs by more than
/// `channelTolerance` (PNGs store straight alpha, so translucent pixels come back
/// within a rounding step); the image matches when at most `mismatchShare` of its
/// pixels do not. On failure `expected | diff | actual` is written beside the build,
/// in `.build/golden-failures/<name>.png`.
enum GoldenImage {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")
    static let failureDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/golden-failures")

    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    static func assertMatches(
        _ pixmap: Pixmap, named name: String, channelTolerance: Int = 2, mismatchShare: Double = 0.001,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let path = directory.appendingPathComponent("\(name).png").path
        if recording {
            do {
                try writePNG(pixmap, to: path)
                XCTFail("recorded golden \(name).png; run again without RECORD_GOLDENS to check it", file: file, line: line)
            } catch {
                XCTFail("cannot record golden \(name): \(error)", file: file, line: line)
            }
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail("missing golden \(name).png; record it with RECORD_GOLDENS=1", file: file, line: line)
            return
        }
        let expected: Pixmap
        do {
            guard let frame = try MediaProbe.decodeFrames(path: path).first else {
                XCTFail("golden \(name).png has no image", file: file, line: line)
                return
            }
            expected = frame
        } catch {
            XCTFail("cannot read golden \(name).png: \(error)", file: file, line: line)
            return
        }
        guard expected.width == pixmap.width, expected.height == pixmap.height else {
            XCTFail("golden \(name).png is \(expected.width)×\(expected.height), rendered \(pixmap.width)×\(pixmap.height)", file: file, line: line)
            return
        }
        // Compare in straight alpha, the form the PNG holds.
        let a = expected.straightAlphaData(), b = pixmap.straightAlphaData()
        var mismatched = 0
        var diff = [UInt8](repeating: 255, count: a.count)
        for i in stride(from: 0, to: a.count, by: 4) {
            var worst = 0
            for c in 0..<4 {
                // Colour is meaningless where both are fully transparent.
                if c < 3 && a[i + 3] == 0 && b[i + 3] == 0 { continue }
                worst = max(worst, abs(Int(a[i + c]) - Int(b[i + c])))
            }
            if worst > channelTolerance {
                mismatched += 1
                diff[i] = 255
                diff[i + 1] = 0
                diff[i + 2] = 0
            } else {
                diff[i] = UInt8(255 - min(worst * 40, 255))
                diff[i + 1] = diff[i]
                diff[i + 2] = diff[i]
            }
        }
        let share = Double(mismatched) / Double(pixmap.width * pixmap.height)
        if share > mismatchShare {
            let report = sideBySide(expected, Pixmap(width: pixmap.width, height: pixmap.height, straightAlphaData: diff), pixmap)
            try? FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
            let out = failureDirectory.appendingPathComponent("\(name).png").path
            try? writePNG(report, to: out)
            XCTFail(
                "\(name): \(mismatched) pixels (\(String(format: "%.3f", share * 100)) %) differ by more than \(channelTolerance)/255; expected | diff | actual in \(out)",
                file: file, line: line)
        }
    }

    /// Three images side by side on a grey checkerboard-free white background.
    static func sideBySide(_ images: Pixmap...) -> Pixmap {
        let w = images.map(\.width).max()!, h = images.map(\.height).max()!
        var out = Pixmap(width: w * images.count + 4 * (images.count - 1), height: h, fill: PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        for (k, image) in images.enumerated() {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image.pixel(x: x, y: y)
                    // Over white, so transparency is visible.
                    let k8 = 255 - Int(p.a)
                    out.setPixel(
                        x: k * (w + 4) + x, y: y,
                        PremultipliedRGBA8(r: UInt8(Int(p.r) + k8), g: UInt8(Int(p.g) + k8), b: UInt8(Int(p.b) + k8), a: 255))
                }
            }
        }
        return out
    }
}
