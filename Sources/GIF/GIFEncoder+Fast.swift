import Dispatch
import Raster

/// `GIFSettings.fast`: no search. The pixels that must be sent (as for tolerance 0) are sent
/// as their mapped entry, the others as transparency, and the frame is compressed once by
/// classic LZW, on a second thread while the next frame is mapped.
extension GIFEncoder {
    /// Encodes the mapped frame (`target`) as it is (`GIFSettings.fast`): the rectangle
    /// of the pixels whose mapped entry is closer to their colour than what they show, those
    /// pixels sent as their mapped entry and the others as transparency. Frames take the two
    /// readings in turn: while one frame's indices are compressed (classic LZW) on
    /// `compressor`, the next is mapped; `block` then holds the blocks of the frame before
    /// (and, after the last frame, of it too).
    @_optimize(speed)
    func encodeFrameAsMapped() {
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
    func collectCompressed() {
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
    func chooseAsMapped(into reading: FrameReading, first: Bool) -> (PixelRect, closerToBasis: Bool) {
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
    /// `fast`): writes each pixel's index as sent to `marked` (its mapped index where that
    /// is as close to its colour as what it shows, else transparency), and returns the
    /// rectangle of the pixels sent (a single pixel where there are none) and whether the
    /// next frame differs from the basis in fewer pixels than from this frame.
    @_optimize(speed)
    func markAsMapped() -> (PixelRect, closerToBasis: Bool) {
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
}

/// A frame compressed on another thread, read once that thread is done.
final class CompressedResult: @unchecked Sendable {
    var frame: CompressedFrame?
}
