/// The buffers every drawing reuses, sized once for the canvas width: one row of
/// coverage, one row of shaded colours, the row's spans, and a gradient table; the
/// blur buffers grow to the largest region blurred. Owned by one canvas; drawing
/// allocates nothing once these exist.
final class Scratch {
    let coverage: UnsafeMutablePointer<Float>
    let source: UnsafeMutablePointer<SIMD4<Float>>
    let spans: UnsafeMutablePointer<CoverageSpan>
    let gradient: UnsafeMutablePointer<SIMD4<Float>>
    private(set) var blurImage: UnsafeMutablePointer<SIMD4<Float>>
    private(set) var blurLine: UnsafeMutablePointer<SIMD4<Float>>
    private(set) var blurSpare: UnsafeMutablePointer<SIMD4<Float>>
    private var blurImageCapacity = 1, blurLineCapacity = 1

    init(width: Int) {
        coverage = .allocate(capacity: width + 2)
        coverage.initialize(repeating: 0, count: width + 2)
        source = .allocate(capacity: width + 2)
        source.initialize(repeating: .zero, count: width + 2)
        spans = .allocate(capacity: width + 2)
        spans.initialize(repeating: CoverageSpan(x0: 0, x1: 0, coverage: 0), count: width + 2)
        gradient = .allocate(capacity: GradientTable.size)
        gradient.initialize(repeating: .zero, count: GradientTable.size)
        blurImage = .allocate(capacity: 1)
        blurLine = .allocate(capacity: 1)
        blurSpare = .allocate(capacity: 1)
    }

    deinit {
        coverage.deallocate()
        source.deallocate()
        spans.deallocate()
        gradient.deallocate()
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
