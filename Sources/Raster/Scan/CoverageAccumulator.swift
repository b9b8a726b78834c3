import CSIMD
import Geometry
import Synchronization

/// Exact-area coverage of a filled path, by signed-area accumulation, band by band.
///
/// Overview. Every line segment of the flattened path (in device pixels) deposits,
/// into the cells of the rows it crosses, the signed area it sweeps to its right
/// within each pixel, so that the running sum of a row's cells is the signed
/// coverage of each pixel: the analytic method of libart and FreeType's "smooth"
/// rasterizer, in the dense-cell form of font-rs (R. Levien, 2016). Blend2D and
/// cairo compute the same quantity, so their anti-aliasing is our reference. The
/// work is made proportional to the path's edges rather than to its area, as in
/// Blend2D's analytic rasterizer: cells exist for one band of rows at a time (at
/// most `cellBudget` of them, so they stay in cache), and a bitmap per row records
/// which cells were written (a bit per pair of neighbouring cells), so reading a row
/// visits those cells and nothing else.
///
/// Stages:
/// 1. `reset` sets the window (device pixels) and the band height: as many rows as
///    the cell budget allows (at least 32). `addLine` clips each segment to the window
///    (pieces left of it collapse onto its left edge, where they still carry their
///    winding; pieces right of it cannot affect it and are dropped). When the whole
///    window is one band (any path up to a few hundred pixels across) the piece is
///    accumulated at once; otherwise it is stored as an edge, linked into the list of
///    the band where it starts, and the path is flattened only once.
/// 2. `sweep` walks the bands top to bottom with a list of active edges. Each edge
///    deposits its areas in the band's rows and marks the cells it wrote; edges that
///    end in the band leave the list.
/// 3. Each row of the band is then read through its bitmap, a run of written cells at
///    a time: between two runs the running sum is constant, so a gap costs one step.
///    The fill rule folds the sum into 0…1 (non-zero: `min(|a|, 1)`; even-odd: the
///    distance of `a` to the nearest even integer), quantised to 16 bits (0…65,535).
///    The values go to a `CoverageSink`, gap by gap and run by run (a run in groups of
///    four cells). The usual sink (`SpanSink`) makes spans: gaps of 8 or more pixels
///    become constant spans, which the compositor fills in bulk; runs and shorter gaps
///    become varying spans with per-pixel values (a run's span may take up to three
///    pixels of the gap after it); zero gaps of four pixels or more are skipped. Solid
///    and shaded colours composite the values as they come (`SolidSink`,
///    `ShadedSink`). Reading a cell clears it and its bit, so the band is clean for the
///    next one.
///
/// Aliased mode samples pixel centres instead: an edge adds its direction (±1) to
/// the first pixel whose centre lies right of it on each row whose centre line it
/// crosses (half-open in y), so the running sum is the exact winding number at each
/// centre.
///
/// Invariants: between paths every cell, bit and band list is empty; no allocation
/// once the buffers have grown to the widest window and the longest path drawn. Used by
/// one thread at a time (`Sendable` only so that the pool of recycled ones can hand it
/// from one canvas to the next).
final class CoverageAccumulator: @unchecked Sendable {
    /// The most cells a band holds (512 KB of floats): a 1080p-wide band has 64 rows.
    static let cellBudget = 1 << 17
    static let minimumBandShift = 5
    /// How many rows ahead of reading a row the sweep tells the sink where its cells lie.
    static let expectAhead = 16

