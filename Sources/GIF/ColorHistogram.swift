/// Colour statistics gathered over many frames, from which one palette for a whole animation is built.
///
/// Every distinct colour is counted exactly, in an open-addressing hash table that doubles
/// when half full; rendered animations hold from a handful to some tens of thousands of
/// colours (anti-aliased edges, gradients, fades). Beyond `exactLimit` distinct colours the
/// table is folded into 2¹⁸ bins of 6 bits per channel that keep pixel counts and exact
/// channel sums, so memory stays bounded whatever the content and a bin's colour is still
/// the mean of real pixels.
///
/// Runs of equal pixels are counted once per run, so the flat areas that dominate rendered
/// frames cost one comparison per pixel.
struct ColorHistogram {
    /// One point of the histogram: pixel count and channel sums (a single colour, or a bin's).
    struct Bin {
        var count = 0
        var red = 0
        var green = 0
        var blue = 0
    }

    /// Distinct colours counted exactly before the table folds into bins.
    let exactLimit: Int
    private var keys: [UInt32]
    private var counts: [Int]
    private var distinct = 0
    private var bins: [Bin]?
    /// Pixels added so far.
    private(set) var pixelCount = 0

    /// A histogram counting up to `exactLimit` distinct colours exactly (65,536 by default).
    init(exactLimit: Int = 1 << 16) {
        self.exactLimit = exactLimit
        keys = Array(repeating: 0, count: 1 << 12)
        counts = Array(repeating: 0, count: 1 << 12)
    }

    /// Whether every colour is still counted exactly.
    var isExact: Bool { bins == nil }

    /// The histogram's points: one per distinct colour while exact, one per occupied bin after.
    /// In order of colour value, so that everything built from them is deterministic.
    var points: [Bin] {
        if let bins { return bins.filter { $0.count > 0 } }
        var result: [(UInt32, Bin)] = []
        result.reserveCapacity(distinct)
        for (slot, key) in keys.enumerated() where key != 0 {
            let c = Int(key & 0xFF_FFFF)
            let n = counts[slot]
            result.append((key, Bin(count: n, red: n * (c >> 16), green: n * (c >> 8 & 0xFF), blue: n * (c & 0xFF))))
        }
        return result.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Adds `count` opaque RGBA8 pixels (alpha ignored).
    @_optimize(speed)
    mutating func add(_ pixels: UnsafePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        pixelCount += count
        // Pixels as little-endian words with alpha masked off: red in the low byte.
        let words = UnsafeRawPointer(pixels)
        @inline(__always) func colour(_ i: Int) -> UInt32 {
            UInt32(littleEndian: words.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)) & 0xFF_FFFF
        }
        var run = colour(0)
        var length = 0
        var i = 0
        while i < count {
            // Eight pixels of the run's colour at a time, then one.
            let pair = UInt64(run) << 32 | UInt64(run)
            @inline(__always) func inRun(_ k: Int) -> Bool {
                UInt64(littleEndian: words.loadUnaligned(fromByteOffset: 4 * i + 8 * k, as: UInt64.self)) & 0x00FF_FFFF_00FF_FFFF == pair
            }
            if i + 8 <= count && inRun(0) && inRun(1) && inRun(2) && inRun(3) {
                length += 8
                i += 8
                continue
            }
            let c = colour(i)
            i += 1
            if c == run {
                length += 1
            } else {
                add((UInt8(run & 0xFF), UInt8(run >> 8 & 0xFF), UInt8(run >> 16)), length)
                run = c
                length = 1
            }
        }
        add((UInt8(run & 0xFF), UInt8(run >> 8 & 0xFF), UInt8(run >> 16)), length)
    }

    @_optimize(speed)
    private mutating func add(_ color: (UInt8, UInt8, UInt8), _ length: Int) {
        if bins != nil {
            addToBin(color, length)
            return
        }
        // A stored key is 0x0100_0000 | rgb, never 0, which marks an empty slot.
        let key = 0x0100_0000 | UInt32(color.0) << 16 | UInt32(color.1) << 8 | UInt32(color.2)
        let mask = keys.count - 1
        var slot = Int((key &* 2_654_435_769) >> 8) & mask
        while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & mask }
        if keys[slot] == 0 {
            keys[slot] = key
            distinct += 1
        }
        counts[slot] += length
        if distinct > exactLimit {
            foldIntoBins()
        } else if 2 * distinct > keys.count {
            grow()
        }
    }

    @_optimize(speed)
    private mutating func grow() {
        let oldKeys = keys
        let oldCounts = counts
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        counts = Array(repeating: 0, count: oldKeys.count * 2)
        let mask = keys.count - 1
        for (index, key) in oldKeys.enumerated() where key != 0 {
            var slot = Int((key &* 2_654_435_769) >> 8) & mask
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = key
            counts[slot] = oldCounts[index]
        }
    }

    @_optimize(speed)
    private mutating func foldIntoBins() {
        bins = Array(repeating: Bin(), count: 1 << 18)
        for (slot, key) in keys.enumerated() where key != 0 {
            addToBin((UInt8(key >> 16 & 0xFF), UInt8(key >> 8 & 0xFF), UInt8(key & 0xFF)), counts[slot])
        }
        keys = []
        counts = []
    }

    @_optimize(speed)
    private mutating func addToBin(_ color: (UInt8, UInt8, UInt8), _ length: Int) {
        let key = Int(color.0 >> 2) << 12 | Int(color.1 >> 2) << 6 | Int(color.2 >> 2)
        bins![key].count += length
        bins![key].red += length * Int(color.0)
        bins![key].green += length * Int(color.1)
        bins![key].blue += length * Int(color.2)
    }
}
