import CMemory

/// The drivers between coverage and the compositor: `SweepCompositing` turns an
/// accumulated path into spans row by row, `RectCompositing` walks the rows of a
/// rectangle (a layer, a filtered backdrop). Both apply the clip mask to coverage and
/// hand each span to a painter; they are `BlendModeVisitor`s, dispatched once per
/// drawing, and pick the painter once per drawing too, so the loop over spans is
/// compiled for one blend mode and one kind of shader and calls nothing dynamically.
///
/// Painters: source-over, the normal mode, runs in 16-bit fixed point (`SourceOver`).
/// Without a clip mask, a solid colour (`SolidSink`) and shaded colours (`ShadedSink`)
/// take their coverage from the sweep directly, with no spans. Otherwise:
/// `SolidPainter` (constant spans of an opaque colour are filled in bulk),
/// `PixelsPainter` (layers, read in place) and `ShadedPainter` (gradients and images,
/// shaded per span; opaque gradients at full coverage are shaded straight into the
/// destination). `FloatPainter` runs every other blend mode in floating point
/// (`Compositor`).
///
/// Edges blend pixels the frame last touched long before (a 1080p frame is four times the
/// size of a core's cache), so their cache lines are asked for ahead: by a sink, those
/// under a row's written cells `CoverageAccumulator.expectAhead` rows before the sweep
/// reads it (`CoverageSink.expect`); by each row of spans, those under its spans two rows
/// down. All of a row's lines when they lie within `prefetchExtent` bytes, else those at
/// both ends (the hardware's stream prefetcher follows a long span by itself). A prefetch
/// does not wait; a read there would.
///
/// Invariant: the row of coverage values is zero except where the sweep wrote the
/// varying spans of the current row, and each user clears what it used. The sweep
/// leaves at least four pixels between two varying spans, so source-over rounds an
/// unmasked varying span up to whole groups of four pixels (where the row has room):
/// the extra pixels, of zero coverage, come out exactly as they were, and the spans
/// that own them draw them afterwards. Other spans end in a group limited to their
/// own pixels (`GroupKernel.limited`), read and written back whole where there is room.
struct SweepCompositing: BlendModeVisitor {
    /// The widest extent of a row's spans whose every cache line is prefetched: 16 lines.
    static let prefetchExtent = 1024

    let accumulator: CoverageAccumulator
    let rule: FillRule
    let shader: PreparedShader
    let destination: UnsafeMutablePointer<UInt8>
    let rowBytes: Int
    let scratch: Scratch
    /// The clip's mask, or nil where it is opaque over the accumulator's window (there it
    /// changes no coverage: c · 255 / 255 = c).
    let mask: ClipMask?
    /// Rows that get the background just before the first drawing on them.
    let unfilled: UnfilledRows

    init(
        accumulator: CoverageAccumulator, rule: FillRule, shader: PreparedShader, destination: UnsafeMutablePointer<UInt8>, rowBytes: Int,
        scratch: Scratch, mask: ClipMask?, unfilled: UnfilledRows
    ) {
        self.accumulator = accumulator
        self.rule = rule
        self.shader = shader
        self.destination = destination
        self.rowBytes = rowBytes
        self.scratch = scratch
        self.mask = mask.flatMap { $0.isOpaque(over: accumulator.window) ? nil : $0 }
        self.unfilled = unfilled
    }

    func visit<B: BlendFunction>(_ function: B.Type) {
        if B.self == SourceOverBlend.self {
            switch shader {
            case .solid(let color) where mask == nil:
                var sink = SolidSink(
                    solid: SourceOver.Solid(color), destination: destination, rowBytes: rowBytes, left: accumulator.x0, scratch: scratch,
                    unfilled: unfilled)
                accumulator.sweep(rule: rule, into: &sink)
            case .solid(let color): run(SolidPainter(solid: SourceOver.Solid(color), width: scratch.width))
            case .pixels(let pixels): run(PixelsPainter(shader: pixels, scratch: scratch))
            case .linear(let s) where mask == nil: sweep(s)
            case .radial(let s) where mask == nil: sweep(s)
            case .angular(let s) where mask == nil: sweep(s)
            case .image(let s) where mask == nil: sweep(s)
            default: run(ShadedPainter(shader: shader, scratch: scratch))
            }
        } else {
            run(FloatPainter<B>(shader: shader, scratch: scratch))
        }
    }

