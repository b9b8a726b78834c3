import Raster

/// Per-pixel options: the indices each pixel may be sent as at a tolerance, and the
/// rectangle of pixels a frame must send.
///
/// A pixel's mapped index always; the transparent index (keeping what it shows) when what it
/// shows is closer to its colour than the mapped entry (a dithered one), or within the
/// tolerance (a tie goes to the mapped index, so that at tolerance 0 what shows depends on
/// the frame alone); and, only for pixels whose colour changed (every pixel of the first
/// frame), up to three more entries within the tolerance of it. Pixels at rest take no error
/// beyond their mapped entry's, since it would stay on screen for as long as they rest:
/// neither pixels whose colour did not change nor those whose colour will not change in the
/// next frame (encoding runs one frame behind to know), nor any pixel of the last frame. So
/// an approximation lasts only while a pixel keeps changing; one left on pixels that came to
/// rest would show as a ghost of what moved past. Neither do colours the palette holds
/// exactly (flat fills, backgrounds), where a faint residue would show. The first frame, most
/// of a short clip's bytes, is the exception: its pixels at rest may take near entries within
/// a quarter of the squared tolerance, half the distance.
///
/// Ties between a pixel's colour and transparency are settled by `TieBreak`.
extension GIFEncoder {
    /// In the first frame, pixels at rest take near entries within this share of the tolerance.
    static let firstFrameRestShare = 4
    /// Stretches of at least this many pixels that may all be transparent are sent so, in
    /// the reading that favours transparency (see `keepLongStretchesTransparent`).
    static let transparentStretch = 128

    /// For each squared tolerance in `tolerances` (highest first), the rectangle of the pixels
    /// that must be sent: those whose new index is closer to their colour than what they show,
    /// unless what they show is within the tolerance where the palette cannot show their colour
    /// exactly anyway. One pass over the frame; where no pixel must be sent, a single pixel.
    @_optimize(speed)
    func changedRects(tolerances: [Int]) -> [PixelRect] {
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
    func gatherOptions(
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
    func keepLongStretchesTransparent(_ reading: FrameReading, count: Int) {
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
    func preferRuns(_ reading: FrameReading, count: Int) {
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
enum TieBreak {
    /// Transparency, wherever it is an option (and the only option in long stretches that may
    /// be transparent): transparent runs recur on every row.
    case transparency
    /// Runs: a stretch that may be transparent is made so once it holds two colours; a stretch
    /// of one colour favours its colour, joining the sent pixels around it.
    case runs
}
