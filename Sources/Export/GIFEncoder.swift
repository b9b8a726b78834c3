import Dispatch
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
/// 4. Options: every pixel gets the indices it may be sent as. Its mapped index; the
///    transparent index (keeping what it shows) when what it shows is as close to its colour
///    as the mapped entry, or within the tolerance; and, only for pixels whose colour changed
///    (every pixel of the first frame), up to three more entries within the tolerance of it.
///    Still pixels never take a new error, since it would stay on screen for as long as they
///    stay still, and neither do colours the palette holds exactly (flat fills, backgrounds),
///    where a faint residue would show. The
///    tolerance is `lossy` unless the frame would then exceed its error budget (see
///    `encodeFrame`): a frame's PSNR stays within about 1.5 dB of the palette's own.
/// 5. Frame: only the bounding rectangle of the pixels that must be sent is stored (disposal
///    "leave in place"). `LZWEncoder` picks among each pixel's options while compressing,
///    twice: favouring shown colours, then transparency, at ties; the smaller is kept. A
///    frame whose pixels use at most half the palette's index range is also tried with a
///    local colour table of just those colours (narrower codes) and keeps it if smaller. A
///    frame identical to the previous one is a single transparent pixel, so the frame count
///    and timing stay those of the animation.
///
/// Memory: a few buffers of the frame's size and the mapper's two colour caches (64 MiB of
/// address space each, touched only where colours occur), whatever the number of frames.
///
/// Timing: delays are whole centiseconds, so frame n (counted from `settings.firstFrame`)
/// starts at round(100 n / fps) cs and lasts until the next one starts. The animation keeps
/// its length without drift; at 30 fps the delays run 3, 4, 3, 3, 4, 3… (a 10 ms jitter;
/// 25 and 50 fps are exact). Counting from `firstFrame` makes pieces of a render joined by
/// `Concatenation.join` time exactly like the whole.
final class GIFEncoder: AnalyzingFrameSink {
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
    private var options: [UInt8]
    private var optionCounts: [UInt8]
    private var chosen: [UInt8]
    private var alternativeChosen: [UInt8]
    private var errors: [Float]
    private var lzw = LZWEncoder()
    /// The second tie-breaking reading's encoder and options.
    private let secondLZW = LZWEncoder()
    private var swappedOptions: [UInt8]
    /// Each pixel's squared error at its nearest palette entry, and their sum (when lossy).
    private var nearestErrors: [Int32]
    private var mappedError = 0
    /// Frames with at least this many pixels to send compress their two readings on two threads.
    static let parallelPixels = 4096
    private var block: [UInt8] = []
    private var frameCount = 0
    /// The share by which a frame's squared error may exceed that of its colours' nearest
    /// entries (a PSNR at most 1.5 dB lower)…
    static let errorGrowth = 0.4
    /// …plus this much per pixel (squared sRGB code values summed over the channels; alone, a
    /// PSNR of 53 dB).
    static let errorFloor = 1.0
    private var isOpen = true

    init(path: String, settings: EncoderSettings) throws(ExportError) {
        let file = AtomicFile(target: path)
        output = try FileOutput(creating: file.temporary, path: path)
        self.path = path
        self.settings = settings
        self.file = file
        matte = RGB8(settings.matte)
        let pixels = settings.width * settings.height
        histogram = ColorHistogram()
        current = Array(repeating: 0, count: pixels * 4)
        previous = Array(repeating: 0, count: pixels * 4)
        shown = Array(repeating: 0, count: pixels)
        target = Array(repeating: 0, count: pixels)
        options = Array(repeating: 0, count: pixels * LZWEncoder.maximumOptions)
        swappedOptions = Array(repeating: 0, count: pixels * LZWEncoder.maximumOptions)
        nearestErrors = Array(repeating: 0, count: pixels)
        optionCounts = Array(repeating: 0, count: pixels)
        chosen = Array(repeating: 0, count: pixels)
        alternativeChosen = Array(repeating: 0, count: pixels)
        errors = Array(repeating: 0, count: 2 * (settings.width + 2) * 3)
    }

    deinit {
        if isOpen { cancel() }
    }

    @_optimize(speed)
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

    @_optimize(speed)
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

    @_optimize(speed)
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

    @_optimize(speed)
    func cancel() {
        guard isOpen else { return }
        close()
        file.discard()
    }

