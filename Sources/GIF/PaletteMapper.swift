import Glibc

/// Maps opaque RGBA8 frames to the indices of one palette, with a choice of dithering.
///
/// Nearest means least squared sRGB difference, the error PSNR measures. Every distinct
/// colour is resolved once and cached in a lazily filled table of 2²⁴ words (64 MiB of
/// address space, of which only the pages of colours that occur are ever touched:
/// `ColourTable`), so the per-pixel work is a table lookup. A cached word holds the nearest
/// entry, the partner entry ordered dithering mixes with it and the share of the partner
/// (0…255).
///
/// Partner: among the entries no farther than `mixRadius` from the nearest one (or four
/// times the colour's distance to it, for sparse palettes), the entry whose segment to it
/// passes closest to the colour; the share is the colour's projection on that segment.
/// Mixing the pair in that proportion reproduces the colour on average, and does not mix
/// colours across an edge. Only pixels in smooth areas are mixed (`smoothStep`).
///
/// Resolving a colour visits only the entries whose red lies close enough to matter (`byRed`,
/// a `SortedCentres` of the reds: a channel's squared difference never exceeds the whole
/// distance) and, for its partner, only the entries within reach of its nearest one
/// (`byDistance`, each entry's others listed, nearest first, the first time a colour needs
/// them); the result, ties included, is that of a scan of every entry.
///
/// Temporal stability: a pixel whose source colour did not change since the previous frame
/// keeps the index it was shown with (`shown`), whatever the dithering, so still areas are
/// never re-dithered; error diffusion neither takes error into nor passes error out of them.
final class PaletteMapper {
    let palette: Palette
    private let entries: [(Int, Int, Int)]
    /// The entries ordered by red.
    private let byRed: SortedCentres
    /// For each entry, the others by squared distance from it, nearest first (ties by index),
    /// each as `squaredDistance << 8 | index`: the candidate partners of a colour are a prefix
    /// of its nearest entry's list. Entry k's are the `entries.count - 1` from
    /// `k × (entries.count - 1)`, listed when `listed[k]` is set (`partners(of:)`).
    private let byDistance: UnsafeMutablePointer<Int32>
    private var listed: [Bool]
    /// The entries again as red, green, blue and a pad, for all 256 indices (zero past the
    /// palette), so the per-pixel distance needs no bounds check.
    private let channels: UnsafeMutablePointer<Int32>
    private let cache = ColourTable()
    private let nearCache = ColourTable()
    /// Largest squared sRGB error (summed over the channels) of the alternatives `alternatives` lists; 0 for none.
    let tolerance: Int
    /// Largest distance between two mixed entries, in sRGB code values.
    static let mixRadius = 40
    /// Colours this close (squared sRGB error, about 4 code values on each channel) to their
    /// nearest entry are never mixed: where the palette is that dense no band shows, and a
    /// pattern would only add error and cost bytes.
    static let ditherFloor = 48
    /// This mapper's floor, `ditherFloor` unless given: a palette built for one frame's few
    /// colours is sparse, and mixes even colours near its entries, where a band would show.
    let mixFloor: Int
    /// Ordered dithering mixes only pixels whose neighbours are within this many code values
    /// of them on every channel: smooth areas (gradients, flat colours), where a band would
    /// show. Pixels at an edge (anti-aliased outlines, text) take their nearest entry: there a
    /// pattern hides no band and only adds error and bytes.
    static let smoothStep = 8
    /// Share of the quantisation error error diffusion carries to the neighbours.
    static let diffusionStrength: Float = 0.85

    /// Bayer's 8×8 threshold matrix, scaled to 2…254 so that a share of 0 never mixes and 255 always does.
    private static let thresholds: [Int] = {
        var m = [0]
        var size = 1
        while size < 8 {
            var next = [Int](repeating: 0, count: 4 * size * size)
            for y in 0..<size {
                for x in 0..<size {
                    let v = 4 * m[y * size + x]
                    next[y * 2 * size + x] = v
                    next[y * 2 * size + x + size] = v + 2
                    next[(y + size) * 2 * size + x] = v + 3
                    next[(y + size) * 2 * size + x + size] = v + 1
                }
            }
            m = next
            size *= 2
        }
        return m.map { $0 * 4 + 2 }
    }()

