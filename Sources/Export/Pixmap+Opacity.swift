import Raster

extension Pixmap {
    /// Whether every pixel has alpha 255. Most frames are (an opaque background covers
    /// the canvas), and then they can be handed on as they are: a premultiplied opaque
    /// pixel is its own straight-alpha value and its own composite over any matte.
    ///
    /// The check ANDs the pixels together a block at a time (a loop the compiler
    /// vectorizes) and stops at the first block with a pixel that is not opaque.
    var isOpaque: Bool {
        data.withUnsafeBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            let block = 4096
            var start = 0
            while start < pixels.count {
                let end = min(start + block, pixels.count)
                var all: UInt32 = 0xFFFF_FFFF
                for i in start..<end { all &= pixels[i] }
                if UInt32(littleEndian: all) >> 24 != 255 { return false }
                start = end
            }
            return true
        }
    }
}
