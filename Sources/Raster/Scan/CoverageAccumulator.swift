import Geometry

/// Exact-area coverage of a filled path, by signed-area accumulation.
///
/// Overview. Every line segment of the flattened path (in device pixels) deposits,
/// into the cells of the rows it crosses, the signed area it sweeps to its right
/// within each pixel, so that the running sum of a row's cells is the signed
/// coverage of each pixel: the analytic method of libart and FreeType's "smooth"
/// rasterizer, in the dense single-array form of font-rs (R. Levien, 2016). Blend2D
/// and cairo compute the same quantity, so their anti-aliasing is our reference.
///
/// Stages: `reset(bounds:)` clears a window; `addLine` clips each segment to the
/// window (pieces left of it collapse onto its left edge, where they still carry
/// their winding; pieces right of it cannot affect it and are dropped) and
/// accumulates it, noting per row the first and last cell written; `sweep` turns
/// each row's running sum into coverage with the fill rule (non-zero: `min(|a|, 1)`;
/// even-odd: the distance of `a` to the nearest even integer, folded into 0…1),
/// reading only the written cells, and clears them, ready for the next path. It
/// reports each row as spans: runs of one coverage value (the inside of a shape, and
/// everything right of the last written cell) are reported as constant spans, so the
/// compositor fills them in bulk; zero runs are skipped.
///
/// Aliased mode samples pixel centres instead: a segment adds its direction (±1)
/// to the first pixel whose centre lies right of the segment on each row whose
/// centre line it crosses (half-open in y), so the running sum is the exact
/// winding number at each centre.
///
/// Invariants: between paths every cell is zero and every row's written range is
/// empty; no allocation once the buffers have grown to the largest window used.
final class CoverageAccumulator {
    /// Window in device pixels: columns `x0..<x1`, rows `y0..<y1`.
    private(set) var x0 = 0, y0 = 0, x1 = 0, y1 = 0
    private var width = 0, height = 0
    private var stride = 0
    /// `stride × height` accumulation cells (manual storage: the loops use plain pointers).
    private var cells: UnsafeMutablePointer<Float>
    private var cellCapacity = 0
    private var touchedTop = Int.max, touchedBottom = Int.min
    /// Per row of the window, the first and last cell index written (first > last: none).
    private var rowFirst: UnsafeMutablePointer<Int32>, rowLast: UnsafeMutablePointer<Int32>
    private var rowCapacity = 0
    private var aliased = false

    init() {
        cells = .allocate(capacity: 1)
        rowFirst = .allocate(capacity: 1)
        rowLast = .allocate(capacity: 1)
    }

    deinit {
        cells.deallocate()
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
        stride = width + 2
        let needed = stride * height
        if cellCapacity < needed {
            cells.deallocate()
            cells = .allocate(capacity: needed)
            cells.initialize(repeating: 0, count: needed)
            cellCapacity = needed
        }
        if rowCapacity < height {
            rowFirst.deallocate()
            rowLast.deallocate()
            rowFirst = .allocate(capacity: height)
            rowFirst.initialize(repeating: Int32.max, count: height)
            rowLast = .allocate(capacity: height)
            rowLast.initialize(repeating: -1, count: height)
            rowCapacity = height
        }
        touchedTop = Int.max
        touchedBottom = Int.min
        aliased = !antialiased
    }