    /// A mapper to `palette` whose `alternatives` lie within squared error `tolerance` of a colour.
    init(palette: Palette, tolerance: Int = 0, mixFloor: Int = ditherFloor) {
        self.palette = palette
        self.mixFloor = mixFloor
        self.tolerance = tolerance
        let entries = palette.colors.map { (Int($0.r), Int($0.g), Int($0.b)) }
        self.entries = entries
        byRed = SortedCentres(firstCoordinates: entries.map { Float($0.0) })
        byDistance = .allocate(capacity: max(entries.count * (entries.count - 1), 1))
        listed = Array(repeating: false, count: entries.count)
        channels = .allocate(capacity: 256 * 4)
        channels.initialize(repeating: 0, count: 256 * 4)
        for (index, e) in entries.prefix(256).enumerated() {
            (channels + 4 * index).update(from: [Int32(e.0), Int32(e.1), Int32(e.2)], count: 3)
        }
    }

    deinit {
        cache.deallocate()
        nearCache.deallocate()
        byDistance.deallocate()
        channels.deallocate()
    }

    /// Up to three entries besides the nearest whose squared error to the colour is at most
    /// `tolerance`, nearest first: their count in bits 24-25, the entries in bits 0-7, 8-15 and 16-23.
    @inline(__always)
    @_optimize(speed)
    func alternatives(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt32 {
        let key = Int(r) << 16 | Int(g) << 8 | Int(b)
        let cached = nearCache[key]
        if cached != 0 { return cached }
        let nearest = Int(word(r, g, b) & 0xFF)
        // The three least (distance, index) pairs within the tolerance, in order.
        var found = (SIMD3<Int>(repeating: .max), SIMD3<Int>(repeating: .max))
        var count = 0
        if tolerance > 0 {
            let (r, g, b) = (Int(r), Int(g), Int(b))
            byRed.forEach(keyWithin: Float(Self.floorSquareRoot(tolerance)), of: Float(r)) { index in
                guard index != nearest else { return }
                let e = entries[index]
                let d = (e.0 - r) * (e.0 - r) + (e.1 - g) * (e.1 - g) + (e.2 - b) * (e.2 - b)
                guard d <= tolerance else { return }
                count += 1
                var j = 2
                guard (d, index) < (found.0[j], found.1[j]) else { return }
                while j > 0 && (d, index) < (found.0[j - 1], found.1[j - 1]) {
                    found.0[j] = found.0[j - 1]
                    found.1[j] = found.1[j - 1]
                    j -= 1
                }
                found.0[j] = d
                found.1[j] = index
            }
        }
        var resolved: UInt32 = 0x8000_0000 | UInt32(min(count, 3)) << 24
        for j in 0..<min(count, 3) { resolved |= UInt32(found.1[j]) << (8 * UInt32(j)) }
        nearCache[key] = resolved
        return resolved
    }

    /// The cached word for a colour: bit 31 set, nearest entry in bits 0-7, partner in 8-15, share in 16-23.
    @inline(__always)
    @_optimize(speed)
    func word(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt32 {
        let key = Int(r) << 16 | Int(g) << 8 | Int(b)
        let cached = cache[key]
        if cached != 0 { return cached }
        let resolved = resolve(Int(r), Int(g), Int(b))
        cache[key] = resolved
        return resolved
    }

    /// The index of the entry nearest to the colour.
    @_optimize(speed)
    func nearest(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        Int(word(r, g, b) & 0xFF)
    }

    @_optimize(speed)
    private func resolve(_ r: Int, _ g: Int, _ b: Int) -> UInt32 {
        let channels = self.channels
        // The least distance, ties to the lowest index.
        let best = byRed.nearest(key: Float(r)) { index in
            let e = channels + 4 &* index
            let (dr, dg, db) = (Int(e[0]) &- r, Int(e[1]) &- g, Int(e[2]) &- b)
            return Float(dr &* dr &+ dg &* dg &+ db &* db)
        }
        let c = entries[best]
        let bestDistance = (c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b)
        var partner = best
        var share = 0
        if bestDistance > mixFloor {
            var bestResidual = Double(bestDistance)
            // Near entries always mix; farther ones only when the colour itself is far from the
            // palette (a sparse palette), never across an edge between colours the palette holds.
            let reach = max(Self.mixRadius * Self.mixRadius, 16 * bestDistance)
            // The least residual, ties to the lowest index, whatever the order entries come in.
            @inline(__always) func consider(_ index: Int) {
                let e = channels + 4 &* index
                let (dx, dy, dz) = (Int(e[0]) &- c.0, Int(e[1]) &- c.1, Int(e[2]) &- c.2)
                let length = dx &* dx &+ dy &* dy &+ dz &* dz
                // 0 < t < 1, decided on the integers (the quotient of two exact integers is
                // below 1 exactly when the numerator is below the denominator).
                let dot = (r &- c.0) &* dx &+ (g &- c.1) &* dy &+ (b &- c.2) &* dz
                guard dot > 0, dot < length else { return }
                let t = Double(dot) / Double(length)
                let (px, py, pz) = (Double(r - c.0) - t * Double(dx), Double(g - c.1) - t * Double(dy), Double(b - c.2) - t * Double(dz))
                let residual = px * px + py * py + pz * pz
                if residual < bestResidual || (residual == bestResidual && partner != best && index < partner) {
                    bestResidual = residual
                    partner = index
                    share = Int((t * 255).rounded())
                }
            }
            // The candidates: the entries within reach of the nearest one.
            let others = entries.count &- 1, list = partners(of: best)
            for k in 0..<others {
                let packed = Int(list[k])
                if packed &>> 8 > reach { break }
                consider(packed & 0xFF)
            }
        }
        return 0x8000_0000 | UInt32(share) << 16 | UInt32(partner) << 8 | UInt32(best)
    }

    /// Entry `k`'s list in `byDistance`, made the first time it is asked for.
    private func partners(of k: Int) -> UnsafeMutablePointer<Int32> {
        let others = entries.count - 1, list = byDistance + k * others
        guard !listed[k] else { return list }
        let c = entries[k]
        var distances: [Int32] = []
        distances.reserveCapacity(others)
        for (index, e) in entries.enumerated() where index != k {
            let (dx, dy, dz) = (e.0 - c.0, e.1 - c.1, e.2 - c.2)
            distances.append(Int32((dx * dx + dy * dy + dz * dz) << 8 | index))
        }
        distances.sort()
        list.initialize(from: distances, count: others)
        listed[k] = true
        return list
    }

    /// The largest integer whose square is at most `x` (x ≥ 0).
    static func floorSquareRoot(_ x: Int) -> Int {
        var root = Int(Double(x).squareRoot())
        while root * root > x { root -= 1 }
        while (root + 1) * (root + 1) <= x { root += 1 }
        return root
    }

    /// Writes the palette index of every pixel of `pixels` (opaque RGBA8, `width × height`,
    /// packed rows) to `target`.
    ///
    /// `shown` is the indices shown now and `previous` the pixels they stand for (nil for
    /// the first frame); pixels equal to those take their shown index.
    /// `errors` is scratch space of at least `2 × (width + 2) × 3` floats for error diffusion.
    @_optimize(speed)
    func map(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, dither: Dither,
        previous: UnsafePointer<UInt8>?, shown: UnsafePointer<UInt8>, target: UnsafeMutablePointer<UInt8>,
        errors: UnsafeMutablePointer<Float>
    ) {
        switch dither {
        case .none, .ordered:
            let thresholds = Self.thresholds
            // Pixels are compared as whole words (frames are opaque: alpha is always 255),
            // eight at a time where the previous frame is given: most of a frame usually
            // did not change.
            let now = UnsafeRawPointer(pixels)
            let before = previous.map { UnsafeRawPointer($0) }
            thresholds.withUnsafeBufferPointer { thresholds in
                for y in 0..<height {
                    let row = y * width
                    let thresholdRow = (y & 7) * 8
                    var x = 0
                    while x < width {
                        let i = row + x
                        if let before {
                            if x + 8 <= width && Self.sameEight(now + 4 * i, before + 4 * i) {
                                UnsafeMutableRawPointer(target + i).storeBytes(
                                    of: UnsafeRawPointer(shown + i).loadUnaligned(as: UInt64.self), as: UInt64.self)
                                x += 8
                                continue
                            }
                            if now.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self) == before.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self) {
                                target[i] = shown[i]
                                x += 1
                                continue
                            }
                        }
                        let p = pixels + 4 * i
                        let w = word(p[0], p[1], p[2])
                        if dither == .ordered, Int(w >> 16 & 0xFF) > thresholds[thresholdRow + (x & 7)],
                            Self.isSmooth(p, x: x, y: y, width: width, height: height) {
                            target[i] = UInt8(w >> 8 & 0xFF)
                        } else {
                            target[i] = UInt8(w & 0xFF)
                        }
                        x += 1
                    }
                }
            }
        case .diffusion:
            diffuse(pixels, width: width, height: height, previous: previous, shown: shown, target: target, errors: errors)
        }
    }

