import Geometry

/// Exact-area coverage of a filled path, by signed-area accumulation, band by band.
///
/// Overview. Every line segment of the flattened path (in device pixels) deposits,
/// into the cells of the rows it crosses, the signed area it sweeps to its right
/// within each pixel, so that the running sum of a row's cells is the signed
/// coverage of each pixel: the analytic method of libart and FreeType's "smooth"
/// rasterizer, in the dense-cell form of font-rs (R. Levien, 2016). Blend2D and
/// cairo compute the same quantity, so their anti-aliasing is our reference. The
/// work is made proportional to the path's edges rather than to its area, as in
/// Blend2D's analytic rasterizer: cells live only for one band of rows, and a bitmap
/// per row records which cells were written, so reading a row visits those cells and
/// nothing else.
///
/// Stages:
/// 1. `reset` sets the window (device pixels). `addLine` clips each segment to it
///    (pieces left of it collapse onto its left edge, where they still carry their
///    winding; pieces right of it cannot affect it and are dropped) and stores the
///    pieces as edges, each linked into the list of the band (32 rows) where it
///    starts. The path is flattened once; nothing is accumulated yet.
/// 2. `sweep` walks the bands top to bottom with a list of active edges. Each edge
///    deposits its areas in the band's rows and marks the cells it wrote; edges that
///    end in the band leave the list.
/// 3. Each row of the band is then read through its bitmap: between two written cells
///    the running sum is constant, so a run of pixels costs one step. The fill rule
///    folds the sum into 0…1 (non-zero: `min(|a|, 1)`; even-odd: the distance of `a`
///    to the nearest even integer), quantised to 16 bits (0…65,535). Runs of 8 or more equal
///    pixels become constant spans, which the compositor fills in bulk; written cells
///    and shorter runs become per-pixel coverage values; zero runs are skipped. Reading
///    a cell clears it and its bit, so the band is clean for the next one.
///
/// Aliased mode samples pixel centres instead: an edge adds its direction (±1) to
/// the first pixel whose centre lies right of it on each row whose centre line it
/// crosses (half-open in y), so the running sum is the exact winding number at each
/// centre.
///
/// Invariants: between paths every cell, bit and band list is empty; no allocation
/// once the buffers have grown to the widest window and the longest path drawn.
final class CoverageAccumulator {
    /// Rows per band: a band's cells (32 × 1,922 floats for a 1080p frame) stay in cache.
    static let bandShift = 5
    static let bandHeight = 1 << bandShift

    /// Window in device pixels: columns `x0..<x1`, rows `y0..<y1`.
    private(set) var x0 = 0, y0 = 0, x1 = 0, y1 = 0
    private var width = 0, height = 0
    private var aliased = false

    /// One stored piece of the path, in window coordinates, going down (`top < bottom`).
    struct Edge {
        /// x at `top`.
        var x: Double
        var top: Double, bottom: Double
        var dxdy: Double
        /// +1 for a piece that went down in the path, −1 for one that went up.
        var direction: Float
        /// The next edge starting in the same band, or −1.
        var next: Int32
    }

    private var edges: UnsafeMutablePointer<Edge>
    private var active: UnsafeMutablePointer<Int32>
    private var edgeCount = 0, edgeCapacity = 0
    /// Per band of the window, the first edge starting in it, or −1.
    private var bandHeads: UnsafeMutablePointer<Int32>
    private var bandCapacity = 0
    private var firstBand = Int.max, lastBand = Int.min

    /// `bandHeight` rows of `stride` cells, and per row `words` bitmap words.
    private var cells: UnsafeMutablePointer<Float>
    private var bits: UnsafeMutablePointer<UInt64>
    /// Per band row, the first and last cell written (first > last: none).
    private var rowFirst: UnsafeMutablePointer<Int32>, rowLast: UnsafeMutablePointer<Int32>
    private var stride = 0, words = 0
    private var cellCapacity = 0, wordCapacity = 0

