// A tent over a plane whose rows arrive one at a time, top to bottom.
//
// The tent is PlaneSmoothing's (a box taken twice, each box cut short at the
// borders), taken in another order: a box is the product of a row box and a
// column box, so the two row boxes are taken first, on each row as it arrives,
// and the two column boxes after, as running sums down the rows. A column box
// at row y is the sum of the rows from y − before to y + after, scaled by the
// reciprocal of how many of them lie inside the plane; the sum moves down a row
// by adding the row entering and subtracting the row leaving. So only the rows
// the sums still need are kept, in two rings (the rows as they arrived, and once
// averaged down the columns), and a whole frame passes through a few hundred
// kilobytes that stay in cache, where averaging whole planes pass after pass
// went through main memory twelve times a frame.
//
// The caller writes row r into `nextRow` and calls `push()`; `row(y)` then gives
// the tent's row y once the rows up to `y + reach` (or the last) are pushed.
// Rows are asked for in order. A caller may push up to `lead` rows further ahead
// (to feed planes of different reaches from one pass over a frame).

/// A tent (a box taken twice) over a plane streamed row by row.
final class StreamedTent {
    private(set) var width = 0, height = 0, size = 0
    private var before = 0, after = 0, slots = 0
    /// Rows as pushed (already averaged along the row), `slots` of them in a ring.
    private var pushedRows = Buffer()
    /// Rows averaged once down the columns, `size + 1` in a ring.
    private var onceRows = Buffer()
    private var pushedSum = Buffer(), onceSum = Buffer(), output = Buffer()
    private var padded = Buffer(), between = Buffer(), partial = Buffer()
    /// A row of zeros: what enters or leaves a column box beyond the plane's edges.
    private var zeros = Buffer()
    private var rowScale = BoxScales(), columnScale = BoxScales()
    private var pushed = 0, averagedOnce = 0, made = 0

    deinit {
        for buffer in [pushedRows, onceRows, pushedSum, onceSum, output, padded, between, partial, zeros] { buffer.free() }
    }

    /// How many rows below row y the tent reaches (rows up to y + reach are needed for row y).
    var reach: Int { Self.reach(size: size) }

    /// How many rows below a row a `size`-pixel tent reaches.
    static func reach(size: Int) -> Int { 2 * (max(size, 1) - 1 - max(size, 1) / 2) }

    /// Starts a plane of `width` × `height` with a `size`-pixel tent; the caller may push up
    /// to `lead` rows beyond those the next output row needs.
    func start(width: Int, height: Int, size: Int, lead: Int = 0) {
        let size = max(size, 1)
        before = size / 2
        after = size - 1 - before
        slots = size + 1 + lead
        if width != self.width || size != self.size || pushedRows.count < slots * width {
            pushedRows.resize(slots * width)
            onceRows.resize((size + 1) * width)
            pushedSum.resize(width)
            onceSum.resize(width)
            output.resize(width)
            padded.resize(width + size)
            between.resize(width)
            partial.resize(width + size)
            zeros.resize(width)
        }
        self.width = width
        self.height = height
        self.size = size
        rowScale.update(count: width, before: before, after: after)
        columnScale.update(count: height, before: before, after: after)
        pushedSum.clear()
        onceSum.clear()
        padded.clear()
        pushed = 0
        averagedOnce = 0
        made = 0
    }

    /// Where the caller writes the next row (`width` values) before `push()`.
    var nextRow: UnsafeMutablePointer<Float> { pushedRows.base + (pushed % slots) * width }

    /// Takes the row written at `nextRow`, averaging it along the row twice.
    func push() {
        // The slot's row must be one the running sums no longer need.
        precondition(pushed < height && (pushed < slots || pushed - slots < averagedOnce - before - 1), "row pushed too far ahead")
        let row = nextRow
        rowScale.values.withUnsafeBufferPointer { scale in
            let pad = padded.base + before
            pad.update(from: row, count: width)
            Self.sumRow(padded.base, size: size, scale: scale.baseAddress!, into: between.base, width: width, partial: partial.base)
            pad.update(from: between.base, count: width)
            Self.sumRow(padded.base, size: size, scale: scale.baseAddress!, into: row, width: width, partial: partial.base)
        }
        pushed += 1
    }

    /// The tent's row `y`: rows are asked for in order, each once the rows up to
    /// `y + reach` (or the last row) are pushed. Valid until the next call.
    func row(_ y: Int) -> UnsafePointer<Float> {
        precondition(y == made && pushed > min(y + reach, height - 1), "rows asked for out of order or too early")
        if y == 0 {
            for r in 0..<min(after, height) { Self.add(makeOnceRow(r), to: onceSum.base, width: width) }
        }
        let entering = y + after < height ? makeOnceRow(y + after) : UnsafePointer(zeros.base)
        let leaving = y - before - 1 >= 0 ? onceRows.base + ((y - before - 1) % (size + 1)) * width : zeros.base
        Self.slide(onceSum.base, entering: entering, leaving: leaving, factor: columnScale.values[y], into: output.base, width: width)
        made += 1
        return UnsafePointer(output.base)
    }

