/// An 8-bit coverage image (0 = hidden, 255 = shown), for clipping drawings by a
/// rendered view, as SwiftUI's `.mask { … }` does.
public struct Mask: Sendable, Equatable {
    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// `width × height` coverage values, rows top to bottom.
    public var data: [UInt8]

    /// A mask of the given size (at least 1 × 1) with every value `value`.
    public init(width: Int, height: Int, value: UInt8 = 0) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        data = [UInt8](repeating: value, count: self.width * self.height)
    }

    /// The mask a pixmap gives: its alpha, or its luminance.
    ///
    /// Luminance uses the Rec. 709 coefficients of the CSS Masking specification
    /// (0.2125, 0.7154, 0.0721) on the premultiplied components, which is the colour's
    /// luminance times its alpha, so transparent pixels hide.
    public init(_ pixmap: Pixmap, mode: MaskMode = .alpha) {
        width = pixmap.width
        height = pixmap.height
        let count = width * height
        var out = [UInt8](repeating: 0, count: count)
        pixmap.data.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                guard let src = p.baseAddress, let dst = o.baseAddress else { return }
                switch mode {
                case .alpha:
                    for i in 0..<count { dst[i] = src[4 &* i &+ 3] }
                case .luminance:
                    for i in 0..<count {
                        let l = 0.2125 * Float(src[4 &* i]) + 0.7154 * Float(src[4 &* i &+ 1]) + 0.0721 * Float(src[4 &* i &+ 2])
                        dst[i] = UInt8(min(l + 0.5, 255))
                    }
                }
            }
        }
        data = out
    }
}

/// Which channel of a pixmap becomes coverage.
public enum MaskMode: String, Sendable, Hashable, CaseIterable {
    /// The alpha channel (SwiftUI's `mask`).
    case alpha
    /// The luminance of the premultiplied colour (`luminanceToAlpha`).
    case luminance
}
