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
        let rowBytes = width * 4
        data.withUnsafeBytes { source in
            for y in 0..<height {
                let row = destination + y * linesize
                let sourceRow = source.baseAddress! + y * rowBytes
                // Opaque and clear pixels read the same either way: in RGBA order the row is
                // copied whole, and only the partly transparent pixels are divided out.
                if order == .rgba { UnsafeMutableRawPointer(row).copyMemory(from: sourceRow, byteCount: rowBytes) }
                for x in 0..<width {
                    let pixel = UInt32(littleEndian: sourceRow.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
                    let a = Int(pixel >> 24)
                    let partial = a != 255 && a != 0
                    guard partial || order == .bgra else { continue }
                    var (r, g, b) = (Int(pixel & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel >> 16 & 0xFF))
                    if partial {
                        r = min(255, (r * 255 + a / 2) / a)
                        g = min(255, (g * 255 + a / 2) / a)
                        b = min(255, (b * 255 + a / 2) / a)
                    }
                    if order == .bgra { swap(&r, &b) }
                    let out = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
                    UnsafeMutableRawPointer(row).storeBytes(of: out.littleEndian, toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
    }
}
