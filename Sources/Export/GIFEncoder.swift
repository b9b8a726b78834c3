import Glibc
import Raster

/// Writes frames as an animated GIF with one palette for the whole animation, our own
/// dithering, and frames reduced to what changed.
///
/// Stages:
/// 1. Analysis: `analyze` adds frames (composited over the matte, since GIF transparency is
///    all-or-nothing) to a `ColorHistogram`. Callers show it a sample of the whole
///    animation before the first `append`; without one, the first frame alone is used.
/// 2. Palette: at the first `append`, `PaletteBuilder` makes at most `min(colors, 255)`
///    colours; the index after the last colour is reserved as the transparent index. The
///    palette is written once, as the global colour table, with distinct entries.
/// 3. Mapping: `PaletteMapper` turns each frame into indices with the chosen `Dither`;
///    pixels whose colour did not change keep the index they are shown with.
/// 4. Keeping: a changed pixel whose shown colour is at least as close to its new colour
///    as the newly chosen entry is left as it is, which costs no error.
/// 5. Frame: only the bounding rectangle of the pixels that change is stored (disposal
///    "leave in place"); inside it, unchanged pixels may be sent as transparent or as their
///    shown index, whichever `LZWEncoder` compresses better. A frame identical to the
///    previous one is a single transparent pixel, so the frame count and timing stay those
///    of the animation.
///
/// Timing: delays are whole centiseconds, so frame n (counted from `settings.firstFrame`)
/// starts at round(100 n / fps) cs and lasts until the next one starts. The animation keeps
/// its length without drift; at 30 fps the delays run 3, 4, 3, 3, 4, 3… (a 10 ms jitter;
/// 25 and 50 fps are exact). Counting from `firstFrame` makes pieces of a render joined by
/// `concatenate` time exactly like the whole.
final class GIFEncoder: AnalyzingFrameSink {
    nonisolated(unsafe) static var experiment = Int(getenv("GIFX").map { String(cString: $0) } ?? "0") ?? 0
    private let path: String
    private let settings: EncoderSettings
    private let file: AtomicFile
    private let matte: RGB8
    private var output: FileOutput?
    private var histogram: ColorHistogram?
    private var mapper: PaletteMapper?
    private var transparentIndex = 0
    private var minimumCodeSize = 2
    private var current: [UInt8]
    private var previous: [UInt8]
    private var shown: [UInt8]
    private var target: [UInt8]
    private var primary: [UInt8]
    private var alternative: [UInt8]
    private var errors: [Float]
    private var lzw = LZWEncoder()
    private var block: [UInt8] = []
    private var frameCount = 0
    private var isOpen = true

    init(path: String, settings: EncoderSettings) throws(ExportError) {
        let file = AtomicFile(target: path)
        output = try FileOutput(creating: file.temporary, path: path)
        self.path = path
        self.settings = settings
        self.file = file
        matte = RGB8(settings.matte)
        let pixels = settings.width * settings.height
        histogram = ColorHistogram(exactLimit: min(settings.colors, 255))
        current = Array(repeating: 0, count: pixels * 4)
        previous = Array(repeating: 0, count: pixels * 4)
        shown = Array(repeating: 0, count: pixels)
        target = Array(repeating: 0, count: pixels)
        primary = Array(repeating: 0, count: pixels)
        alternative = Array(repeating: 0, count: pixels)
        errors = Array(repeating: 0, count: 2 * (settings.width + 2) * 3)
    }

    deinit {
        if isOpen { cancel() }
    }