    private func run<P: SpanPainter>(_ painter: P) {
        let coverage = scratch.coverage16, spans = scratch.spans
        let mask = self.mask, destination = self.destination, rowBytes = self.rowBytes, width = scratch.width, unfilled = self.unfilled
        let lastRow = destination + (scratch.height &- 1) &* rowBytes
        accumulator.sweep(rule: rule, coverage: coverage, spans: spans) { y, count in
            let row = UnsafeMutableRawPointer(destination + y &* rowBytes)
            unfilled.prepare(y, row: row)
            let ahead = UnsafeRawPointer(min(destination + (y &+ 2) &* rowBytes, lastRow))
            let first = 4 &* Int(spans[0].x0), last = 4 &* Int(spans[count &- 1].x1 &- 1)
            if last &- first <= Self.prefetchExtent {
                var line = first & ~63
                while line <= last {
                    animate_prefetch_for_write(ahead + line)
                    line &+= 64
                }
            } else {
                animate_prefetch_for_write(ahead + first)
                animate_prefetch_for_write(ahead + last)
            }
            for k in 0..<count {
                let span = spans[k]
                let x = Int(span.x0), n = Int(span.x1) &- x
                if let mask {
                    applyMask(mask, x: x, y: y, count: n, constant: span.coverage, into: coverage + x)
                    painter.paint(x: x, y: y, count: n, coverage: UnsafePointer(coverage + x), row: row)
                    (coverage + x).update(repeating: 0, count: n)
                } else if span.isConstant {
                    painter.paint(x: x, y: y, count: n, coverage: UInt32(truncatingIfNeeded: span.coverage), row: row)
                } else if x &+ ((n &+ 3) & ~3) <= width {
                    let grouped = (n &+ 3) & ~3
                    painter.paint(x: x, y: y, count: grouped, coverage: UnsafePointer(coverage + x), row: row)
                    // The extra values were zero already: clear whole groups.
                    let values = UnsafeMutableRawPointer(coverage + x)
                    var i = 0
                    while i < grouped {
                        values.storeBytes(of: 0, toByteOffset: i &* 2, as: UInt64.self)
                        i &+= 4
                    }
                } else {
                    painter.paint(x: x, y: y, count: n, coverage: UnsafePointer(coverage + x), row: row)
                    (coverage + x).update(repeating: 0, count: n)
                }
            }
        }
    }
}

/// The destination rows a sink draws on: the current row's pixel at the window's first
/// column, and the cache lines of rows ahead (see `SweepCompositing`). Also eight coverage
/// values, zero between uses, for a short gap or a single pixel.
struct SinkRows {
    let destination: UnsafeMutablePointer<UInt8>
    let rowBytes: Int
    /// The window's first column.
    let left: Int
    let scratch: Scratch
    let values: UnsafeMutablePointer<UInt16>
    let unfilled: UnfilledRows
    var y = 0
    /// The current row's first pixel, and the first column from which it still lacks the
    /// background (`Int.max` when it has it throughout; see `UnfilledRows`).
    var start: UnsafeMutableRawPointer
    var unfilledFrom = Int.max
    /// Within a run: the first column whose pixels still lacked the background when the
    /// run began (`Int.max` for none; 0 throughout a row that `SolidSink` writes whole).
    /// The run's groups read the background there instead of the row, and writing them
    /// fills those pixels.
    var runUnfilled = Int.max
    /// The background in four pixels.
    let background: SourceOver.Lanes
    var row: UnsafeMutableRawPointer

    init(destination: UnsafeMutablePointer<UInt8>, rowBytes: Int, left: Int, scratch: Scratch, unfilled: UnfilledRows) {
        self.destination = destination
        self.unfilled = unfilled
        background = unsafeBitCast(SIMD4<UInt32>(repeating: unfilled.color), to: SourceOver.Lanes.self)
        self.rowBytes = rowBytes
        self.left = left
        self.scratch = scratch
        values = scratch.coverage16
        row = UnsafeMutableRawPointer(destination)
        start = row
    }

    @inline(__always)
    mutating func begin(row y: Int) {
        self.y = y
        start = UnsafeMutableRawPointer(destination + y &* rowBytes)
        unfilledFrom = unfilled.take(y) ? 0 : Int.max
        runUnfilled = Int.max
        row = start + left &* 4
    }