    init() {
        edges = .allocate(capacity: 1)
        active = .allocate(capacity: 1)
        bandHeads = .allocate(capacity: 1)
        cells = .allocate(capacity: 1)
        bits = .allocate(capacity: 1)
        rowFirst = .allocate(capacity: CoverageAccumulator.bandHeight)
        rowFirst.initialize(repeating: Int32.max, count: CoverageAccumulator.bandHeight)
        rowLast = .allocate(capacity: CoverageAccumulator.bandHeight)
        rowLast.initialize(repeating: -1, count: CoverageAccumulator.bandHeight)
    }

    deinit {
        edges.deallocate()
        active.deallocate()
        bandHeads.deallocate()
        cells.deallocate()
        bits.deallocate()
        rowFirst.deallocate()
        rowLast.deallocate()
    }

    /// Prepares an empty window; `antialiased: false` selects centre sampling.
    func reset(x0: Int, y0: Int, x1: Int, y1: Int, antialiased: Bool) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = max(x1, x0)
        self.y1 = max(y1, y0)
        width = self.x1 - x0
        height = self.y1 - y0
        aliased = !antialiased
        // Cells at `width` and `width + 1` take the area right of the last column.
        stride = width + 2
        words = (stride + 63) >> 6
        let cellsNeeded = CoverageAccumulator.bandHeight * stride
        if cellCapacity < cellsNeeded {
            cells.deallocate()
            cells = .allocate(capacity: cellsNeeded)
            cells.initialize(repeating: 0, count: cellsNeeded)
            cellCapacity = cellsNeeded
        }
        let wordsNeeded = CoverageAccumulator.bandHeight * words
        if wordCapacity < wordsNeeded {
            bits.deallocate()
            bits = .allocate(capacity: wordsNeeded)
            bits.initialize(repeating: 0, count: wordsNeeded)
            wordCapacity = wordsNeeded
        }
        let bands = (height + CoverageAccumulator.bandHeight - 1) >> CoverageAccumulator.bandShift
        if bandCapacity < bands {
            bandHeads.deallocate()
            bandHeads = .allocate(capacity: bands)
            bandCapacity = bands
        }
        bandHeads.initialize(repeating: -1, count: bands)
        edgeCount = 0
        firstBand = Int.max
        lastBand = Int.min
    }

    /// Adds the segment from `a` to `b` (device pixels).
    func addLine(_ a: Point, _ b: Point) {
        guard width > 0, height > 0 else { return }
        var ax = a.x - Double(x0), ay = a.y - Double(y0)
        var bx = b.x - Double(x0), by = b.y - Double(y0)
        guard ay != by else { return }
        var direction: Float = 1
        if ay > by {
            swap(&ax, &bx)
            swap(&ay, &by)
            direction = -1
        }
        let h = Double(height), w = Double(width)
        if by <= 0 || ay >= h { return }
        let dxdy = (bx - ax) / (by - ay)
        if ay < 0 {
            ax += (0 - ay) * dxdy
            ay = 0
        }
        if by > h {
            bx -= (by - h) * dxdy
            by = h
        }
        if aliased {
            // Centre sampling clamps columns itself: no split needed.
            store(ax, ay, bx, by, direction)
            return
        }
        // Split at x = 0 and x = w so that every piece lies in one of three bands.
        var ts: (Double, Double) = (2, 2)
        if (ax < 0) != (bx < 0), bx != ax { ts.0 = (0 - ax) / (bx - ax) }
        if (ax > w) != (bx > w), bx != ax { ts.1 = (w - ax) / (bx - ax) }
        if ts.0 > ts.1 { ts = (ts.1, ts.0) }
        var px = ax, py = ay
        @inline(__always) func piece(to t: Double) {
            guard t <= 1 else { return }
            let qx = t == 1 ? bx : ax + (bx - ax) * t
            let qy = t == 1 ? by : ay + (by - ay) * t
            let mid = (px + qx) / 2
            if mid <= 0 {
                store(0, py, 0, qy, direction)
            } else if mid < w {
                store(min(max(px, 0), w), py, min(max(qx, 0), w), qy, direction)
            }
            px = qx
            py = qy
        }
        piece(to: ts.0)
        piece(to: ts.1)
        piece(to: 1)
    }

    /// Links a downward piece (`ya < yb`, within the window) into its band's list.
    @inline(__always)
    private func store(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ direction: Float) {
        guard yb > ya else { return }
        if edgeCount == edgeCapacity { growEdges() }
        let band = Int(ya) >> CoverageAccumulator.bandShift
        var lastRow = Int(yb)
        if Double(lastRow) == yb { lastRow -= 1 }
        let endBand = lastRow >> CoverageAccumulator.bandShift
        edges[edgeCount] = Edge(x: xa, top: ya, bottom: yb, dxdy: (xb - xa) / (yb - ya), direction: direction, next: bandHeads[band])
        bandHeads[band] = Int32(truncatingIfNeeded: edgeCount)
        edgeCount += 1
        if band < firstBand { firstBand = band }
        if endBand > lastBand { lastBand = endBand }
    }

    private func growEdges() {
        let capacity = max(edgeCapacity * 2, 256)
        let grown = UnsafeMutablePointer<Edge>.allocate(capacity: capacity)
        grown.moveInitialize(from: edges, count: edgeCount)
        edges.deallocate()
        edges = grown
        active.deallocate()
        active = .allocate(capacity: capacity)
        edgeCapacity = capacity
    }

    /// Calls `body(y, spanCount)` for each row that has coverage, top to bottom, after
    /// writing the row's spans (absolute columns, left to right) to `spans` and the
    /// coverage values of its varying spans to `coverage` (indexed by absolute column);
    /// empties the accumulator. `spans` must hold `width` spans and `coverage` reach
    /// column `x1`.
    func sweep(
        rule: FillRule, coverage: UnsafeMutablePointer<UInt16>, spans: UnsafeMutablePointer<CoverageSpan>,
        _ body: (Int, Int) -> Void
    ) {
        guard edgeCount > 0, firstBand <= lastBand else { return }
        let bandHeight = CoverageAccumulator.bandHeight
        let edges = self.edges, active = self.active, heads = self.bandHeads
        let cells = self.cells, bits = self.bits, rowFirst = self.rowFirst, rowLast = self.rowLast
        let stride = self.stride, words = self.words, w = width, h = height, left = x0, top = y0
        let evenOdd = rule == .evenOdd, aliased = self.aliased
        let last = min(lastBand, ((h + bandHeight - 1) >> CoverageAccumulator.bandShift) - 1)
        var activeCount = 0
        for band in firstBand...max(last, firstBand) {
            var e = heads[band]
            heads[band] = -1
            while e >= 0 {
                active[activeCount] = e
                activeCount += 1
                e = edges[Int(e)].next
            }
            guard activeCount > 0 else { continue }
            let bandTop = band << CoverageAccumulator.bandShift, bandBottom = min(bandTop + bandHeight, h)
            let band = Band(
                top: bandTop, bottom: bandBottom, cells: cells, stride: stride, bits: bits, words: words, rowFirst: rowFirst,
                rowLast: rowLast, width: w)
            var i = 0
            while i < activeCount {
                let edge = edges[Int(active[i])]
                if aliased { band.addCentres(edge) } else { band.addArea(edge) }
                if edge.bottom <= Double(bandBottom) {
                    activeCount -= 1
                    active[i] = active[activeCount]
                } else {
                    i += 1
                }
            }
            for row in 0..<(bandBottom - bandTop) {
                let first = Int(rowFirst[row]), lastCell = Int(rowLast[row])
                guard first <= lastCell else { continue }
                rowFirst[row] = Int32.max
                rowLast[row] = -1
                let count = Band.sweepRow(
                    cells: cells + row * stride, bits: bits + row * words, firstWord: first >> 6, lastWord: lastCell >> 6, width: w,
                    left: left, evenOdd: evenOdd, coverage: coverage, spans: spans)
                if count > 0 { body(top + bandTop + row, count) }
            }
        }
        edgeCount = 0
        firstBand = Int.max
        lastBand = Int.min
    }
}

