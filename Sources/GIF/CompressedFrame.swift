import Raster

/// A frame compressed one way: its rectangle, code stream and colour table, the tolerance
/// it was compressed at, and the squared error of the whole frame as it would be shown
/// (0 at tolerance 0, where no budget is checked). The indices sent are in its reading's
/// `chosen`.
struct CompressedFrame {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int
    var data: [UInt8]
    var codeSize: Int
    var localTable: [RGB8]?
    var localBits: Int
    var transparent: Int?
    var tolerance: Int
    var error: Int

    var rect: PixelRect { PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY) }
}
