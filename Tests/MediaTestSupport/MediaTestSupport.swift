// Helpers shared by the tests of the encoders (ExportTests, GIFTests): scratch folders,
// synthetic frames and PSNR against a reference.
import Foundation
import Raster

/// A fresh directory under the system temporary directory, removed by `remove()`.
public struct ScratchDirectory {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "/animate-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    /// Every entry in the directory, hidden ones included, sorted.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Synthetic animation frames: a coloured square sliding over a two-axis gradient.
public enum SyntheticFrames {
    /// Frame `index` of `count`: red grows to the right, green downwards, blue is constant;
    /// the square (a quarter of the width) moves from the left edge to the right edge.
    public static func movingSquare(width: Int, height: Int, index: Int, count: Int, squareAlpha: UInt8 = 255) -> Pixmap {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let side = max(2, width / 4)
        let left = count > 1 ? (width - side) * index / (count - 1) : 0
        let top = (height - side) / 2
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let inSquare = x >= left && x < left + side && y >= top && y < top + side
                if inSquare {
                    bytes[i] = 230; bytes[i + 1] = 40; bytes[i + 2] = 60; bytes[i + 3] = squareAlpha
                } else {
                    bytes[i] = UInt8(x * 255 / max(width - 1, 1))
                    bytes[i + 1] = UInt8(y * 255 / max(height - 1, 1))
                    bytes[i + 2] = 128
                    bytes[i + 3] = 255
                }
            }
        }
        return Pixmap(width: width, height: height, straightAlphaData: bytes)
    }

    /// A frame made of four flat quadrants of the given straight-alpha colours.
    public static func quadrants(width: Int, height: Int, _ colors: [(UInt8, UInt8, UInt8)]) -> Pixmap {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = colors[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
                let i = (y * width + x) * 4
                bytes[i] = c.0; bytes[i + 1] = c.1; bytes[i + 2] = c.2
            }
        }
        return Pixmap(width: width, height: height, straightAlphaData: bytes)
    }
}

/// Reference compositing of a premultiplied pixel over an opaque matte, rounded to nearest.
public func compositeOverMatte(_ p: PremultipliedRGBA8, matte: (Int, Int, Int)) -> (Int, Int, Int) {
    let inverse = 255 - Double(p.a)
    return (Int((Double(p.r) + Double(matte.0) * inverse / 255).rounded()),
            Int((Double(p.g) + Double(matte.1) * inverse / 255).rounded()),
            Int((Double(p.b) + Double(matte.2) * inverse / 255).rounded()))
}

/// Peak signal-to-noise ratio in dB over the RGB channels of the top-left `reference`-sized
/// region of `decoded`, with `reference` composited over `matte` first.
public func psnr(decoded: Pixmap, reference: Pixmap, matte: (Int, Int, Int) = (255, 255, 255)) -> Double {
    var squaredError = 0.0
    for y in 0..<reference.height {
        for x in 0..<reference.width {
            let expected = compositeOverMatte(reference.pixel(x: x, y: y), matte: matte)
            let actual = decoded.pixel(x: x, y: y)
            let dr = Double(Int(actual.r) - expected.0)
            let dg = Double(Int(actual.g) - expected.1)
            let db = Double(Int(actual.b) - expected.2)
            squaredError += dr * dr + dg * dg + db * db
        }
    }
    let mse = squaredError / Double(reference.width * reference.height * 3)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}

extension SyntheticFrames {
    /// Frame `index` of `count` of a small tutorial-like clip: a vertical gold gradient, a
    /// red square sliding right, and a white bar whose opacity rises (a fade).
    public static func tutorialFrame(width: Int, height: Int, index: Int, count: Int) -> Pixmap {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        let t = Double(index) / Double(max(count - 1, 1))
        let side = height / 3
        let left = Int(Double(width - side) * t)
        let fade = 0.2 + 0.8 * t
        for y in 0..<height {
            let v = Double(y) / Double(height - 1)
            let background = (250 - 167 * v, 221 - 161 * v, 112 - 94 * v)
            for x in 0..<width {
                var c = background
                if x >= left && x < left + side && y >= side && y < 2 * side { c = (230, 40, 60) }
                if y >= height - side / 2 - 4 && y < height - 4 && x >= width / 4 && x < 3 * width / 4 {
                    c = (c.0 + (255 - c.0) * fade, c.1 + (255 - c.1) * fade, c.2 + (255 - c.2) * fade)
                }
                let i = (y * width + x) * 4
                bytes[i] = UInt8(c.0.rounded()); bytes[i + 1] = UInt8(c.1.rounded()); bytes[i + 2] = UInt8(c.2.rounded())
            }
        }
        return Pixmap(width: width, height: height, straightAlphaData: bytes)
    }
}

/// PSNR in dB over all frames at once (total squared error over total samples).
public func psnr(decoded: [Pixmap], reference: [Pixmap]) -> Double {
    var squaredError = 0.0
    var samples = 0.0
    for (a, b) in zip(decoded, reference) {
        for i in a.data.indices where i % 4 != 3 {
            let d = Double(a.data[i]) - Double(b.data[i])
            squaredError += d * d
        }
        samples += Double(a.width * a.height * 3)
    }
    return squaredError == 0 ? .infinity : 10 * log10(255 * 255 * samples / squaredError)
}

/// Runs a program found on PATH; returns its exit status and its standard output and error together.
public func runTool(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [name] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