/// The cells of one band of rows, and the per-edge and per-row work on them. The loops
/// take everything through plain pointers and locals (no class state, so no access
/// checks or reference counting inside them).
private struct Band {
    /// Window rows `top..<bottom`.
    let top: Int, bottom: Int
    let cells: UnsafeMutablePointer<Float>
    let stride: Int
    let bits: UnsafeMutablePointer<UInt64>
    let words: Int
    let rowFirst: UnsafeMutablePointer<Int32>, rowLast: UnsafeMutablePointer<Int32>
    let width: Int

    /// Records that cells `from...to` of band row `row` were written.
    @inline(__always)
    func mark(row: Int, _ from: Int, _ to: Int) {
        if Int32(truncatingIfNeeded: from) < rowFirst[row] { rowFirst[row] = Int32(truncatingIfNeeded: from) }
        if Int32(truncatingIfNeeded: to) > rowLast[row] { rowLast[row] = Int32(truncatingIfNeeded: to) }
        let rowBits = bits + row * words
        let w0 = from >> 6, w1 = to >> 6
        let low = UInt64.max &<< UInt64(from & 63), high = UInt64.max &>> UInt64(63 - (to & 63))
        if w0 == w1 {
            rowBits[w0] |= low & high
        } else {
            rowBits[w0] |= low
            var k = w0 + 1
            while k < w1 {
                rowBits[k] = .max
                k += 1
            }
            rowBits[w1] |= high
        }
    }

