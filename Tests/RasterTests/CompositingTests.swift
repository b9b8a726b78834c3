import Geometry
import XCTest

@testable import Raster

/// Blend modes against a plain scalar transcription of their definitions, and the
/// semantics of clips, masks and layers.
final class CompositingTests: XCTestCase {
    func square(_ size: Double = 8) -> Path {
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: size, height: size))
        return p
    }

    /// W3C Compositing Level 1 in doubles, one channel at a time, straight from the text.
    func reference(_ mode: BlendMode, source s: [Double], backdrop d: [Double]) -> [Double] {
        let sa = s[3], da = d[3]
        let cs = (0..<3).map { sa > 0 ? s[$0] / sa : 0 }, cb = (0..<3).map { da > 0 ? d[$0] / da : 0 }
        func general(_ b: [Double]) -> [Double] {
            var out: [Double] = []
            for k in 0..<3 {
                let mixed: Double = sa * (1 - da) * cs[k] + da * (1 - sa) * cb[k]
                out.append(mixed + sa * da * b[k])
            }
            return out + [sa + da - sa * da]
        }
        func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
        func clip(_ c: [Double]) -> [Double] {
            let l = lum(c), n = c.min()!, x = c.max()!
            var r = c
            if n < 0 { r = r.map { l + ($0 - l) * l / (l - n) } }
            if x > 1 { r = r.map { l + ($0 - l) * (1 - l) / (x - l) } }
            return r
        }
        func setLum(_ c: [Double], _ l: Double) -> [Double] { clip(c.map { $0 + l - lum(c) }) }
        func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
        func setSat(_ c: [Double], _ s: Double) -> [Double] {
            let n = c.min()!, x = c.max()!
            return x > n ? c.map { ($0 - n) * s / (x - n) } : [0, 0, 0]
        }
        func separable(_ f: (Double, Double) -> Double) -> [Double] { general((0..<3).map { f(cb[$0], cs[$0]) }) }
        func hardLight(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1) }
        switch mode {
        case .normal: return (0..<4).map { s[$0] + d[$0] * (1 - sa) }
        case .multiply: return separable { $0 * $1 }
        case .screen: return separable { $0 + $1 - $0 * $1 }
        case .overlay: return separable { hardLight($1, $0) }
        case .darken: return separable { min($0, $1) }
        case .lighten: return separable { max($0, $1) }
        case .colorDodge: return separable { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn: return separable { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .softLight:
            return separable { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let dd = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (dd - b)
            }
        case .hardLight: return separable(hardLight)
        case .difference: return separable { abs($0 - $1) }
        case .exclusion: return separable { $0 + $1 - 2 * $0 * $1 }
        case .hue: return general(setLum(setSat(cs, sat(cb)), lum(cb)))
        case .saturation: return general(setLum(setSat(cb, sat(cs)), lum(cb)))
        case .color: return general(setLum(cs, lum(cb)))
        case .luminosity: return general(setLum(cb, lum(cs)))
        case .sourceAtop: return (0..<3).map { s[$0] * da + d[$0] * (1 - sa) } + [da]
        case .destinationOver: return (0..<4).map { s[$0] * (1 - da) + d[$0] }
        case .destinationOut: return (0..<4).map { d[$0] * (1 - sa) }
        case .plusDarker:
            let a = min(1, sa + da)
            return (0..<3).map { max(0, a - ((sa - s[$0]) + (da - d[$0]))) } + [a]
        case .plusLighter: return (0..<4).map { min(1, s[$0] + d[$0]) }
        }
    }

    /// A layer kept when it ends is composited again as it was, with any blend mode, opacity
    /// and filters.
    func testKeptLayerDrawsAsTheLayerItWasKeptFrom() {
        func circle(_ x: Double, _ y: Double, _ r: Double) -> Path {
            var p = Path()
            p.addEllipse(in: Rect(x: x - r, y: y - r, width: 2 * r, height: 2 * r))
            return p
        }
        func backdrop(_ canvas: Canvas) {
            canvas.fill(square(40), paint: Paint(.linearGradient(Gradient(colors: [Color(red: 0.2, green: 0.8, blue: 0.4), .clear]),
                start: Point(x: 0, y: 0), end: Point(x: 40, y: 30))))
        }
        let modes: [BlendMode] = [.normal, .multiply, .destinationOut, .screen]
        let filters: [[LayerFilter]] = [[], [.blur(radius: 2.5)], [.dropShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.5), radius: 3, offset: Point(x: 2, y: -1))]]
        for mode in modes {
            for opacity in [1, 0.6] {
                for filter in filters {
                    let original = Canvas(width: 40, height: 30, background: .white)
                    backdrop(original)
                    original.beginLayer()
                    original.fill(circle(18, 14, 9), paint: Paint(.solid(Color(red: 0.9, green: 0.1, blue: 0.3, alpha: 0.8))))
                    original.fill(circle(25, 16, 6), paint: Paint(.solid(Color(red: 0.1, green: 0.2, blue: 0.9))), rule: .evenOdd)
                    let kept = original.endLayer(opacity: opacity, blendMode: mode, filters: filter, keeping: true)!
                    let again = Canvas(width: 40, height: 30, background: .white)
                    backdrop(again)
                    again.drawLayer(kept, opacity: opacity, blendMode: mode)
                    XCTAssertTrue(original.pixmap.data == again.pixmap.data, "\(mode) \(opacity) \(filter)")
                    XCTAssertTrue(again.isUnclipped)
                    again.pushClip(circle(20, 15, 11))
                    XCTAssertFalse(again.isUnclipped)
                }
            }
        }
    }

    func testEveryBlendModeMatchesItsDefinition() {
        var g = SeededGenerator(seed: 21)
        for mode in BlendMode.allCases {
            for _ in 0..<40 {
                func color() -> Color {
                    Color(
                        red: .random(in: 0...1, using: &g), green: .random(in: 0...1, using: &g), blue: .random(in: 0...1, using: &g),
                        alpha: g.next() % 3 == 0 ? 1 : .random(in: 0...1, using: &g))
                }
                let backdrop = color(), source = color()
                let canvas = Canvas(width: 2, height: 2, background: backdrop)
                canvas.fill(square(2), paint: Paint(.solid(source), blendMode: mode))
                // The backdrop is stored in 8 bits; the source colour is used as given.
                let b8 = backdrop.premultiplied
                let d = [b8.r, b8.g, b8.b, b8.a].map { Double($0) / 255 }
                let s = [source.red * source.alpha, source.green * source.alpha, source.blue * source.alpha, source.alpha]
                let expected = reference(mode, source: s, backdrop: d)
                let p = canvas.pixmap.pixel(x: 1, y: 1)
                for (k, v) in [p.r, p.g, p.b, p.a].enumerated() {
                    XCTAssertEqual(Double(v), min(max(expected[k], 0), 1) * 255, accuracy: 1.01, "\(mode) channel \(k) source \(s) backdrop \(d)")
                }
            }
        }
    }

    /// Partial coverage interpolates between the backdrop and the blended result.
    func testCoverageInterpolatesTheResult() {
        var half = Path()
        half.addRect(Rect(x: 0, y: 0, width: 0.5, height: 1))
        let canvas = Canvas(width: 1, height: 1, background: Color(red: 0.2, green: 0.6, blue: 1))
        canvas.fill(half, paint: Paint(.solid(Color(red: 0, green: 0, blue: 0, alpha: 0.8)), blendMode: .destinationOut))
        // d · (1 − 0.5 · 0.8)
        XCTAssertEqual(canvas.pixmap.pixel(x: 0, y: 0), PremultipliedRGBA8(r: 31, g: 92, b: 153, a: 153))
    }

    func testIntegralRectangleClipNeedsNoMaskAndIsExact() {
        let canvas = Canvas(width: 20, height: 20)
        var clip = Path()
        clip.addRect(Rect(x: 3, y: 4, width: 10, height: 7))
        canvas.pushClip(clip)
        XCTAssertNil(canvas.clips.last?.mask)
        canvas.fill(square(20), paint: .solid(.black))
        canvas.popClip()
        let alpha = stride(from: 3, to: canvas.pixmap.data.count, by: 4).map { Int(canvas.pixmap.data[$0]) }.reduce(0, +)
        XCTAssertEqual(alpha, 70 * 255)
        XCTAssertEqual(canvas.pixmap.pixel(x: 3, y: 4).a, 255)
        XCTAssertEqual(canvas.pixmap.pixel(x: 2, y: 4).a, 0)
    }

    /// An antialiased clip scales coverage: the clip's own coverage times the fill's.
    func testClipMultipliesCoverage() {
        let canvas = Canvas(width: 4, height: 1)
        var clip = Path()
        clip.addRect(Rect(x: 0, y: 0, width: 2.5, height: 1))
        var fill = Path()
        fill.addRect(Rect(x: 1.5, y: 0, width: 2.5, height: 1))
        canvas.pushClip(clip)
        canvas.fill(fill, paint: .solid(.black))
        XCTAssertEqual(canvas.pixmap.pixel(x: 0, y: 0).a, 0)
        XCTAssertEqual(canvas.pixmap.pixel(x: 1, y: 0).a, 128)
        XCTAssertEqual(canvas.pixmap.pixel(x: 2, y: 0).a, 128)
        XCTAssertEqual(canvas.pixmap.pixel(x: 3, y: 0).a, 0)
        // Nested: a second clip intersects.
        var second = Path()
        second.addRect(Rect(x: 0, y: 0, width: 1.5, height: 1))
        canvas.pushClip(second)
        canvas.fill(square(4), paint: .solid(.black))
        XCTAssertEqual(canvas.pixmap.pixel(x: 1, y: 0).a, 128 + 64)
        XCTAssertEqual(canvas.pixmap.pixel(x: 2, y: 0).a, 128)
        XCTAssertEqual(canvas.clipDepth, 2)
        canvas.popClip()
        canvas.popClip()
        canvas.popClip()  // nothing left to pop: ignored
        XCTAssertEqual(canvas.clipDepth, 0)
    }

    func testClipOutsideTheCanvasHidesEverything() {
        let canvas = Canvas(width: 4, height: 4)
        var far = Path()
        far.addEllipse(in: Rect(x: 100, y: 100, width: 5, height: 5))
        canvas.pushClip(far)
        canvas.fill(square(4), paint: .solid(.black))
        XCTAssertEqual(canvas.pixmap, Canvas(width: 4, height: 4).pixmap)
    }

    func testRectangleClipWithEnormousCornersCoversTheCanvas() {
        // Whole-number corners far beyond any canvas (1e300 points): the clip is the canvas,
        // and working it out does not overflow.
        let canvas = Canvas(width: 4, height: 4)
        var huge = Path()
        huge.addRect(Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300))
        canvas.pushClip(huge)
        canvas.fill(square(4), paint: .solid(.black))
        canvas.popClip()
        XCTAssertEqual(canvas.pixmap.pixel(x: 0, y: 0).a, 255)
        XCTAssertEqual(canvas.pixmap.pixel(x: 3, y: 3).a, 255)
    }

    func testMaskUsesAlphaOrLuminanceAtItsOffset() {
        var image = Pixmap(width: 2, height: 1)
        image.setPixel(x: 0, y: 0, PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        image.setPixel(x: 1, y: 0, PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        XCTAssertEqual(Mask(image).data, [255, 255])
        XCTAssertEqual(Mask(image, mode: .luminance).data, [255, 0])
        let canvas = Canvas(width: 4, height: 1)
        canvas.pushMask(Mask(image, mode: .luminance), x: 1, y: 0)
        canvas.fill(square(4), paint: .solid(.black))
        XCTAssertEqual((0..<4).map { canvas.pixmap.pixel(x: $0, y: 0).a }, [0, 255, 0, 0])
    }

    /// Group opacity: overlapping shapes in a layer do not show through each other.
    func testLayerOpacityAppliesToTheGroup() {
        let canvas = Canvas(width: 4, height: 4, background: .white)
        canvas.beginLayer()
        canvas.fill(square(4), paint: .solid(Color(red: 1, green: 0, blue: 0)))
        canvas.fill(square(4), paint: .solid(Color(red: 0, green: 0, blue: 1)))
        XCTAssertEqual(canvas.layerDepth, 1)
        canvas.endLayer(opacity: 0.5)
        XCTAssertEqual(canvas.pixmap.pixel(x: 1, y: 1), PremultipliedRGBA8(r: 128, g: 128, b: 255, a: 255))
        XCTAssertEqual(canvas.layerDepth, 0)
        canvas.endLayer()  // no open layer: ignored
    }

    /// Clips pushed inside a layer end with it; the layer is composited through the clip
    /// that was current when it began.
    func testLayersKeepTheirClipsApart() {
        let canvas = Canvas(width: 4, height: 1)
        var left = Path()
        left.addRect(Rect(x: 0, y: 0, width: 2, height: 1))
        var right = Path()
        right.addRect(Rect(x: 1, y: 0, width: 3, height: 1))
        canvas.pushClip(left)
        canvas.beginLayer()
        canvas.pushClip(right)
        canvas.popClip()
        canvas.popClip()  // may not pop the clip made before the layer
        canvas.pushClip(right)
        canvas.fill(square(4), paint: .solid(.black))
        canvas.endLayer(blendMode: .normal)
        XCTAssertEqual((0..<4).map { canvas.pixmap.pixel(x: $0, y: 0).a }, [0, 255, 0, 0])
        XCTAssertEqual(canvas.clipDepth, 1)
    }

    func testLayerBlendMode() {
        let canvas = Canvas(width: 2, height: 2, background: Color(red: 0.5, green: 0.5, blue: 0.5))
        canvas.beginLayer()
        canvas.fill(square(2), paint: .solid(Color(red: 1, green: 0, blue: 0.5)))
        canvas.endLayer(blendMode: .multiply)
        XCTAssertEqual(canvas.pixmap.pixel(x: 0, y: 0), PremultipliedRGBA8(r: 128, g: 0, b: 64, a: 255))
    }

    func testDrawingNeverFailsOnDegenerateInput() {
        let canvas = Canvas(width: 8, height: 8)
        let before = canvas.pixmap
        var nan = Path()
        nan.move(to: Point(x: .nan, y: 0))
        nan.addLine(to: Point(x: 4, y: 4))
        canvas.fill(nan, paint: .solid(.black))
        canvas.fill(square(), transform: AffineTransform(scaleX: .infinity, y: 1), paint: .solid(.black))
        canvas.stroke(square(), transform: AffineTransform(scaleX: 0, y: 0), paint: .solid(.black), style: StrokeStyle(lineWidth: 2))
        canvas.fill(square(), paint: Paint(.image(Pixmap(width: 2, height: 2), quality: .bilinear), transform: AffineTransform(scaleX: 0, y: 1)))
        canvas.fill(square(), paint: Paint(.solid(.black), opacity: .nan))
        canvas.fillBackdrop(square(), blurRadius: .infinity)
        XCTAssertEqual(canvas.pixmap, before)
        let tiny = Canvas(width: 0, height: -3)
        XCTAssertEqual(tiny.width, 1)
        tiny.fill(square(), paint: .solid(.black))
        XCTAssertEqual(tiny.pixmap.pixel(x: 0, y: 0).a, 255)
    }

    func testImageWhoseInverseTransformOverflowsDrawsItsEdge() {
        // Invertible, but the inverse's translation is ∞ − ∞: every sample position is NaN,
        // which clamps to the image's first column and row.
        let transform = AffineTransform(a: 1e-160, b: 0, c: 1e-170, d: 1e-160, tx: 1e300, ty: 1e300)
        XCTAssertTrue(transform.inverted.map { $0.tx.isNaN } ?? false)
        var image = Pixmap(width: 2, height: 2)
        image.setPixel(x: 0, y: 0, PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        for quality in [FilterQuality.nearest, .bilinear] {
            let canvas = Canvas(width: 8, height: 8)
            canvas.fill(square(), paint: Paint(.image(image, quality: quality), transform: transform))
            XCTAssertEqual(canvas.pixmap.pixel(x: 3, y: 3), PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255), "\(quality)")
        }
    }

    func testHairlineIsOneDevicePixelWide() {
        for scale in [0.25, 1, 4] {
            let canvas = Canvas(width: 64, height: 16)
            var line = Path()
            line.move(to: Point(x: 8 / scale, y: 8.5 / scale))
            line.addLine(to: Point(x: 56 / scale, y: 8.5 / scale))
            canvas.stroke(line, transform: AffineTransform(scaleX: scale, y: scale), paint: .solid(.black), style: StrokeStyle(lineWidth: 0))
            let alpha = stride(from: 3, to: canvas.pixmap.data.count, by: 4).map { Double(canvas.pixmap.data[$0]) }.reduce(0, +) / 255
            XCTAssertEqual(alpha, 48, accuracy: 0.05, "scale \(scale)")
        }
    }

    /// Source-over of solid colours, gradients and images draws straight from the sweep
    /// without a clip mask, and through spans with one: a clip that covers the whole canvas
    /// (a mask of 255 everywhere) must not change a byte. The shapes reach the canvas's
    /// right edge, run thin and small, overlap under both rules, and the canvas is an odd
    /// width, so that single pixels, short gaps and partial groups are all drawn.
    func testClipCoveringTheCanvasChangesNothing() {
        var image = Pixmap(width: 3, height: 2)
        for x in 0..<3 {
            for y in 0..<2 { image.setPixel(x: x, y: y, PremultipliedRGBA8(r: UInt8(80 * x), g: UInt8(200 - 90 * y), b: 120, a: 255)) }
        }
        let gradient = Gradient(colors: [Color(red: 0.9, green: 0.2, blue: 0.1), Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.6)])
        let paints: [Paint] = [
            .solid(Color(red: 0.2, green: 0.6, blue: 0.3)),
            .solid(Color(red: 0.8, green: 0.1, blue: 0.5, alpha: 0.45)),
            Paint(.linearGradient(gradient, start: Point(x: 3, y: 0), end: Point(x: 90, y: 50))),
            Paint(.radialGradient(gradient, center: Point(x: 60, y: 30), startRadius: 2, endRadius: 40)),
            Paint(.image(image, quality: .bilinear), transform: AffineTransform(scaleX: 30, y: 25)),
        ]
        func draw(on canvas: Canvas) {
            var k = 0
            for (i, paint) in paints.enumerated() {
                var shapes = Path()
                shapes.addEllipse(in: Rect(x: 60.3 + Double(i), y: 4.7, width: 45.5, height: 30.2))
                shapes.addEllipse(in: Rect(x: 2.2 * Double(i), y: 20.1, width: 7.3, height: 5.9))
                shapes.addRect(Rect(x: 10.5 + 11 * Double(i), y: 40.25, width: 0.6, height: 17))
                shapes.move(to: Point(x: 5, y: 58))
                shapes.addCurve(to: Point(x: 96.9, y: 12), control1: Point(x: 30, y: -20), control2: Point(x: 70, y: 90))
                for rule in [FillRule.nonZero, .evenOdd] {
                    canvas.fill(shapes, transform: AffineTransform(translationX: Double(k % 3), y: Double(k % 2) * 0.5), paint: paint, rule: rule)
                    k += 1
                }
                canvas.stroke(shapes, paint: paint, style: StrokeStyle(lineWidth: 1.5, lineCap: .round, lineJoin: .round))
            }
            var corner = Path()
            corner.addRect(Rect(x: 96, y: 60, width: 1, height: 1))
            canvas.fill(corner, paint: .solid(.black))
        }
        let plain = Canvas(width: 97, height: 61, background: .white)
        draw(on: plain)
        // A clip opaque over every drawing's window draws as no clip at all.
        let covered = Canvas(width: 97, height: 61, background: .white)
        var cover = Path()
        cover.addEllipse(in: Rect(x: -200, y: -200, width: 500, height: 460))
        covered.pushClip(cover)
        draw(on: covered)
        covered.popClip()
        XCTAssertEqual(zip(plain.pixmap.data, covered.pixmap.data).filter { $0 != $1 }.count, 0)
        // A clip that hides a quarter of the last pixel, which every drawing's window holds,
        // sends drawing through spans and the mask: every other pixel is unchanged.
        let clipped = Canvas(width: 97, height: 61, background: .white)
        var holed = Path()
        holed.addRect(Rect(x: -5, y: -5, width: 110, height: 75))
        holed.addRect(Rect(x: 96.5, y: 60.5, width: 0.5, height: 0.5))
        clipped.pushClip(holed, rule: .evenOdd)
        draw(on: clipped)
        clipped.popClip()
        let last = (60 * 97 + 96) * 4
        let differing = zip(plain.pixmap.data, clipped.pixmap.data).enumerated().filter { $0.element.0 != $0.element.1 && $0.offset / 4 != last / 4 }
        XCTAssertEqual(differing.count, 0)
        // The hidden quarter shows (black over what was drawn there goes only three quarters of the way).
        XCTAssertEqual(plain.pixmap.pixel(x: 96, y: 60), PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        XCTAssertNotEqual(clipped.pixmap.pixel(x: 96, y: 60), plain.pixmap.pixel(x: 96, y: 60))
        // Windows that end inside the canvas, at each offset within a group of four, with
        // and without a clip that hides a corner of the window the ellipse leaves empty.
        for (i, paint) in paints.enumerated() {
            for j in 0..<4 {
                let bounds = Rect(x: 20.4 + 17 * Double(i), y: 4.5 + 13.2 * Double(j), width: 6.3 + Double(j), height: 9.1)
                var ellipse = Path()
                ellipse.addEllipse(in: bounds)
                let plain = Canvas(width: 97, height: 61, background: .white), clipped = Canvas(width: 97, height: 61, background: .white)
                plain.fill(ellipse, paint: paint)
                var corner = Path()
                corner.addRect(Rect(x: -5, y: -5, width: 110, height: 75))
                corner.addRect(Rect(x: bounds.minX, y: bounds.minY, width: 0.25, height: 0.25))
                clipped.pushClip(corner, rule: .evenOdd)
                clipped.fill(ellipse, paint: paint)
                clipped.popClip()
                XCTAssertEqual(zip(plain.pixmap.data, clipped.pixmap.data).filter { $0 != $1 }.count, 0, "paint \(i) width \(bounds.width)")
            }
        }
    }

    func testAMaskIsOpaqueOnlyWhereEveryValueIs255() {
        let mask = ClipMask(rect: PixelRect(x0: 3, y0: 2, x1: 24, y1: 7))
        for y in 2..<7 { mask.pointer(x: 3, y: y).update(repeating: 255, count: 21) }
        XCTAssertTrue(mask.isOpaque(over: mask.rect))
        // Below 255 anywhere in the area (in a group of eight or in the tail), and only there.
        for (x, y) in [(3, 2), (10, 4), (17, 5), (22, 6), (23, 6)] {
            mask.pointer(x: x, y: y).pointee = 254
            XCTAssertFalse(mask.isOpaque(over: mask.rect), "\(x), \(y)")
            XCTAssertTrue(mask.isOpaque(over: PixelRect(x0: 3, y0: 2, x1: 24, y1: 7).excluding(x: x, y: y)), "\(x), \(y)")
            mask.pointer(x: x, y: y).pointee = 255
        }
    }

    func testImageNearestPicksTheContainingPixel() {
        var image = Pixmap(width: 2, height: 1)
        image.setPixel(x: 0, y: 0, PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        image.setPixel(x: 1, y: 0, PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        let canvas = Canvas(width: 8, height: 1)
        canvas.drawImage(image, in: Rect(x: 0, y: 0, width: 8, height: 1), quality: .nearest)
        XCTAssertEqual((0..<8).map { canvas.pixmap.pixel(x: $0, y: 0).r }, [255, 255, 255, 255, 0, 0, 0, 0])
        let smooth = Canvas(width: 8, height: 1)
        smooth.drawImage(image, in: Rect(x: 0, y: 0, width: 8, height: 1), quality: .bilinear)
        // Pixel centres 0.5…7.5 map to 0.0625…0.9375 of the image: pad, then a ramp, then pad.
        XCTAssertEqual((0..<8).map { smooth.pixmap.pixel(x: $0, y: 0).r }, [255, 255, 223, 159, 96, 32, 0, 0])
    }
}

private extension PixelRect {
    /// The largest of the four bands of the rectangle that leave out pixel (`x`, `y`).
    func excluding(x: Int, y: Int) -> PixelRect {
        [PixelRect(x0: x0, y0: y0, x1: x, y1: y1), PixelRect(x0: x + 1, y0: y0, x1: x1, y1: y1),
         PixelRect(x0: x0, y0: y0, x1: x1, y1: y), PixelRect(x0: x0, y0: y + 1, x1: x1, y1: y1)]
            .max { $0.width * $0.height < $1.width * $1.height }!
    }
}
