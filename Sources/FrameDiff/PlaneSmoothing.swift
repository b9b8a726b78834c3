// Sliding box averages of float planes, and tents (a box taken twice).
//
// A box of `size` pixels reaches `size / 2` pixels back and the rest forward,
// and is cut short at the borders: a border pixel is the mean of the pixels the
// box still covers. Rows are averaged first, then columns. A row is copied into
// a buffer padded with zeros, so every box, cut short or not, is the same sum of
// `size` neighbours, taken eight columns at a time; columns keep
// one running sum per column and walk the rows in order. Both passes read memory
// contiguously, and each is then scaled by the reciprocal of the count it covered.
// The buffers are kept from call to call: a frame of the same size allocates nothing.

/// Averages float planes over sliding boxes, reusing its buffers.
struct PlaneSmoothing {
    private var padded: [Float] = []
    private var sums: [Float] = []
    private var between: [Float] = []
    private var rowScale = BoxScales()
    private var columnScale = BoxScales()

    /// `plane` (`width` × `height` floats) averaged twice over a sliding `size` × `size` box, in place.
    mutating func tent(_ plane: UnsafeMutablePointer<Float>, width: Int, height: Int, size: Int) {
        // Taken out of `self` while `box` (mutating) writes through it; put back after.
        var between = self.between
        self.between = []
        if between.count < width * height { between = [Float](repeating: 0, count: width * height) }
        between.withUnsafeMutableBufferPointer { between in
            box(plane, into: between.baseAddress!, width: width, height: height, size: size)
            box(between.baseAddress!, into: plane, width: width, height: height, size: size)
        }
        self.between = between
    }

    /// `source` averaged over a sliding `size` × `size` box into `target`; `source` is
    /// left holding the row averages.
    mutating func box(_ source: UnsafeMutablePointer<Float>, into target: UnsafeMutablePointer<Float>, width: Int, height: Int, size: Int) {
        let before = size / 2, after = size - 1 - before
        rowScale.update(count: width, before: before, after: after)
        columnScale.update(count: height, before: before, after: after)
        if padded.count != width + size { padded = [Float](repeating: 0, count: width + size) }
        if sums.count != width { sums = [Float](repeating: 0, count: width) }
        padded.withUnsafeMutableBufferPointer { padded in
            rowScale.values.withUnsafeBufferPointer { scale in
                let pad = padded.baseAddress!
                for y in 0..<height {
                    let row = source + y * width
                    (pad + before).update(from: row, count: width)
                    Self.sumRow(pad, size: size, scale: scale.baseAddress!, into: row, width: width)
                }
            }
        }
        sums.withUnsafeMutableBufferPointer { sums in
            columnScale.values.withUnsafeBufferPointer { scale in
                let s = sums.baseAddress!
                for x in 0..<width { s[x] = 0 }
                for y in 0..<min(after, height) {
                    let row = source + y * width
                    for x in 0..<width { s[x] += row[x] }
                }
                for y in 0..<height {
                    if y + after < height {
                        let entering = source + (y + after) * width
                        for x in 0..<width { s[x] += entering[x] }
                    }
                    if y - before - 1 >= 0 {
                        let leaving = source + (y - before - 1) * width
                        for x in 0..<width { s[x] -= leaving[x] }
                    }
                    let out = target + y * width, factor = scale[y]
                    for x in 0..<width { out[x] = s[x] * factor }
                }
            }
        }
    }
}

extension PlaneSmoothing {
    /// `out[x]` = (`pad[x]` + … + `pad[x + size − 1]`) · `scale[x]`, eight columns at a time
    /// with the sum kept in registers, then the columns left one at a time.
    static func sumRow(
        _ pad: UnsafePointer<Float>, size: Int, scale: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>, width: Int
    ) {
        let source = UnsafeRawPointer(pad), factors = UnsafeRawPointer(scale), target = UnsafeMutableRawPointer(out)
        var x = 0
        while x + 8 <= width {
            var sum = source.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self)
            for k in 1..<max(size, 1) { sum += source.loadUnaligned(fromByteOffset: (x + k) * 4, as: SIMD8<Float>.self) }
            target.storeBytes(of: sum * factors.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<Float>.self), toByteOffset: x * 4, as: SIMD8<Float>.self)
            x += 8
        }
        while x < width {
            var sum: Float = 0
            for k in 0..<size { sum += pad[x + k] }
            out[x] = sum * scale[x]
            x += 1
        }
    }
}

/// One over the number of positions a box covers at each position of a line, cut short at its ends.
struct BoxScales {
    private(set) var values: [Float] = []
    private var key = (count: 0, before: 0, after: 0)

    /// The scales for a line of `count` positions and a box reaching `before` back and `after` forward.
    mutating func update(count: Int, before: Int, after: Int) {
        guard key != (count, before, after) else { return }
        key = (count, before, after)
        values = (0..<count).map { i in 1 / Float(min(i + after, count - 1) - max(i - before, 0) + 1) }
    }
}