    func analyze(_ frame: Pixmap) throws(ExportError) {
        guard isOpen, histogram != nil, mapper == nil else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            try settings.checkSize(of: frame, path: path)
        } catch {
            cancel()
            throw error
        }
        composite(frame)
        current.withUnsafeBufferPointer { histogram!.add($0.baseAddress!, count: settings.width * settings.height) }
    }

    func append(_ frame: Pixmap) throws(ExportError) {
        guard isOpen, let output else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            try settings.checkSize(of: frame, path: path)
            composite(frame)
            if mapper == nil { try start(output) }
            encodeFrame()
            try output.write(block)
            frameCount += 1
            swap(&current, &previous)
        } catch {
            cancel()
            throw error
        }
    }

    func finish() throws(ExportError) {
        guard isOpen, let output else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            guard frameCount > 0 else { throw ExportError.noFrames(path: path) }
            try output.write([GIFWriter.trailer])
            try output.close()
            try file.commit()
        } catch {
            cancel()
            throw error
        }
        close()
    }

    func cancel() {
        guard isOpen else { return }
        close()
        file.discard()
    }

    private func close() {
        isOpen = false
        output = nil
        mapper = nil
        histogram = nil
    }

    /// Composites `frame` over the matte into `current`.
    private func composite(_ frame: Pixmap) {
        let (width, height) = (settings.width, settings.height)
        current.withUnsafeMutableBufferPointer { buffer in
            frame.composite(over: matte, into: buffer.baseAddress!, linesize: width * 4, paddedWidth: width, paddedHeight: height)
        }
    }

    /// Builds the palette and writes the header, global colour table and loop extension.
    private func start(_ output: FileOutput) throws(ExportError) {
        if histogram!.pixelCount == 0 {
            current.withUnsafeBufferPointer { histogram!.add($0.baseAddress!, count: settings.width * settings.height) }
        }
        let palette = PaletteBuilder.palette(from: histogram!, maxColors: min(settings.colors, 255))
        histogram = nil
        mapper = PaletteMapper(palette: palette)
        transparentIndex = palette.colors.count
        var tableBits = 1
        while 1 << tableBits < palette.colors.count + 1 { tableBits += 1 }
        minimumCodeSize = max(2, tableBits)
        var header: [UInt8] = []
        GIFWriter.header(width: settings.width, height: settings.height, colors: palette.colors, tableBits: tableBits, into: &header)
        if settings.loop >= 0 { GIFWriter.loopExtension(settings.loop, into: &header) }
        try output.write(header)
    }

    /// The delay of absolute frame `n` in centiseconds.
    static func delay(ofFrame n: Int, fps: Int) -> Int {
        func start(_ n: Int) -> Int { (200 * n + fps) / (2 * fps) }
        return start(n + 1) - start(n)
    }

    /// Maps `current` and writes the frame's blocks to `block`.
    private func encodeFrame() {
        let (width, height) = (settings.width, settings.height)
        let mapper = self.mapper!
        let first = frameCount == 0
        let transparent = UInt8(transparentIndex)
        var rect = (minX: width, minY: height, maxX: -1, maxY: -1)
        current.withUnsafeBufferPointer { current in
            previous.withUnsafeBufferPointer { previous in
                shown.withUnsafeMutableBufferPointer { shown in
                    target.withUnsafeMutableBufferPointer { target in
                        errors.withUnsafeMutableBufferPointer { errors in
                            let pixels = current.baseAddress!
                            mapper.map(
                                pixels, width: width, height: height, dither: settings.dither,
                                previous: first ? nil : previous.baseAddress!, shown: UnsafePointer(shown.baseAddress!),
                                target: target.baseAddress!, errors: errors.baseAddress!)
                            for y in 0..<height {
                                for x in 0..<width {
                                    let i = y * width + x
                                    if !first && target[i] != shown[i] {
                                        let p = pixels + 4 * i
                                        if mapper.distanceSquared(p, Int(shown[i])) <= mapper.distanceSquared(p, Int(target[i])) {
                                            target[i] = shown[i]
                                        }
                                    }
                                    if first || target[i] != shown[i] {
                                        rect = (min(rect.minX, x), min(rect.minY, y), max(rect.maxX, x), max(rect.maxY, y))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if rect.maxX < 0 { rect = (0, 0, 0, 0) }
        let rectWidth = rect.maxX - rect.minX + 1
        let rectHeight = rect.maxY - rect.minY + 1
        var k = 0
        for y in rect.minY...rect.maxY {
            for x in rect.minX...rect.maxX {
                let i = y * width + x
                if first || target[i] != shown[i] {
                    primary[k] = target[i]
                    alternative[k] = target[i]
                    shown[i] = target[i]
                } else {
                    primary[k] = GIFEncoder.experiment == 1 ? transparent : shown[i]
                    alternative[k] = transparent
                }
                k += 1
            }
        }
        block.removeAll(keepingCapacity: true)
        GIFWriter.graphicControl(
            delay: Self.delay(ofFrame: settings.firstFrame + frameCount, fps: settings.fps),
            transparentIndex: first ? nil : transparentIndex, into: &block)
        var data: [UInt8] = []
        primary.withUnsafeBufferPointer { primary in
            alternative.withUnsafeBufferPointer { alternative in
                lzw.encode(
                    primary: primary.baseAddress!, alternative: alternative.baseAddress!, count: rectWidth * rectHeight,
                    minimumCodeSize: minimumCodeSize, into: &data)
            }
        }
        GIFWriter.image(x: rect.minX, y: rect.minY, width: rectWidth, height: rectHeight, minimumCodeSize: minimumCodeSize, lzw: data, into: &block)
    }
}
