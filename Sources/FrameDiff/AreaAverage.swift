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
    private var sums: [SIMD4<Float>] = []
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
        // Cell sums, one interleaved colour per cell, then spread into four planes for the tent.
        if sums.count != count { sums = [SIMD4<Float>](repeating: .zero, count: count) }
        sums.withUnsafeMutableBufferPointer { sums in
            sums.update(repeating: .zero)
            frame.data.withUnsafeBytes { pixels in
                for y in 0..<height {
                    let row = (y / cell) * columns
                    for column in 0..<columns {
                        var sum = SIMD4<Float>.zero
                        for x in (column * cell)..<min(column * cell + cell, width) {
                            sum += SIMD4<Float>(pixels.load(fromByteOffset: (y * width + x) * 4, as: SIMD4<UInt8>.self))
                        }
                        sums[row + column] += sum
                    }
                }
            }
            grid.withUnsafeMutableBufferPointer { grid in
                let base = grid.baseAddress!
                for r in 0..<rows {
                    let pixelRows = Float(min(cell, height - r * cell))
                    for column in 0..<columns {
                        let mean = sums[r * columns + column] / (pixelRows * Float(min(cell, width - column * cell)))
                        for c in 0..<4 { base[c * count + r * columns + column] = mean[c] }
                    }
                }
                for c in 0..<4 {
                    smoothing.tent(base + c * count, width: columns, height: rows, size: max(size / cell, 1))
                }
            }
        }
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
