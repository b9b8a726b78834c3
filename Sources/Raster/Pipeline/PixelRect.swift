/// A rectangle of whole device pixels: columns `x0..<x1`, rows `y0..<y1`.
struct PixelRect: Equatable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    var width: Int { max(x1 - x0, 0) }
    var height: Int { max(y1 - y0, 0) }

    func intersection(_ o: PixelRect) -> PixelRect {
        let r = PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }

    func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
    }

    func insetBy(_ d: Int) -> PixelRect {
        PixelRect(x0: x0 + d, y0: y0 + d, x1: x1 - d, y1: y1 - d)
    }

    func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy)
    }
}

/// An 8-bit coverage mask over a pixel rectangle, shared between the clip entries
/// that narrow it by whole-pixel rectangles. Storage is manual so that compositing
/// loops can read it through a plain pointer.
final class ClipMask {
    let rect: PixelRect
    let values: UnsafeMutablePointer<UInt8>

    init(rect: PixelRect) {
        self.rect = rect
        values = .allocate(capacity: max(rect.width * rect.height, 1))
        values.initialize(repeating: 0, count: max(rect.width * rect.height, 1))
    }

    deinit { values.deallocate() }

    /// The value at device column `x`, row `y` (inside `rect`).
    @inline(__always)
    func pointer(x: Int, y: Int) -> UnsafeMutablePointer<UInt8> {
        values + (y - rect.y0) * rect.width + (x - rect.x0)
    }

    /// Whether every value over `area` (inside `rect`) is 255, so that the mask changes no
    /// coverage there; stops at the first value that is not.
    func isOpaque(over area: PixelRect) -> Bool {
        let n = area.width
        for y in area.y0..<area.y1 {
            let row = UnsafeRawPointer(pointer(x: area.x0, y: y))
            var i = 0
            while i &+ 8 <= n {
                if row.loadUnaligned(fromByteOffset: i, as: UInt64.self) != .max { return false }
                i &+= 8
            }
            while i < n {
                if row.load(fromByteOffset: i, as: UInt8.self) != 255 { return false }
                i &+= 1
            }
        }
        return true
    }
}