    /// Averages pushed rows down the columns into once-averaged row `r` (made in order).
    private func makeOnceRow(_ r: Int) -> UnsafePointer<Float> {
        precondition(r == averagedOnce)
        if r == 0 {
            for k in 0..<min(after, height) { Self.add(pushedRows.base + (k % slots) * width, to: pushedSum.base, width: width) }
        }
        let entering = r + after < height ? pushedRows.base + ((r + after) % slots) * width : zeros.base
        let leaving = r - before - 1 >= 0 ? pushedRows.base + ((r - before - 1) % slots) * width : zeros.base
        let once = onceRows.base + (r % (size + 1)) * width
        Self.slide(pushedSum.base, entering: entering, leaving: leaving, factor: columnScale.values[r], into: once, width: width)
        averagedOnce += 1
        return UnsafePointer(once)
    }
}

extension StreamedTent {
    /// `sum[x] += row[x]`, eight columns at a time.
    fileprivate static func add(_ row: UnsafePointer<Float>, to sum: UnsafeMutablePointer<Float>, width: Int) {
        let source = UnsafeRawPointer(row), target = UnsafeMutableRawPointer(sum)
        var x = 0
        while x + 8 <= width {
            let s = target.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self) + source.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
            target.storeBytes(of: s, toByteOffset: x * 4, as: SIMD8<Float>.self)
            x += 8
        }
        while x < width {
            sum[x] += row[x]
            x += 1
        }
    }

    /// Moves a column box down a row: `sum[x]` += `entering[x]` − `leaving[x]` (in that
    /// order; a row of zeros where none enters or leaves), and `out[x]` = `sum[x]` · `factor`.
    fileprivate static func slide(
        _ sum: UnsafeMutablePointer<Float>, entering: UnsafePointer<Float>, leaving: UnsafePointer<Float>, factor: Float,
        into out: UnsafeMutablePointer<Float>, width: Int
    ) {
        let s = UnsafeMutableRawPointer(sum), e = UnsafeRawPointer(entering), l = UnsafeRawPointer(leaving), target = UnsafeMutableRawPointer(out)
        var x = 0
        while x + 8 <= width {
            let moved = (s.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self) + e.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self))
                - l.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
            s.storeBytes(of: moved, toByteOffset: x * 4, as: SIMD8<Float>.self)
            target.storeBytes(of: moved * factor, toByteOffset: x * 4, as: SIMD8<Float>.self)
            x += 8
        }
        while x < width {
            sum[x] = (sum[x] + entering[x]) - leaving[x]
            out[x] = sum[x] * factor
            x += 1
        }
    }

    /// `out[x]` = (`pad[x]` + … + `pad[x + size − 1]`) · `scale[x]`. A power-of-two box is
    /// summed by doubling (pairs, then pairs of pairs, …: three additions a value for eight
    /// terms) through `partial` (`width + size` floats); any other size term by term.
    fileprivate static func sumRow(
        _ pad: UnsafePointer<Float>, size: Int, scale: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>, width: Int,
        partial: UnsafeMutablePointer<Float>
    ) {
        guard size > 1, size & (size - 1) == 0 else {
            return PlaneSmoothing.sumRow(pad, size: size, scale: scale, into: out, width: width)
        }
        var source = pad, span = 1
        while span * 2 < size {
            pairSums(source, span: span, into: partial, count: width + size - 2 * span)
            source = UnsafePointer(partial)
            span *= 2
        }
        let a = UnsafeRawPointer(source), factors = UnsafeRawPointer(scale), target = UnsafeMutableRawPointer(out)
        var x = 0
        while x + 8 <= width {
            let sum = a.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self) + a.loadUnaligned(fromByteOffset: (x + span) * 4, as: SIMD8<Float>.self)
            target.storeBytes(of: sum * factors.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self), toByteOffset: x * 4, as: SIMD8<Float>.self)
            x += 8
        }
        while x < width {
            out[x] = (source[x] + source[x + span]) * scale[x]
            x += 1
        }
    }

    /// `out[x] = source[x] + source[x + span]` for `count` values (`out` may be `source`:
    /// each value is read before it is written over).
    private static func pairSums(_ source: UnsafePointer<Float>, span: Int, into out: UnsafeMutablePointer<Float>, count: Int) {
        let a = UnsafeRawPointer(source), target = UnsafeMutableRawPointer(out)
        var x = 0
        while x + 8 <= count {
            let sum = a.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self) + a.loadUnaligned(fromByteOffset: (x + span) * 4, as: SIMD8<Float>.self)
            target.storeBytes(of: sum, toByteOffset: x * 4, as: SIMD8<Float>.self)
            x += 8
        }
        while x < count {
            out[x] = source[x] + source[x + span]
            x += 1
        }
    }
}

/// Floats owned by a `StreamedTent`: allocated when it grows, freed with it.
private struct Buffer {
    private(set) var base = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private(set) var count = 0

    mutating func resize(_ count: Int) {
        base.deallocate()
        base = .allocate(capacity: max(count, 1))
        base.initialize(repeating: 0, count: max(count, 1))
        self.count = count
    }

    func clear() { base.update(repeating: 0, count: count) }

    func free() { base.deallocate() }
}
