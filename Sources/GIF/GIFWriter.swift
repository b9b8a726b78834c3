import Raster

/// The blocks of a GIF89a file (W3C/CompuServe GIF89a specification, sections 17-27),
/// appended to a byte array: header with logical screen and global colour table, the
/// NETSCAPE2.0 loop extension, and per image a graphic control extension, an image
/// descriptor and LZW data in sub-blocks of at most 255 bytes.
public enum GIFWriter {
    /// "GIF89a", the logical screen descriptor and the global colour table of `colors`
    /// (padded with black to `1 << tableBits` entries).
    public static func header(width: Int, height: Int, colors: [RGB8], tableBits: Int, into out: inout [UInt8]) {
        out += Array("GIF89a".utf8)
        appendShort(width, to: &out)
        appendShort(height, to: &out)
        // Global table present, 8 bits of colour resolution, table size 2^(n+1).
        out.append(0x80 | 0x70 | UInt8(tableBits - 1))
        out.append(0)  // background colour index
        out.append(0)  // no pixel aspect ratio
        for slot in 0..<(1 << tableBits) {
            let c = slot < colors.count ? colors[slot] : RGB8(r: 0, g: 0, b: 0)
            out += [c.r, c.g, c.b]
        }
    }

    /// A comment extension holding `text`'s UTF-8 bytes in sub-blocks of at most 255.
    public static func commentExtension(_ text: String, into out: inout [UInt8]) {
        out += [0x21, 0xFE]
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(start + 255, bytes.count)
            out.append(UInt8(end - start))
            out += bytes[start..<end]
            start = end
        }
        out.append(0)
    }

    /// The NETSCAPE2.0 application extension: `loop` 0 repeats forever, n repeats n more times.
    public static func loopExtension(_ loop: Int, into out: inout [UInt8]) {
        out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1]
        appendShort(loop, to: &out)
        out.append(0)
    }

    /// A graphic control extension: `delay` in centiseconds, disposal "leave in place" (or
    /// "restore to previous" when `restores`: once shown, the frame's rectangle goes back to
    /// what it showed before), and `transparentIndex` if not nil.
    public static func graphicControl(delay: Int, transparentIndex: Int?, restores: Bool = false, into out: inout [UInt8]) {
        out += [0x21, 0xF9, 4, (restores ? 0x0C : 0x04) | (transparentIndex == nil ? 0 : 1)]
        appendShort(delay, to: &out)
        out += [UInt8(transparentIndex ?? 0), 0]
    }

    /// An image descriptor with `localTable` (padded to `1 << tableBits` entries) if given, then
    /// `lzw` (a code stream from `LZWEncoder`) in sub-blocks.
    public static func image(
        x: Int, y: Int, width: Int, height: Int, localTable: [RGB8]? = nil, tableBits: Int = 1,
        minimumCodeSize: Int, lzw: [UInt8], into out: inout [UInt8]
    ) {
        out.append(0x2C)
        appendShort(x, to: &out)
        appendShort(y, to: &out)
        appendShort(width, to: &out)
        appendShort(height, to: &out)
        if let localTable {
            out.append(0x80 | UInt8(tableBits - 1))
            for slot in 0..<(1 << tableBits) {
                let c = slot < localTable.count ? localTable[slot] : RGB8(r: 0, g: 0, b: 0)
                out += [c.r, c.g, c.b]
            }
        } else {
            out.append(0)
        }
        out.append(UInt8(minimumCodeSize))
        var offset = 0
        while offset < lzw.count {
            let size = min(255, lzw.count - offset)
            out.append(UInt8(size))
            out += lzw[offset..<offset + size]
            offset += size
        }
        out.append(0)
    }

    public static let trailer: UInt8 = 0x3B

    /// `value` as a little-endian 16-bit field.
    public static func appendShort(_ value: Int, to out: inout [UInt8]) {
        out.append(UInt8(value & 0xFF))
        out.append(UInt8(value >> 8 & 0xFF))
    }
}
