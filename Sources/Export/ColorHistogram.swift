/// Colour statistics gathered over many frames, from which one palette for a whole animation is built.
///
/// Pixels fall into 2¹⁸ bins (6 bits per channel); each bin keeps its pixel count and
/// exact channel sums, so a bin's colour is the mean of real pixels, not the bin's centre.
/// Alongside, the distinct exact colours are collected until there are more than
/// `exactLimit` of them: an animation with few colours then gets them all, unchanged.
///
/// Runs of equal pixels are counted once per run, so the flat areas that dominate
/// rendered frames cost one comparison per pixel. Adding allocates nothing once the
/// exact set has reached its limit.
struct ColorHistogram {
    static let bitsPerChannel = 6
    static let binCount = 1 << (3 * bitsPerChannel)

    /// One bin: pixel count and channel sums.
    struct Bin {
        var count = 0
        var red = 0
        var green = 0
        var blue = 0
    }

    /// Indexed by `key(r, g, b)`.
    private(set) var bins: [Bin]
    /// The keys of the bins holding pixels, in order of first use.
    private(set) var occupied: [Int] = []
    /// The distinct colours seen, as long as there are at most `exactLimit`; nil beyond.
    private(set) var exactColors: Set<UInt32>? = []
    /// How many distinct colours `exactColors` may hold.
    let exactLimit: Int
    /// Pixels added so far.
    private(set) var pixelCount = 0

    init(exactLimit: Int) {
        self.exactLimit = exactLimit
        bins = Array(repeating: Bin(), count: Self.binCount)
    }

    static func key(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        let drop = 8 - bitsPerChannel
        return Int(r >> drop) << (2 * bitsPerChannel) | Int(g >> drop) << bitsPerChannel | Int(b >> drop)
    }

    /// Adds `count` opaque RGBA8 pixels (alpha ignored).
    mutating func add(_ pixels: UnsafePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        pixelCount += count
        var runColor = (pixels[0], pixels[1], pixels[2])
        var runLength = 0
        for i in 0..<count {
            let p = pixels + 4 * i
            if p[0] == runColor.0 && p[1] == runColor.1 && p[2] == runColor.2 {
                runLength += 1
            } else {
                addRun(runColor, runLength)
                runColor = (p[0], p[1], p[2])
                runLength = 1
            }
        }
        addRun(runColor, runLength)
    }

    private mutating func addRun(_ color: (UInt8, UInt8, UInt8), _ length: Int) {
        let key = Self.key(color.0, color.1, color.2)
        if bins[key].count == 0 { occupied.append(key) }
        bins[key].count += length
        bins[key].red += length * Int(color.0)
        bins[key].green += length * Int(color.1)
        bins[key].blue += length * Int(color.2)
        if exactColors != nil {
            exactColors!.insert(UInt32(color.0) << 16 | UInt32(color.1) << 8 | UInt32(color.2))
            if exactColors!.count > exactLimit { exactColors = nil }
        }
    }
}