    /// Accumulates the segment from `a` to `b` (device pixels).
    func addLine(_ a: Point, _ b: Point) {
        guard width > 0, height > 0 else { return }
        var ax = a.x - Double(x0), ay = a.y - Double(y0)
        var bx = b.x - Double(x0), by = b.y - Double(y0)
        guard ay != by else { return }
        var dir: Float = 1
        if ay > by {
            swap(&ax, &bx)
            swap(&ay, &by)
            dir = -1
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
            addCentreCrossings(ax, ay, bx, by, dxdy, dir)
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
                accumulate(0, py, 0, qy, dir)
            } else if mid < w {
                accumulate(min(max(px, 0), w), py, min(max(qx, 0), w), qy, dir)
            }
            px = qx
            py = qy
        }
        piece(to: ts.0)
        piece(to: ts.1)
        piece(to: 1)
    }

    /// Adds a downward segment (`ya < yb`) lying within `0...width`, `0...height`.
    @inline(__always)
    private func accumulate(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ dir: Float) {
        guard yb > ya else { return }
        let dxdy = (xb - xa) / (yb - ya)
        let rowStart = Int(ya), rowEnd = min(Int(yb.rounded(.up)), height)
        touchedTop = min(touchedTop, rowStart)
        touchedBottom = max(touchedBottom, rowEnd)
        var x = xa
        let c = cells, first = rowFirst, last = rowLast
        for row in rowStart..<rowEnd {
            let base = row * stride
            let top = max(Double(row), ya), bottom = min(Double(row + 1), yb)
            let dy = bottom - top
            let xNext = x + dxdy * dy
            let d = Float(dy) * dir
            let (l, r) = x < xNext ? (x, xNext) : (xNext, x)
            let lFloor = l.rounded(.down)
            let li = Int(lFloor)
            let ri = Int(r.rounded(.up))
            first[row] = min(first[row], Int32(li))
            last[row] = max(last[row], Int32(ri))
            if ri <= li + 1 {
                // Within one column: the area right of the segment's midpoint.
                let xm = Float((x + xNext) / 2 - lFloor)
                c[base + li] += d - d * xm
                c[base + li + 1] += d * xm
            } else {
                let s = Float(1 / (r - l))
                let lf = Float(l - lFloor)
                let a0 = 0.5 * s * (1 - lf) * (1 - lf)
                let rf = Float(r - r.rounded(.up) + 1)
                let am = 0.5 * s * rf * rf
                c[base + li] += d * a0
                if ri == li + 2 {
                    c[base + li + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - lf)
                    c[base + li + 1] += d * (a1 - a0)
                    var k = li + 2
                    while k < ri - 1 {
                        c[base + k] += d * s
                        k += 1
                    }
                    let a2 = a1 + Float(ri - li - 3) * s
                    c[base + ri - 1] += d * (1 - a2 - am)
                }
                c[base + ri] += d * am
            }
            x = xNext
        }
    }

    private func addCentreCrossings(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ dxdy: Double, _ dir: Float) {
        // Rows whose centre line y = row + 0.5 lies in [ay, by).
        let first = Int((ay - 0.5).rounded(.up)), last = Int((by - 0.5).rounded(.up))  // last is exclusive
        guard last > first else { return }
        touchedTop = min(touchedTop, first)
        touchedBottom = max(touchedBottom, last)
        let w = Double(width)
        for row in max(first, 0)..<min(last, height) {
            let x = ax + (Double(row) + 0.5 - ay) * dxdy
            let column = Int32(min(max((x - 0.5).rounded(.up), 0), w))
            cells[row * stride + Int(column)] += dir
            rowFirst[row] = min(rowFirst[row], column)
            rowLast[row] = max(rowLast[row], column)
        }
    }

    /// Rows that may hold coverage since the last reset, clipped to the window.
    var touchedRows: Range<Int> {
        guard touchedTop < touchedBottom else { return 0..<0 }
        return (y0 + max(touchedTop, 0))..<(y0 + min(touchedBottom, height))
    }

    /// Calls `body(y, spanCount)` for each row that has coverage, top to bottom, after
    /// writing the row's spans (absolute columns, left to right) to `spans` and the
    /// per-pixel values of its varying spans to `coverage` (indexed by column − `x0`);
    /// clears the window. `spans` must hold `width + 1` spans and `coverage` `width` values.
    func sweep(
        rule: FillRule, coverage: UnsafeMutablePointer<Float>, spans: UnsafeMutablePointer<CoverageSpan>,
        _ body: (Int, Int) -> Void
    ) {
        let rows = touchedRows
        let w = width
        let evenOdd = rule == .evenOdd
        @inline(__always) func fold(_ acc: Float) -> Float {
            var a = abs(acc)
            if evenOdd {
                a -= 2 * (a * 0.5).rounded(.down)
                if a > 1 { a = 2 - a }
            } else if a > 1 {
                a = 1
            }
            return a
        }
        let ox = Int32(x0)
        let c = cells
        for y in rows {
            let row = y - y0
            let firstCell = Int(rowFirst[row]), lastCell = Int(rowLast[row])
            rowFirst[row] = Int32.max
            rowLast[row] = -1
            guard firstCell <= lastCell else { continue }
            let base = c + row * stride
            let end = min(lastCell + 1, w)
            var acc: Float = 0
            var count = 0
            // One pass: a written cell changes the running sum (a pixel of its own
            // coverage); a run of unwritten cells repeats the last value, and long runs
            // become constant spans.
            @inline(__always) func appendVarying(_ a: Int, _ b: Int) {
                if count > 0 && !spans[count - 1].isConstant && spans[count - 1].x1 == Int32(a) + ox {
                    spans[count - 1].x1 = Int32(b) + ox
                } else {
                    spans[count] = CoverageSpan(x0: Int32(a) + ox, x1: Int32(b) + ox, coverage: -1)
                    count += 1
                }
            }
            var x = firstCell
            while x < end {
                let cell = base[x]
                if cell != 0 {
                    acc += cell
                    base[x] = 0
                    let v = fold(acc)
                    coverage[x] = v
                    if v > 0 { appendVarying(x, x + 1) }
                    x += 1
                } else {
                    var r = x + 1
                    while r < end && base[r] == 0 { r += 1 }
                    let v = fold(acc)
                    if v > 0 {
                        if r - x >= 8 {
                            spans[count] = CoverageSpan(x0: Int32(x) + ox, x1: Int32(r) + ox, coverage: v)
                            count += 1
                        } else {
                            for k in x..<r { coverage[k] = v }
                            appendVarying(x, r)
                        }
                    }
                    x = r
                }
            }
            var k = max(end, firstCell)
            while k <= min(lastCell, w + 1) {
                base[k] = 0
                k += 1
            }
            let tail = fold(acc)
            if tail > 0 && end < w {
                if count > 0 && spans[count - 1].isConstant && spans[count - 1].coverage == tail && spans[count - 1].x1 == Int32(end) + ox {
                    spans[count - 1].x1 = Int32(w) + ox
                } else {
                    spans[count] = CoverageSpan(x0: Int32(end) + ox, x1: Int32(w) + ox, coverage: tail)
                    count += 1
                }
            }
            if count > 0 { body(y, count) }
        }
        touchedTop = Int.max
        touchedBottom = Int.min
    }
}
