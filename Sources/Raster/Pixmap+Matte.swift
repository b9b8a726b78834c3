extension Pixmap {
    /// Writes this pixmap composited over the opaque `matte` as opaque RGBA8 rows into `destination`.
    ///
    /// Rows start `linesize` bytes apart. The image is extended with the matte to
    /// `paddedWidth × paddedHeight` (each at least the pixmap's size), which is how
    /// odd sizes become the even sizes 4:2:0 video needs. Compositing is the
    /// source-over operator on premultiplied pixels: `out = c + matte × (1 − a)`.
    @_optimize(speed)
    public func composite(over matte: RGB8, into destination: UnsafeMutablePointer<UInt8>, linesize: Int, paddedWidth: Int, paddedHeight: Int) {
        let (mr, mg, mb) = (Int(matte.r), Int(matte.g), Int(matte.b))
        let rowBytes = width * 4
        data.withUnsafeBytes { source in
            for y in 0..<paddedHeight {
                let row = destination + y * linesize
                var x = 0
                if y < height {
                    // Opaque pixels, most of a frame, are already their own result: copy the
                    // row whole, then composite the pixels that are not.
                    let sourceRow = source.baseAddress! + y * rowBytes
                    UnsafeMutableRawPointer(row).copyMemory(from: sourceRow, byteCount: rowBytes)
                    while x < width {
                        // Eight opaque pixels at a time: their alpha bytes, ANDed, stay 255.
                        if x + 8 <= width {
                            var both = UInt64.max
                            for k in 0..<4 { both &= sourceRow.loadUnaligned(fromByteOffset: x * 4 + 8 * k, as: UInt64.self) }
                            if UInt64(littleEndian: both) & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000 {
                                x += 8
                                continue
                            }
                        }
                        let pixel = UInt32(littleEndian: sourceRow.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
                        if pixel < 0xFF00_0000 {
                            let d = x * 4
                            let inverse = 255 - Int(pixel >> 24)
                            row[d] = UInt8(Int(pixel & 0xFF) + (mr * inverse + 127) / 255)
                            row[d + 1] = UInt8(Int(pixel >> 8 & 0xFF) + (mg * inverse + 127) / 255)
                            row[d + 2] = UInt8(Int(pixel >> 16 & 0xFF) + (mb * inverse + 127) / 255)
                            row[d + 3] = 255
                        }
                        x += 1
                    }
                }
                while x < paddedWidth {
                    let d = x * 4
                    row[d] = matte.r
                    row[d + 1] = matte.g
                    row[d + 2] = matte.b
                    row[d + 3] = 255
                    x += 1
                }
            }
        }
    }
}
