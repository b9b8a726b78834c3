import Glibc
import Raster

/// Frames the global palette serves badly take a colour table of their own.
///
/// A fade, a colour change or a gradient passing through new colours shows colours that
/// exist in few frames, so the global palette, built for the whole animation, has few
/// entries near them; mapped to it, a smooth gradient becomes flat bands, which PSNR barely
/// sees and the eye does. So the error is measured as the eye sees it, after a low-pass
/// filter (`lowPassError`): a frame whose mapping to the global palette has a low-pass PSNR
/// below `localTablePSNR` tries the rectangle of its changed pixels with a local colour table
/// of at most `localTableColors`, built from that rectangle alone (`PaletteBuilder`, as for
/// the global one) and mapped with the settings' dither, and takes it where that at least
/// halves the low-pass error (`localTableGain`). Such a frame skips the lossy search (whose
/// error would show as bands). Pixels whose colour did not change are transparent, so still
/// areas stay as shown and never crawl; the rectangle starts on the ordered dither's 8-pixel
/// grid, so the pattern stays fixed to the frame. It is left in place; the pixels it sends
/// then count as showing their nearest global entry (`shown`), and a later frame in which
/// they rest keeps them as sent.
extension GIFEncoder {
    /// The low-pass PSNR (dB, over the whole frame) below which a frame takes a local table.
    static let localTablePSNR = 58.0
    /// The most colours of a local table (with the transparent index, 6-bit codes). The
    /// ordered dither mixes neighbouring entries, so a frame's gradient keeps its mean colour
    /// everywhere (no bands); more colours cost more bytes than the dither's noise saves.
    static let localTableColors = 44
    /// The local tables' dither floor (`PaletteMapper.ditherFloor`, squared sRGB distance):
    /// colours more than about one code value from their entry are mixed, since their few
    /// entries are far apart.
    static let localTableMixFloor = 3
    /// A local table is taken only where it cuts the low-pass error of the rectangle by at
    /// least this factor (a frame of many colours, text and pictures, gains nothing from 48).
    static let localTableGain = 0.5
    /// After a local table that did not gain enough, this many frames keep the global one
    /// without trying (building a table costs about as much as encoding a frame), twice as
    /// many after each further one, up to `localTableLongestBackoff`.
    static let localTableBackoff = 8
    static let localTableLongestBackoff = 64
    /// Frames changing fewer pixels than this keep the global table (its 768 bytes would
    /// cost more than the error is worth).
    static let localTablePixels = 1024

    /// Whether the frame went out with a local colour table (its blocks in `block`).
    func sentWithLocalTable() -> Bool {
        guard let (rect, error) = localTableRect() else { return false }
        return encodeWithLocalTable(rect, globalError: error)
    }

    /// The rectangle of the pixels whose colour changed from what the pixels shown stand for,
    /// if the frame as mapped to the global palette shows them with a low-pass PSNR below
    /// `localTablePSNR` (see `lowPassError`).
    @_optimize(speed)
    func localTableRect() -> (PixelRect, lowPassError: Double)? {
        guard frameCount >= localTableRetry else { return nil }
        let (width, height) = (settings.width, settings.height)
        var rect = PixelRect(minX: width, minY: height, maxX: -1, maxY: -1)
        var count = 0
        current.withUnsafeBufferPointer { current in
        basis.withUnsafeBufferPointer { basis in
            let now = UnsafeRawPointer(current.baseAddress!).assumingMemoryBound(to: UInt32.self)
            let standing = UnsafeRawPointer(basis.baseAddress!).assumingMemoryBound(to: UInt32.self)
            for y in 0..<height {
                var first = Int.max, last = -1
                var x = 0
                while x < width {
                    let i = y * width + x
                    if x + 8 <= width && PaletteMapper.sameEight(UnsafeRawPointer(now + i), UnsafeRawPointer(standing + i)) {
                        x += 8
                        continue
                    }
                    if now[i] != standing[i] {
                        count += 1
                        if first == Int.max { first = x }
                        last = x
                    }
                    x += 1
                }
                if last >= 0 { rect.include(PixelRect(minX: first, minY: y, maxX: last, maxY: y)) }
            }
        }
        }
        guard count >= Self.localTablePixels else { return nil }
        rect.minX &= ~7
        rect.minY &= ~7
        // PSNR < m ⇔ error > 255² · 3 · pixels / 10^(m/10).
        let limit = 255 * 255 * 3 * Double(width * height) / pow(10, Self.localTablePSNR / 10)
        let error = current.withUnsafeBufferPointer { current in
            target.withUnsafeBufferPointer { target in
                mapper!.palette.colors.withUnsafeBufferPointer { colors in
                    Self.lowPassError(current.baseAddress!, target.baseAddress!, colors: colors, width: width, height: height, in: rect)
                }
            }
        }
        return error > limit ? (rect, error) : nil
    }

