import Geometry

/// Clipping: a stack of clips, each the intersection of the one below with a path's
/// coverage or a mask, as SwiftUI's `clipShape(_:style:)` and `mask { }` and Core
/// Graphics' clip state.
///
/// A clip is an 8-bit coverage mask over its bounds, computed once when pushed (with
/// the path's rule and antialiasing), multiplied into every drawing's coverage while
/// it is current; a drawing whose window the mask covers with 255 throughout (content
/// well inside a clip) is drawn as if there were none. A path that is an axis-aligned rectangle on whole pixels (SwiftUI's
/// `clipped()` of an integral frame) only narrows the bounds and keeps the mask below
/// it, so it costs nothing per pixel. Clips pushed inside a layer are removed when
/// the layer ends; the layer itself is composited through the clip that was current
/// when it began.
extension Canvas {
    /// Intersects the clip with `path` (mapped to device pixels by `transform`) filled with
    /// `rule`; `antialiased: false` gives a hard-edged clip (pixel centres).
    public func pushClip(_ path: Path, transform: AffineTransform = .identity, rule: FillRule = .nonZero, antialiased: Bool = true) {
        let parent = clips[clips.count - 1]
        if let rect = integralRectangle(path, transform: transform) {
            clips.append(Clip(bounds: parent.bounds.intersection(rect), mask: parent.mask))
            return
        }
        guard let window = deviceWindow(of: path, transform: transform)?.intersection(parent.bounds), !window.isEmpty else {
            clips.append(Clip(bounds: .empty, mask: nil))
            return
        }
        accumulate(path, transform: transform, window: window, antialiased: antialiased, rule: rule)
        let mask = ClipMask(rect: window)
        let coverage = scratch.coverage16, spans = scratch.spans
        var top = Int.max, bottom = Int.min
        accumulator.sweep(rule: rule, coverage: coverage, spans: spans) { y, count in
            top = min(top, y)
            bottom = max(bottom, y + 1)
            for k in 0..<count {
                let s = spans[k]
                let out = mask.pointer(x: Int(s.x0), y: y), n = Int(s.x1 - s.x0)
                if s.isConstant {
                    out.update(repeating: UInt8(truncatingIfNeeded: (UInt32(s.coverage) &* 255 &+ 32767) / 65535), count: n)
                } else {
                    let values = coverage + Int(s.x0)
                    for i in 0..<n { out[i] = UInt8(truncatingIfNeeded: (UInt32(values[i]) &* 255 &+ 32767) / 65535) }
                    values.update(repeating: 0, count: n)
                }
            }
        }
        if let parentMask = parent.mask {
            for y in window.y0..<window.y1 {
                let out = mask.pointer(x: window.x0, y: y), under = parentMask.pointer(x: window.x0, y: y)
                for i in 0..<window.width { out[i] = UInt8((UInt32(out[i]) * UInt32(under[i]) + 127) / 255) }
            }
        }
        let bounds = top < bottom ? PixelRect(x0: window.x0, y0: top, x1: window.x1, y1: bottom) : .empty
        clips.append(Clip(bounds: bounds, mask: bounds.isEmpty ? nil : mask))
    }

    /// Intersects the clip with `mask` placed with its top-left pixel at device (`x`, `y`);
    /// outside the mask everything is hidden.
    public func pushMask(_ mask: Mask, x: Int = 0, y: Int = 0) {
        let parent = clips[clips.count - 1]
        let region = PixelRect(x0: x, y0: y, x1: x + mask.width, y1: y + mask.height).intersection(parent.bounds)
        guard !region.isEmpty else {
            clips.append(Clip(bounds: .empty, mask: nil))
            return
        }
        let clipMask = ClipMask(rect: region)
        mask.data.withUnsafeBufferPointer { values in
            for row in region.y0..<region.y1 {
                let out = clipMask.pointer(x: region.x0, y: row)
                let source = values.baseAddress! + (row - y) * mask.width + (region.x0 - x)
                if let under = parent.mask?.pointer(x: region.x0, y: row) {
                    for i in 0..<region.width { out[i] = UInt8((UInt32(source[i]) * UInt32(under[i]) + 127) / 255) }
                } else {
                    out.update(from: source, count: region.width)
                }
            }
        }
        clips.append(Clip(bounds: region, mask: clipMask))
    }

    /// Removes the most recent clip or mask; clips made before the current layer began stay.
    public func popClip() {
        guard clips.count > layers[layers.count - 1].clipDepth else { return }
        clips.removeLast()
    }

    /// The number of clips and masks pushed and not yet popped.
    public var clipDepth: Int { clips.count - 1 }

    /// The device rectangle a path covers exactly when it is one axis-aligned rectangle
    /// with whole-pixel edges after the transform; nil otherwise.
    func integralRectangle(_ path: Path, transform: AffineTransform) -> PixelRect? {
        let verbs = path.verbs
        guard verbs.count >= 4, verbs.count <= 6, verbs[0] == .move,
            verbs.dropFirst().allSatisfy({ $0 == .line || $0 == .close })
        else { return nil }
        var points = path.points.map(transform.apply)
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard points.count == 4 else { return nil }
        for p in points where p.x != p.x.rounded() || p.y != p.y.rounded() || !p.x.isFinite || !p.y.isFinite { return nil }
        let xs = Set(points.map(\.x)), ys = Set(points.map(\.y))
        guard xs.count == 2, ys.count == 2 else { return nil }
        // Consecutive corners must differ in exactly one coordinate (no diagonals).
        for i in 0..<4 {
            let a = points[i], b = points[(i + 1) % 4]
            guard (a.x == b.x) != (a.y == b.y) else { return nil }
        }
        // Corners beyond any canvas are clamped before converting, so Int cannot overflow.
        func pixel(_ v: Double) -> Int { Int(min(max(v, -Double(1 << 30)), Double(1 << 30))) }
        let x0 = pixel(xs.min()!), x1 = pixel(xs.max()!), y0 = pixel(ys.min()!), y1 = pixel(ys.max()!)
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1).intersection(canvasRect)
    }
}