    /// Gives the row's pixels before window column `x` the background where they lack it,
    /// before a drawing reads them.
    @inline(__always)
    mutating func reach(_ x: Int) {
        let end = min(left &+ x, scratch.width)
        if unfilledFrom < end {
            unfilled.fill(start, unfilledFrom, end)
            unfilledFrom = end
        }
    }

    /// Window columns `from..<to` are about to be overwritten whole (an opaque colour at
    /// full coverage): the pixels before them get the background, these need none.
    @inline(__always)
    mutating func overwrite(_ from: Int, _ to: Int) {
        if unfilledFrom < left &+ to {
            reach(from)
            unfilledFrom = left &+ to
        }
    }

    /// Starts a run over window columns `x..<end`, whose groups of four write every pixel
    /// of the whole groups from `x` (the last one's extra pixels take the coverage of the
    /// gap after the run), or up to the canvas's right edge where a group would cross it
    /// (`fillTail`): where the pixels from `x` on lack the background, the groups read it
    /// from `pixels(at:)` and write it with them; where only some do, they are filled
    /// first.
    @inline(__always)
    mutating func beginRun(_ x: Int, _ end: Int) {
        // The usual row, which has its background throughout (or whose sink writes it
        // whole: `runUnfilled` is then 0).
        if unfilledFrom == Int.max { return }
        reach(x)
        let groupsEnd = min(left &+ x &+ ((end &- x &+ 3) & ~3), scratch.width)
        if unfilledFrom == left &+ x {
            runUnfilled = unfilledFrom
            unfilledFrom = groupsEnd
        } else {
            runUnfilled = Int.max
            reach(groupsEnd &- left)
        }
    }

    /// The four pixels of a run's group at window column `x`.
    @inline(__always)
    func pixels(at x: Int) -> SourceOver.Lanes {
        left &+ x >= runUnfilled ? background : (row + x &* 4).loadUnaligned(as: SourceOver.Lanes.self)
    }

    /// Gives a run's last pixels, from window column `x` to the canvas's right edge, the
    /// background where they lack it, before a narrow tail reads them from the row.
    @inline(__always)
    func fillTail(_ x: Int) {
        if left &+ x >= runUnfilled { unfilled.fill(row, x, scratch.width &- left) }
    }

    /// Gives the rest of the row the background where it lacks it.
    @inline(__always)
    mutating func finish() {
        if unfilledFrom < scratch.width { unfilled.fill(start, unfilledFrom, scratch.width) }
        unfilledFrom = Int.max
    }

    /// Asks for the cache lines of row `y` under window columns `from..<to`: all of them
    /// when they span at most `prefetchExtent` bytes, else those at both ends (the
    /// hardware's stream prefetcher follows a long span by itself). Mutating only so that a
    /// sink calls it on its rows in place, not on a copy.
    @inline(__always)
    mutating func prefetch(row y: Int, from: Int, to: Int) {
        guard to > from else { return }
        let row = UnsafeRawPointer(destination + y &* rowBytes) + left &* 4
        let first = from &* 4, last = to &* 4 &- 4
        if last &- first <= SweepCompositing.prefetchExtent {
            var line = (Int(bitPattern: row) &+ first) & ~63
            let end = Int(bitPattern: row) &+ last
            while line <= end {
                animate_prefetch_for_write(UnsafeRawPointer(bitPattern: line))
                line &+= 64
            }
        } else {
            animate_prefetch_for_write(row + first)
            animate_prefetch_for_write(row + last)
        }
    }

    /// `Scratch.hasRoom` for window columns `x..<x + count`.
    @inline(__always)
    func hasRoom(_ x: Int, count: Int) -> Bool { scratch.hasRoom(x: left &+ x, count: count) }

    /// Calls `body` with `count` (at most 8) coverage values of `value`.
    @inline(__always)
    func withValues(_ value: UInt16, count: Int, _ body: (UnsafePointer<UInt16>) -> Void) {
        values.update(repeating: value, count: count)
        body(UnsafePointer(values))
        values.update(repeating: 0, count: count)
    }

    /// Calls `body` with the first `count` of `lanes` as coverage values.
    @inline(__always)
    func withValues(_ lanes: SIMD4<UInt16>, count: Int, _ body: (UnsafePointer<UInt16>) -> Void) {
        for i in 0..<count { values[i] = lanes[i] }
        body(UnsafePointer(values))
        values.update(repeating: 0, count: count)
    }
}

