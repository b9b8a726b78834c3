/// The buffers every drawing reuses, sized once for the canvas width: a row of
/// 16-bit coverage and the row's spans (written by the accumulator's sweep), a row of
/// shaded colours in split 8.8 form and in floating point, a row of floating-point
/// coverage (for the blend modes computed in floating point), gradient tables and a
/// strip of a gradient's packed colours (`ShiftedRows`);
/// the blur buffers grow to the largest region blurred. Owned by one canvas; drawing
/// allocates nothing once these exist.
final class Scratch {
    /// Coverage (0…65,535) by absolute column (with slack for a group of four past the
    /// end); zero except while a span that uses it is composited.
    let coverage16: UnsafeMutablePointer<UInt16>
    let coverage: UnsafeMutablePointer<Float>
    let source: UnsafeMutablePointer<SIMD4<Float>>
    let spans: UnsafeMutablePointer<CoverageSpan>
    /// Room for `gradientSlots` gradient tables, slot k at `k × GradientTable.stride`.
    let gradient: UnsafeMutablePointer<SIMD4<Float>>
    let gradient8: UnsafeMutablePointer<UInt32>
    let gradientEven: UnsafeMutablePointer<UInt32>, gradientOdd: UnsafeMutablePointer<UInt32>
    /// The gradient and opacity (its bits) each slot's table was built for, and the table.
    var gradientTables: [(gradient: Gradient, opacity: UInt32, table: GradientTable)?] = Array(repeating: nil, count: Scratch.gradientSlots)
    /// The slot the next table not found is built in (the one built longest ago).
    var nextGradientSlot = 0
    static let gradientSlots = 4
    /// A row of shaded colours in split 8.8 form.
    let shaded: ShadedRow
    /// Packed colours of a row for `ShiftedRows`: `stripCapacity` pixels, four rows' worth.
    let strip: UnsafeMutablePointer<UInt32>
    let stripCapacity: Int
    private(set) var blurImage: UnsafeMutablePointer<SIMD4<Float>>
    private(set) var blurLine: UnsafeMutablePointer<SIMD4<Float>>
    private(set) var blurSpare: UnsafeMutablePointer<SIMD4<Float>>
    private var blurImageCapacity = 1, blurLineCapacity = 1

    /// The canvas width in pixels.
    let width: Int
    /// The canvas height in pixels.
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        coverage16 = .allocate(capacity: width + 8)
        coverage16.initialize(repeating: 0, count: width + 8)
        coverage = .allocate(capacity: width + 2)
        coverage.initialize(repeating: 0, count: width + 2)
        source = .allocate(capacity: width + 2)
        source.initialize(repeating: .zero, count: width + 2)
        // The buffers below are written before they are read, so they are not cleared (a
        // canvas made for each frame would clear them every frame).
        let shadedEven = UnsafeMutablePointer<UInt32>.allocate(capacity: width + 4)
        let shadedOdd = UnsafeMutablePointer<UInt32>.allocate(capacity: width + 4)
        shaded = ShadedRow(even: UnsafeMutableRawPointer(shadedEven), odd: UnsafeMutableRawPointer(shadedOdd))
        stripCapacity = 4 * width + 64
        strip = .allocate(capacity: stripCapacity)
        spans = .allocate(capacity: width + 2)
        let tableEntries = GradientTable.stride * Scratch.gradientSlots
        gradient = .allocate(capacity: tableEntries)
        gradient8 = .allocate(capacity: tableEntries)
        gradientEven = .allocate(capacity: tableEntries)
        gradientOdd = .allocate(capacity: tableEntries)
        blurImage = .allocate(capacity: 1)
        blurLine = .allocate(capacity: 1)
        blurSpare = .allocate(capacity: 1)
    }

    deinit {
        coverage16.deallocate()
        coverage.deallocate()
        source.deallocate()
        shaded.even.deallocate()
        shaded.odd.deallocate()
        spans.deallocate()
        strip.deallocate()
        gradient.deallocate()
        gradient8.deallocate()
        gradientEven.deallocate()
        gradientOdd.deallocate()
        blurImage.deallocate()
        blurLine.deallocate()
        blurSpare.deallocate()
    }

    /// Makes room for blurring an image of `pixels` pixels whose lines are at most `line` long.
    func reserveBlur(pixels: Int, line: Int) {
        if pixels > blurImageCapacity {
            blurImage.deallocate()
            blurImage = .allocate(capacity: pixels)
            blurImageCapacity = pixels
        }
        if line > blurLineCapacity {
            blurLine.deallocate()
            blurSpare.deallocate()
            blurLine = .allocate(capacity: line)
            blurSpare = .allocate(capacity: line)
            blurLineCapacity = line
        }
    }
}