    /// Whether the pixel's neighbours (the four within the frame) are all within `smoothStep`
    /// of it on every channel.
    @inline(__always)
    @_optimize(speed)
    static func isSmooth(_ p: UnsafePointer<UInt8>, x: Int, y: Int, width: Int, height: Int) -> Bool {
        @inline(__always) func near(_ q: UnsafePointer<UInt8>) -> Bool {
            abs(Int(p[0]) - Int(q[0])) <= smoothStep && abs(Int(p[1]) - Int(q[1])) <= smoothStep
                && abs(Int(p[2]) - Int(q[2])) <= smoothStep
        }
        return (x == 0 || near(p - 4)) && (x == width - 1 || near(p + 4))
            && (y == 0 || near(p - 4 * width)) && (y == height - 1 || near(p + 4 * width))
    }

    /// Whether eight RGBA pixels are equal to eight others, byte for byte.
    @inline(__always)
    static func sameEight(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        @inline(__always) func difference(_ k: Int) -> UInt64 {
            a.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self)
        }
        return difference(0) | difference(1) | difference(2) | difference(3) == 0
    }

    /// Whether two RGBA pixels have the same colour (alpha aside: frames are opaque here), the
    /// test by which a pixel keeps its shown index.
    @inline(__always)
    @_optimize(speed)
    static func sameColour(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>) -> Bool {
        a[0] == b[0] && a[1] == b[1] && a[2] == b[2]
    }

    @_optimize(speed)
    private func diffuse(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int,
        previous: UnsafePointer<UInt8>?, shown: UnsafePointer<UInt8>, target: UnsafeMutablePointer<UInt8>,
        errors: UnsafeMutablePointer<Float>
    ) {
        let stride = (width + 2) * 3
        var current = errors
        var next = errors + stride
        current.update(repeating: 0, count: stride)
        let strength = Self.diffusionStrength
        for y in 0..<height {
            next.update(repeating: 0, count: stride)
            let leftToRight = y % 2 == 0
            for step in 0..<width {
                let x = leftToRight ? step : width - 1 - step
                let i = y * width + x
                let p = pixels + 4 * i
                let e = current + (x + 1) * 3
                if let previous, Self.sameColour(p, previous + 4 * i) {
                    target[i] = shown[i]
                    continue
                }
                let wanted = (Float(p[0]) + e[0] * strength, Float(p[1]) + e[1] * strength, Float(p[2]) + e[2] * strength)
                let index = nearest(clampToByte(wanted.0), clampToByte(wanted.1), clampToByte(wanted.2))
                target[i] = UInt8(index)
                let c = entries[index]
                let error = (wanted.0 - Float(c.0), wanted.1 - Float(c.1), wanted.2 - Float(c.2))
                let ahead = leftToRight ? 1 : -1
                for k in 0..<3 {
                    let v = k == 0 ? error.0 : k == 1 ? error.1 : error.2
                    current[(x + 1 + ahead) * 3 + k] += v * 7 / 16
                    next[(x + 1 - ahead) * 3 + k] += v * 3 / 16
                    next[(x + 1) * 3 + k] += v * 5 / 16
                    next[(x + 1 + ahead) * 3 + k] += v * 1 / 16
                }
            }
            swap(&current, &next)
        }
    }

    @inline(__always)
    @_optimize(speed)
    private func clampToByte(_ v: Float) -> UInt8 {
        UInt8(min(max(v.rounded(), 0), 255))
    }

    /// Squared sRGB distance between the pixel and entry `index`.
    @inline(__always)
    @_optimize(speed)
    func distanceSquared(_ p: UnsafePointer<UInt8>, _ index: Int) -> Int {
        let e = channels + 4 * Int(UInt8(truncatingIfNeeded: index))
        let (dr, dg, db) = (Int(e[0]) &- Int(p[0]), Int(e[1]) &- Int(p[1]), Int(e[2]) &- Int(p[2]))
        return dr &* dr &+ dg &* dg &+ db &* db
    }
}

/// A word for each of the 2²⁴ colours, zero until set, in 64 MiB of address space of which
/// only the pages that are used take memory.
///
/// Each page is first touched by a write. Were it read first, the kernel would map the
/// shared zero page there, read-only, and the write that follows a miss would then have to
/// remove that mapping from every core the process runs on (an interrupt to each; on two
/// cores, about 4 % of a `--fast` GIF's time went to them). A flag per page records the pages written.
private struct ColourTable {
    /// Words per page: 1,024 (4 KiB).
    static let pageShift = 10
    let words = calloc(1 << 24, MemoryLayout<UInt32>.stride)!.assumingMemoryBound(to: UInt32.self)
    let written = calloc(1 << (24 - pageShift), 1)!.assumingMemoryBound(to: UInt8.self)

    func deallocate() {
        free(words)
        free(written)
    }

    subscript(key: Int) -> UInt32 {
        @inline(__always) get {
            let page = key &>> Self.pageShift
            if written[page] == 0 {
                words[key] = 0
                written[page] = 1
            }
            return words[key]
        }
        @inline(__always) nonmutating set { words[key] = newValue }
    }
}