/// A sink that draws on destination rows as the sweep reaches them.
protocol RowSink: CoverageSink {
    var rows: SinkRows { get set }
    /// Pixels `x..<x + count` of a tail (see `CoverageSink.tail`) where the row has no
    /// room for a whole group.
    mutating func narrowTail(at x: Int, count: Int, _ values: SIMD4<UInt16>)
}

extension RowSink {
    @inline(__always)
    mutating func expect(row y: Int, from: Int, to: Int) {
        rows.prefetch(row: y, from: from, to: to)
    }

    @inline(__always)
    mutating func begin(row y: Int) {
        rows.begin(row: y)
    }

    /// A whole group where the row has room: the pixels past the tail take zero coverage
    /// and stay as they are.
    @inline(__always)
    mutating func tail(at x: Int, count: Int, _ values: SIMD4<UInt16>) {
        if rows.hasRoom(x, count: 4) {
            group(at: x, values)
        } else {
            narrowTail(at: x, count: count, values)
        }
    }

    @inline(__always)
    mutating func end(row y: Int, width: Int) {
        rows.finish()
    }
}

/// Source-over of one colour, without a clip mask, straight from the sweep: a run's
/// groups of four coverage values are blended as they come, gaps of one value at once
/// (filled in bulk at full coverage when the colour is opaque), so no spans or row of
/// values are written. Pixels come out as `SolidPainter` draws them from spans, but for
/// gaps under 8 pixels at full coverage of a translucent colour: those take the exact
/// full-coverage blend of longer gaps (one kernel for every gap, with no row of values),
/// where `SolidPainter` sees them inside varying spans; the two differ by at most 1/255.
///
/// A row that lacks the background when it begins (the first drawing to reach it) is
/// written whole, left to right, each pixel once, over the background as a known value:
/// a gap at no coverage or full coverage is filled with one pixel value (the background,
/// or the colour over it), the groups blend onto the background without reading the
/// row, and the pixels outside the window take the background at the row's ends. The
/// pixels are those the row would get filled first.
struct SolidSink: RowSink {
    let solid: SourceOver.Solid
    let kernel: SourceOver.SolidKernel
    var rows: SinkRows
    /// Whether the current row lacked the background when it began.
    var fresh = false
    /// The colour over the background at full coverage, packed, once a row lacking the
    /// background needs it.
    var fullOverBackground: UInt32?

    init(solid: SourceOver.Solid, destination: UnsafeMutablePointer<UInt8>, rowBytes: Int, left: Int, scratch: Scratch, unfilled: UnfilledRows) {
        self.solid = solid
        kernel = SourceOver.SolidKernel(solid)
        rows = SinkRows(destination: destination, rowBytes: rowBytes, left: left, scratch: scratch, unfilled: unfilled)
    }

    @inline(__always)
    mutating func begin(row y: Int) {
        rows.begin(row: y)
        fresh = rows.unfilledFrom == 0
        if fresh {
            // The sink writes every pixel of the row: those left of the window now, the
            // window's as the sweep reaches them (its groups read the background, not the
            // row), those right of it at the end.
            rows.unfilled.fill(rows.start, 0, rows.left)
            rows.unfilledFrom = Int.max
            rows.runUnfilled = 0
        }
    }

    @inline(__always)
    mutating func end(row y: Int, width: Int) {
        if fresh {
            rows.unfilled.fill(rows.start, rows.left &+ width, rows.scratch.width)
            fresh = false
        }
        rows.finish()
    }

    @inline(__always)
    mutating func gap(_ from: Int, _ to: Int, value: UInt16) {
        guard value != 0 else {
            if fresh { rows.unfilled.fill(rows.row, from, to) }
            return
        }
        // An opaque colour at full coverage is its own bytes, whatever was there. (The
        // common case, inlined in the sweep; the others blend, in a function of their own.)
        if value == 65535 && solid.isOpaque {
            rows.overwrite(from, to)
            SourceOver.fill(rows.row + from &* 4, count: to &- from, color: solid.packed)
            return
        }
        blendGap(from, to, value: value)
    }

