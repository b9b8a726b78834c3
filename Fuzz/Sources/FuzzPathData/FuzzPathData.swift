// Fuzzes the SVG path-data parser: any text must parse or throw an error whose
// offset lies within the text, and what parses can be flattened.

import FuzzDriver
import Geometry

@main
enum FuzzPathData {
    static func main() {
        runFuzzer { data, size in
            test(fuzzInput(data, size))
            return 0
        }
    }
}

func test(_ bytes: [UInt8]) {
    let source = String(decoding: bytes, as: UTF8.self)
    do {
        let path = try Path(svgPathData: source)
        _ = path.controlPointBounds
        // Flattened as the renderer does, in points at scale 2.
        var segments = 0
        path.flatten(transform: AffineTransform(scaleX: 2, y: 2)) { _, _ in segments += 1 }
    } catch {
        precondition(!error.message.isEmpty)
        precondition(error.offset >= 0 && error.offset <= source.unicodeScalars.count)
    }
}
