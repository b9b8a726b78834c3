/// A raster image: premultiplied RGBA8 in gamma-encoded sRGB, rows top to bottom.
///
/// `data` holds `width × height × 4` bytes in the order r, g, b, a; every colour
/// component is at most its alpha. Pixmaps are values: copies share storage
/// until one of them is written.
public struct Pixmap: Sendable, Equatable {
    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// The pixels: `width × height × 4` bytes, r g b a, rows top to bottom.
    public var data: [UInt8]

    /// A pixmap of the given size filled with `fill` (transparent by default).
    /// Sizes below 1 are raised to 1: drawing never fails on a degenerate canvas.
    public init(width: Int, height: Int, fill: PremultipliedRGBA8 = .transparent) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        let pixels = self.width * self.height
        // One pass over the memory: a 1080p frame is 8 MB.
        data = [UInt8](unsafeUninitializedCapacity: pixels * 4) { buffer, count in
            Pixmap.fill(UnsafeMutableRawPointer(buffer.baseAddress!), count: pixels, with: fill.packed)
            count = pixels * 4
        }
    }

    /// Writes `count` pixels of the packed colour `packed` (`PremultipliedRGBA8.packed`) at `pixels`.
    @inline(__always)
    static func fill(_ pixels: UnsafeMutableRawPointer, count: Int, with packed: UInt32) {
        if count >= 64 && packed == packed & 0xFF &* 0x0101_0101 {
            // Four equal bytes (transparent, white) in a long run: the C library's memset.
            pixels.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: packed), count: count &* 4)
        } else {
            SourceOver.fill(pixels, count: count, color: packed)
        }
    }

    /// A pixmap whose bytes are left as the allocator gives them, for a canvas that writes
    /// every row before anything reads it (`UnfilledRows`).
    init(unfilledWidth width: Int, height: Int) {
        let bytes = max(width, 1) * max(height, 1) * 4
        self.width = max(width, 1)
        self.height = max(height, 1)
        data = [UInt8](unsafeUninitializedCapacity: bytes) { _, count in count = bytes }
    }

    /// Wraps existing premultiplied RGBA8 bytes; `data.count` must be `width × height × 4`.
    public init(width: Int, height: Int, premultipliedData data: [UInt8]) {
        precondition(width > 0 && height > 0 && data.count == width * height * 4, "pixmap size mismatch")
        self.width = width
        self.height = height
        self.data = data
    }

    /// Bytes per row.
    public var stride: Int { width * 4 }

    /// Sets every pixel to `color`.
    public mutating func fill(_ color: PremultipliedRGBA8) {
        data.withUnsafeMutableBytes { raw in
            let pixels = raw.bindMemory(to: UInt32.self)
            pixels.initialize(repeating: color.packed)
        }
    }

    /// The pixel at column `x`, row `y` (both in range).
    public func pixel(x: Int, y: Int) -> PremultipliedRGBA8 {
        let i = (y * width + x) * 4
        return PremultipliedRGBA8(r: data[i], g: data[i + 1], b: data[i + 2], a: data[i + 3])
    }

    /// Writes the pixel at column `x`, row `y` (both in range).
    public mutating func setPixel(x: Int, y: Int, _ p: PremultipliedRGBA8) {
        let i = (y * width + x) * 4
        data[i] = p.r
        data[i + 1] = p.g
        data[i + 2] = p.b
        data[i + 3] = p.a
    }

    /// The pixels as straight-alpha RGBA8 bytes, the layout image encoders expect.
    public func straightAlphaData() -> [UInt8] {
        var out = data
        var i = 0
        while i < out.count {
            let a = Int(out[i + 3])
            if a != 0 && a != 255 {
                out[i] = UInt8(min(255, (Int(out[i]) * 255 + a / 2) / a))
                out[i + 1] = UInt8(min(255, (Int(out[i + 1]) * 255 + a / 2) / a))
                out[i + 2] = UInt8(min(255, (Int(out[i + 2]) * 255 + a / 2) / a))
            }
            i += 4
        }
        return out
    }

    /// A pixmap from straight-alpha RGBA8 bytes (as decoders give them), premultiplying.
    public init(width: Int, height: Int, straightAlphaData bytes: [UInt8]) {
        precondition(width > 0 && height > 0 && bytes.count == width * height * 4, "pixmap size mismatch")
        var out = bytes
        var i = 0
        while i < out.count {
            let a = Int(out[i + 3])
            if a != 255 {
                out[i] = UInt8((Int(out[i]) * a + 127) / 255)
                out[i + 1] = UInt8((Int(out[i + 1]) * a + 127) / 255)
                out[i + 2] = UInt8((Int(out[i + 2]) * a + 127) / 255)
            }
            i += 4
        }
        self.init(width: width, height: height, premultipliedData: out)
    }
}