    /// Window in device pixels: columns `x0..<x1`, rows `y0..<y1`.
    private(set) var x0 = 0, y0 = 0, x1 = 0, y1 = 0
    var window: PixelRect { PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) }
    private var width = 0, height = 0
    private var aliased = false
    /// Rows per band: `1 << bandShift`.
    private var bandShift = 5
    /// Whether the window is a single band, so pieces are accumulated as they come.
    private var direct = false
    /// Window rows that may hold coverage in direct mode.
    private var touchedTop = Int.max, touchedBottom = Int.min

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

    /// A band's rows of `stride` cells, and per row `words` bitmap words.
    private var cells: UnsafeMutablePointer<Float>
    private var bits: UnsafeMutablePointer<UInt64>
    private var stride = 0, words = 0
    private var cellCapacity = 0, wordCapacity = 0

    init() {
        edges = .allocate(capacity: 1)
        active = .allocate(capacity: 1)
        bandHeads = .allocate(capacity: 1)
        cells = .allocate(capacity: 1)
        bits = .allocate(capacity: 1)
    }

    deinit {
        edges.deallocate()
        active.deallocate()
        bandHeads.deallocate()
        cells.deallocate()
        bits.deallocate()
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
        // Cells `width` to `width + 2` take the area right of the last column.
        stride = width + 3
        words = (stride + 63) >> 6
        var shift = CoverageAccumulator.minimumBandShift
        while (1 << shift) < height && (2 << shift) * stride <= CoverageAccumulator.cellBudget { shift += 1 }
        bandShift = shift
        let rows = min(1 << shift, max(height, 1))
        direct = height <= 1 << shift
        // Grown at once to the budget when a band needs much of it, so that a canvas of
        // ever larger paths clears its cells once rather than at every step.
        let cellsNeeded = rows * stride >= CoverageAccumulator.cellBudget / 4 ? max(rows * stride, CoverageAccumulator.cellBudget) : rows * stride
        if cellCapacity < cellsNeeded {
            cells.deallocate()
            cells = .allocate(capacity: cellsNeeded)
            cells.initialize(repeating: 0, count: cellsNeeded)
            cellCapacity = cellsNeeded
        }
        let wordsNeeded = rows * words
        if wordCapacity < wordsNeeded {
            bits.deallocate()
            bits = .allocate(capacity: wordsNeeded)
            bits.initialize(repeating: 0, count: wordsNeeded)
            wordCapacity = wordsNeeded
        }
        let bands = (height + (1 << shift) - 1) >> shift
        if bandCapacity < bands {
            bandHeads.deallocate()
            bandHeads = .allocate(capacity: bands)
            bandCapacity = bands
        }
        bandHeads.initialize(repeating: -1, count: bands)
        edgeCount = 0
        firstBand = Int.max
        lastBand = Int.min
        touchedTop = Int.max
        touchedBottom = Int.min
    }

    /// The band of window rows `top..<bottom`.
    @inline(__always)
    private func band(top: Int, bottom: Int) -> Band {
        Band(top: top, bottom: bottom, cells: cells, stride: stride, bits: bits, words: words, width: width)
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
        if ay >= 0 && by <= h && (aliased || (min(ax, bx) >= 0 && max(ax, bx) <= w)) {
            // Inside the window (the common case): nothing to clip.
            store(ax, ay, bx, by, direction)
            return
        }
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
        for k in 0..<3 {
            let t = k == 0 ? ts.0 : (k == 1 ? ts.1 : 1)
            guard t <= 1 else { continue }
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
    }

    /// Accumulates a downward piece (`ya < yb`, within the window) in direct mode, or
    /// links it into its band's list.
    @inline(__always)
    private func store(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ direction: Float) {
        guard yb > ya else { return }
        // Area pieces are within the window already, but overflowing arithmetic on huge
        // coordinates may leave a NaN, which must not become a cell index. (Centre
        // sampling keeps whole segments and clamps each crossing itself.)
        let w = Double(width)
        let xa = aliased ? xa : (xa > 0 ? (xa < w ? xa : w) : 0), xb = aliased ? xb : (xb > 0 ? (xb < w ? xb : w) : 0)
        let edge = Edge(x: xa, top: ya, bottom: yb, dxdy: (xb - xa) / (yb - ya), direction: direction, next: -1)
        let firstRow = floorToInt(ya)
        let lastRow = ceilToInt(yb) &- 1
        if direct {
            if firstRow < touchedTop { touchedTop = firstRow }
            if lastRow >= touchedBottom { touchedBottom = lastRow &+ 1 }
            let band = self.band(top: 0, bottom: height)
            if aliased {
                band.addCentres(edge)
            } else if firstRow == lastRow {
                // Within one row (most pieces of a finely flattened outline).
                band.deposit(row: firstRow, xa, xb, Float(yb - ya) * direction)
            } else {
                band.addArea(edge)
            }
            return
        }
        if edgeCount == edgeCapacity { growEdges() }
        let first = firstRow >> bandShift, last = lastRow >> bandShift
        edges[edgeCount] = edge
        edges[edgeCount].next = bandHeads[first]
        bandHeads[first] = Int32(truncatingIfNeeded: edgeCount)
        edgeCount += 1
        if first < firstBand { firstBand = first }
        if last > lastBand { lastBand = last }
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
        withoutActuallyEscaping(body) { body in
            var sink = SpanSink(out: coverage + x0, spans: spans, left: x0, body: body)
            sweep(rule: rule, into: &sink)
        }
    }

    /// Hands every row of the window that may have coverage, top to bottom, to `sink`
    /// (see `CoverageSink`); empties the accumulator.
    func sweep<Sink: CoverageSink>(rule: FillRule, into sink: inout Sink) {
        let evenOdd = rule == .evenOdd
        let cells = self.cells, bits = self.bits, stride = self.stride, words = self.words, w = width, h = height, top = y0
        // Tells the sink where the written cells of band row `row` lie.
        @inline(__always) func expectRow(bandTop: Int, _ row: Int) {
            let rowBits = bits + row * words
            var first = 0
            while first < words && rowBits[first] == 0 { first += 1 }
            guard first < words else { return }
            var last = words - 1
            while rowBits[last] == 0 { last -= 1 }
            // Bit b stands for cells b and b + 1.
            let start = first << 6 + rowBits[first].trailingZeroBitCount
            let end = last << 6 + 64 - rowBits[last].leadingZeroBitCount + 1
            sink.expect(row: top + bandTop + row, from: min(start, w), to: min(end, w))
        }
        // Reads band rows `from..<to` (window rows `bandTop + from…`), telling the sink
        // about each row `expectAhead` rows before it is read.
        @inline(__always) func sweepRows(bandTop: Int, _ from: Int, _ to: Int) {
            for row in from..<min(from + CoverageAccumulator.expectAhead, to) { expectRow(bandTop: bandTop, row) }
            for row in from..<to {
                if row + CoverageAccumulator.expectAhead < to { expectRow(bandTop: bandTop, row + CoverageAccumulator.expectAhead) }
                let y = top + bandTop + row
                sink.begin(row: y)
                Band.sweepRow(cells: cells + row * stride, bits: bits + row * words, words: words, width: w, evenOdd: evenOdd, into: &sink)
                sink.end(row: y, width: w)
            }
        }
        if direct {
            if touchedTop < touchedBottom { sweepRows(bandTop: 0, max(touchedTop, 0), min(touchedBottom, h)) }
            touchedTop = Int.max
            touchedBottom = Int.min
            return
        }
        guard edgeCount > 0, firstBand <= lastBand else { return }
        let shift = bandShift
        let edges = self.edges, active = self.active, heads = self.bandHeads, aliased = self.aliased
        var activeCount = 0
        for band in firstBand...lastBand {
            var e = heads[band]
            heads[band] = -1
            while e >= 0 {
                active[activeCount] = e
                activeCount += 1
                e = edges[Int(e)].next
            }
            guard activeCount > 0 else { continue }
            let bandTop = band << shift, bandBottom = min(bandTop + (1 << shift), h)
            let cellsOfBand = self.band(top: bandTop, bottom: bandBottom)
            var i = 0
            while i < activeCount {
                let edge = edges[Int(active[i])]
                if aliased { cellsOfBand.addCentres(edge) } else { cellsOfBand.addArea(edge) }
                if edge.bottom <= Double(bandBottom) {
                    activeCount -= 1
                    active[i] = active[activeCount]
                } else {
                    i += 1
                }
            }
            sweepRows(bandTop: bandTop, 0, bandBottom - bandTop)
        }
        edgeCount = 0
        firstBand = Int.max
        lastBand = Int.min
    }
}

