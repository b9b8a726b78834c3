import Dispatch
import Raster

/// Encodes frames as an animated GIF with one palette for the whole animation, our own
/// dithering, and frames reduced to what changed; the bytes go to the caller.
///
/// The data flow, one frame behind (to know which pixels come to rest):
/// 1. Palette (`PaletteBuilder` over a `ColorHistogram` of the analysed frames, in OKLab with
///    `SortedCentres`): at most `min(colors, 255)` distinct colours, the index after the last
///    kept for transparency, written once as the global colour table (`start`).
/// 2. Mapping and dither (`PaletteMapper`, `Dither`): each frame becomes indices; pixels whose
///    colour did not change keep the index they are shown with.
/// 3. Error budget (`GIFEncoder+ErrorBudget`): how far the frame may be shown from its
///    colours, kept up to date where they changed.
/// 4. Options and search (`GIFEncoder+Options`, `GIFEncoder+Search`): every pixel gets the
///    indices it may be sent as at a tolerance; the highest tolerance whose reading fits the
///    budget is kept, its rectangle cropped to the pixels that must be sent, compressed by
///    `LZWEncoder`, which picks among each pixel's options. With `fast` there is no search
///    (`GIFEncoder+Fast`).
/// 5. Colour table (`GIFEncoder+ColorTable`): the global table, narrower codes, or a local
///    table of the colours sent, whichever is smallest. A frame the global palette serves
///    badly (a fade, new colours) takes a palette of its own instead (`GIFEncoder+LocalTable`).
/// 6. Disposal (`GIFEncoder+Disposal`) and blocks (`GIFWriter`): the frame is left in place or
///    restores what it covered, and its blocks are handed to the caller.
///
/// Memory: a few buffers of the frame's size and the mapper's two colour caches (64 MiB of
/// address space each, touched only where colours occur), whatever the number of frames.
///
/// Timing: delays are whole centiseconds, so frame n (counted from `settings.firstFrame`)
/// starts at round(100 n / fps) cs and lasts until the next one starts. The animation keeps
/// its length without drift; at 30 fps the delays run 3, 4, 3, 3, 4, 3… (a 10 ms jitter;
/// 25 and 50 fps are exact). Counting from `firstFrame` makes pieces of a render, joined
/// frame by frame, time exactly like the whole.
public final class GIFEncoder {
    let settings: GIFSettings
    var histogram: ColorHistogram?
    var mapper: PaletteMapper?
    var transparentIndex = 0
    var minimumCodeSize = 2
    /// The frame being encoded, the one before it, and the one after it (encoding runs one
    /// frame behind, to know which pixels come to rest).
    var current: [UInt8]
    var previous: [UInt8]
    var upcoming: [UInt8]
    /// The colours the pixels shown stand for: `previous` after a frame left in place, the
    /// colours before a frame that restores what it covered.
    var basis: [UInt8]
    /// Whether `current` holds the last frame, which has no `upcoming`.
    var isLast = false
    var shown: [UInt8]
    var target: [UInt8]
    var errors: [Float]
    /// Two readings' buffers, compressed at once (with `fast`, by consecutive frames).
    let readings: (FrameReading, FrameReading)
    /// With `fast`: each pixel's index as mapped (`chooseAsMapped`), the queue that
    /// compresses a frame while the next is mapped, and the frame it is compressing (with
    /// whether it restores what it covers, and its number).
    var marked: [UInt8]
    let compressor = DispatchQueue(label: "GIFEncoder.compressor")
    var compressing: (DispatchGroup, CompressedResult, Bool, Int)?
    /// Each pixel's squared error at its nearest palette entry, and their sum (when lossy).
    var nearestErrors: [Int32]
    /// Where the colour changed (when lossy): each pixel's nearest entry and, where its mapped
    /// entry is not exact, its near entries (`PaletteMapper.alternatives`), looked up once
    /// per frame for every reading.
    var nearestIndices: [UInt8]
    var nearEntries: [UInt32]
    var mappedError = 0
    /// Each pixel's squared error as shown now, and their sum (when lossy): what a pixel left
    /// out of a frame's rectangle adds to its error.
    var shownErrors: [Int32]
    var shownError = 0
    /// The previous frame's tolerance (its index in the frame's list, highest first).
    var lastLevel = 0
    /// The last frame whose runs reading was at least 1 % smaller than its transparency reading.
    var lastRunsWin = 0
    /// A frame's rectangle packed, and its indices, for a local colour table (`GIFEncoder+LocalTable`).
    var localPixels: [UInt8]
    var localTarget: [UInt8]
    /// The first frame that may try a local table again, and the wait after the next miss.
    var localTableRetry = 0
    var localTableBackoff = GIFEncoder.localTableBackoff
    var block: [UInt8] = []
    var frameCount = 0
    /// When lossy, the palette takes fewer colours (narrower LZW codes) while its PSNR over
    /// the analysed frames stays at least this (dB): a squared error of 0.065 per channel, a
    /// quarter of a code value's root mean square…
    static let palettePSNR = 60.0
    /// …and no colour is farther than this from its entry (sRGB distance in code values, under
    /// 5 on each channel), so that a small detail keeps its colour, whatever its share of the
    /// pixels.
    static let paletteDifference = 8.0

