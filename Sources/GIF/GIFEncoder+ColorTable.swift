import Raster

/// A frame's colour table and code width: the global table as it is, the global table with
/// the transparent index moved low (narrower codes where every index sent lies low), or a
/// local table of just the colours sent, whichever is smallest. The same LZW codes are
/// renumbered (`LZWEncoder.recode`), so each size is known without compressing again.
extension GIFEncoder {
    /// The frame of `reading`'s indices in `rect`, compressed to `data`, at `tolerance`: with
    /// narrower codes where they make it smaller (a local colour table, or the global table with
    /// the transparent index moved), and its squared error where it may be checked.
    @_optimize(speed)
    func package(_ reading: FrameReading, data: consuming [UInt8], rect: PixelRect, first: Bool, tolerance: Int) -> CompressedFrame {
        let mapper = self.mapper!
        let count = rect.pixelCount
        var data = data
        // A frame that uses few of the palette's colours may be cheaper with a local colour
        // table of just those: LZW codes start one bit wider than the table's index size, so
        // a 16-colour table saves up to 4 bits per code while the dictionary is young.
        var codeSize = minimumCodeSize
        var localTable: [RGB8]?
        var localBits = 0
        var frameTransparent: Int? = first ? nil : transparentIndex
        // The indices sent, and the transparent index (which every frame after the first declares).
        var used = [Bool](repeating: false, count: 256)
        reading.chosen.withUnsafeBufferPointer { chosen in
            used.withUnsafeMutableBufferPointer { used in
                for k in 0..<count { used[Int(chosen[k])] = true }
            }
        }
        if !first { used[transparentIndex] = true }
        let symbols = (0..<256).filter { used[$0] }
        while 1 << localBits < symbols.count { localBits += 1 }
        let localCodeSize = max(2, localBits)
        // With the global table, codes may also start narrower: where every index sent lies below
        // 2^b and so does the transparent one, or an index below 2^b that the frame does not send
        // can stand for it (a frame of transparency alone, as an unchanged one is, takes index 0
        // and 3-bit codes).
        let sent = symbols.filter { $0 != transparentIndex }  // the first frame sends no transparency
        var narrowBits = 0
        while 1 << narrowBits < (sent.last ?? -1) + 1 { narrowBits += 1 }
        if !first && transparentIndex >= 1 << narrowBits && sent.count == 1 << narrowBits { narrowBits += 1 }
        let narrowCodeSize = max(2, narrowBits)
        let narrowSize = narrowCodeSize < minimumCodeSize ? reading.recodedSize(minimumCodeSize: narrowCodeSize) : data.count
        // The same codes renumbered for the local table (`LZWEncoder.recode`).
        if localCodeSize < minimumCodeSize
            && reading.recodedSize(minimumCodeSize: localCodeSize) + 3 << max(localBits, 1) < min(narrowSize, data.count) {
            var toLocal = [UInt8](repeating: 0, count: 256)
            for (index, symbol) in symbols.enumerated() { toLocal[symbol] = UInt8(index) }
            data.removeAll(keepingCapacity: true)
            reading.recode(roots: toLocal, minimumCodeSize: localCodeSize, into: &data)
            let colors = mapper.palette.colors
            localTable = symbols.map { $0 < colors.count ? colors[$0] : RGB8(r: 0, g: 0, b: 0) }
            codeSize = localCodeSize
            if !first { frameTransparent = Int(toLocal[transparentIndex]) }
        } else if narrowSize < data.count {
            var roots = (0..<256).map { UInt8($0) }
            if !first && transparentIndex >= 1 << narrowBits {
                let free = (0..<(1 << narrowBits)).first { !used[$0] }!
                roots[transparentIndex] = UInt8(free)
                frameTransparent = free
            }
            data.removeAll(keepingCapacity: true)
            reading.recode(roots: roots, minimumCodeSize: narrowCodeSize, into: &data)
            codeSize = narrowCodeSize
        }
        // The error is only needed where a lower tolerance could be tried.
        let error = tolerance > 0 ? squaredError(of: reading.chosen, in: rect, first: first) : 0
        return CompressedFrame(
            minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY, data: data, codeSize: codeSize,
            localTable: localTable, localBits: localBits, transparent: frameTransparent, tolerance: tolerance, error: error)
    }
}