    @_optimize(speed)
    private func close() {
        isOpen = false
        output = nil
        mapper = nil
        histogram = nil
    }

    /// Composites `frame` over the matte into `current`.
    @_optimize(speed)
    private func composite(_ frame: Pixmap) {
        let (width, height) = (settings.width, settings.height)
        current.withUnsafeMutableBufferPointer { buffer in
            frame.composite(over: matte, into: buffer.baseAddress!, linesize: width * 4, paddedWidth: width, paddedHeight: height)
        }
    }

    /// Builds the palette and writes the header, global colour table and loop extension.
    @_optimize(speed)
    private func start(_ output: FileOutput) throws(ExportError) {
        if histogram!.pixelCount == 0 {
            current.withUnsafeBufferPointer { histogram!.add($0.baseAddress!, count: settings.width * settings.height) }
        }
        let palette = PaletteBuilder.palette(from: histogram!, maxColors: min(settings.colors, 255))
        histogram = nil
        mapper = PaletteMapper(palette: palette, tolerance: settings.lossy * settings.lossy)
        transparentIndex = palette.colors.count
        var tableBits = 1
        while 1 << tableBits < palette.colors.count + 1 { tableBits += 1 }
        minimumCodeSize = max(2, tableBits)
        var header: [UInt8] = []
        GIFWriter.header(width: settings.width, height: settings.height, colors: palette.colors, tableBits: tableBits, into: &header)
        if settings.loop >= 0 { GIFWriter.loopExtension(settings.loop, into: &header) }
        try output.write(header)
    }

    /// LZW-compresses the first `count` pixels' options, writing the chosen indices to `chosen`.
    @_optimize(speed)
    private func compress(count: Int, minimumCodeSize: Int, into chosen: inout [UInt8]) -> [UInt8] {
        var data: [UInt8] = []
        options.withUnsafeBufferPointer { options in
            optionCounts.withUnsafeBufferPointer { optionCounts in
                chosen.withUnsafeMutableBufferPointer { chosen in
                    lzw.encode(
                        options: options.baseAddress!, optionCounts: optionCounts.baseAddress!, count: count,
                        minimumCodeSize: minimumCodeSize, chosen: chosen.baseAddress!, into: &data)
                }
            }
        }
        return data
    }

    /// The delay of absolute frame `n` in centiseconds.
    @_optimize(speed)
    static func delay(ofFrame n: Int, fps: Int) -> Int {
        func start(_ n: Int) -> Int { (200 * n + fps) / (2 * fps) }
        return start(n + 1) - start(n)
    }