    /// An encoder for frames of `settings.width × settings.height`.
    public init(settings: GIFSettings) {
        self.settings = settings
        let pixels = settings.width * settings.height
        histogram = ColorHistogram()
        current = Array(repeating: 0, count: pixels * 4)
        previous = Array(repeating: 0, count: pixels * 4)
        basis = Array(repeating: 0, count: pixels * 4)
        upcoming = Array(repeating: 0, count: pixels * 4)
        shown = Array(repeating: 0, count: pixels)
        target = Array(repeating: 0, count: pixels)
        readings = (FrameReading(pixels: pixels), FrameReading(pixels: pixels))
        marked = settings.fast ? Array(repeating: 0, count: pixels) : []
        nearestErrors = Array(repeating: 0, count: pixels)
        nearestIndices = Array(repeating: 0, count: pixels)
        nearEntries = Array(repeating: 0, count: pixels)
        shownErrors = Array(repeating: 0, count: pixels)
        errors = Array(repeating: 0, count: 2 * (settings.width + 2) * 3)
        localPixels = settings.fast ? [] : Array(repeating: 0, count: pixels * 4)
        localTarget = settings.fast ? [] : Array(repeating: 0, count: pixels)
    }

    deinit { close() }

    /// Whether the palette is built (at the first `append`): `analyze` no longer applies.
    public var hasStarted: Bool { mapper != nil }

    /// Adds `frame` (of the settings' size) to the palette's statistics; only before the first `append`.
    @_optimize(speed)
    public func analyze(_ frame: Pixmap) {
        precondition(histogram != nil && mapper == nil, "analyze comes before the first append")
        composite(frame, into: &current)
        current.withUnsafeBufferPointer { histogram!.add($0.baseAddress!, count: settings.width * settings.height) }
    }

    /// Takes the next frame (of the settings' size) and hands `write` the bytes that are ready:
    /// the header at the first frame, then each frame's blocks once the next one is known.
    @_optimize(speed)
    public func append<Failure: Error>(_ frame: Pixmap, write: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        // The first frame waits for the second.
        guard mapper != nil else {
            composite(frame, into: &current)
            try write(start())
            return
        }
        composite(frame, into: &upcoming)
        encodeFrame()
        try write(block)
        swap(&current, &upcoming)
    }

    /// Hands `write` the last frame's blocks and the trailer, then releases the buffers.
    /// Needs at least one appended frame (`hasStarted`).
    @_optimize(speed)
    public func finish<Failure: Error>(write: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        precondition(mapper != nil, "a GIF needs a frame")
        isLast = true
        encodeFrame()
        try write(block)
        try write([GIFWriter.trailer])
        close()
    }

