// Fuzzes rendering: any timeline that loads must lay out and draw its first,
// middle and last frames without trapping, hanging or exhausting memory, at a
// canvas of the size asked for.

import FuzzDriver
import Raster
import Timeline

@main
enum FuzzRender {
    static func main() {
        runFuzzer { data, size in
            test(fuzzInput(data, size))
            return 0
        }
    }
}

/// The longest side rendered, in device pixels: enough for every code path of the
/// rasterizer (spans, runs, tails, bands), small enough for many runs a second.
let largestSide = 96.0

func test(_ bytes: [UInt8]) {
    guard var document = try? TimelineLoader().load(bytes) else { return }
    let side = Double(max(document.scene.pixelWidth, document.scene.pixelHeight))
    if side > largestSide { document.scene.scale *= largestSide / side }
    let count = document.frameCount
    for n in Set([0, count / 2, count - 1]) {
        let pixmap = document.render(frame: n)
        precondition(pixmap.width == document.scene.pixelWidth && pixmap.height == document.scene.pixelHeight)
    }
}
