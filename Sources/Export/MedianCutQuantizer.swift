/// Reduces an opaque RGBA8 image to at most 256 colours and maps every pixel to one of them.
///
/// Method: median cut (Heckbert, "Color Image Quantization for Frame Buffer Display",
/// SIGGRAPH 1982), choosing at each step the box with the largest summed squared error
/// along its widest channel, as in the variance-based variant of Wan, Prusinkiewicz and
/// Wong (Color Research & Application, 1990), and cutting it at the pixel-weighted median
/// of that channel.
///
/// Stages, once per frame:
/// 0. Exact: if the frame has at most `maxColors` distinct colours, they are the palette
///    and the frame is reproduced losslessly; a small hash table finds them and gives up
///    at the first colour too many, so busy frames pay only for a short scan.
/// 1. Histogram: pixels fall into 2¹⁸ bins (6 bits per channel); each bin keeps its
///    pixel count and exact channel sums, so box means are means of real pixels.
/// 2. Cut: starting from one box holding every occupied bin, split until there are
///    `maxColors` boxes or no box holds two bins. Each box's colour is its pixel mean.
/// 3. Palette: box colours with repeats removed (see `Palette`).
/// 4. Map: each occupied bin gets the palette entry nearest its mean, computed once and
///    cached per bin; each pixel takes its bin's entry. No dithering.
///
/// Invariants: a frame with at most `maxColors` distinct colours is reproduced exactly;
/// palette entries are distinct; the tables are allocated once and reused, and the
/// per-pixel loops allocate nothing.
///
/// Limits: a box never splits a bin, so a frame whose many colours crowd into fewer than
/// `maxColors` bins (a long anti-aliased ramp between two colours) gets one entry per
/// bin, within 3 of each of its pixels per channel.
struct MedianCutQuantizer {
    private static let bitsPerChannel = 6
    private static let binCount = 1 << (3 * bitsPerChannel)

    /// The most colours a palette gets, 1...256.
    let maxColors: Int

    private struct Bin {
        var count = 0
        var red = 0
        var green = 0
        var blue = 0
    }

    private struct Box {
        var range: Range<Int>
        var error: Double
        var axis: Int
    }

    private var bins: [Bin]
    private var occupied: [Int]
    private var nearest: [UInt8]
    private var exact = ExactColorTable()

    init(maxColors: Int = 256) {
        precondition((1...256).contains(maxColors), "maxColors is 1...256")
        self.maxColors = maxColors
        bins = Array(repeating: Bin(), count: Self.binCount)
        occupied = []
        occupied.reserveCapacity(Self.binCount)
        nearest = Array(repeating: 0, count: Self.binCount)
    }

    /// Quantises `pixels` (opaque RGBA8, `width × height`, rows packed) into palette indices
    /// written to `indices` (rows `linesize` bytes apart) and returns the palette.
    mutating func quantize(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, indices: UnsafeMutablePointer<UInt8>, linesize: Int) -> Palette {
        precondition(pixels.count >= width * height * 4, "pixel buffer too small")
        if let palette = exact.palette(pixels, width: width, height: height, maxColors: maxColors, indices: indices, linesize: linesize) {
            return palette
        }
        fillHistogram(UnsafeBufferPointer(rebasing: pixels[..<(width * height * 4)]))
        let palette = cutPalette()
        for key in occupied {
            nearest[key] = UInt8(palette.nearestIndex(to: mean(of: bins[key])))
        }
        nearest.withUnsafeBufferPointer { nearest in
            for y in 0..<height {
                let row = indices + y * linesize
                var source = y * width * 4
                for x in 0..<width {
                    row[x] = nearest[Self.key(pixels[source], pixels[source + 1], pixels[source + 2])]
                    source += 4
                }
            }
        }
        for key in occupied { bins[key] = Bin() }
        occupied.removeAll(keepingCapacity: true)
        return palette
    }

    private static func key(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        let drop = 8 - bitsPerChannel
        return Int(r >> drop) << (2 * bitsPerChannel) | Int(g >> drop) << bitsPerChannel | Int(b >> drop)
    }

    private mutating func fillHistogram(_ pixels: UnsafeBufferPointer<UInt8>) {
        var keys = occupied
        occupied = []
        bins.withUnsafeMutableBufferPointer { bins in
            var i = 0
            while i + 3 < pixels.count {
                let (r, g, b) = (pixels[i], pixels[i + 1], pixels[i + 2])
                let key = Self.key(r, g, b)
                if bins[key].count == 0 { keys.append(key) }
                bins[key].count += 1
                bins[key].red += Int(r)
                bins[key].green += Int(g)
                bins[key].blue += Int(b)
                i += 4
            }
        }
        occupied = keys
    }

    private func mean(of bin: Bin) -> RGB8 {
        let half = bin.count / 2
        return RGB8(r: UInt8((bin.red + half) / bin.count), g: UInt8((bin.green + half) / bin.count), b: UInt8((bin.blue + half) / bin.count))
    }

