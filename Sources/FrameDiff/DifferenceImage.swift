// The picture of a difference, in pixelmatch's visual language.
//
// The expected frame is drawn as a faint grey (its luma at 10 % contrast over
// white) so the eye finds its way; over it, differing pixels are red,
// anti-aliasing that was tolerated is yellow, and changes below the threshold
// are pale blue. A cluster that broke its budget is framed in magenta, two
// pixels out, so that a few red pixels in a large frame are still found.

import Raster

/// Renders difference maps as images.
public enum DifferenceImage {
    /// Red: a differing pixel.
    public static let differingColor = PremultipliedRGBA8(r: 230, g: 20, b: 20, a: 255)
    /// Yellow: tolerated anti-aliasing.
    public static let antialiasedColor = PremultipliedRGBA8(r: 250, g: 200, b: 0, a: 255)
    /// Pale blue: a change below the threshold.
    public static let belowThresholdColor = PremultipliedRGBA8(r: 150, g: 190, b: 255, a: 255)
    /// Magenta: the frame around a cluster over its budget.
    public static let clusterColor = PremultipliedRGBA8(r: 220, g: 0, b: 220, a: 255)

    /// The difference image of `comparison` over the faded `expected` frame; `expected`
    /// itself (faded) when the sizes differ and there is no map.
    public static func render(_ comparison: FrameComparison, expected: Pixmap) -> Pixmap {
        var out = Pixmap(width: expected.width, height: expected.height)
        expected.data.withUnsafeBufferPointer { source in
            out.data.withUnsafeMutableBufferPointer { target in
                for i in stride(from: 0, to: source.count, by: 4) {
                    let background = 255 - Double(source[i + 3])
                    let luma = 0.299 * (Double(source[i]) + background) + 0.587 * (Double(source[i + 1]) + background)
                        + 0.114 * (Double(source[i + 2]) + background)
                    let grey = UInt8((255 - (255 - luma) * 0.1).rounded())
                    target[i] = grey
                    target[i + 1] = grey
                    target[i + 2] = grey
                    target[i + 3] = 255
                }
            }
        }
        guard let map = comparison.map, map.width == out.width, map.height == out.height else { return out }
        for y in 0..<map.height {
            for x in 0..<map.width {
                switch map[x, y] {
                case .identical: continue
                case .belowThreshold: out.setPixel(x: x, y: y, belowThresholdColor)
                case .antialiased: out.setPixel(x: x, y: y, antialiasedColor)
                case .differing: out.setPixel(x: x, y: y, differingColor)
                }
            }
        }
        for violation in comparison.difference.violations {
            if case .cluster(_, _, let bounds) = violation { frame(bounds, in: &out) }
        }
        return out
    }

    /// Draws a one-pixel outline two pixels outside `bounds`, clipped to the image.
    static func frame(_ bounds: PixelBounds, in image: inout Pixmap) {
        let x0 = bounds.x - 3, y0 = bounds.y - 3
        let x1 = bounds.x + bounds.width + 2, y1 = bounds.y + bounds.height + 2
        let left = max(x0, 0), right = min(x1, image.width - 1)
        let top = max(y0, 0), bottom = min(y1, image.height - 1)
        guard left <= right, top <= bottom else { return }
        for x in left...right {
            if y0 >= 0 { image.setPixel(x: x, y: y0, clusterColor) }
            if y1 < image.height { image.setPixel(x: x, y: y1, clusterColor) }
        }
        for y in top...bottom {
            if x0 >= 0 { image.setPixel(x: x0, y: y, clusterColor) }
            if x1 < image.width { image.setPixel(x: x1, y: y, clusterColor) }
        }
    }

    /// `images` side by side, top-aligned, separated by `gap` pixels of `background`.
    public static func sideBySide(_ images: [Pixmap], gap: Int = 8, background: PremultipliedRGBA8 = .init(r: 255, g: 255, b: 255, a: 255)) -> Pixmap {
        let width = images.reduce(0) { $0 + $1.width } + gap * max(images.count - 1, 0)
        let height = images.map(\.height).max() ?? 1
        var out = Pixmap(width: width, height: height, fill: background)
        var left = 0
        for image in images {
            for y in 0..<image.height {
                let source = y * image.stride
                let target = y * out.stride + left * 4
                out.data.replaceSubrange(target..<(target + image.stride), with: image.data[source..<(source + image.stride)])
            }
            left += image.width + gap
        }
        return out
    }
}