    /// The squared error of `indices` (colours from `colors`) against `pixels` (opaque RGBA8),
    /// both `width × height` packed rows, in `rect`, after a low-pass filter: the mean error of
    /// each block of 8 × 8 pixels (from `rect`'s corner), squared, times the block's pixels.
    /// Dither noise averages out within a block; a band, an error of one sign across many
    /// pixels, does not. (An 8-pixel box passes about what a Gaussian of σ = 2 px does.)
    @_optimize(speed)
    static func lowPassError(
        _ pixels: UnsafePointer<UInt8>, _ indices: UnsafePointer<UInt8>, colors: UnsafeBufferPointer<RGB8>,
        width: Int, height: Int, in rect: PixelRect
    ) -> Double {
        var total = 0.0
        var blockY = rect.minY
        while blockY <= rect.maxY {
            var blockX = rect.minX
            while blockX <= rect.maxX {
                var (r, g, b) = (0, 0, 0)
                var n = 0
                for y in blockY..<min(blockY + 8, height) {
                    for x in blockX..<min(blockX + 8, width) {
                        let i = y * width + x
                        let p = pixels + 4 * i
                        let c = colors[Int(indices[i])]
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
        return total
    }

    /// Sends the pixels of `rect` that changed with a local colour table (see above) into
    /// `block`, unless its low-pass error is not below `globalError` times
    /// `localTableGain`: then returns false and changes nothing.
    @_optimize(speed)
    func encodeWithLocalTable(_ rect: PixelRect, globalError: Double) -> Bool {
        let width = settings.width
        let (rectWidth, rectHeight) = (rect.maxX - rect.minX + 1, rect.maxY - rect.minY + 1)
        let count = rect.pixelCount
        let global = self.mapper!
        // The rectangle's pixels, packed.
        current.withUnsafeBufferPointer { current in
            localPixels.withUnsafeMutableBufferPointer { local in
                for y in 0..<rectHeight {
                    (local.baseAddress! + 4 * y * rectWidth).update(
                        from: current.baseAddress! + 4 * ((rect.minY + y) * width + rect.minX), count: 4 * rectWidth)
                }
            }
        }
        var histogram = ColorHistogram()
        localPixels.withUnsafeBufferPointer { histogram.add($0.baseAddress!, count: count) }
        let palette = PaletteBuilder.palette(
            from: histogram, maxColors: min(settings.colors - 1, Self.localTableColors), minimumPSNR: settings.lossy > 0 ? Self.palettePSNR : .infinity,
            largestDifference: Self.paletteDifference)
        let mapper = PaletteMapper(palette: palette, mixFloor: Self.localTableMixFloor)
        let transparent = UInt8(palette.colors.count)
        var tableBits = 1
        while 1 << tableBits < palette.colors.count + 1 { tableBits += 1 }
        let codeSize = max(2, tableBits)
        let reading = readings.0
        localPixels.withUnsafeBufferPointer { local in
        localTarget.withUnsafeMutableBufferPointer { localTarget in
        errors.withUnsafeMutableBufferPointer { errors in
            mapper.map(
                local.baseAddress!, width: rectWidth, height: rectHeight, dither: settings.dither, previous: nil,
                shown: UnsafePointer(localTarget.baseAddress!), target: localTarget.baseAddress!, errors: errors.baseAddress!)
        }
        }
        }
        let localError = localPixels.withUnsafeBufferPointer { local in
            localTarget.withUnsafeBufferPointer { localTarget in
                palette.colors.withUnsafeBufferPointer { colors in
                    Self.lowPassError(
                        local.baseAddress!, localTarget.baseAddress!, colors: colors, width: rectWidth, height: rectHeight,
                        in: PixelRect(minX: 0, minY: 0, maxX: rectWidth - 1, maxY: rectHeight - 1))
                }
            }
        }
        guard localError <= Self.localTableGain * globalError else {
            localTableRetry = frameCount + localTableBackoff
            localTableBackoff = min(2 * localTableBackoff, Self.localTableLongestBackoff)
            return false
        }
        localTableBackoff = Self.localTableBackoff
        // Unchanged pixels are transparent; the others are sent, and count as showing their
        // nearest global entry from now on.
        var shownError = self.shownError
        current.withUnsafeBufferPointer { current in
        basis.withUnsafeBufferPointer { basis in
        localTarget.withUnsafeBufferPointer { localTarget in
        shown.withUnsafeMutableBufferPointer { shown in
        shownErrors.withUnsafeMutableBufferPointer { shownErrors in
        reading.chosen.withUnsafeMutableBufferPointer { chosen in
            let now = UnsafeRawPointer(current.baseAddress!).assumingMemoryBound(to: UInt32.self)
            let standing = UnsafeRawPointer(basis.baseAddress!).assumingMemoryBound(to: UInt32.self)
            let colors = palette.colors
            for y in 0..<rectHeight {
                for x in 0..<rectWidth {
                    let k = y * rectWidth + x
                    let i = (rect.minY + y) * width + rect.minX + x
                    guard now[i] != standing[i] else {
                        chosen[k] = transparent
                        continue
                    }
                    let index = localTarget[k]
                    chosen[k] = index
                    let c = colors[Int(index)]
                    shown[i] = UInt8(global.nearest(c.r, c.g, c.b))
                    let kept = Int32(global.distanceSquared(current.baseAddress! + 4 * i, Int(shown[i])))
                    shownError += Int(kept - shownErrors[i])
                    shownErrors[i] = kept
                }
            }
        }
        }
        }
        }
        }
        }
        self.shownError = shownError
        var data: [UInt8] = []
        reading.encodeAsChosen(count: count, minimumCodeSize: codeSize, into: &data)
        basis.withUnsafeMutableBufferPointer { basis in
            current.withUnsafeBufferPointer { basis.baseAddress!.update(from: $0.baseAddress!, count: $0.count) }
        }
        block.removeAll(keepingCapacity: true)
        GIFWriter.graphicControl(
            delay: Self.delay(ofFrame: settings.firstFrame + frameCount, fps: settings.fps),
            transparentIndex: Int(transparent), into: &block)
        GIFWriter.image(
            x: rect.minX, y: rect.minY, width: rectWidth, height: rectHeight, localTable: palette.colors, tableBits: tableBits,
            minimumCodeSize: codeSize, lzw: data, into: &block)
        return true
    }
}