    /// Splits the occupied bins into boxes and returns their de-duplicated mean colours.
    private mutating func cutPalette() -> Palette {
        var boxes = [makeBox(0..<occupied.count)]
        while boxes.count < maxColors {
            var chosen = 0
            for index in boxes.indices where boxes[index].error > boxes[chosen].error { chosen = index }
            let box = boxes[chosen]
            guard box.range.count > 1, box.error > 0 else { break }
            let cut = medianCut(box)
            boxes[chosen] = makeBox(box.range.lowerBound..<cut)
            boxes.append(makeBox(cut..<box.range.upperBound))
        }
        return Palette(deduplicating: boxes.map { box in
            var total = Bin()
            for key in occupied[box.range] {
                total.count += bins[key].count
                total.red += bins[key].red
                total.green += bins[key].green
                total.blue += bins[key].blue
            }
            return mean(of: total)
        })
    }

    /// Sorts the box's bins along its axis and returns the index splitting its pixels in half;
    /// both halves keep at least one bin.
    private mutating func medianCut(_ box: Box) -> Int {
        let axis = box.axis
        let bins = self.bins
        occupied[box.range].sort { Self.channelSum(bins[$0], axis) * bins[$1].count < Self.channelSum(bins[$1], axis) * bins[$0].count }
        let total = occupied[box.range].reduce(0) { $0 + bins[$1].count }
        var accumulated = 0
        for index in box.range {
            accumulated += bins[occupied[index]].count
            if 2 * accumulated >= total {
                return min(max(index + 1, box.range.lowerBound + 1), box.range.upperBound - 1)
            }
        }
        return box.range.upperBound - 1
    }

    private static func channelSum(_ bin: Bin, _ axis: Int) -> Int {
        axis == 0 ? bin.red : axis == 1 ? bin.green : bin.blue
    }

    /// A box over `occupied[range]` with its largest per-channel squared error Σn(m − m̄)²
    /// (bin means m, counts n) and the channel it belongs to.
    private func makeBox(_ range: Range<Int>) -> Box {
        var count = 0.0
        var sums = (0.0, 0.0, 0.0)
        var squares = (0.0, 0.0, 0.0)
        for key in occupied[range] {
            let bin = bins[key]
            let n = Double(bin.count)
            let (r, g, b) = (Double(bin.red) / n, Double(bin.green) / n, Double(bin.blue) / n)
            count += n
            sums = (sums.0 + n * r, sums.1 + n * g, sums.2 + n * b)
            squares = (squares.0 + n * r * r, squares.1 + n * g * g, squares.2 + n * b * b)
        }
        let red = squares.0 - sums.0 * sums.0 / count
        let green = squares.1 - sums.1 * sums.1 / count
        let blue = squares.2 - sums.2 * sums.2 / count
        if red >= green && red >= blue { return Box(range: range, error: max(red, 0), axis: 0) }
        if green >= blue { return Box(range: range, error: max(green, 0), axis: 1) }
        return Box(range: range, error: max(blue, 0), axis: 2)
    }
}

/// Stage 0 of `MedianCutQuantizer`: an open-addressing set of the frame's exact colours,
/// sized for at most 256 of them at a load factor of one quarter.
private struct ExactColorTable {
    private static let slotCount = 1024
    /// 0 marks an empty slot; a stored key is `0x0100_0000 | rgb`, never 0.
    private var keys = [UInt32](repeating: 0, count: slotCount)
    private var values = [UInt8](repeating: 0, count: slotCount)

    /// The frame's distinct colours in order of first appearance, with `indices` written,
    /// or nil (indices partly written) as soon as a colour beyond `maxColors` appears.
    mutating func palette(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, maxColors: Int, indices: UnsafeMutablePointer<UInt8>, linesize: Int) -> Palette? {
        var found: [RGB8] = []
        found.reserveCapacity(maxColors)
        let complete = keys.withUnsafeMutableBufferPointer { keys in
            values.withUnsafeMutableBufferPointer { values in
                keys.update(repeating: 0)
                let mask = Self.slotCount - 1
                for y in 0..<height {
                    let row = indices + y * linesize
                    var source = y * width * 4
                    for x in 0..<width {
                        let key = 0x0100_0000 | UInt32(pixels[source]) << 16 | UInt32(pixels[source + 1]) << 8 | UInt32(pixels[source + 2])
                        // Fibonacci hashing: the top bits of a multiplicative hash.
                        var slot = Int((key &* 2_654_435_769) >> 22) & mask
                        while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & mask }
                        if keys[slot] == 0 {
                            guard found.count < maxColors else { return false }
                            keys[slot] = key
                            values[slot] = UInt8(found.count)
                            found.append(RGB8(r: pixels[source], g: pixels[source + 1], b: pixels[source + 2]))
                        }
                        row[x] = values[slot]
                        source += 4
                    }
                }
                return true
            }
        }
        return complete ? Palette(deduplicating: found) : nil
    }
}