    @inline(never)
    private mutating func blendGap(_ from: Int, _ to: Int, value: UInt16) {
        let n = to &- from, dst = rows.row + from &* 4, room = rows.hasRoom(from, count: n)
        if fresh {
            // Over the background: at full coverage one value, else blended on it.
            if value == 65535 {
                let pixel = fullOverBackground ?? solid.overBackground(rows.unfilled.color)
                fullOverBackground = pixel
                SourceOver.fill(dst, count: n, color: pixel)
                return
            }
            rows.unfilled.fill(rows.row, from, to)
        }
        rows.reach(to)
        // Full coverage, the usual gap inside a translucent shape, at any length.
        if n >= 8 || value == 65535 {
            SourceOver.solid(dst, count: n, solid, coverage: UInt32(value), room: room)
        } else {
            rows.withValues(value, count: n) { SourceOver.solid(dst, count: n, solid, coverage: $0, room: room) }
        }
    }

    @inline(__always)
    mutating func run(at x: Int, to end: Int) {
        rows.beginRun(x, end)
    }

    @inline(__always)
    mutating func group(at x: Int, _ m: SIMD4<UInt16>) {
        let p = rows.row + x &* 4
        p.storeBytes(of: kernel.apply(rows.pixels(at: x), coverage: m), as: SourceOver.Lanes.self)
    }

    @inline(__always)
    mutating func narrowTail(at x: Int, count: Int, _ m: SIMD4<UInt16>) {
        let dst = rows.row + x &* 4
        rows.fillTail(x)
        rows.withValues(m, count: count) { SourceOver.solid(dst, count: count, solid, coverage: $0, room: false) }
    }
}

extension SweepCompositing {
    /// Source-over of `shader`'s colours straight from the sweep (no clip mask).
    private func sweep<S: SpanShader>(_ shader: S) {
        var sink = ShadedSink(
            shader: shader, destination: destination, rowBytes: rowBytes, left: accumulator.x0, scratch: scratch, unfilled: unfilled)
        if let shift = shader.rowShift, shader.isOpaque {
            let window = accumulator.window
            sink.shifted = ShiftedRows(
                pixels: scratch.strip, capacity: scratch.stripCapacity, shift: shift, left: window.x0, right: window.x1, bottom: window.y1)
        }
        accumulator.sweep(rule: rule, into: &sink)
    }
}

/// Source-over of shaded colours (gradients, images), without a clip mask, straight
/// from the sweep: a run's colours are shaded once, at its start, for the groups of four
/// that follow; a gap of one value is shaded and blended at once (written as it is when
/// opaque at full coverage). Pixels come out as `ShadedPainter` draws them from spans,
/// but for the rare pixel where a gradient's position, stepped from another start, lands
/// on the next entry of its table. Compiled for each kind of shader.
struct ShadedSink<Shader: SpanShader>: RowSink {
    let shader: Shader
    let opaque: Bool
    let kernel = SourceOver.MaskedRowKernel()
    var rows: SinkRows
    /// The window column of the current run's first shaded colour.
    var shadedFrom = 0
    /// Full-coverage rows copied from one shaded row, where the shader's rows allow it.
    var shifted: ShiftedRows?

    init(shader: Shader, destination: UnsafeMutablePointer<UInt8>, rowBytes: Int, left: Int, scratch: Scratch, unfilled: UnfilledRows) {
        self.shader = shader
        opaque = shader.isOpaque
        rows = SinkRows(destination: destination, rowBytes: rowBytes, left: left, scratch: scratch, unfilled: unfilled)
    }

    @inline(__always)
    mutating func gap(_ from: Int, _ to: Int, value: UInt16) {
        guard value != 0 else { return }
        let n = to &- from, x = rows.left &+ from, y = rows.y, dst = rows.row + from &* 4
        if value == 65535 && opaque {
            rows.overwrite(from, to)
            if shifted != nil {
                shifted!.draw(shader, x: x, y: y, count: n, into: dst)
            } else {
                shader.shadePacked(x: x, y: y, count: n, into: dst)
            }
            return
        }
        rows.reach(to)
        let shaded = rows.scratch.shaded, room = rows.hasRoom(from, count: n)
        shader.shadeSplit(x: x, y: y, count: n, into: shaded, floats: rows.scratch.source)
        if n >= 8 {
            SourceOver.row(dst, shaded, count: n, coverage: UInt32(value), room: room)
        } else {
            rows.withValues(value, count: n) { SourceOver.row(dst, shaded, count: n, coverage: $0, room: room) }
        }
    }

