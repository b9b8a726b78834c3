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
///    transparent index (keeping what it shows) when what it shows is closer to its colour than
///    the mapped entry (a dithered one), or within the tolerance (a tie goes to the mapped
///    index, so that at tolerance 0 what shows depends on the frame alone, as it does for a
///    piece of a render that starts there); and, only for pixels whose colour changed
///    (every pixel of the first frame), up to three more entries within the tolerance of it.
///    Pixels at rest take no error beyond their mapped entry's, since it would stay on screen
///    for as long as they rest: neither pixels whose colour did not change nor those whose
///    colour will not change in the next frame (encoding runs one frame behind to know), nor
///    any pixel of the last frame. So an approximation lasts only while a pixel keeps
///    changing; one left on pixels that came to rest would show as a ghost of what moved past
///    (the anti-aliased fringe of scrolled text). Neither do colours the palette holds exactly
///    (flat fills, backgrounds), where a faint residue would show. The first frame, most of a
///    short clip's bytes, is the exception: its pixels at rest may take near entries within a
///    quarter of the squared tolerance, half the distance (others within all of it). The tolerance is `lossy`
///    unless the frame would then exceed its error budget (see `encodeFrame`): at the
///    default `lossy` 16 a frame's PSNR stays within about 1.8 dB of the palette's own; the
///    budget grows with the square of `lossy`.
/// 5. Frame: only the bounding rectangle of the pixels that must be sent is stored.
///    `LZWEncoder` picks among each pixel's options while compressing.
///    Which option ties should favour depends on the picture (`TieBreak`): transparency
///    (transparent runs recur on every row; stretches of `transparentStretch` pixels or more
///    that may be transparent are sent so), or runs (gifsicle's rule: a stretch that may be
///    transparent favours transparency once it holds two colours, its colour while it holds
///    one). Transparency usually wins; the runs reading is compressed beside it, and the
///    smaller kept, while it has won lately (see `encodeFrame`). A
///    frame whose sent indices use at most half the palette's index range takes a local
///    colour table of just those colours (narrower codes) when that is smaller: the same
///    codes renumbered (`LZWEncoder.recode`), so its size is known without compressing
///    again. Where the indices sent all lie low in the palette, the codes narrow without a
///    table: the transparent index moves to a low index the frame does not send. A frame
///    identical to the previous one is a single transparent pixel (index 0, 3-bit codes:
///    two bytes), so the frame count and timing stay those of the animation.
///    With `EncoderSettings.fastGIF` there is no search: the pixels that must be sent (as
///    for tolerance 0) are sent as their mapped entry, the others as transparency, and the
///    frame is compressed once by classic LZW (`encodeFrameAsMapped`).
/// 6. Disposal: a frame is left in place once shown, unless the next frame differs in fewer
///    pixels from the colours shown before it (`basis`) than from its own: then it restores
///    what it covered ("restore to previous"), the pixels shown stay as they were, and the
///    next frame is sent over them (a shape moving over a still background is sent alone,
///    without the background it uncovers).
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
    /// The frame being encoded, the one before it, and the one after it (encoding runs one
    /// frame behind, to know which pixels come to rest).
    private var current: [UInt8]
    private var previous: [UInt8]
    private var upcoming: [UInt8]
    /// The colours the pixels shown stand for: `previous` after a frame left in place, the
    /// colours before a frame that restores what it covered.
    private var basis: [UInt8]
    /// Whether `current` holds the last frame, which has no `upcoming`.
    private var isLast = false
    private var shown: [UInt8]
    private var target: [UInt8]
    private var errors: [Float]
    /// Two readings' buffers, compressed at once (with `fastGIF`, by consecutive frames).
    private let readings: (FrameReading, FrameReading)
    /// With `fastGIF`: each pixel's index as mapped (`chooseAsMapped`), the queue that
    /// compresses a frame while the next is mapped, and the frame it is compressing (with
    /// whether it restores what it covers, and its number).
    private var marked: [UInt8]
    private let compressor = DispatchQueue(label: "GIFEncoder.compressor")
    private var compressing: (DispatchGroup, CompressedResult, Bool, Int)?
    /// Each pixel's squared error at its nearest palette entry, and their sum (when lossy).
    private var nearestErrors: [Int32]
    /// Where the colour changed (when lossy): each pixel's nearest entry and, where its mapped
    /// entry is not exact, its near entries (`PaletteMapper.alternatives`), looked up once
    /// per frame for every reading.
    private var nearestIndices: [UInt8]
    private var nearEntries: [UInt32]
    private var mappedError = 0
    /// Each pixel's squared error as shown now, and their sum (when lossy): what a pixel left
    /// out of a frame's rectangle adds to its error.
    private var shownErrors: [Int32]
    private var shownError = 0
    /// The previous frame's tolerance (its index in the frame's list, highest first).
    private var lastLevel = 0
    /// The last frame whose runs reading was at least 1 % smaller than its transparency reading.
    private var lastRunsWin = 0
    /// Both readings are compressed for this many frames after the runs reading last won…
    static let runsReadingMemory = 16
    /// …and on every frame whose number is a multiple of this.
    static let runsReadingProbe = 8
    /// Frames with at least this many pixels to send compress two readings on two threads.
    static let parallelPixels = 4096
    private var block: [UInt8] = []
    private var frameCount = 0
    /// At `lossy` 16 (the default), the share by which a frame's squared error may exceed that
    /// of its colours' nearest entries (a PSNR at most 1.8 dB lower)…
    static let errorGrowth = 0.5
    /// …plus this much per pixel (squared sRGB code values summed over the channels; alone, a
    /// PSNR of 56 dB). Both scale with the square of `lossy` over 16 (`errorBudget`).
    static let errorFloor = 0.5
    /// When lossy, the palette takes fewer colours (narrower LZW codes) while its PSNR over
    /// the analysed frames stays at least this (dB): a squared error of 0.065 per channel, a
    /// quarter of a code value's root mean square…
    static let palettePSNR = 60.0
    /// …and no colour is farther than this from its entry (sRGB distance in code values, under
    /// 5 on each channel), so that a small detail keeps its colour, whatever its share of the
    /// pixels.
    static let paletteDifference = 8.0
    /// In the first frame, pixels at rest take near entries within this share of the tolerance.
    static let firstFrameRestShare = 4
    /// Stretches of at least this many pixels that may all be transparent are sent so, in
    /// the reading that favours transparency (see `keepLongStretchesTransparent`).
    static let transparentStretch = 128
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
        basis = Array(repeating: 0, count: pixels * 4)
        upcoming = Array(repeating: 0, count: pixels * 4)
        shown = Array(repeating: 0, count: pixels)
        target = Array(repeating: 0, count: pixels)
        readings = (FrameReading(pixels: pixels), FrameReading(pixels: pixels))
        marked = settings.fastGIF ? Array(repeating: 0, count: pixels) : []
        nearestErrors = Array(repeating: 0, count: pixels)
        nearestIndices = Array(repeating: 0, count: pixels)
        nearEntries = Array(repeating: 0, count: pixels)
        shownErrors = Array(repeating: 0, count: pixels)
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
        composite(frame, into: &current)
        current.withUnsafeBufferPointer { histogram!.add($0.baseAddress!, count: settings.width * settings.height) }
    }

    @_optimize(speed)
    func append(_ frame: Pixmap) throws(ExportError) {
        guard isOpen, let output else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            try settings.checkSize(of: frame, path: path)
            // The first frame waits for the second.
            guard mapper != nil else {
                composite(frame, into: &current)
                try start(output)
                return
            }
            composite(frame, into: &upcoming)
            try writeFrame(to: output)
            swap(&current, &upcoming)
        } catch {
            cancel()
            throw error
        }
    }

    @_optimize(speed)
    func finish() throws(ExportError) {
        guard isOpen, let output else { throw .sinkClosed(path: path) }
        do throws(ExportError) {
            guard mapper != nil else { throw ExportError.noFrames(path: path) }
            isLast = true
            try writeFrame(to: output)
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
        // A frame being compressed reads the mapper until it is done.
        compressing?.0.wait()
        compressing = nil
        isOpen = false
        output = nil
        mapper = nil
        histogram = nil
    }

    /// Encodes and writes `current`; it becomes `previous`.
    @_optimize(speed)
    private func writeFrame(to output: FileOutput) throws(ExportError) {
        encodeFrame()
        try output.write(block)
        frameCount += 1
        swap(&current, &previous)
    }

    /// Composites `frame` over the matte into `buffer`.
    @_optimize(speed)
    private func composite(_ frame: Pixmap, into buffer: inout [UInt8]) {
        let (width, height) = (settings.width, settings.height)
        buffer.withUnsafeMutableBufferPointer { buffer in
            frame.composite(over: matte, into: buffer.baseAddress!, linesize: width * 4, paddedWidth: width, paddedHeight: height)
        }
    }

    /// Builds the palette and writes the header, global colour table and loop extension.
    @_optimize(speed)
    private func start(_ output: FileOutput) throws(ExportError) {
        if histogram!.pixelCount == 0 {
            current.withUnsafeBufferPointer { histogram!.add($0.baseAddress!, count: settings.width * settings.height) }
        }
        // Lossy encoding may also take fewer colours where they still show the animation
        // within `palettePSNR` and `paletteDifference`.
        let palette = PaletteBuilder.palette(
            from: histogram!, maxColors: min(settings.colors, 255), minimumPSNR: settings.lossy > 0 ? Self.palettePSNR : .infinity,
            largestDifference: Self.paletteDifference)
        histogram = nil
        mapper = PaletteMapper(palette: palette, tolerance: settings.fastGIF ? 0 : settings.lossy * settings.lossy)
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
    @_optimize(speed)
    static func delay(ofFrame n: Int, fps: Int) -> Int {
        func start(_ n: Int) -> Int { (200 * n + fps) / (2 * fps) }
        return start(n + 1) - start(n)
    }

    /// The most squared error a frame of `pixels` pixels may be shown with at `lossy`, when
    /// its colours' nearest palette entries give `mappedError` (see `encodeFrame`).
    static func errorBudget(mappedError: Int, pixels: Int, lossy: Int) -> Double {
        let scale = Double(lossy * lossy) / 256
        return Double(mappedError) * (1 + errorGrowth * scale) + errorFloor * scale * Double(pixels)
    }

    /// Maps `current` and writes the frame's blocks to `block`.
    ///
    /// Error budget: a frame may be shown with at most `1 + errorGrowth · s` times the squared
    /// error of its colours' nearest palette entries, plus `errorFloor · s` per pixel, where
    /// s = (lossy / 16)²: the budget grows as the squared tolerance does, so that a higher
    /// `lossy` can use its tolerance (with a fixed budget, every level above 16 would give
    /// much the same file). Tolerances
    /// run from `lossy` down by quarters to none; a frame takes the highest whose reading fits
    /// the budget. The search starts one step above the previous frame's tolerance, since
    /// neighbouring frames need much the same. Readings that favour transparency at ties are
    /// compressed two tolerances at a time, on two threads; while the reading that favours
    /// runs (`TieBreak`) has won within the last `runsReadingMemory` frames (and every
    /// `runsReadingProbe` frames otherwise) both readings of one tolerance run instead, and
    /// the smaller counts.
    @_optimize(speed)
    private func encodeFrame() {
        let (width, height) = (settings.width, settings.height)
        let mapper = self.mapper!
        let first = frameCount == 0
        var mappedError = self.mappedError
        var shownError = self.shownError
        current.withUnsafeBufferPointer { current in
            previous.withUnsafeBufferPointer { previous in
            basis.withUnsafeBufferPointer { basis in
                shown.withUnsafeMutableBufferPointer { shown in
                    target.withUnsafeMutableBufferPointer { target in
                        errors.withUnsafeMutableBufferPointer { errors in
                            let pixels = current.baseAddress!
                            mapper.map(
                                pixels, width: width, height: height, dither: settings.dither,
                                previous: first ? nil : basis.baseAddress!, shown: UnsafePointer(shown.baseAddress!),
                                target: target.baseAddress!, errors: errors.baseAddress!)
                            guard mapper.tolerance > 0 else { return }
                            // Where the colour changed (from the previous frame, or from what the
                            // pixels shown stand for): the error at the nearest entry and as shown,
                            // kept up to date (as shown also after the frame, where that changed), and
                            // the nearest and (where the mapped entry is not exact) near entries looked
                            // up here, once: readings, two at a time on two threads, read them from
                            // `nearestIndices` and `nearEntries` (the mapper's caches fill on first use,
                            // and are written only here).
                            nearestErrors.withUnsafeMutableBufferPointer { nearestErrors in
                            shownErrors.withUnsafeMutableBufferPointer { shownErrors in
                            nearestIndices.withUnsafeMutableBufferPointer { nearestIndices in
                            nearEntries.withUnsafeMutableBufferPointer { nearEntries in
                                let now = UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt32.self)
                                let before = UnsafeRawPointer(previous.baseAddress!).assumingMemoryBound(to: UInt32.self)
                                let standing = UnsafeRawPointer(basis.baseAddress!).assumingMemoryBound(to: UInt32.self)
                                for i in 0..<width * height where first || now[i] != before[i] || now[i] != standing[i] {
                                    let p = pixels + 4 * i
                                    let nearest = mapper.nearest(p[0], p[1], p[2])
                                    nearestIndices[i] = UInt8(nearest)
                                    let error = Int32(mapper.distanceSquared(p, nearest))
                                    mappedError += Int(error - nearestErrors[i])
                                    nearestErrors[i] = error
                                    let kept = Int32(mapper.distanceSquared(p, Int(shown[i])))
                                    shownError += Int(kept - shownErrors[i])
                                    shownErrors[i] = kept
                                    if mapper.distanceSquared(p, Int(target[i])) > 0 { nearEntries[i] = mapper.alternatives(p[0], p[1], p[2]) }
                                }
                            }
                            }
                            }
                            }
                        }
                    }
                }
            }
            }
        }
        self.mappedError = mappedError
        self.shownError = shownError
        if settings.fastGIF {
            encodeFrameAsMapped()
            return
        }
        let budget = Self.errorBudget(mappedError: mappedError, pixels: width * height, lossy: settings.lossy)
        // The tolerances, highest first, and the rectangle of pixels each must send.
        var tolerances = [mapper.tolerance]
        while tolerances.last! > 0 { tolerances.append(tolerances.last! >= 16 ? tolerances.last! / 4 : 0) }
        let rects = first
            ? Array(repeating: PixelRect(minX: 0, minY: 0, maxX: width - 1, maxY: height - 1), count: tolerances.count)
            : changedRects(tolerances: tolerances)
        func fits(_ frame: CompressedFrame) -> Bool { frame.tolerance == 0 || Double(frame.error) <= budget }
        var level = min(max(lastLevel - 1, 0), tolerances.count - 1)
        var frame: CompressedFrame
        var reading: FrameReading
        let both = !first
            && (frameCount - lastRunsWin <= Self.runsReadingMemory || frameCount % Self.runsReadingProbe == 0)
        var speculates = lastLevel > level
        while true {
            let (a, b) = (readings.0, readings.1)
            if first {
                frame = compress(a, tolerance: tolerances[level], rect: rects[level], first: true, ties: .runs)
                reading = a
                if fits(frame) { break }
                level += 1
            } else if both {
                let (t, rect) = (tolerances[level], rects[level])
                var runs: CompressedFrame?
                var transparency: CompressedFrame?
                inParallel(pixels: rect.pixelCount,
                    { runs = self.compress(a, tolerance: t, rect: rect, first: false, ties: .runs) },
                    { transparency = self.compress(b, tolerance: t, rect: rect, first: false, ties: .transparency) })
                let (x, y) = (runs!, transparency!)
                // A win by at least 1 % keeps both readings going (smaller ones are not worth
                // giving up two tolerances at once).
                if 100 * x.data.count <= 99 * y.data.count { lastRunsWin = frameCount }
                // Ties keep the runs reading.
                (frame, reading) = x.data.count <= y.data.count ? (x, a) : (y, b)
                if fits(frame) { break }
                level += 1
            } else {
                // Where the budget has been binding (the previous frame settled lower, or this
                // tolerance failed), this tolerance and the next at once: the lower one counts
                // only when the higher does not fit.
                let next = speculates ? min(level + 1, tolerances.count - 1) : level
                speculates = true
                if next == level {
                    frame = compress(a, tolerance: tolerances[level], rect: rects[level], first: false, ties: .transparency)
                    reading = a
                    if fits(frame) { break }
                    level += 1
                    continue
                }
                var higher: CompressedFrame?
                var lower: CompressedFrame?
                inParallel(pixels: rects[next].pixelCount,
                    { higher = self.compress(a, tolerance: tolerances[level], rect: rects[level], first: false, ties: .transparency) },
                    { lower = self.compress(b, tolerance: tolerances[next], rect: rects[next], first: false, ties: .transparency) })
                (frame, reading) = (higher!, a)
                if fits(frame) { break }
                level = next
                (frame, reading) = (lower!, b)
                if fits(frame) { break }
                level += 1
            }
        }
        lastLevel = level
        emit(frame, reading: reading)
    }

    /// Ends the frame: it restores what it covered or is left shown, and its blocks are
    /// written to `block`.
    private func emit(_ frame: CompressedFrame, reading: FrameReading) {
        let restores = settle(frame.rect, reading: reading)
        block.removeAll(keepingCapacity: true)
        appendBlocks(of: frame, restores: restores, number: frameCount)
    }

    /// Whether the frame sent in `rect` (its indices in `reading`) restores what it covered
    /// (see `nextIsCloserToBasis`); if not, it becomes what the pixels show.
    private func settle(_ rect: PixelRect, reading: FrameReading) -> Bool {
        let restores = frameCount > 0 && !isLast && nextIsCloserToBasis()
        if !restores { leaveShown(rect, reading: reading) }
        return restores
    }

    /// Appends the blocks of `frame`, frame `number` of this output, to `block`.
    private func appendBlocks(of frame: CompressedFrame, restores: Bool, number: Int) {
        GIFWriter.graphicControl(
            delay: Self.delay(ofFrame: settings.firstFrame + number, fps: settings.fps),
            transparentIndex: frame.transparent, restores: restores, into: &block)
        GIFWriter.image(
            x: frame.minX, y: frame.minY, width: frame.maxX - frame.minX + 1, height: frame.maxY - frame.minY + 1,
            localTable: frame.localTable, tableBits: max(frame.localBits, 1), minimumCodeSize: frame.codeSize, lzw: frame.data,
            into: &block)
    }

    /// Encodes the mapped frame (`target`) as it is (`EncoderSettings.fastGIF`): the rectangle
    /// of the pixels whose mapped entry is closer to their colour than what they show, those
    /// pixels sent as their mapped entry and the others as transparency. Frames take the two
    /// readings in turn: while one frame's indices are compressed (classic LZW) on
    /// `compressor`, the next is mapped; `block` then holds the blocks of the frame before
    /// (and, after the last frame, of it too).
    @_optimize(speed)
    private func encodeFrameAsMapped() {
        let first = frameCount == 0
        let reading = frameCount % 2 == 0 ? readings.0 : readings.1
        let (rect, closerToBasis) = chooseAsMapped(into: reading, first: first)
        let restores = frameCount > 0 && !isLast && closerToBasis
        if !restores { leaveShown(rect, reading: reading, lastReadOfCurrent: true) }
        block.removeAll(keepingCapacity: true)
        collectCompressed()
        let group = DispatchGroup()
        let result = CompressedResult()
        let work = UncheckedSendable((self, reading, result))
        let codeSize = minimumCodeSize
        compressor.async(group: group) {
            let (encoder, reading, result) = work.value
            var data: [UInt8] = []
            reading.encodeAsChosen(count: rect.pixelCount, minimumCodeSize: codeSize, into: &data)
            result.frame = encoder.package(reading, data: data, rect: rect, first: first, tolerance: 0)
        }
        compressing = (group, result, restores, frameCount)
        if isLast { collectCompressed() }
    }

    /// Waits for the frame being compressed on `compressor`, if any, and appends its blocks to `block`.
    private func collectCompressed() {
        guard let (group, result, restores, number) = compressing else { return }
        group.wait()
        appendBlocks(of: result.frame!, restores: restores, number: number)
        compressing = nil
    }

    /// Writes to `reading.chosen` the indices sent as mapped (see `encodeFrameAsMapped`) and
    /// returns their rectangle, and whether the next frame is closer to the basis
    /// (`nextIsCloserToBasis`): `markAsMapped` marks each pixel's index (the mapped one or
    /// transparency) in `marked` as it finds both, and the rectangle's rows are copied from it.
    @_optimize(speed)
    private func chooseAsMapped(into reading: FrameReading, first: Bool) -> (PixelRect, closerToBasis: Bool) {
        let width = settings.width
        let (rect, closerToBasis) = first ? (PixelRect(minX: 0, minY: 0, maxX: width - 1, maxY: settings.height - 1), false) : markAsMapped()
        let source = first ? target : marked
        let rowLength = rect.maxX - rect.minX + 1
        source.withUnsafeBufferPointer { source in
            reading.chosen.withUnsafeMutableBufferPointer { chosen in
                for y in rect.minY...rect.maxY {
                    (chosen.baseAddress! + (y - rect.minY) * rowLength).update(from: source.baseAddress! + y * width + rect.minX, count: rowLength)
                }
            }
        }
        return (rect, closerToBasis)
    }

    /// `changedRects` at tolerance 0 with marking, and `nextIsCloserToBasis`, in one pass (for
    /// `fastGIF`): writes each pixel's index as sent to `marked` (its mapped index where that
    /// is as close to its colour as what it shows, else transparency), and returns the
    /// rectangle of the pixels sent (a single pixel where there are none) and whether the
    /// next frame differs from the basis in fewer pixels than from this frame.
    @_optimize(speed)
    private func markAsMapped() -> (PixelRect, closerToBasis: Bool) {
        let (width, height) = (settings.width, settings.height)
        let mapper = self.mapper!
        var rect = PixelRect(minX: width, minY: height, maxX: -1, maxY: -1)
        // Counted only where this frame's colour differs from the basis's: elsewhere the next
        // frame differs from both alike.
        var tally = RestoreTally()
        let counts = !isLast
        current.withUnsafeBufferPointer { current in
        basis.withUnsafeBufferPointer { basis in
        upcoming.withUnsafeBufferPointer { upcoming in
        shown.withUnsafeBufferPointer { shown in
        target.withUnsafeBufferPointer { target in
        marked.withUnsafeMutableBufferPointer { marked in
            let pixels = current.baseAddress!
            let now = UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt32.self)
            let standing = UnsafeRawPointer(basis.baseAddress!).assumingMemoryBound(to: UInt32.self)
            let next = UnsafeRawPointer(upcoming.baseAddress!).assumingMemoryBound(to: UInt32.self)
            let shown = shown.baseAddress!, target = target.baseAddress!, marked = marked.baseAddress!
            let transparent = UInt8(truncatingIfNeeded: transparentIndex)
            let transparentEight = UInt64(transparent) &* 0x0101_0101_0101_0101
            for y in 0..<height {
                let row = y &* width
                var first = Int.max, last = -1
                var x = 0
                while x < width {
                    let i = row &+ x
                    // Eight at a time where they show their mapped indices already (most of a
                    // frame, usually): none is sent, and only those whose colour differs from the
                    // basis's are counted.
                    if x &+ 8 <= width
                        && UnsafeRawPointer(shown + i).loadUnaligned(as: UInt64.self) == UnsafeRawPointer(target + i).loadUnaligned(as: UInt64.self) {
                        UnsafeMutableRawPointer(marked + i).storeBytes(of: transparentEight, as: UInt64.self)
                        if counts && !PaletteMapper.sameEight(UnsafeRawPointer(now + i), UnsafeRawPointer(standing + i)) {
                            for j in i..<(i &+ 8) where now[j] != standing[j] { tally.add(now[j], standing[j], next[j]) }
                        }
                        x &+= 8
                        continue
                    }
                    if counts && now[i] != standing[i] { tally.add(now[i], standing[i], next[i]) }
                    var mark = transparent
                    if target[i] != shown[i] {
                        let p = pixels + 4 &* i
                        // Ties go to the mapped index, so that what shows depends on the frame alone.
                        if mapper.distanceSquared(p, Int(shown[i])) >= mapper.distanceSquared(p, Int(target[i])) {
                            mark = target[i]
                            if first == Int.max { first = x }
                            last = x
                        }
                    }
                    marked[i] = mark
                    x &+= 1
                }
                if last >= 0 { rect.include(PixelRect(minX: first, minY: y, maxX: last, maxY: y)) }
            }
        }
        }
        }
        }
        }
        }
        if rect.maxX < 0 { rect = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0) }
        return (rect, tally.nextIsCloserToBasis)
    }

    /// Whether the next frame differs from the colours shown before this one (`basis`) in
    /// fewer pixels than from this frame's: then this frame restores what it covers once
    /// shown, and the next is sent over what was there before, as for a shape moving over a
    /// still background (only the shape is sent, not the background it uncovers).
    @_optimize(speed)
    private func nextIsCloserToBasis() -> Bool {
        var tally = RestoreTally()
        current.withUnsafeBufferPointer { current in
        basis.withUnsafeBufferPointer { basis in
        upcoming.withUnsafeBufferPointer { upcoming in
            let now = UnsafeRawPointer(current.baseAddress!).assumingMemoryBound(to: UInt32.self)
            let standing = UnsafeRawPointer(basis.baseAddress!).assumingMemoryBound(to: UInt32.self)
            let next = UnsafeRawPointer(upcoming.baseAddress!).assumingMemoryBound(to: UInt32.self)
            // Where this frame shows the basis's colours, the next frame differs from both alike:
            // only the pixels that changed can tip the count, so runs of eight that did not are skipped.
            let count = settings.width * settings.height
            var i = 0
            while i < count {
                if i + 8 <= count && PaletteMapper.sameEight(UnsafeRawPointer(now + i), UnsafeRawPointer(standing + i)) {
                    i += 8
                    continue
                }
                tally.add(now[i], standing[i], next[i])
                i += 1
            }
        }
        }
        }
        return tally.nextIsCloserToBasis
    }

    /// How many pixels of the next frame differ from this frame's and from the basis's colours.
    fileprivate struct RestoreTally {
        var fromCurrent = 0, fromBasis = 0

        /// Counts a pixel whose colours are `now`, `standing` in the basis and `next`.
        @inline(__always)
        mutating func add(_ now: UInt32, _ standing: UInt32, _ next: UInt32) {
            fromCurrent &+= next != now ? 1 : 0
            fromBasis &+= next != standing ? 1 : 0
        }

        var nextIsCloserToBasis: Bool { fromBasis < fromCurrent }
    }

    /// Makes the frame sent in `frame`, its indices in `reading`, what the pixels show from now on (disposal
    /// "leave in place"); its colours become the `basis`. Where nothing reads `current` after
    /// this until the next frame replaces it (`lastReadOfCurrent`: without lossy bookkeeping
    /// `previous`, which it becomes, is never read either), the two buffers are swapped
    /// rather than copied.
    @_optimize(speed)
    private func leaveShown(_ frame: PixelRect, reading: FrameReading, lastReadOfCurrent: Bool = false) {
        let width = settings.width
        let mapper = self.mapper!
        var shownError = self.shownError
        let transparent = UInt8(transparentIndex)
        let tracksError = mapper.tolerance > 0
        reading.chosen.withUnsafeBufferPointer { chosen in
        shown.withUnsafeMutableBufferPointer { shown in
        current.withUnsafeBufferPointer { current in
        shownErrors.withUnsafeMutableBufferPointer { shownErrors in
            var k = 0
            guard tracksError else {
                // Eight at a time: each index sent replaces the one shown. A byte of
                // `indices ^ transparentEight` is zero where transparency was sent; its high
                // bit in `zero` is set exactly then (no carry crosses a byte).
                let rowLength = frame.maxX - frame.minX + 1
                let transparentEight = UInt64(transparent) &* 0x0101_0101_0101_0101, low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                for y in frame.minY...frame.maxY {
                    let sent = chosen.baseAddress! + k, row = shown.baseAddress! + y * width + frame.minX
                    var x = 0
                    while x + 8 <= rowLength {
                        let indices = UnsafeRawPointer(sent + x).loadUnaligned(as: UInt64.self)
                        let differences = indices ^ transparentEight
                        let zero = ~(((differences & low) &+ low) | differences | low)
                        let keep = (zero >> 7) &* 0xFF
                        let now = UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self)
                        UnsafeMutableRawPointer(row + x).storeBytes(of: now & keep | indices & ~keep, as: UInt64.self)
                        x += 8
                    }
                    while x < rowLength {
                        if sent[x] != transparent { row[x] = sent[x] }
                        x += 1
                    }
                    k += rowLength
                }
                return
            }
            for y in frame.minY...frame.maxY {
                for x in frame.minX...frame.maxX {
                    let i = y * width + x
                    if chosen[k] != transparent && chosen[k] != shown[i] {
                        shown[i] = chosen[k]
                        let kept = Int32(mapper.distanceSquared(current.baseAddress! + 4 * i, Int(chosen[k])))
                        shownError += Int(kept - shownErrors[i])
                        shownErrors[i] = kept
                    }
                    k += 1
                }
            }
        }
        }
        }
        }
        self.shownError = shownError
        if lastReadOfCurrent && !tracksError {
            swap(&basis, &current)
            return
        }
        basis.withUnsafeMutableBufferPointer { basis in
            current.withUnsafeBufferPointer { basis.baseAddress!.update(from: $0.baseAddress!, count: $0.count) }
        }
    }

    /// Runs `a` and `b`, on two threads when the frame has `pixels` to send at least
    /// `parallelPixels` (below that, starting a thread costs more than it saves).
    private func inParallel(pixels: Int, _ a: () -> Void, _ b: () -> Void) {
        guard pixels >= Self.parallelPixels else {
            a()
            b()
            return
        }
        withoutActuallyEscaping(a) { a in
            withoutActuallyEscaping(b) { b in
                let work = UncheckedSendable((a, b))
                DispatchQueue.concurrentPerform(iterations: 2) { $0 == 0 ? work.value.0() : work.value.1() }
            }
        }
    }

    /// A rectangle of pixels, inclusive.
    fileprivate struct PixelRect {
        var minX: Int
        var minY: Int
        var maxX: Int
        var maxY: Int

        var pixelCount: Int { (maxX - minX + 1) * (maxY - minY + 1) }

        /// Grows to take in `other` (an empty rectangle has `maxX < minX`).
        @inline(__always)
        mutating func include(_ other: PixelRect) {
            minX = min(minX, other.minX)
            minY = min(minY, other.minY)
            maxX = max(maxX, other.maxX)
            maxY = max(maxY, other.maxY)
        }
    }

    /// A frame compressed one way: its rectangle, code stream and colour table, the tolerance
    /// it was compressed at, and the squared error of the whole frame as it would be shown
    /// (0 at tolerance 0, where no budget is checked). The indices sent are in its reading's
    /// `chosen`.
    fileprivate struct CompressedFrame {
        var minX: Int
        var minY: Int
        var maxX: Int
        var maxY: Int
        var data: [UInt8]
        var codeSize: Int
        var localTable: [RGB8]?
        var localBits: Int
        var transparent: Int?
        var tolerance: Int
        var error: Int

        var rect: PixelRect { PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY) }
    }

    /// Compresses the mapped frame (`target`) at squared tolerance `tolerance`, sending `rect`,
    /// into `reading`'s buffers, settling ties between a pixel's colour and transparency by `ties`.
    ///
    /// Reads only the encoder's frame state and the mapper's warmed caches: two calls with
    /// different readings may run at once.
    @_optimize(speed)
    private func compress(
        _ reading: FrameReading, tolerance: Int, rect: PixelRect, first: Bool, ties: TieBreak
    ) -> CompressedFrame {
        let count = rect.pixelCount
        gatherOptions(reading, tolerance: tolerance, rect: rect, first: first, ties: ties)
        var data: [UInt8] = []
        reading.encode(count: count, minimumCodeSize: minimumCodeSize, into: &data)
        return package(reading, data: data, rect: rect, first: first, tolerance: tolerance)
    }

    /// The frame of `reading`'s indices in `rect`, compressed to `data`, at `tolerance`: with
    /// narrower codes where they make it smaller (a local colour table, or the global table with
    /// the transparent index moved), and its squared error where it may be checked.
    @_optimize(speed)
    private func package(_ reading: FrameReading, data: consuming [UInt8], rect: PixelRect, first: Bool, tolerance: Int) -> CompressedFrame {
        let mapper = self.mapper!
        let count = rect.pixelCount
        var data = data
        // A frame that uses few of the palette's colours may be cheaper with a local colour
        // table of just those: LZW codes start one bit wider than the table's index size, so
        // a 16-colour table saves up to 4 bits per code while the dictionary is young.
        var codeSize = minimumCodeSize
        var localTable: [RGB8]?
        var localBits = 0
        var frameTransparent: Int? = first ? nil : transparentIndex
        // The indices sent, and the transparent index (which every frame after the first declares).
        var used = [Bool](repeating: false, count: 256)
        reading.chosen.withUnsafeBufferPointer { chosen in
            used.withUnsafeMutableBufferPointer { used in
                for k in 0..<count { used[Int(chosen[k])] = true }
            }
        }
        if !first { used[transparentIndex] = true }
        let symbols = (0..<256).filter { used[$0] }
        while 1 << localBits < symbols.count { localBits += 1 }
        let localCodeSize = max(2, localBits)
        // With the global table, codes may also start narrower: where every index sent lies below
        // 2^b and so does the transparent one, or an index below 2^b that the frame does not send
        // can stand for it (a frame of transparency alone, as an unchanged one is, takes index 0
        // and 3-bit codes).
        let sent = symbols.filter { $0 != transparentIndex }  // the first frame sends no transparency
        var narrowBits = 0
        while 1 << narrowBits < (sent.last ?? -1) + 1 { narrowBits += 1 }
        if !first && transparentIndex >= 1 << narrowBits && sent.count == 1 << narrowBits { narrowBits += 1 }
        let narrowCodeSize = max(2, narrowBits)
        let narrowSize = narrowCodeSize < minimumCodeSize ? reading.recodedSize(minimumCodeSize: narrowCodeSize) : data.count
        // The same codes renumbered for the local table (`LZWEncoder.recode`).
        if localCodeSize < minimumCodeSize
            && reading.recodedSize(minimumCodeSize: localCodeSize) + 3 << max(localBits, 1) < min(narrowSize, data.count) {
            var toLocal = [UInt8](repeating: 0, count: 256)
            for (index, symbol) in symbols.enumerated() { toLocal[symbol] = UInt8(index) }
            data.removeAll(keepingCapacity: true)
            reading.recode(roots: toLocal, minimumCodeSize: localCodeSize, into: &data)
            let colors = mapper.palette.colors
            localTable = symbols.map { $0 < colors.count ? colors[$0] : RGB8(r: 0, g: 0, b: 0) }
            codeSize = localCodeSize
            if !first { frameTransparent = Int(toLocal[transparentIndex]) }
        } else if narrowSize < data.count {
            var roots = (0..<256).map { UInt8($0) }
            if !first && transparentIndex >= 1 << narrowBits {
                let free = (0..<(1 << narrowBits)).first { !used[$0] }!
                roots[transparentIndex] = UInt8(free)
                frameTransparent = free
            }
            data.removeAll(keepingCapacity: true)
            reading.recode(roots: roots, minimumCodeSize: narrowCodeSize, into: &data)
            codeSize = narrowCodeSize
        }
        // The error is only needed where a lower tolerance could be tried.
        let error = tolerance > 0 ? squaredError(of: reading.chosen, in: rect, first: first) : 0
        return CompressedFrame(
            minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY, data: data, codeSize: codeSize,
            localTable: localTable, localBits: localBits, transparent: frameTransparent, tolerance: tolerance, error: error)
    }

    /// The squared error of the whole frame shown with the indices `chosen` in `rect` (row by
    /// row; the transparent index keeps what a pixel shows, as do the pixels outside `rect`):
    /// after the first frame, the error as shown (`shownError`) changed by the pixels sent
    /// (from their `shownErrors`), so that transparent ones cost nothing (eight at a time).
    @_optimize(speed)
    private func squaredError(of chosen: [UInt8], in rect: PixelRect, first: Bool) -> Int {
        let width = settings.width
        let mapper = self.mapper!
        let transparent = UInt8(transparentIndex)
        let transparentEight = UInt64(transparent) &* 0x0101_0101_0101_0101
        var error = first ? 0 : shownError
        current.withUnsafeBufferPointer { current in
        chosen.withUnsafeBufferPointer { chosen in
        shownErrors.withUnsafeBufferPointer { shownErrors in
            let pixels = current.baseAddress!
            var k = 0
            for y in rect.minY...rect.maxY {
                var x = rect.minX
                while x <= rect.maxX {
                    if !first && x + 8 <= rect.maxX + 1
                        && UnsafeRawPointer(chosen.baseAddress! + k).loadUnaligned(as: UInt64.self) == transparentEight {
                        x += 8
                        k += 8
                        continue
                    }
                    let i = y * width + x
                    if first {
                        error += mapper.distanceSquared(pixels + 4 * i, Int(chosen[k]))
                    } else if chosen[k] != transparent {
                        error += mapper.distanceSquared(pixels + 4 * i, Int(chosen[k])) - Int(shownErrors[i])
                    }
                    x += 1
                    k += 1
                }
            }
        }
        }
        }
        return error
    }

    /// For each squared tolerance in `tolerances` (highest first), the rectangle of the pixels
    /// that must be sent: those whose new index is closer to their colour than what they show,
    /// unless what they show is within the tolerance where the palette cannot show their colour
    /// exactly anyway. One pass over the frame; where no pixel must be sent, a single pixel.
    @_optimize(speed)
    private func changedRects(tolerances: [Int]) -> [PixelRect] {
        let (width, height) = (settings.width, settings.height)
        let mapper = self.mapper!
        var rects = [PixelRect](repeating: PixelRect(minX: width, minY: height, maxX: -1, maxY: -1), count: tolerances.count)
        let last = isLast
        current.withUnsafeBufferPointer { current in
        upcoming.withUnsafeBufferPointer { upcoming in
        shown.withUnsafeBufferPointer { shown in
        target.withUnsafeBufferPointer { target in
        tolerances.withUnsafeBufferPointer { tolerances in
        rects.withUnsafeMutableBufferPointer { rects in
            let pixels = current.baseAddress!
            let next = upcoming.baseAddress!
            // Eight indices at a time: most of a frame usually shows what it should already.
            let shownBytes = UnsafeRawPointer(shown.baseAddress!)
            let targetBytes = UnsafeRawPointer(target.baseAddress!)
            for y in 0..<height {
                var x = 0
                while x < width {
                    let i = y * width + x
                    if x + 8 <= width
                        && shownBytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                            == targetBytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                        x += 8
                        continue
                    }
                    defer { x += 1 }
                    guard target[i] != shown[i] else { continue }
                    let p = pixels + 4 * i
                    let kept = mapper.distanceSquared(p, Int(shown[i]))
                    let error = mapper.distanceSquared(p, Int(target[i]))
                    guard kept >= error else { continue }
                    // The pixel must be sent at the tolerances below `kept` and those not above its
                    // error (a tie goes to the mapped index; the last tolerance is 0), at all of them
                    // where it is exact or comes to rest: its rectangle is that of the first such
                    // tolerance, whose pixels the lower ones take in (below).
                    var level = 0
                    if error != 0 && !(last || PaletteMapper.sameColour(p, next + 4 * i)) {
                        while kept <= tolerances[level] && tolerances[level] > error { level += 1 }
                    }
                    rects[level].include(PixelRect(minX: x, minY: y, maxX: x, maxY: y))
                }
            }
            for level in 1..<rects.count { rects[level].include(rects[level - 1]) }
        }
        }
        }
        }
        }
        }
        for level in rects.indices where rects[level].maxX < 0 { rects[level] = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0) }
        return rects
    }

    /// Writes the options of each pixel of `rect` (row by row, best first) to `reading` at
    /// squared tolerance `tolerance`.
    @_optimize(speed)
    private func gatherOptions(
        _ reading: FrameReading, tolerance: Int, rect: PixelRect, first: Bool, ties: TieBreak
    ) {
        let width = settings.width
        let mapper = self.mapper!
        let transparent = UInt8(transparentIndex)
        let last = isLast
        current.withUnsafeBufferPointer { current in
        basis.withUnsafeBufferPointer { basis in
        upcoming.withUnsafeBufferPointer { upcoming in
        shown.withUnsafeBufferPointer { shown in
        target.withUnsafeBufferPointer { target in
        nearestIndices.withUnsafeBufferPointer { nearestIndices in
        nearEntries.withUnsafeBufferPointer { nearEntries in
        reading.options.withUnsafeMutableBufferPointer { options in
        reading.optionCounts.withUnsafeMutableBufferPointer { optionCounts in
            let pixels = current.baseAddress!
            let now = UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt32.self)
            let before = UnsafeRawPointer(basis.baseAddress!).assumingMemoryBound(to: UInt32.self)
            // A pixel whose colour did not change and that shows its mapped index already can
            // only be sent as that index or as transparency (the order of the two follows
            // `ties`): eight such pixels at a time.
            var k = 0
            for y in rect.minY...rect.maxY {
                var x = rect.minX
                while x <= rect.maxX {
                    let i = y * width + x
                    if !first && x + 8 <= rect.maxX + 1
                        && PaletteMapper.sameEight(UnsafeRawPointer(pixels + 4 * i), UnsafeRawPointer(basis.baseAddress! + 4 * i))
                        && UnsafeRawPointer(target.baseAddress! + i).loadUnaligned(as: UInt64.self)
                            == UnsafeRawPointer(shown.baseAddress! + i).loadUnaligned(as: UInt64.self) {
                        for j in 0..<8 {
                            let o = UnsafeMutableRawPointer(options.baseAddress! + LZWEncoder.maximumOptions * (k + j))
                            let wanted = UInt16(target[i + j])
                            // Little-endian: the first option in the low byte.
                            o.storeBytes(of: ties == .transparency ? UInt16(transparent) | wanted << 8 : wanted | UInt16(transparent) << 8, as: UInt16.self)
                        }
                        UnsafeMutableRawPointer(optionCounts.baseAddress! + k).storeBytes(of: 0x0202_0202_0202_0202 as UInt64, as: UInt64.self)
                        k += 8
                        x += 8
                        continue
                    }
                    x += 1
                    let p = pixels + 4 * i
                    let wanted = target[i]
                    let error = mapper.distanceSquared(p, Int(wanted))
                    let o = options.baseAddress! + LZWEncoder.maximumOptions * k
                    var n = 0
                    o[n] = wanted
                    n += 1
                    // A pixel that comes to rest (the same colour in the next frame, or the last
                    // frame) takes no error beyond its mapped entry's: it would stay on screen. In
                    // the first frame it may take near entries within a quarter of the tolerance.
                    let settles = last || PaletteMapper.sameColour(p, upcoming.baseAddress! + 4 * i)
                    let rests = !first && settles
                    if !first {
                        let kept = mapper.distanceSquared(p, Int(shown[i]))
                        // What shows may stay where it is closer than the mapped entry (a dithered one),
                        // or within the tolerance; a tie goes to the mapped index, so that at tolerance
                        // 0 what shows depends on the frame alone.
                        if wanted == shown[i] || kept < error || (error != 0 && !rests && tolerance > error && kept <= tolerance) {
                            // The mapped index stays first unless ties are to favour transparency.
                            if ties == .transparency {
                                o[1] = wanted
                                o[0] = transparent
                            } else {
                                o[n] = transparent
                            }
                            n += 1
                        }
                    }
                    // Only pixels whose colour changed and changes again (all, in the first frame)
                    // may take a near entry: an error on a pixel at rest would stay on screen for
                    // as long as it rests. The first frame, most of a short clip's bytes, lets
                    // pixels at rest take near entries within `tolerance / firstFrameRestShare`;
                    // its errors stay within its budget, and its dithered pixels keep their place
                    // in the pattern, which still areas show for the whole animation.
                    let changed = first || now[i] != before[i]
                    let nearest = tolerance > 0 && error > 0 && changed ? nearestIndices[i] : wanted
                    if tolerance > 0 && error > 0 && changed && (first ? wanted == nearest : !rests) {
                        let near = nearEntries[i]
                        let nearCount = Int(near >> 24 & 3)
                        if nearest != wanted && n < LZWEncoder.maximumOptions {
                            o[n] = nearest
                            n += 1
                        }
                        let reach = first && settles ? tolerance / Self.firstFrameRestShare : tolerance
                        for j in 0..<nearCount where n < LZWEncoder.maximumOptions {
                            let option = UInt8(near >> (8 * UInt32(j)) & 0xFF)
                            if mapper.distanceSquared(p, Int(option)) > reach { break }
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
        }
        }
        }
        guard !first else { return }
        switch ties {
        case .runs: preferRuns(reading, count: rect.pixelCount)
        case .transparency: keepLongStretchesTransparent(reading, count: rect.pixelCount)
        }
    }

    /// Leaves transparency as the only option of the pixels of `reading`'s first `count` that
    /// lie in stretches of at least `transparentStretch` pixels that may all be transparent.
    /// Long transparent runs recur row after row, and the dictionary's strings of the
    /// transparent index serve every one of them; a run of the colour a pixel already shows
    /// serves only rows of that colour, yet LZW's longest match would take it wherever the
    /// sent pixels before it have that colour (a card with horizontal bands moving sideways:
    /// each row would resend its whole band).
    @_optimize(speed)
    private func keepLongStretchesTransparent(_ reading: FrameReading, count: Int) {
        let transparent = UInt8(transparentIndex)
        let width5 = LZWEncoder.maximumOptions
        reading.options.withUnsafeMutableBufferPointer { o in
            reading.optionCounts.withUnsafeMutableBufferPointer { optionCounts in
                // The transparency reading lists transparency first, or second after the
                // index a pixel is mapped to.
                @inline(__always) func mayBeTransparent(_ k: Int) -> Bool {
                    optionCounts[k] >= 2 && (o[width5 * k] == transparent || o[width5 * k + 1] == transparent)
                }
                var start = 0
                for k in 0...count where k == count || !mayBeTransparent(k) {
                    if k - start >= Self.transparentStretch {
                        for j in start..<k {
                            o[width5 * j] = transparent
                            optionCounts[j] = 1
                        }
                    }
                    start = k + 1
                }
            }
        }
    }

    /// Orders the options of `reading`'s first `count` pixels to favour runs (gifsicle's rule
    /// for choosing transparency): a stretch of pixels that may be transparent favours
    /// transparency from its start once it holds two colours, and keeps favouring its colour
    /// while it holds one, so that it joins the sent pixels around it in a run.
    @_optimize(speed)
    private func preferRuns(_ reading: FrameReading, count: Int) {
        let transparent = UInt8(transparentIndex)
        let width5 = LZWEncoder.maximumOptions
        reading.options.withUnsafeMutableBufferPointer { options in
            reading.optionCounts.withUnsafeBufferPointer { optionCounts in
                let o = options
                // Pixels that may be transparent list their colour first and transparency second.
                var colours = 0
                var start = 0
                var previous: UInt8 = 0
                for k in 0..<count {
                    guard optionCounts[k] >= 2 && o[width5 * k + 1] == transparent else {
                        colours = 0
                        previous = o[width5 * k]
                        continue
                    }
                    let colour = o[width5 * k]
                    if colours == 0 {
                        start = k
                        colours = 1
                    } else if colours == 1 && colour != previous {
                        for j in start..<k where o[width5 * j] != transparent { o.swapAt(width5 * j, width5 * j + 1) }
                        colours = 2
                    }
                    if colours == 2 {
                        o.swapAt(width5 * k, width5 * k + 1)
                        previous = transparent
                    } else {
                        previous = colour
                    }
                }
            }
        }
    }
}

/// How a reading settles ties between sending a pixel's colour and keeping it transparent.
private enum TieBreak {
    /// Transparency, wherever it is an option (and the only option in long stretches that may
    /// be transparent): transparent runs recur on every row.
    case transparency
    /// Runs: a stretch that may be transparent is made so once it holds two colours; a stretch
    /// of one colour favours its colour, joining the sent pixels around it.
    case runs
}

/// One reading of a frame: each pixel's options, the indices chosen, and an LZW encoder, so
/// that two readings can be compressed at once.
private final class FrameReading {
    var options: [UInt8]
    var optionCounts: [UInt8]
    var chosen: [UInt8]
    private let lzw = LZWEncoder()

    init(pixels: Int) {
        options = Array(repeating: 0, count: pixels * LZWEncoder.maximumOptions)
        optionCounts = Array(repeating: 0, count: pixels)
        chosen = Array(repeating: 0, count: pixels)
    }

    /// LZW-compresses the first `count` pixels' options into `data`, writing the indices
    /// chosen to `chosen`.
    @_optimize(speed)
    func encode(count: Int, minimumCodeSize: Int, into data: inout [UInt8]) {
        let lzw = self.lzw
        options.withUnsafeBufferPointer { options in
            optionCounts.withUnsafeBufferPointer { optionCounts in
                chosen.withUnsafeMutableBufferPointer { chosen in
                    lzw.encode(
                        options: options.baseAddress!, optionCounts: optionCounts.baseAddress!, count: count,
                        minimumCodeSize: minimumCodeSize, chosen: chosen.baseAddress!, into: &data)
                }
            }
        }
    }

    /// LZW-compresses the first `count` indices of `chosen` into `data`.
    @_optimize(speed)
    func encodeAsChosen(count: Int, minimumCodeSize: Int, into data: inout [UInt8]) {
        chosen.withUnsafeBufferPointer { lzw.encode(indices: $0.baseAddress!, count: count, minimumCodeSize: minimumCodeSize, into: &data) }
    }

    /// The size of the last `encode`'s codes for a colour table of `minimumCodeSize` bits.
    func recodedSize(minimumCodeSize: Int) -> Int {
        lzw.recodedSize(minimumCodeSize: minimumCodeSize)
    }

    /// Writes the last `encode`'s codes to `data` for a colour table where `roots[i]` stands for index `i`.
    func recode(roots: [UInt8], minimumCodeSize: Int, into data: inout [UInt8]) {
        roots.withUnsafeBufferPointer { lzw.recode(roots: $0.baseAddress!, minimumCodeSize: minimumCodeSize, into: &data) }
    }
}

/// A frame compressed on another thread, read once that thread is done.
private final class CompressedResult: @unchecked Sendable {
    var frame: GIFEncoder.CompressedFrame?
}

/// A value handed to another thread by code that keeps the threads' work apart.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
