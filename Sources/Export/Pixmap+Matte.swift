import Raster

extension Pixmap {
    /// Writes this pixmap composited over the opaque `matte` as opaque RGBA8 rows into `destination`.
    ///
    /// Rows start `linesize` bytes apart. The image is extended with the matte to
    /// `paddedWidth × paddedHeight` (each at least the pixmap's size), which is how
    /// odd sizes become the even sizes 4:2:0 video needs. Compositing is the
    /// source-over operator on premultiplied pixels: `out = c + matte × (1 − a)`.
    @_optimize(speed)
    func composite(over matte: RGB8, into destination: UnsafeMutablePointer<UInt8>, linesize: Int, paddedWidth: Int, paddedHeight: Int) {
        let (mr, mg, mb) = (Int(matte.r), Int(matte.g), Int(matte.b))
        data.withUnsafeBufferPointer { source in
            for y in 0..<paddedHeight {
                let row = destination + y * linesize
                var x = 0
                if y < height {
                    let sourceRow = y * width * 4
                    while x < width {
                        let s = sourceRow + x * 4
                        let d = x * 4
                        let inverse = 255 - Int(source[s + 3])
                        row[d] = UInt8(Int(source[s]) + (mr * inverse + 127) / 255)
                        row[d + 1] = UInt8(Int(source[s + 1]) + (mg * inverse + 127) / 255)
                        row[d + 2] = UInt8(Int(source[s + 2]) + (mb * inverse + 127) / 255)
                        row[d + 3] = 255
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