    /// Waits for a frame being compressed, if any, and releases the palette and statistics.
    @_optimize(speed)
    public func close() {
        // A frame being compressed reads the mapper until it is done.
        compressing?.0.wait()
        compressing = nil
        mapper = nil
        histogram = nil
    }

    /// Composites `frame` over the matte into `buffer`.
    @_optimize(speed)
    private func composite(_ frame: Pixmap, into buffer: inout [UInt8]) {
        let (width, height) = (settings.width, settings.height)
        buffer.withUnsafeMutableBufferPointer { buffer in
            frame.composite(over: settings.matte, into: buffer.baseAddress!, linesize: width * 4, paddedWidth: width, paddedHeight: height)
        }
    }

    /// Builds the palette; returns the header, global colour table and loop extension.
    @_optimize(speed)
    private func start() -> [UInt8] {
        if histogram!.pixelCount == 0 {
            current.withUnsafeBufferPointer { histogram!.add($0.baseAddress!, count: settings.width * settings.height) }
        }
        // Lossy encoding may also take fewer colours where they still show the animation
        // within `palettePSNR` and `paletteDifference`.
        let palette = PaletteBuilder.palette(
            from: histogram!, maxColors: min(settings.colors, 255), minimumPSNR: settings.lossy > 0 ? Self.palettePSNR : .infinity,
            largestDifference: Self.paletteDifference)
        histogram = nil
        mapper = PaletteMapper(palette: palette, tolerance: settings.fast ? 0 : settings.lossy * settings.lossy)
        transparentIndex = palette.colors.count
        var tableBits = 1
        while 1 << tableBits < palette.colors.count + 1 { tableBits += 1 }
        minimumCodeSize = max(2, tableBits)
        var header: [UInt8] = []
        GIFWriter.header(width: settings.width, height: settings.height, colors: palette.colors, tableBits: tableBits, into: &header)
        if settings.loop >= 0 { GIFWriter.loopExtension(settings.loop, into: &header) }
        if let comment = settings.comment { GIFWriter.commentExtension(comment, into: &header) }
        return header
    }

    /// Encodes `current` into `block` (with `fast`, the blocks of the frame before it, and after
    /// the last frame its own too); `current` becomes `previous`.
    @_optimize(speed)
    private func encodeFrame() {
        let first = frameCount == 0
        mapFrame(first: first)
        if mapper!.tolerance > 0 { trackErrors(first: first) }
        if settings.fast {
            encodeFrameAsMapped()
        } else if !sentWithLocalTable() {
            let (frame, reading) = search(first: first)
            emit(frame, reading: reading)
        }
        frameCount += 1
        swap(&current, &previous)
    }

    /// Maps `current` to palette indices in `target` with the settings' dither.
    @_optimize(speed)
    private func mapFrame(first: Bool) {
        let (width, height) = (settings.width, settings.height)
        let mapper = self.mapper!
        current.withUnsafeBufferPointer { current in
        basis.withUnsafeBufferPointer { basis in
        shown.withUnsafeBufferPointer { shown in
        target.withUnsafeMutableBufferPointer { target in
        errors.withUnsafeMutableBufferPointer { errors in
            mapper.map(
                current.baseAddress!, width: width, height: height, dither: settings.dither,
                previous: first ? nil : basis.baseAddress!, shown: shown.baseAddress!,
                target: target.baseAddress!, errors: errors.baseAddress!)
        }
        }
        }
        }
        }
    }

    /// The delay of absolute frame `n` in centiseconds.
    @_optimize(speed)
    static func delay(ofFrame n: Int, fps: Int) -> Int {
        func start(_ n: Int) -> Int { (200 * n + fps) / (2 * fps) }
        return start(n + 1) - start(n)
    }
}
