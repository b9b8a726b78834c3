// Fuzzes the whole loader: any bytes must load or throw a located
// `TimelineError`, never trap, hang or exhaust memory.

import FuzzDriver
import Timeline

@main
enum FuzzTimeline {
    static func main() {
        runFuzzer { data, size in
            test(fuzzInput(data, size))
            return 0
        }
    }
}

func test(_ bytes: [UInt8]) {
    do {
        let document = try TimelineLoader().load(bytes)
        // A loaded document must describe a frame that can be rendered.
        precondition(document.frameCount >= 1 && document.scene.pixelWidth >= 1 && document.scene.pixelHeight >= 1)
    } catch {
        // Every error from bytes that are valid UTF-8 and parse as far as a
        // value names where it is; file-level errors (empty input) may not.
        precondition(!error.message.isEmpty)
        if let location = error.location { precondition(location.line >= 1 && location.column >= 1) }
    }
}
