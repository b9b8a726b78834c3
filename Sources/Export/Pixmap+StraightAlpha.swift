import Raster

extension Pixmap {
    /// The channel orders frames are written in for encoders.
    enum ByteOrder {
        case rgba
        case bgra
    }

    /// Writes this pixmap as straight-alpha (un-premultiplied) 8-bit pixels into `destination`,
    /// rows `linesize` bytes apart, in `order`. Video and image codecs with alpha (VP9, PNG, WebP)
    /// store straight alpha; un-premultiplying rounds to nearest.
    @_optimize(speed)
    func writeStraightAlpha(into destination: UnsafeMutablePointer<UInt8>, linesize: Int, order: ByteOrder = .rgba) {
        let (first, third) = order == .rgba ? (0, 2) : (2, 0)
        data.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = destination + y * linesize
                var s = y * width * 4
                for x in 0..<width {
                    let d = x * 4
                    let a = Int(source[s + 3])
                    var (r, g, b) = (Int(source[s]), Int(source[s + 1]), Int(source[s + 2]))
                    if a != 255 && a != 0 {
                        r = min(255, (r * 255 + a / 2) / a)
                        g = min(255, (g * 255 + a / 2) / a)
                        b = min(255, (b * 255 + a / 2) / a)
                    }
                    row[d + first] = UInt8(r)
                    row[d + 1] = UInt8(g)
                    row[d + third] = UInt8(b)
                    row[d + 3] = UInt8(a)
                    s += 4
                }
            }
        }
    }
}
