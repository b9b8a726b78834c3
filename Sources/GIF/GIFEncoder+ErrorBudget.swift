import Raster

/// The error budget: how much squared error a frame may be shown with, and the bookkeeping
/// that measures it cheaply frame after frame.
///
/// A frame may be shown with at most `1 + errorGrowth · s` times the squared error of its
/// colours' nearest palette entries, plus `errorFloor · s` per pixel, s = (lossy / 16)².
/// Each pixel's error at its nearest entry and as shown are kept per pixel and summed, and
/// updated only where the colour changed, so that checking a reading costs only the pixels
/// it sends.
extension GIFEncoder {
    /// At `lossy` 16 (the default), the share by which a frame's squared error may exceed that
    /// of its colours' nearest entries (a PSNR at most 1.8 dB lower)…
    static let errorGrowth = 0.5
    /// …plus this much per pixel (squared sRGB code values summed over the channels; alone, a
    /// PSNR of 56 dB). Both scale with the square of `lossy` over 16 (`errorBudget`).
    static let errorFloor = 0.5
    /// A reading may also show no more low-pass error (`lowPassError`: bands) than the
    /// mapping's own grown by `lowPassGrowth`, or a low-pass PSNR of this (dB) over the frame.
    static let lowPassPSNR = 56.0
    /// The share by which a reading's low-pass error may exceed the mapping's, at `lossy` 16
    /// (scaled as `errorGrowth` is): where the palette leaves bands anyway, a little more
    /// is what the budget allows.
    static let lowPassGrowth = 2.0

    /// The most squared error a frame of `pixels` pixels may be shown with at `lossy`, when
    /// its colours' nearest palette entries give `mappedError` (see `encodeFrame`).
    static func errorBudget(mappedError: Int, pixels: Int, lossy: Int) -> Double {
        let scale = Double(lossy * lossy) / 256
        return Double(mappedError) * (1 + errorGrowth * scale) + errorFloor * scale * Double(pixels)
    }


    /// Brings the error bookkeeping up to date where the colour changed (from the previous
    /// frame, or from what the pixels shown stand for): each pixel's error at its nearest entry
    /// and as shown, and their sums; and the nearest and (where the mapped entry is not exact)
    /// near entries, looked up here once: readings, two at a time on two threads, read them
    /// from `nearestIndices` and `nearEntries` (the mapper's caches fill on first use, and are
    /// written only here).
    @_optimize(speed)
    func trackErrors(first: Bool) {
        let (width, height) = (settings.width, settings.height)
        let mapper = self.mapper!
        var mappedError = self.mappedError
        var shownError = self.shownError
        current.withUnsafeBufferPointer { current in
        previous.withUnsafeBufferPointer { previous in
        basis.withUnsafeBufferPointer { basis in
        shown.withUnsafeBufferPointer { shown in
        target.withUnsafeBufferPointer { target in
        nearestErrors.withUnsafeMutableBufferPointer { nearestErrors in
        shownErrors.withUnsafeMutableBufferPointer { shownErrors in
        nearestIndices.withUnsafeMutableBufferPointer { nearestIndices in
        nearEntries.withUnsafeMutableBufferPointer { nearEntries in
            let pixels = current.baseAddress!
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
        self.mappedError = mappedError
        self.shownError = shownError
    }

    /// The low-pass squared error (`lowPassError`) over `area` of the frame shown with the
    /// indices `chosen` in `rect` (row by row; the transparent index keeps what a pixel shows,
    /// as do the pixels outside `rect`).
    @_optimize(speed)
    func shownLowPassError(_ chosen: [UInt8], in rect: PixelRect, over area: PixelRect) -> Double {
        let (width, height) = (settings.width, settings.height)
        let transparent = UInt8(transparentIndex)
        var total = 0.0
        current.withUnsafeBufferPointer { current in
        chosen.withUnsafeBufferPointer { chosen in
        shown.withUnsafeBufferPointer { shown in
        mapper!.palette.colors.withUnsafeBufferPointer { colors in
            let pixels = current.baseAddress!
            let rowLength = rect.maxX - rect.minX + 1
            var blockY = area.minY
            while blockY <= area.maxY {
                var blockX = area.minX
                while blockX <= area.maxX {
                    var (r, g, b) = (0, 0, 0)
                    var n = 0
                    for y in blockY..<min(blockY + 8, height) {
                        for x in blockX..<min(blockX + 8, width) {
                            let i = y * width + x
                            var index = shown[i]
                            if x >= rect.minX && x <= rect.maxX && y >= rect.minY && y <= rect.maxY {
                                let sent = chosen[(y - rect.minY) * rowLength + x - rect.minX]
                                if sent != transparent { index = sent }
                            }
                            let p = pixels + 4 * i
                            let c = colors[Int(index)]
                            r += Int(p[0]) - Int(c.r)
                            g += Int(p[1]) - Int(c.g)
                            b += Int(p[2]) - Int(c.b)
                            n += 1
                        }
                    }
                    total += Double(r * r + g * g + b * b) / Double(n)
                    blockX += 8
                }
                blockY += 8
            }
        }
        }
        }
        }
        return total
    }

    /// The squared error of the whole frame shown with the indices `chosen` in `rect` (row by
    /// row; the transparent index keeps what a pixel shows, as do the pixels outside `rect`):
    /// after the first frame, the error as shown (`shownError`) changed by the pixels sent
    /// (from their `shownErrors`), so that transparent ones cost nothing (eight at a time).
    @_optimize(speed)
    func squaredError(of chosen: [UInt8], in rect: PixelRect, first: Bool) -> Int {
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
}