    @inline(__always)
    mutating func run(at x: Int, to end: Int) {
        // The run's groups of four (a tail's group included), within the row.
        let count = min((end &- x &+ 3) & ~3, rows.scratch.width &- rows.left &- x)
        rows.beginRun(x, end)
        shader.shadeSplit(x: rows.left &+ x, y: rows.y, count: count, into: rows.scratch.shaded, floats: rows.scratch.source)
        shadedFrom = x
    }

    @inline(__always)
    mutating func group(at x: Int, _ m: SIMD4<UInt16>) {
        let p = rows.row + x &* 4, k = (x &- shadedFrom) &* 4
        let colors = rows.scratch.shaded
        p.storeBytes(
            of: kernel.apply(rows.pixels(at: x), UnsafeRawPointer(colors.even + k), UnsafeRawPointer(colors.odd + k), coverage: m),
            as: SourceOver.Lanes.self)
    }

    @inline(__always)
    mutating func narrowTail(at x: Int, count: Int, _ m: SIMD4<UInt16>) {
        let k = (x &- shadedFrom) &* 4
        let colors = ShadedRow(even: rows.scratch.shaded.even + k, odd: rows.scratch.shaded.odd + k)
        let dst = rows.row + x &* 4
        rows.fillTail(x)
        rows.withValues(m, count: count) { SourceOver.row(dst, colors, count: count, coverage: $0, room: false) }
    }
}

struct RectCompositing: BlendModeVisitor {
    let rect: PixelRect
    let shader: PreparedShader
    let destination: UnsafeMutablePointer<UInt8>
    let rowBytes: Int
    let scratch: Scratch
    let mask: ClipMask?

    func visit<B: BlendFunction>(_ function: B.Type) {
        if B.self == SourceOverBlend.self {
            switch shader {
            case .solid(let color): run(SolidPainter(solid: SourceOver.Solid(color), width: scratch.width))
            case .pixels(let pixels): run(PixelsPainter(shader: pixels, scratch: scratch))
            default: run(ShadedPainter(shader: shader, scratch: scratch))
            }
        } else {
            run(FloatPainter<B>(shader: shader, scratch: scratch))
        }
    }

    private func run<P: SpanPainter>(_ painter: P) {
        let n = rect.width
        guard n > 0 else { return }
        let coverage = scratch.coverage16 + rect.x0
        for y in rect.y0..<rect.y1 {
            let row = UnsafeMutableRawPointer(destination + y * rowBytes)
            if let mask {
                applyMask(mask, x: rect.x0, y: y, count: n, constant: 65535, into: coverage)
                painter.paint(x: rect.x0, y: y, count: n, coverage: UnsafePointer(coverage), row: row)
                coverage.update(repeating: 0, count: n)
            } else {
                painter.paint(x: rect.x0, y: y, count: n, coverage: 65535, row: row)
            }
        }
    }
}

/// Multiplies coverage (per pixel in `values`, or `constant` for all when it is
/// 0…65,535) by the mask's bytes, into `values`.
@inline(__always)
func applyMask(_ mask: ClipMask, x: Int, y: Int, count: Int, constant: Int32, into values: UnsafeMutablePointer<UInt16>) {
    let m = mask.pointer(x: x, y: y)
    // c · m / 255, rounded: m·257 is m/255 as a fraction of 65,535.
    @inline(__always) func times(_ c: UInt32, _ m: UInt8) -> UInt16 { UInt16(truncatingIfNeeded: (c &* (UInt32(m) &* 257) &+ 32767) / 65535) }
    if constant >= 0 {
        let c = UInt32(constant)
        for i in 0..<count { values[i] = times(c, m[i]) }
    } else {
        for i in 0..<count { values[i] = times(UInt32(values[i]), m[i]) }
    }
}

/// Composites spans of one drawing onto the pixels of a row (`row` points to its
/// first pixel): at constant coverage (1…65,535), or with per-pixel coverage.
protocol SpanPainter {
    func paint(x: Int, y: Int, count: Int, coverage: UInt32, row: UnsafeMutableRawPointer)
    func paint(x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt16>, row: UnsafeMutableRawPointer)
}

extension Scratch {
    /// Whether pixels `x..<x + count` rounded up to whole groups of four stay within the
    /// row (so source-over may read and write back the extra pixels unchanged).
    @inline(__always)
    func hasRoom(x: Int, count: Int) -> Bool { x &+ ((count &+ 3) & ~3) <= width }
}

