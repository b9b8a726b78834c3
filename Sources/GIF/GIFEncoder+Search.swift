import Dispatch
import Glibc
import Raster

/// The search for the highest tolerance whose reading fits the error budget.
///
/// Tolerances run from `lossy` down by quarters to none; a frame takes the highest whose
/// reading fits the budget (`GIFEncoder+ErrorBudget`). The search starts one step above the
/// previous frame's tolerance, since neighbouring frames need much the same. Readings that
/// favour transparency at ties are compressed two tolerances at a time, on two threads; while
/// the reading that favours runs (`TieBreak`) has won within the last `runsReadingMemory`
/// frames (and every `runsReadingProbe` frames otherwise) both readings of one tolerance run
/// instead, and the smaller counts.
extension GIFEncoder {
    /// Both readings are compressed for this many frames after the runs reading last won…
    static let runsReadingMemory = 16
    /// …and on every frame whose number is a multiple of this.
    static let runsReadingProbe = 8
    /// Frames with at least this many pixels to send compress two readings on two threads.
    static let parallelPixels = 4096

    /// The frame compressed at the highest tolerance whose reading fits the error budget, and
    /// the reading that holds its indices.
    @_optimize(speed)
    func search(first: Bool) -> (CompressedFrame, FrameReading) {
        let (width, height) = (settings.width, settings.height)
        let mapper = self.mapper!
        let budget = Self.errorBudget(mappedError: mappedError, pixels: width * height, lossy: settings.lossy)
        // The tolerances, highest first, and the rectangle of pixels each must send.
        var tolerances = [mapper.tolerance]
        while tolerances.last! > 0 { tolerances.append(tolerances.last! >= 16 ? tolerances.last! / 4 : 0) }
        let rects = first
            ? Array(repeating: PixelRect(minX: 0, minY: 0, maxX: width - 1, maxY: height - 1), count: tolerances.count)
            : changedRects(tolerances: tolerances)
        // The low-pass error (bands) a reading may show over the largest rectangle: the
        // mapping's own grown by `lowPassGrowth`, or that of `lowPassPSNR`, whichever is more.
        let area = rects[rects.count - 1]
        let mappedLowPass = current.withUnsafeBufferPointer { current in
            target.withUnsafeBufferPointer { target in
                mapper.palette.colors.withUnsafeBufferPointer { colors in
                    Self.lowPassError(current.baseAddress!, target.baseAddress!, colors: colors, width: width, height: height, in: area)
                }
            }
        }
        let scale = Double(settings.lossy * settings.lossy) / 256
        let lowPassBudget = max(
            mappedLowPass * (1 + Self.lowPassGrowth * scale), 255 * 255 * 3 * Double(width * height) / pow(10, Self.lowPassPSNR / 10))
        func fits(_ frame: CompressedFrame, _ reading: FrameReading) -> Bool {
            frame.tolerance == 0
                || (Double(frame.error) <= budget && shownLowPassError(reading.chosen, in: frame.rect, over: area) <= lowPassBudget)
        }
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
                if fits(frame, reading) { break }
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
                if fits(frame, reading) { break }
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
                    if fits(frame, reading) { break }
                    level += 1
                    continue
                }
                var higher: CompressedFrame?
                var lower: CompressedFrame?
                inParallel(pixels: rects[next].pixelCount,
                    { higher = self.compress(a, tolerance: tolerances[level], rect: rects[level], first: false, ties: .transparency) },
                    { lower = self.compress(b, tolerance: tolerances[next], rect: rects[next], first: false, ties: .transparency) })
                (frame, reading) = (higher!, a)
                if fits(frame, reading) { break }
                level = next
                (frame, reading) = (lower!, b)
                if fits(frame, reading) { break }
                level += 1
            }
        }
        lastLevel = level
        return (frame, reading)
    }

    /// Compresses the mapped frame (`target`) at squared tolerance `tolerance`, sending `rect`,
    /// into `reading`'s buffers, settling ties between a pixel's colour and transparency by `ties`.
    ///
    /// Reads only the encoder's frame state and the mapper's warmed caches: two calls with
    /// different readings may run at once.
    @_optimize(speed)
    func compress(
        _ reading: FrameReading, tolerance: Int, rect: PixelRect, first: Bool, ties: TieBreak
    ) -> CompressedFrame {
        let count = rect.pixelCount
        gatherOptions(reading, tolerance: tolerance, rect: rect, first: first, ties: ties)
        var data: [UInt8] = []
        reading.encode(count: count, minimumCodeSize: minimumCodeSize, into: &data)
        return package(reading, data: data, rect: rect, first: first, tolerance: tolerance)
    }

    /// Runs `a` and `b`, on two threads when the frame has `pixels` to send at least
    /// `parallelPixels` (below that, starting a thread costs more than it saves).
    func inParallel(pixels: Int, _ a: () -> Void, _ b: () -> Void) {
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
}
