import Raster

/// Frame disposal: what the pixels show once a frame has been shown.
///
/// A frame is left in place once shown, unless the next frame differs in fewer pixels from
/// the colours shown before it (`basis`) than from its own: then it restores what it covered
/// ("restore to previous"), the pixels shown stay as they were, and the next frame is sent
/// over them (a shape moving over a still background is sent alone, without the background
/// it uncovers).
extension GIFEncoder {
    /// Ends the frame: it restores what it covered or is left shown, and its blocks are
    /// written to `block`.
    func emit(_ frame: CompressedFrame, reading: FrameReading) {
        let restores = settle(frame.rect, reading: reading)
        block.removeAll(keepingCapacity: true)
        appendBlocks(of: frame, restores: restores, number: frameCount)
    }

    /// Whether the frame sent in `rect` (its indices in `reading`) restores what it covered
    /// (see `nextIsCloserToBasis`); if not, it becomes what the pixels show.
    func settle(_ rect: PixelRect, reading: FrameReading) -> Bool {
        let restores = frameCount > 0 && !isLast && nextIsCloserToBasis()
        if !restores { leaveShown(rect, reading: reading) }
        return restores
    }

    /// Appends the blocks of `frame`, frame `number` of this output, to `block`.
    func appendBlocks(of frame: CompressedFrame, restores: Bool, number: Int) {
        GIFWriter.graphicControl(
            delay: Self.delay(ofFrame: settings.firstFrame + number, fps: settings.fps),
            transparentIndex: frame.transparent, restores: restores, into: &block)
        GIFWriter.image(
            x: frame.minX, y: frame.minY, width: frame.maxX - frame.minX + 1, height: frame.maxY - frame.minY + 1,
            localTable: frame.localTable, tableBits: max(frame.localBits, 1), minimumCodeSize: frame.codeSize, lzw: frame.data,
            into: &block)
    }

    /// Whether the next frame differs from the colours shown before this one (`basis`) in
    /// fewer pixels than from this frame's: then this frame restores what it covers once
    /// shown, and the next is sent over what was there before, as for a shape moving over a
    /// still background (only the shape is sent, not the background it uncovers).
    @_optimize(speed)
    func nextIsCloserToBasis() -> Bool {
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
    struct RestoreTally {
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
    func leaveShown(_ frame: PixelRect, reading: FrameReading, lastReadOfCurrent: Bool = false) {
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
}