    /// Deposits the areas of `edge` in the band's rows.
    @inline(__always)
    func addArea(_ edge: CoverageAccumulator.Edge) {
        let ya = max(edge.top, Double(top)), yb = min(edge.bottom, Double(bottom))
        guard yb > ya else { return }
        let w = Double(width)
        @inline(__always) func clamp(_ v: Double) -> Double { v > 0 ? (v < w ? v : w) : 0 }
        var x = clamp(ya == edge.top ? edge.x : edge.x + (ya - edge.top) * edge.dxdy)
        let d0 = edge.direction
        let rowStart = Int(ya)
        var rowEnd = Int(yb)
        if Double(rowEnd) < yb { rowEnd += 1 }
        rowEnd = min(rowEnd, bottom)
        for row in rowStart..<rowEnd {
            let r = row - top
            let base = cells + r * stride
            let rowTop = max(Double(row), ya), rowBottom = min(Double(row + 1), yb)
            let dy = rowBottom - rowTop
            let xNext = clamp(x + edge.dxdy * dy)
            let d = Float(dy) * d0
            let (l, rr) = x < xNext ? (x, xNext) : (xNext, x)
            // l, rr ≥ 0, so truncation is the floor.
            let li = Int(l)
            let lFloor = Double(li)
            var ri = Int(rr)
            if Double(ri) < rr { ri += 1 }
            if ri <= li + 1 {
                // Within one column: the area right of the segment's midpoint.
                let xm = Float((x + xNext) / 2 - lFloor)
                base[li] += d - d * xm
                base[li + 1] += d * xm
                mark(row: r, li, li + 1)
            } else {
                let s = Float(1 / (rr - l))
                let lf = Float(l - lFloor)
                let a0 = 0.5 * s * (1 - lf) * (1 - lf)
                let rf = Float(rr - Double(ri) + 1)
                let am = 0.5 * s * rf * rf
                base[li] += d * a0
                if ri == li + 2 {
                    base[li + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - lf)
                    base[li + 1] += d * (a1 - a0)
                    var k = li + 2
                    let ds = d * s
                    while k < ri - 1 {
                        base[k] += ds
                        k += 1
                    }
                    let a2 = a1 + Float(ri - li - 3) * s
                    base[ri - 1] += d * (1 - a2 - am)
                }
                base[ri] += d * am
                mark(row: r, li, ri)
            }
            x = xNext
        }
    }

