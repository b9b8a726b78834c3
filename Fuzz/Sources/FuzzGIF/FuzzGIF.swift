// Fuzzes the GIF encoder and the joining of GIFs: any few small frames, with any
// of the encoder's settings, must encode to a GIF that FFmpeg decodes to as many
// frames of the same size; where the frames' colours fit the palette, each
// decoded pixel must be the input's colour (lossless) or within the promised
// distance of it (lossy); the GIF joined to itself must decode to its frames
// twice. The same bytes, read as a GIF file, must be joined or refused with an
// error, and a join's output must join again.

import Export
import Foundation
import FuzzDriver
import GIF
import Raster

@main
enum FuzzGIF {
    static func main() {
        runFuzzer { data, size in
            test(fuzzInput(data, size))
            return 0
        }
    }
}

/// One folder per fuzzing process for the GIF written at each run.
let folder: String = {
    let path = NSTemporaryDirectory() + "fuzz-gif-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "fuzz-gif-\(getpid())") }
    return path
}()

/// Reads the input from the front; past its end every byte is 0.
struct Reader {
    let bytes: [UInt8]
    var offset = 0
    var isAtEnd: Bool { offset >= bytes.count }

    mutating func next() -> Int {
        defer { offset += 1 }
        return offset < bytes.count ? Int(bytes[offset]) : 0
    }
}

/// An input: frame size, settings, a set of colours, then frames drawn from them.
///
/// Bytes: width and height (1…24 each), frame count (1…6), a settings byte (dither,
/// lossy 0/4/16/64, whether every frame is analysed, whether colours are translucent),
/// the palette limit (2…256), frame rate, the number of colours (1…256) and their RGBA
/// bytes, then each frame: a kind (new pixels; the previous frame with a rectangle of new
/// pixels; the previous frame again) and one colour number per new pixel.
func test(_ bytes: [UInt8]) {
    joinAsGIF(bytes)
    var input = Reader(bytes: bytes)
    let width = 1 + input.next() % 24, height = 1 + input.next() % 24
    let frameCount = 1 + input.next() % 6
    let flags = input.next()
    let dither: Dither = [.none, .ordered, .diffusion, .none][flags & 3]
    let lossy = [0, 4, 16, 64][(flags >> 2) & 3]
    let analyzesAll = flags & 16 == 0
    let translucent = flags & 32 != 0
    let colors = 2 + input.next() % 255
    let fps = [30, 25, 50, 100, 1, 1000, 24, 60][input.next() % 8]
    let colourCount = 1 + input.next() % 256
    var palette: [[UInt8]] = []
    for _ in 0..<colourCount {
        let c = [UInt8(input.next()), UInt8(input.next()), UInt8(input.next())]
        let alpha = translucent ? UInt8(input.next()) : 255
        palette.append(c + [alpha])
    }

    var frames: [[Int]] = []
    for f in 0..<frameCount {
        let kind = f == 0 ? 0 : input.next() % 3
        var pixels = f == 0 ? [Int](repeating: 0, count: width * height) : frames[f - 1]
        switch kind {
        case 0:
            for k in pixels.indices { pixels[k] = input.next() % colourCount }
        case 1:
            let x0 = input.next() % width, y0 = input.next() % height
            let x1 = x0 + 1 + input.next() % (width - x0), y1 = y0 + 1 + input.next() % (height - y0)
            for y in y0..<y1 {
                for x in x0..<x1 { pixels[y * width + x] = input.next() % colourCount }
            }
        default:
            break
        }
        frames.append(pixels)
    }
    let pixmaps = frames.map { pixels in
        Pixmap(width: width, height: height, straightAlphaData: pixels.flatMap { palette[$0] })
    }

    var settings = EncoderSettings(width: width, height: height, fps: fps)
    settings.colors = colors
    settings.dither = dither
    settings.lossy = lossy
    let path = folder + "/out.gif"
    do {
        guard let sink = try makeFrameSink(path: path, format: .gif, settings: settings) as? AnalyzingFrameSink else {
            fatalError("a GIF sink analyses its frames")
        }
        if analyzesAll {
            for pixmap in pixmaps { try sink.analyze(pixmap) }
        }
        for pixmap in pixmaps { try sink.append(pixmap) }
        try sink.finish()
    } catch {
        fatalError("valid frames did not encode: \(error)")
    }
    let decoded: [Pixmap]
    do {
        decoded = try MediaProbe.decodeFrames(path: path)
    } catch {
        fatalError("FFmpeg did not decode the GIF: \(error)")
    }
    precondition(decoded.count == frameCount, "\(frameCount) frames encoded, \(decoded.count) decoded")
    for frame in decoded { precondition(frame.width == width && frame.height == height, "decoded frame of another size") }

    // Each GIF's first frame is whole, so the second copy shows exactly what the first did.
    let twice = folder + "/twice.gif"
    do {
        try Concatenation.join([path, path], into: twice)
        let joined = try MediaProbe.decodeFrames(path: twice)
        precondition(joined == decoded + decoded, "a GIF joined to itself does not show its frames twice")
    } catch {
        fatalError("a GIF did not join to itself: \(error)")
    }

    // The colours are known exactly when they are opaque, few enough for the palette, and all
    // seen by the analysis; ordered and diffused dithering move them on purpose.
    let used = Set(frames.joined())
    guard !translucent, analyzesAll, dither == .none, used.count <= min(colors, 255) else { return }
    // Lossless keeps every colour; lossy may use a smaller palette (no colour farther than 8
    // from its entry) and move a changed pixel by up to the tolerance.
    let allowed = lossy == 0 ? 0 : max(8, lossy)
    for (f, frame) in decoded.enumerated() {
        for (k, index) in frames[f].enumerated() {
            let p = frame.pixel(x: k % width, y: k / width), c = palette[index]
            let dr = Int(p.r) - Int(c[0]), dg = Int(p.g) - Int(c[1]), db = Int(p.b) - Int(c[2])
            let distance = dr * dr + dg * dg + db * db
            precondition(
                distance <= allowed * allowed,
                "frame \(f) pixel (\(k % width), \(k / width)): \(c[0...2]) decoded as (\(p.r), \(p.g), \(p.b)), allowed \(allowed)")
        }
    }
}

/// The bytes after a GIF signature, as a piece to join: the parser must refuse them with an
/// error or copy them, and what it writes must parse again.
func joinAsGIF(_ bytes: [UInt8]) {
    let piece = folder + "/piece.gif", joined = folder + "/joined.gif", again = folder + "/again.gif"
    guard FileManager.default.createFile(atPath: piece, contents: Data(Array("GIF89a".utf8) + bytes)) else {
        fatalError("cannot write \(piece)")
    }
    do {
        try Concatenation.join([piece, piece], into: joined)
    } catch {
        precondition(!FileManager.default.fileExists(atPath: joined), "a refused join left its output")
        return
    }
    do {
        try Concatenation.join([joined], into: again)
    } catch {
        fatalError("a joined GIF does not parse again: \(error)")
    }
    try? FileManager.default.removeItem(atPath: joined)
}