    /// Maps `current` and writes the frame's blocks to `block`.
    ///
    /// Error budget: a frame may be shown with at most `1 + errorGrowth` times the squared
    /// error of its colours' nearest palette entries, plus `errorFloor` per pixel. The frame is compressed at the
    /// full `lossy` tolerance first; while what it would show exceeds the budget, it is
    /// compressed again at a quarter of the tolerance, down to none.
    @_optimize(speed)
    private func encodeFrame() {
        let (width, height) = (settings.width, settings.height)
        let mapper = self.mapper!
        let first = frameCount == 0
        var mappedError = self.mappedError
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
                            guard mapper.tolerance > 0 else { return }
                            // Each pixel's error at its nearest entry, kept up to date where the colour changed.
                            nearestErrors.withUnsafeMutableBufferPointer { nearestErrors in
                                let now = UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt32.self)
                                let before = UnsafeRawPointer(previous.baseAddress!).assumingMemoryBound(to: UInt32.self)
                                for i in 0..<width * height where first || now[i] != before[i] {
                                    let p = pixels + 4 * i
                                    let error = Int32(mapper.distanceSquared(p, mapper.nearest(p[0], p[1], p[2])))
                                    mappedError += Int(error - nearestErrors[i])
                                    nearestErrors[i] = error
                                }
                            }
                        }
                    }
                }
            }
        }
        self.mappedError = mappedError
        let budget = Double(mappedError) * (1 + Self.errorGrowth) + Self.errorFloor * Double(width * height)
        var tolerance = mapper.tolerance
        var frame = compressFrame(tolerance: tolerance, first: first)
        while tolerance > 0 && Double(frame.error) > budget {
            tolerance = tolerance >= 16 ? tolerance / 4 : 0
            frame = compressFrame(tolerance: tolerance, first: first)
        }
        let transparent = UInt8(transparentIndex)
        chosen.withUnsafeBufferPointer { chosen in
            shown.withUnsafeMutableBufferPointer { shown in
                var k = 0
                for y in frame.minY...frame.maxY {
                    for x in frame.minX...frame.maxX {
                        if chosen[k] != transparent { shown[y * width + x] = chosen[k] }
                        k += 1
                    }
                }
            }
        }
        block.removeAll(keepingCapacity: true)
        GIFWriter.graphicControl(
            delay: Self.delay(ofFrame: settings.firstFrame + frameCount, fps: settings.fps),
            transparentIndex: frame.transparent, into: &block)
        GIFWriter.image(
            x: frame.minX, y: frame.minY, width: frame.maxX - frame.minX + 1, height: frame.maxY - frame.minY + 1,
            localTable: frame.localTable, tableBits: max(frame.localBits, 1), minimumCodeSize: frame.codeSize, lzw: frame.data,
            into: &block)
    }

    /// A frame compressed one way: its rectangle, code stream and colour table, and the squared
    /// error of the whole frame as it would be shown. The indices sent are in `chosen`.
    private struct CompressedFrame {
        var minX: Int
        var minY: Int
        var maxX: Int
        var maxY: Int
        var data: [UInt8]
        var codeSize: Int
        var localTable: [RGB8]?
        var localBits: Int
        var transparent: Int?
        var error: Int
    }

    /// Compresses the mapped frame (`target`) at squared tolerance `tolerance`.
    @_optimize(speed)
    private func compressFrame(tolerance: Int, first: Bool) -> CompressedFrame {
        let width = settings.width
        let mapper = self.mapper!
        let transparent = UInt8(transparentIndex)
        let rect = gatherOptions(tolerance: tolerance, first: first)
        let rectWidth = rect.maxX - rect.minX + 1
        let rectHeight = rect.maxY - rect.minY + 1
        // Which reading of a keepable pixel ties should favour depends on the picture: its
        // colour where the unchanged area is flat (strings mix sent and kept pixels), the
        // transparent index where it is varied (transparent runs recur on every row). Both
        // are tried; the smaller wins.
        let count = rectWidth * rectHeight
        let width5 = LZWEncoder.maximumOptions
        var data: [UInt8] = []
        var swapped = false
        if !first {
            // The second reading: the transparent index first wherever it is an option (a pixel's
            // first option is never transparent, so it is second there).
            options.withUnsafeBufferPointer { options in
                optionCounts.withUnsafeBufferPointer { optionCounts in
                    swappedOptions.withUnsafeMutableBufferPointer { swappedOptions in
                        swappedOptions.baseAddress!.update(from: options.baseAddress!, count: width5 * count)
                        for k in 0..<count where optionCounts[k] >= 2 && options[width5 * k + 1] == transparent {
                            swappedOptions.swapAt(width5 * k, width5 * k + 1)
                            swapped = true
                        }
                    }
                }
            }
        }
        if swapped {
            // Both readings at once, on two threads for frames large enough to pay for it.
            var other: [UInt8] = []
            options.withUnsafeBufferPointer { options in
            swappedOptions.withUnsafeBufferPointer { swappedOptions in
            optionCounts.withUnsafeBufferPointer { optionCounts in
            chosen.withUnsafeMutableBufferPointer { chosen in
            alternativeChosen.withUnsafeMutableBufferPointer { alternativeChosen in
                withUnsafeMutablePointer(to: &data) { data in
                    withUnsafeMutablePointer(to: &other) { other in
                        let readings = TwoReadings(
                            encoders: (lzw, secondLZW), options: (options.baseAddress!, swappedOptions.baseAddress!),
                            optionCounts: optionCounts.baseAddress!, chosen: (chosen.baseAddress!, alternativeChosen.baseAddress!),
                            outputs: (data, other), count: count, minimumCodeSize: minimumCodeSize)
                        if count >= Self.parallelPixels {
                            DispatchQueue.concurrentPerform(iterations: 2) { readings.compress($0) }
                        } else {
                            readings.compress(0)
                            readings.compress(1)
                        }
                    }
                }
            }
            }
            }
            }
            }
            if other.count < data.count {
                data = other
                swap(&chosen, &alternativeChosen)
                swap(&options, &swappedOptions)
            }
        } else {
            data = compress(count: count, minimumCodeSize: minimumCodeSize, into: &chosen)
        }
        // A frame that uses few of the palette's colours may be cheaper with a local colour
        // table of just those: LZW codes start one bit wider than the table's index size, so
        // a 16-colour table saves up to 4 bits per code while the dictionary is young.
        var codeSize = minimumCodeSize
        var localTable: [RGB8]?
        var localBits = 0
        var frameTransparent: Int? = first ? nil : transparentIndex
        var used = [Bool](repeating: false, count: 256)
        options.withUnsafeBufferPointer { options in
            optionCounts.withUnsafeBufferPointer { optionCounts in
                used.withUnsafeMutableBufferPointer { used in
                    for k in 0..<count {
                        for j in 0..<Int(optionCounts[k]) { used[Int(options[width5 * k + j])] = true }
                    }
                }
            }
        }
        if !first { used[transparentIndex] = true }
        let symbols = (0..<256).filter { used[$0] }
        while 1 << localBits < symbols.count { localBits += 1 }
        let localCodeSize = max(2, localBits)
        if localCodeSize < minimumCodeSize {
            var toLocal = [UInt8](repeating: 0, count: 256)
            for (index, symbol) in symbols.enumerated() { toLocal[symbol] = UInt8(index) }
            options.withUnsafeMutableBufferPointer { options in
                optionCounts.withUnsafeBufferPointer { optionCounts in
                    for k in 0..<count {
                        for j in 0..<Int(optionCounts[k]) { options[width5 * k + j] = toLocal[Int(options[width5 * k + j])] }
                    }
                }
            }
            let local = compress(count: count, minimumCodeSize: localCodeSize, into: &alternativeChosen)
            if local.count + 3 << max(localBits, 1) < data.count {
                data = local
                chosen.withUnsafeMutableBufferPointer { chosen in
                    alternativeChosen.withUnsafeBufferPointer { local in
                        for k in 0..<count { chosen[k] = UInt8(symbols[Int(local[k])]) }
                    }
                }
                let colors = mapper.palette.colors
                localTable = symbols.map { $0 < colors.count ? colors[$0] : RGB8(r: 0, g: 0, b: 0) }
                codeSize = localCodeSize
                if !first { frameTransparent = Int(toLocal[transparentIndex]) }
            }
        }
        // The error is only needed where a lower tolerance could be tried.
        var error = rect.outsideError
        if tolerance > 0 {
            current.withUnsafeBufferPointer { current in
            chosen.withUnsafeBufferPointer { chosen in
            shown.withUnsafeBufferPointer { shown in
                var k = 0
                for y in rect.minY...rect.maxY {
                    for x in rect.minX...rect.maxX {
                        let i = y * width + x
                        error += mapper.distanceSquared(current.baseAddress! + 4 * i, Int(chosen[k] == transparent ? shown[i] : chosen[k]))
                        k += 1
                    }
                }
            }
            }
            }
        }
        return CompressedFrame(
            minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY, data: data, codeSize: codeSize,
            localTable: localTable, localBits: localBits, transparent: frameTransparent, error: error)
    }

    /// The rectangle of pixels that must be sent at squared tolerance `tolerance`, with each of
    /// its pixels' options written to `options` and `optionCounts` (row by row, best first),
    /// and the squared error of the pixels outside it, which keep what they show (0 when
    /// `tolerance` is 0: no budget is checked then).
    @_optimize(speed)
    private func gatherOptions(tolerance: Int, first: Bool) -> (minX: Int, minY: Int, maxX: Int, maxY: Int, outsideError: Int) {
        let (width, height) = (settings.width, settings.height)
        let mapper = self.mapper!
        let transparent = UInt8(transparentIndex)
        var rect = (minX: width, minY: height, maxX: -1, maxY: -1)
        var outsideError = 0
        current.withUnsafeBufferPointer { current in
        previous.withUnsafeBufferPointer { previous in
        shown.withUnsafeBufferPointer { shown in
        target.withUnsafeBufferPointer { target in
        options.withUnsafeMutableBufferPointer { options in
        optionCounts.withUnsafeMutableBufferPointer { optionCounts in
            let pixels = current.baseAddress!
            if first {
                rect = (0, 0, width - 1, height - 1)
            } else {
                // A pixel must be sent unless what it shows is as close as its new index, or within
                // the tolerance where the palette cannot show its colour exactly anyway.
                // What every pixel shows now, summed; the rectangle's part is taken off below.
                let sumsShownError = tolerance > 0
                for y in 0..<height {
                    for x in 0..<width {
                        let i = y * width + x
                        let p = pixels + 4 * i
                        guard target[i] != shown[i] else {
                            if sumsShownError { outsideError += mapper.distanceSquared(p, Int(shown[i])) }
                            continue
                        }
                        let kept = mapper.distanceSquared(p, Int(shown[i]))
                        if sumsShownError { outsideError += kept }
                        let error = mapper.distanceSquared(p, Int(target[i]))
                        if kept > error && (error == 0 || kept > tolerance) {
                            rect = (min(rect.minX, x), min(rect.minY, y), max(rect.maxX, x), max(rect.maxY, y))
                        }
                    }
                }
                if rect.maxX < 0 { rect = (0, 0, 0, 0) }
            }
            var k = 0
            for y in rect.minY...rect.maxY {
                for x in rect.minX...rect.maxX {
                    let i = y * width + x
                    let p = pixels + 4 * i
                    let wanted = target[i]
                    let error = mapper.distanceSquared(p, Int(wanted))
                    let o = options.baseAddress! + LZWEncoder.maximumOptions * k
                    var n = 0
                    o[n] = wanted
                    n += 1
                    if !first {
                        let kept = mapper.distanceSquared(p, Int(shown[i]))
                        if tolerance > 0 { outsideError -= kept }
                        if wanted == shown[i] || kept <= (error == 0 ? 0 : max(error, tolerance)) {
                            o[n] = transparent
                            n += 1
                        }
                    }
                    // Only pixels whose colour changed (all, in the first frame) may take a near
                    // entry: an error on a still pixel would stay on screen for as long as the
                    // pixel stays still. The first frame's errors stay within its budget, and its
                    // dithered pixels keep their place in the pattern, which still areas show for
                    // the whole animation.
                    let q = previous.baseAddress! + 4 * i
                    let nearest = tolerance > 0 && error > 0 ? UInt8(mapper.nearest(p[0], p[1], p[2])) : wanted
                    if tolerance > 0 && error > 0 && (first ? wanted == nearest : p[0] != q[0] || p[1] != q[1] || p[2] != q[2]) {
                        let near = mapper.alternatives(p[0], p[1], p[2])
                        let nearCount = Int(near >> 24 & 3)
                        if nearest != wanted && n < LZWEncoder.maximumOptions {
                            o[n] = nearest
                            n += 1
                        }
                        for j in 0..<nearCount where n < LZWEncoder.maximumOptions {
                            let option = UInt8(near >> (8 * UInt32(j)) & 0xFF)
                            if mapper.distanceSquared(p, Int(option)) > tolerance { break }
                            if option != wanted && option != nearest {
                                o[n] = option
                                n += 1
                            }
                        }
                    }
                    optionCounts[k] = UInt8(n)
                    k += 1
                }
            }
        }
        }
        }
        }
        }
        }
        return (rect.minX, rect.minY, rect.maxX, rect.maxY, outsideError)
    }
}

/// The two tie-breaking readings of one frame, each compressed by its own encoder into its own
/// buffers, so that they can run on two threads at once.
private struct TwoReadings: @unchecked Sendable {
    let encoders: (LZWEncoder, LZWEncoder)
    let options: (UnsafePointer<UInt8>, UnsafePointer<UInt8>)
    let optionCounts: UnsafePointer<UInt8>
    let chosen: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>)
    let outputs: (UnsafeMutablePointer<[UInt8]>, UnsafeMutablePointer<[UInt8]>)
    let count: Int
    let minimumCodeSize: Int

    /// Compresses reading `index` (0 or 1).
    func compress(_ index: Int) {
        let first = index == 0
        (first ? encoders.0 : encoders.1).encode(
            options: first ? options.0 : options.1, optionCounts: optionCounts, count: count,
            minimumCodeSize: minimumCodeSize, chosen: first ? chosen.0 : chosen.1, into: &(first ? outputs.0 : outputs.1).pointee)
    }
}
