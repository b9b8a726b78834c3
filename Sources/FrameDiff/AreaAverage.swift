// The colour of the area around each pixel of a prepared frame.
//
// A lossy encoding's errors change sign within a few pixels; a change of colour
// does not (ComparisonSpace.swift). The area's colour is a tent as wide as
// `ComparisonSpace.areaSize`, which is smooth at the scale of a few pixels, so it
// is taken on a grid of 4 × 4-pixel cells (each cell the mean of its pixels), the
// tent running over cells, and read at a pixel by bilinear interpolation between
// the four nearest cell centres: a sixteenth of the work of a full-resolution
// average. The grid is built only for frames where some pixel needs it.

import Raster

/// A prepared frame's colours averaged over areas, looked up per pixel.
struct AreaAverage {
    /// The side of a grid cell, in pixels.
    static let cell = 4
    private var grid: [Float] = []
    private var columns = 0, rows = 0
    private var smoothing = PlaneSmoothing()

    /// Averages `frame` over `size`-pixel tents (`size` a multiple of `cell`).
    mutating func build(_ frame: Pixmap, size: Int) {
        let cell = Self.cell
        columns = (frame.width + cell - 1) / cell
        rows = (frame.height + cell - 1) / cell
        let count = columns * rows
        if grid.count != count * 4 { grid = [Float](repeating: 0, count: count * 4) }
        let width = frame.width, height = frame.height, columns = columns, rows = rows
        grid.withUnsafeMutableBufferPointer { grid in
            let base = grid.baseAddress!
            frame.data.withUnsafeBytes { pixels in
                for r in 0..<rows {
                    let top = r * cell, pixelRows = min(cell, height - top)
                    for column in 0..<columns {
                        let left = column * cell, pixelColumns = min(cell, width - left)
                        let sum = Self.cellSum(pixels.baseAddress! + (top * width + left) * 4, rows: pixelRows, columns: pixelColumns, stride: width * 4)
                        let area = Float(pixelRows * pixelColumns)
                        let i = r * columns + column
                        base[i] = Float(sum.x) / area
                        base[count + i] = Float(sum.y) / area
                        base[2 * count + i] = Float(sum.z) / area
                        base[3 * count + i] = Float(sum.w) / area
                    }
                }
            }
            for c in 0..<4 {
                smoothing.tent(base + c * count, width: columns, height: rows, size: max(size / cell, 1))
            }
        }
    }

    /// The sums of each component over a cell of `rows` × `columns` pixels (at most 4 × 4),
    /// rows `stride` bytes apart: a full row of four pixels is taken as four 32-bit words,
    /// each component masked out of them and summed lane by lane.
    private static func cellSum(_ pixels: UnsafeRawPointer, rows: Int, columns: Int, stride: Int) -> SIMD4<UInt32> {
        var r = SIMD4<UInt32>.zero, g = r, b = r, a = r
        for y in 0..<rows {
            let row = pixels + y * stride
            if columns == 4 {
                let words = row.loadUnaligned(as: SIMD4<UInt32>.self)
                r &+= words & 0xFF
                g &+= (words &>> 8) & 0xFF
                b &+= (words &>> 16) & 0xFF
                a &+= words &>> 24
            } else {
                for x in 0..<columns {
                    let word = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                    r[0] &+= word & 0xFF
                    g[0] &+= (word >> 8) & 0xFF
                    b[0] &+= (word >> 16) & 0xFF
                    a[0] &+= word >> 24
                }
            }
        }
        return SIMD4(r[0] &+ r[1] &+ r[2] &+ r[3], g[0] &+ g[1] &+ g[2] &+ g[3], b[0] &+ b[1] &+ b[2] &+ b[3], a[0] &+ a[1] &+ a[2] &+ a[3])
    }

    /// The area's colour at pixel (`x`, `y`), rounded to bytes.
    func color(x: Int, y: Int) -> SIMD4<UInt8> {
        let cell = Float(Self.cell)
        let gx = min(max((Float(x) + 0.5) / cell - 0.5, 0), Float(columns - 1))
        let gy = min(max((Float(y) + 0.5) / cell - 0.5, 0), Float(rows - 1))
        let x0 = Int(gx), y0 = Int(gy)
        let x1 = min(x0 + 1, columns - 1), y1 = min(y0 + 1, rows - 1)
        let fx = gx - Float(x0), fy = gy - Float(y0)
        let count = columns * rows
        var out = SIMD4<UInt8>()
        grid.withUnsafeBufferPointer { grid in
            for c in 0..<4 {
                let plane = c * count
                let top = grid[plane + y0 * columns + x0] * (1 - fx) + grid[plane + y0 * columns + x1] * fx
                let bottom = grid[plane + y1 * columns + x0] * (1 - fx) + grid[plane + y1 * columns + x1] * fx
                out[c] = FramePreparation.byte(top * (1 - fy) + bottom * fy, limit: 255)
            }
        }
        return out
    }
}