/// Source-over of one colour.
struct SolidPainter: SpanPainter {
    let solid: SourceOver.Solid
    /// The row's width in pixels.
    let width: Int

    @inline(__always)
    func paint(x: Int, y: Int, count: Int, coverage: UInt32, row: UnsafeMutableRawPointer) {
        SourceOver.solid(row + x &* 4, count: count, solid, coverage: coverage, room: x &+ ((count &+ 3) & ~3) <= width)
    }

    @inline(__always)
    func paint(x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt16>, row: UnsafeMutableRawPointer) {
        SourceOver.solid(row + x &* 4, count: count, solid, coverage: coverage, room: x &+ ((count &+ 3) & ~3) <= width)
    }
}

/// Source-over of device-aligned pixels (a layer, a backdrop), read in place.
struct PixelsPainter: SpanPainter {
    let shader: PixelShader
    let scratch: Scratch

    @inline(__always)
    func paint(x: Int, y: Int, count: Int, coverage: UInt32, row: UnsafeMutableRawPointer) {
        SourceOver.pixels(
            row + x &* 4, shader.pointer(x: x, y: y), count: count, opacity: shader.fixedOpacity, coverage: coverage,
            room: scratch.hasRoom(x: x, count: count))
    }

    @inline(__always)
    func paint(x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt16>, row: UnsafeMutableRawPointer) {
        SourceOver.pixels(
            row + x &* 4, shader.pointer(x: x, y: y), count: count, opacity: shader.fixedOpacity, coverage: coverage,
            room: scratch.hasRoom(x: x, count: count))
    }
}

/// Source-over of gradients and images, shaded per span in split 8.8 form.
struct ShadedPainter: SpanPainter {
    let shader: PreparedShader
    let scratch: Scratch

    @inline(__always)
    func paint(x: Int, y: Int, count: Int, coverage: UInt32, row: UnsafeMutableRawPointer) {
        let dst = row + x &* 4
        if coverage == 65535 && shader.isOpaque {
            shader.shadePacked(x: x, y: y, count: count, into: dst)
            return
        }
        shader.shadeSplit(x: x, y: y, count: count, into: scratch.shaded, floats: scratch.source)
        SourceOver.row(dst, scratch.shaded, count: count, coverage: coverage, room: scratch.hasRoom(x: x, count: count))
    }

    @inline(__always)
    func paint(x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt16>, row: UnsafeMutableRawPointer) {
        shader.shadeSplit(x: x, y: y, count: count, into: scratch.shaded, floats: scratch.source)
        SourceOver.row(row + x &* 4, scratch.shaded, count: count, coverage: coverage, room: scratch.hasRoom(x: x, count: count))
    }
}

/// Any shader with a blend mode other than source-over, in floating point.
struct FloatPainter<B: BlendFunction>: SpanPainter {
    let shader: PreparedShader
    let scratch: Scratch

    @inline(__always)
    func paint(x: Int, y: Int, count: Int, coverage: UInt32, row: UnsafeMutableRawPointer) {
        composite(x: x, y: y, count: count, perPixel: nil, constant: Float(coverage) * (1 / 65535), row: row)
    }

    @inline(__always)
    func paint(x: Int, y: Int, count: Int, coverage: UnsafePointer<UInt16>, row: UnsafeMutableRawPointer) {
        let values = scratch.coverage
        for i in 0..<count { values[i] = Float(coverage[i]) * (1 / 65535) }
        composite(x: x, y: y, count: count, perPixel: UnsafePointer(values), constant: 0, row: row)
    }

    @inline(__always)
    private func composite(x: Int, y: Int, count: Int, perPixel: UnsafePointer<Float>?, constant: Float, row: UnsafeMutableRawPointer) {
        let bytes = row.assumingMemoryBound(to: UInt8.self) + 4 * x
        if case .solid(let color) = shader {
            Compositor.blendSolid(B.self, color, coverage: perPixel, constantCoverage: constant, dst: bytes, count: count)
        } else {
            shader.shade(x: x, y: y, count: count, into: scratch.source)
            Compositor.blendRow(B.self, scratch.source, coverage: perPixel, constantCoverage: constant, dst: bytes, count: count)
        }
    }
}