    /// Adds the direction of `edge` at the pixel centres right of it, on the band's rows
    /// whose centre line it crosses.
    @inline(__always)
    func addCentres(_ edge: CoverageAccumulator.Edge) {
        // Rows whose centre line y = row + 0.5 lies in [top, bottom) of the edge.
        let first = max(Int((edge.top - 0.5).rounded(.up)), top)
        let last = min(Int((edge.bottom - 0.5).rounded(.up)), bottom)
        guard last > first else { return }
        let w = Double(width)
        for row in first..<last {
            let x = edge.x + (Double(row) + 0.5 - edge.top) * edge.dxdy
            let c = (x - 0.5).rounded(.up)
            let column = Int(c > 0 ? (c < w ? c : w) : 0)
            let r = row - top
            cells[r * stride + column] += edge.direction
            mark(row: r, column, column)
        }
    }

    /// Turns one row's written cells into spans and coverage values (see the type's
    /// overview), clearing them; returns the number of spans.
    @inline(__always)
    static func sweepRow(
        cells: UnsafeMutablePointer<Float>, bits: UnsafeMutablePointer<UInt64>, firstWord: Int, lastWord: Int, width w: Int, left: Int,
        evenOdd: Bool, coverage: UnsafeMutablePointer<UInt16>, spans: UnsafeMutablePointer<CoverageSpan>
    ) -> Int {
        @inline(__always) func quantise(_ sum: Float) -> UInt16 {
            var a = abs(sum)
            if evenOdd {
                // Windings beyond 2²⁴ are meaningless in single precision (and NaN reads as 0).
                a = a < 16_777_216 ? a : 0
                a -= 2 * Float(Int32(a * 0.5))
                if a > 1 { a = 2 - a }
            } else {
                a = a < 1 ? a : 1
            }
            return UInt16(truncatingIfNeeded: Int32(a * 65535 + 0.5))
        }
        let out = coverage + left
        var count = 0
        var sum: Float = 0
        var value: UInt16 = 0  // coverage of the pixels after the last written cell
        var cursor = 0  // the first pixel not yet given a span
        var varyingStart = -1  // the start of the open varying span, or −1
        @inline(__always) func closeVarying(at end: Int) {
            if varyingStart >= 0 {
                spans[count] = CoverageSpan(x0: Int32(truncatingIfNeeded: left + varyingStart), x1: Int32(truncatingIfNeeded: left + end), coverage: -1)
                count += 1
                varyingStart = -1
            }
        }
        // Pixels `cursor..<end` at `value`.
        @inline(__always) func run(to end: Int) {
            guard end > cursor else { return }
            if value == 0 {
                closeVarying(at: cursor)
            } else if end - cursor >= 8 {
                closeVarying(at: cursor)
                spans[count] = CoverageSpan(x0: Int32(truncatingIfNeeded: left + cursor), x1: Int32(truncatingIfNeeded: left + end), coverage: Int32(value))
                count += 1
            } else {
                if varyingStart < 0 { varyingStart = cursor }
                (out + cursor).update(repeating: value, count: end - cursor)
            }
            cursor = end
        }
        var wordIndex = firstWord
        while wordIndex <= lastWord {
            var word = bits[wordIndex]
            bits[wordIndex] = 0
            while word != 0 {
                let x = wordIndex << 6 | word.trailingZeroBitCount
                word &= word &- 1
                let cell = cells[x]
                cells[x] = 0
                guard x < w else { continue }
                run(to: x)
                sum += cell
                value = quantise(sum)
                if value == 0 {
                    closeVarying(at: x)
                } else {
                    if varyingStart < 0 { varyingStart = x }
                    out[x] = value
                }
                cursor = x + 1
            }
            wordIndex += 1
        }
        run(to: w)
        closeVarying(at: cursor)
        return count
    }
}