extension CoverageAccumulator {
    /// How many accumulators `recycle` keeps (one per rendering thread, typically).
    static let poolLimit = 8
    /// Accumulators given back by canvases that are gone, for canvases made later: their
    /// buffers have grown already and their cells are clear, where a new one would grow
    /// its edge list and clear up to 512 KB of cells for its first path (a canvas made
    /// for each frame, every frame). Blend2D keeps zeroed memory for the same reason.
    private static let pool = Mutex<[CoverageAccumulator]>([])

    /// An empty accumulator: one given back (`recycle`), or a new one.
    static func take() -> CoverageAccumulator {
        pool.withLock { $0.popLast() } ?? CoverageAccumulator()
    }

    /// Keeps `accumulator` for a later `take` if it holds nothing (no edges, no cells
    /// written) and the pool has room; its owner must not use it again.
    static func recycle(_ accumulator: CoverageAccumulator) {
        guard accumulator.edgeCount == 0 && accumulator.touchedTop == Int.max else { return }
        pool.withLock { accumulators in
            if accumulators.count < poolLimit { accumulators.append(accumulator) }
        }
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
    let width: Int

    /// Records that cells `from...to + 1` of band row `row` may have been written: bit b
    /// of a row stands for cells b and b + 1, so the usual deposit (two neighbouring
    /// cells) sets one bit.
    @inline(__always)
    func mark(row: Int, _ from: Int, _ to: Int) {
        Band.mark(self.row(row).bits, from, to)
    }

    /// `mark` in the row whose bits start at `rowBits`.
    @inline(__always)
    static func mark(_ rowBits: UnsafeMutablePointer<UInt64>, _ from: Int, _ to: Int) {
        let w0 = from >> 6, w1 = to >> 6
        let low = UInt64.max &<< UInt64(from & 63), high = UInt64.max &>> UInt64(63 - (to & 63))
        if w0 == w1 {
            rowBits[w0] |= low & high
        } else {
            rowBits[w0] |= low
            var k = w0 &+ 1
            while k < w1 {
                rowBits[k] = .max
                k &+= 1
            }
            rowBits[w1] |= high
        }
    }

    /// `v` within the window's columns, `0…width` (a NaN becomes 0).
    @inline(__always)
    func clamp(_ v: Double) -> Double {
        let w = Double(width)
        return v > 0 ? (v < w ? v : w) : 0
    }

    /// Deposits the areas of `edge` in the band's rows: a partial first row, whole rows
    /// (one step of `dxdy` each), a partial last row.
    @inline(__always)
    func addArea(_ edge: CoverageAccumulator.Edge) {
        let ya = max(edge.top, Double(top)), yb = min(edge.bottom, Double(bottom))
        guard yb > ya else { return }
        let dxdy = edge.dxdy, direction = edge.direction
        let x = clamp(ya == edge.top ? edge.x : edge.x + (ya - edge.top) * dxdy)
        let row = floorToInt(ya)
        let lastRow = floorToInt(yb)  // the row holding yb (or `bottom`)
        if row == lastRow {
            deposit(row: row &- top, x, clamp(x + dxdy * (yb - ya)), Float(yb - ya) * direction)
            return
        }
        // Chosen once per edge, so that each row loop is compiled for one kind of deposit
        // (and a steep one for its direction: which end of each piece is its left).
        if abs(dxdy) > 1 {
            depositRows(x, from: row, ya, to: lastRow, yb, dxdy, direction)
        } else if dxdy >= 0 {
            steepRows(rightward: true, x, from: row, ya, to: lastRow, yb, dxdy, direction)
        } else {
            steepRows(rightward: false, x, from: row, ya, to: lastRow, yb, dxdy, direction)
        }
    }

    /// The cells and bits of band row `r`.
    @inline(__always)
    func row(_ r: Int) -> (cells: UnsafeMutablePointer<Float>, bits: UnsafeMutablePointer<UInt64>) {
        (cells + r &* stride, bits + r &* words)
    }

    /// `addArea` over band rows `row...lastRow` for an edge wider than a pixel per row,
    /// from x at `ya` (in row `row`, which holds `ya`) to `yb` (in `lastRow`): the partial
    /// first row, the whole rows, the partial last row, each by `deposit`. The row's cells
    /// and bits are stepped along in locals, where the optimiser keeps them.
    @inline(__always)
    private func depositRows(_ x: Double, from row: Int, _ ya: Double, to lastRow: Int, _ yb: Double, _ dxdy: Double, _ direction: Float) {
        let stride = self.stride, words = self.words
        var (rowCells, rowBits) = self.row(row &- top)
        @inline(__always) func put(_ a: Double, _ b: Double, _ d: Float) {
            Band.deposit(rowCells, rowBits, a, b, d)
            rowCells += stride
            rowBits += words
        }
        let firstDy = Double(row &+ 1) - ya
        var x = x, next = clamp(x + dxdy * firstDy)
        put(x, next, Float(firstDy) * direction)
        x = next
        var row = row &+ 1
        while row < lastRow {
            next = clamp(x + dxdy)
            put(x, next, direction)
            x = next
            row &+= 1
        }
        let lastDy = yb - Double(lastRow)
        if lastDy > 0 { put(x, clamp(x + dxdy * lastDy), Float(lastDy) * direction) }
    }

    /// `depositRows` for a steep edge (|dxdy| ≤ 1) going right (`rightward`, dxdy ≥ 0) or
    /// left, each row by `depositSteep`, whole rows two at a time.
    @inline(__always)
    private func steepRows(
        rightward: Bool, _ x: Double, from row: Int, _ ya: Double, to lastRow: Int, _ yb: Double, _ dxdy: Double, _ direction: Float
    ) {
        // A piece crossing dy of a row's height is |dxdy|·dy wide.
        let inverseWidth = 1 / max(abs(dxdy), .leastNormalMagnitude)
        let stride = self.stride, words = self.words
        var (rowCells, rowBits) = self.row(row &- top)
        @inline(__always) func put(_ a: Double, _ b: Double, _ dy: Double) {
            Band.depositSteep(rowCells, rowBits, rightward ? a : b, rightward ? b : a, dy: dy, direction, inverseWidth: inverseWidth)
            rowCells += stride
            rowBits += words
        }
        let firstDy = Double(row &+ 1) - ya
        var x = x, next = clamp(x + dxdy * firstDy)
        put(x, next, firstDy)
        x = next
        var row = row &+ 1
        // Whole rows two at a time (`animate_steep_pair`), then one if it is left. x is not
        // clamped: between ends within the window, x leaves it by rounding at most (far
        // less than the spare cells after the last column; a hair below 0 truncates to
        // column 0).
        while row &+ 1 < lastRow {
            let x1 = x + dxdy, x2 = x1 + dxdy
            var column = SIMD2<Int32>(), c0 = SIMD2<Float>(), c1 = SIMD2<Float>(), c2 = SIMD2<Float>()
            animate_steep_pair(
                rightward ? SIMD2(x, x1) : SIMD2(x1, x2), rightward ? SIMD2(x1, x2) : SIMD2(x, x1), direction, inverseWidth,
                &column, &c0, &c1, &c2)
            Band.add(rowCells, rowBits, Int(truncatingIfNeeded: column[0]), c0[0], c1[0], c2[0])
            Band.add(rowCells + stride, rowBits + words, Int(truncatingIfNeeded: column[1]), c0[1], c1[1], c2[1])
            rowCells += 2 &* stride
            rowBits += 2 &* words
            x = x2
            row &+= 2
        }
        if row < lastRow {
            next = x + dxdy
            put(x, next, 1)
            x = next
            row &+= 1
        }
        let lastDy = yb - Double(lastRow)
        if lastDy > 0 { put(x, clamp(x + dxdy * lastDy), lastDy) }
    }

    /// `deposit` for a piece at most one pixel wide, from `l` to `rr` (`l ≤ rr`), in the
    /// row whose cells and bits start at `base` and `rowBits`, without branches: it spans
    /// column `⌊l⌋` and perhaps the next, so it is cut at their border and each part
    /// deposits its share of the piece's `dy · direction` in its own column and the one
    /// after (three cells, the last perhaps with zero). The piece is `dy / inverseWidth`
    /// wide (the edge's |dxdy| · dy), so the share right of the border needs no division.
    @inline(__always)
    static func depositSteep(
        _ base: UnsafeMutablePointer<Float>, _ rowBits: UnsafeMutablePointer<UInt64>, _ l: Double, _ rr: Double, dy: Double, _ direction: Float,
        inverseWidth: Double
    ) {
        let li = floorToInt(l)
        let border = Double(li &+ 1)
        // (`beyond` spelt so that it compiles to one `maxsd`: rr and border are finite.)
        let m = min(rr, border), beyond = rr > border ? rr : border
        // The share right of the border (none for a vertical piece), at most the whole.
        let d = Float(dy) * direction
        let dr = Float(min((beyond - border) * inverseWidth, dy)) * direction
        let dl = d - dr
        // Each part's midpoint within its column.
        let xl = Float((l + m) * 0.5 - Double(li)), xr = Float((beyond - border) * 0.5)
        add(base, rowBits, li, dl - dl * xl, dl * xl + (dr - dr * xr), dr * xr)
    }

    /// Adds a steep piece's shares to cells `li…li + 2` of a row and marks them.
    @inline(__always)
    static func add(_ base: UnsafeMutablePointer<Float>, _ rowBits: UnsafeMutablePointer<UInt64>, _ li: Int, _ c0: Float, _ c1: Float, _ c2: Float) {
        base[li] += c0
        base[li &+ 1] += c1
        base[li &+ 2] += c2
        let b1 = li &+ 1
        rowBits[li &>> 6] |= 1 &<< UInt64(li & 63)
        rowBits[b1 &>> 6] |= 1 &<< UInt64(b1 & 63)
    }

    /// Deposits the area right of the piece from `x` to `next` (within `0…width`) that
    /// crosses `d` (signed) of band row `r`'s height.
    @inline(__always)
    func deposit(row r: Int, _ x: Double, _ next: Double, _ d: Float) {
        let (cells, bits) = self.row(r)
        Band.deposit(cells, bits, x, next, d)
    }

    /// `deposit` in the row whose cells and bits start at `base` and `rowBits`.
    @inline(__always)
    static func deposit(_ base: UnsafeMutablePointer<Float>, _ rowBits: UnsafeMutablePointer<UInt64>, _ x: Double, _ next: Double, _ d: Float) {
        let (l, rr) = x < next ? (x, next) : (next, x)
        let li = floorToInt(l)
        let lFloor = Double(li)
        if rr <= lFloor + 1 {
            // Within one column: the area right of the piece's midpoint.
            let xm = Float((x + next) / 2 - lFloor)
            base[li] += d - d * xm
            base[li &+ 1] += d * xm
            rowBits[li &>> 6] |= 1 &<< UInt64(li & 63)
        } else {
            let ri = ceilToInt(rr)
            let s = Float(1 / (rr - l))
            let lf = Float(l - lFloor)
            let a0 = 0.5 * s * (1 - lf) * (1 - lf)
            let rf = Float(rr - Double(ri) + 1)
            let am = 0.5 * s * rf * rf
            base[li] += d * a0
            if ri == li &+ 2 {
                base[li &+ 1] += d * (1 - a0 - am)
            } else {
                let a1 = s * (1.5 - lf)
                base[li &+ 1] += d * (a1 - a0)
                var k = li &+ 2
                let ds = d * s
                while k < ri &- 1 {
                    base[k] += ds
                    k &+= 1
                }
                let a2 = a1 + Float(ri &- li &- 3) * s
                base[ri &- 1] += d * (1 - a2 - am)
            }
            base[ri] += d * am
            mark(rowBits, li, ri &- 1)
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

    /// Reads one row's written cells into `sink`, clearing them.
    ///
    /// The bitmap is read a run of consecutive written cells at a time: each run is one
    /// tight loop of running sums, handed over in groups of four values (a last group may
    /// take up to three pixels of the gap after the run: the cells there are zero, or
    /// start the next run, which then begins after them), and as a tail of one to three
    /// values where a group would cross the window's right edge; the gaps between runs
    /// are runs of one value.
    @inline(__always)
    static func sweepRow<Sink: CoverageSink>(
        cells: UnsafeMutablePointer<Float>, bits: UnsafeMutablePointer<UInt64>, words: Int, width w: Int, evenOdd: Bool,
        into sink: inout Sink
    ) {
        /// Four running sums folded by the fill rule into 0…1 (non-zero: `min(|a|, 1)`;
        /// even-odd: the distance to the nearest even integer) and quantised to 0…65,535.
        @inline(__always) func quantise(_ sums: SIMD4<Float>) -> SIMD4<UInt16> {
            @inline(__always) func magnitude(_ v: SIMD4<Float>) -> SIMD4<Float> {
                unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
            }
            var a = magnitude(sums)
            if evenOdd {
                // Windings beyond 2²⁴ are meaningless in single precision (and NaN reads as 0).
                a.replace(with: 0, where: .!(a .< 4_194_304))
                // a − 2·round(a / 2), the rounding to nearest (ties to even: 1 stays 1) by
                // adding and removing 1.5·2²³.
                a = magnitude(a - 2 * (a * 0.5 + 12_582_912 - 12_582_912))
            } else {
                a.replace(with: 1, where: .!(a .< 1))
            }
            // a·65,535 rounded to nearest: adding 1.5·2²³ leaves it in the low mantissa bits.
            return SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(a * 65535 + 12_582_912, to: SIMD4<UInt32>.self))
        }
        var sum: Float = 0
        var value: UInt16 = 0  // coverage of the pixels after the last written cell
        var cursor = 0  // the first pixel not yet handed over
        var wordIndex = 0
        while wordIndex < words {
            var word = bits[wordIndex]
            if word == 0 {
                wordIndex += 1
                continue
            }
            bits[wordIndex] = 0
            let base = wordIndex << 6
            while word != 0 {
                // The run of set bits from the lowest one: adding that bit carries through the
                // run (to zero past bit 63), and the sum masks the run out.
                let first = word.trailingZeroBitCount
                let carried = word &+ (word & (0 &- word))
                let length = carried.trailingZeroBitCount &- first
                word &= carried
                // Bits b stand for cells b and b + 1; a run continuing from the previous
                // word starts at the cursor.
                let runStart = max(base + first, cursor), runEnd = base + first + length + 1
                let end = min(runEnd, w)
                if runStart < end {
                    if runStart > cursor { sink.gap(cursor, runStart, value: value) }
                    sink.run(at: runStart, to: end)
                    // Whole groups of four cells while they stay in the window, so that a short
                    // run is one pass of a loop that does not depend on its length.
                    var x = runStart
                    while x < end && x &+ 4 <= w {
                        let c = UnsafeRawPointer(cells + x).loadUnaligned(as: SIMD4<Float>.self)
                        UnsafeMutableRawPointer(cells + x).storeBytes(of: .zero, as: SIMD4<Float>.self)
                        let s0 = sum + c[0], s1 = s0 + c[1], s2 = s1 + c[2], s3 = s2 + c[3]
                        sum = s3
                        let values = quantise(SIMD4(s0, s1, s2, s3))
                        sink.group(at: x, values)
                        value = values[3]
                        x &+= 4
                    }
                    if x < end {
                        // The last one to three pixels at the window's right edge. The sums
                        // past them stay zero, and so do their values.
                        let count = end &- x
                        var sums = SIMD4<Float>.zero
                        for i in 0..<count {
                            sum += cells[x &+ i]
                            cells[x &+ i] = 0
                            sums[i] = sum
                        }
                        let values = quantise(sums)
                        value = values[count &- 1]
                        sink.tail(at: x, count: count, values)
                        x = end
                    }
                    cursor = x
                }
            }
            wordIndex += 1
        }
        // The cells beyond the window only take area: cleared, not summed.
        cells[w] = 0
        cells[w &+ 1] = 0
        cells[w &+ 2] = 0
        if w > cursor { sink.gap(cursor, w, value: value) }
    }
}

/// What a sweep hands a row's coverage to, in window columns `0..<width`: for each row
/// of the window that may have coverage, `begin`, then its pixels left to right, each
/// once (`gap` for pixels of one value, or the pixels of a run of written cells: `run`
/// with its extent, then `group`s of four from its start, which may go on up to three
/// pixels past its end, and a `tail` of one to three pixels where a group would cross
/// the window's right edge), then `end`. Values are fractions of 65,535 after the fill
/// rule.
protocol CoverageSink {
    /// `CoverageAccumulator.expectAhead` rows before row `y` is read (or as the sweep of a
    /// band starts): the pixels that its coverage can reach lie in columns `from..<to` (its
    /// written cells; the running sum is zero outside).
    mutating func expect(row y: Int, from: Int, to: Int)
    mutating func begin(row y: Int)
    mutating func gap(_ from: Int, _ to: Int, value: UInt16)
    mutating func run(at x: Int, to end: Int)
    mutating func group(at x: Int, _ values: SIMD4<UInt16>)
    /// Pixels `x..<x + count` (one to three, ending at the window's right edge); the
    /// lanes of `values` from `count` on are zero.
    mutating func tail(at x: Int, count: Int, _ values: SIMD4<UInt16>)
    mutating func end(row y: Int, width: Int)
}

/// Turns a row's coverage into spans (absolute columns) and the values of its varying
/// spans, then calls `body(y, spanCount)` when there are spans.
///
/// Gaps of 8 or more pixels become constant spans, which the compositor fills in bulk;
/// runs and shorter gaps become varying spans with per-pixel values; zero gaps of four
/// pixels or more are skipped, and shorter ones join the open varying span (their values
/// are already zero), so that varying spans are always four pixels apart (see
/// `SweepCompositing`).
private struct SpanSink: CoverageSink {
    /// The coverage values of window column 0.
    let out: UnsafeMutablePointer<UInt16>
    let spans: UnsafeMutablePointer<CoverageSpan>
    let left: Int
    let body: (Int, Int) -> Void
    var count = 0
    /// The start of the open varying span, or −1.
    var varyingStart = -1

    init(out: UnsafeMutablePointer<UInt16>, spans: UnsafeMutablePointer<CoverageSpan>, left: Int, body: @escaping (Int, Int) -> Void) {
        self.out = out
        self.spans = spans
        self.left = left
        self.body = body
    }

    @inline(__always)
    private mutating func closeVarying(at end: Int) {
        if varyingStart >= 0 {
            spans[count] = CoverageSpan(x0: Int32(truncatingIfNeeded: left + varyingStart), x1: Int32(truncatingIfNeeded: left + end), coverage: -1)
            count += 1
            varyingStart = -1
        }
    }

    @inline(__always)
    mutating func expect(row y: Int, from: Int, to: Int) {}

    @inline(__always)
    mutating func begin(row y: Int) {
        count = 0
    }

    @inline(__always)
    mutating func gap(_ from: Int, _ to: Int, value: UInt16) {
        if value == 0 {
            if varyingStart < 0 || to - from >= 4 { closeVarying(at: from) }
        } else if to - from >= 8 {
            closeVarying(at: from)
            spans[count] = CoverageSpan(x0: Int32(truncatingIfNeeded: left + from), x1: Int32(truncatingIfNeeded: left + to), coverage: Int32(value))
            count += 1
        } else {
            if varyingStart < 0 { varyingStart = from }
            (out + from).update(repeating: value, count: to - from)
        }
    }

    @inline(__always)
    mutating func run(at x: Int, to end: Int) {
        if varyingStart < 0 { varyingStart = x }
    }

    @inline(__always)
    mutating func group(at x: Int, _ values: SIMD4<UInt16>) {
        UnsafeMutableRawPointer(out + x).storeBytes(of: values, as: SIMD4<UInt16>.self)
    }

    @inline(__always)
    mutating func tail(at x: Int, count: Int, _ values: SIMD4<UInt16>) {
        for i in 0..<count { out[x &+ i] = values[i] }
    }

    @inline(__always)
    mutating func end(row y: Int, width: Int) {
        closeVarying(at: width)
        if count > 0 { body(y, count) }
    }
}

/// `⌊v⌋` for `0 ≤ v < 2⁶³`: the truncation, without the range checks of `Int(_:)` (see
/// `animate_truncate`).
@inline(__always)
func floorToInt(_ v: Double) -> Int {
    animate_truncate(v)
}

/// `⌈v⌉` for `0 ≤ v < 2⁶³`.
@inline(__always)
func ceilToInt(_ v: Double) -> Int {
    let r = animate_truncate(v)
    return Double(r) < v ? r &+ 1 : r
}
