#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster
import XCTest

/// One small golden image per feature, each on a fixed 64 × 64 canvas (the seed scenes
/// at their own sizes). `RECORD_GOLDENS=1 swift test --filter GoldenTests` records them
/// (and fails); see `GoldenImage`.
final class GoldenTests: XCTestCase {
    func canvas(_ background: Color = .white) -> Canvas { Canvas(width: 64, height: 64, background: background) }

    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
        var p = Path()
        p.addRect(Rect(x: x, y: y, width: w, height: h))
        return p
    }

    let ink = Color(r8: 30, g8: 60, b8: 150)
    let warm = Color(r8: 230, g8: 90, b8: 40)

    // MARK: Coverage

    func testFillNonZero() {
        let c = canvas()
        c.fill(Fixtures.pentagram(center: Point(x: 32, y: 34), radius: 30), paint: .solid(ink))
        GoldenImage.assertMatches(c.pixmap, named: "fill-nonzero")
    }

    func testFillEvenOdd() {
        let c = canvas()
        c.fill(Fixtures.pentagram(center: Point(x: 32, y: 34), radius: 30), paint: .solid(ink), rule: .evenOdd)
        GoldenImage.assertMatches(c.pixmap, named: "fill-evenodd")
    }

    func testFillAliased() {
        let c = canvas()
        var p = Path()
        p.addEllipse(in: Rect(x: 6.3, y: 10.7, width: 50, height: 40))
        c.fill(p, paint: .solid(ink), antialiased: false)
        GoldenImage.assertMatches(c.pixmap, named: "fill-aliased")
    }

    func testFillTransformedCurves() {
        let c = canvas()
        var p = Path()
        p.move(to: Point(x: 0, y: 0))
        p.addQuadCurve(to: Point(x: 40, y: 0), control: Point(x: 20, y: -30))
        p.addCurve(to: Point(x: 0, y: 0), control1: Point(x: 50, y: 30), control2: Point(x: -10, y: 40))
        p.closeSubpath()
        let t = AffineTransform(rotationAngle: 0.4).concatenating(AffineTransform(scaleX: 1.1, y: 0.8)).concatenating(AffineTransform(translationX: 14, y: 24))
        c.fill(p, transform: t, paint: .solid(warm))
        GoldenImage.assertMatches(c.pixmap, named: "fill-transformed-curves")
    }

    // MARK: Shapes

    func testContinuousRoundedRectangle() {
        let c = canvas()
        var p = Path()
        p.addRoundedRect(Rect(x: 6, y: 6, width: 52, height: 52), cornerRadius: 16, style: .continuous)
        c.fill(p, paint: .solid(ink))
        var q = Path()
        q.addRoundedRect(Rect(x: 6, y: 6, width: 52, height: 52), cornerRadius: 16, style: .circular)
        c.stroke(q, paint: .solid(warm), style: StrokeStyle(lineWidth: 1))
        GoldenImage.assertMatches(c.pixmap, named: "shape-continuous-corners")
    }

    func testCapsule() {
        let c = canvas()
        var p = Path()
        p.addCapsule(in: Rect(x: 4, y: 20, width: 56, height: 24))
        c.fill(p, paint: .solid(ink))
        GoldenImage.assertMatches(c.pixmap, named: "shape-capsule")
    }

    // MARK: Strokes

    func testStrokeCaps() {
        let c = canvas()
        for (i, cap) in LineCap.allCases.enumerated() {
            var p = Path()
            p.move(to: Point(x: 14, y: 14 + Double(i) * 18))
            p.addLine(to: Point(x: 50, y: 14 + Double(i) * 18))
            c.stroke(p, paint: .solid(ink), style: StrokeStyle(lineWidth: 10, lineCap: cap))
            c.stroke(p, paint: .solid(warm), style: StrokeStyle(lineWidth: 0))
        }
        GoldenImage.assertMatches(c.pixmap, named: "stroke-caps")
    }

    func testStrokeJoins() {
        let c = canvas()
        for (i, join) in LineJoin.allCases.enumerated() {
            var p = Path()
            let x = 6 + Double(i) * 20
            p.move(to: Point(x: x, y: 52))
            p.addLine(to: Point(x: x + 6, y: 12))
            p.addLine(to: Point(x: x + 14, y: 52))
            c.stroke(p, paint: .solid(ink), style: StrokeStyle(lineWidth: 6, lineJoin: join))
        }
        GoldenImage.assertMatches(c.pixmap, named: "stroke-joins")
    }

    func testStrokeMiterLimit() {
        let c = canvas()
        for (i, limit) in [1.0, 4, 10].enumerated() {
            var p = Path()
            let x = 6 + Double(i) * 20
            p.move(to: Point(x: x, y: 56))
            p.addLine(to: Point(x: x + 6, y: 16))
            p.addLine(to: Point(x: x + 12, y: 56))
            c.stroke(p, paint: .solid(ink), style: StrokeStyle(lineWidth: 4, lineJoin: .miter, miterLimit: limit))
        }
        GoldenImage.assertMatches(c.pixmap, named: "stroke-miter-limit")
    }

    func testStrokeDashes() {
        let c = canvas()
        var p = Path()
        p.addEllipse(in: Rect(x: 8, y: 8, width: 48, height: 48))
        c.stroke(p, paint: .solid(ink), style: StrokeStyle(lineWidth: 4, lineCap: .butt, dash: [10, 5], dashPhase: 3))
        var dots = Path()
        dots.move(to: Point(x: 12, y: 32))
        dots.addLine(to: Point(x: 52, y: 32))
        c.stroke(dots, paint: .solid(warm), style: StrokeStyle(lineWidth: 4, lineCap: .round, dash: [0, 8]))
        GoldenImage.assertMatches(c.pixmap, named: "stroke-dashes")
    }

    func testStrokeHairline() {
        let c = canvas()
        var p = Path()
        p.move(to: Point(x: 2, y: 2))
        p.addCurve(to: Point(x: 30, y: 30), control1: Point(x: 30, y: 2), control2: Point(x: 2, y: 30))
        c.stroke(p, transform: AffineTransform(scaleX: 2, y: 2), paint: .solid(ink), style: StrokeStyle(lineWidth: 0))
        GoldenImage.assertMatches(c.pixmap, named: "stroke-hairline")
    }

    func testStrokeTrim() {
        let c = canvas()
        var p = Path()
        p.addEllipse(in: Rect(x: 10, y: 10, width: 44, height: 44))
        c.stroke(p.trimmedPath(from: 0.1, to: 0.65), paint: .solid(ink), style: StrokeStyle(lineWidth: 6, lineCap: .round))
        GoldenImage.assertMatches(c.pixmap, named: "stroke-trim")
    }

    // MARK: Paints

    func testLinearGradient() {
        let c = canvas()
        let g = Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, alpha: 0)])
        c.fill(rect(0, 0, 64, 64), paint: Paint(.linearGradient(g, start: Point(x: 8, y: 8), end: Point(x: 56, y: 56))))
        GoldenImage.assertMatches(c.pixmap, named: "paint-linear-gradient")
    }

    func testRadialGradient() {
        let c = canvas()
        let g = Gradient(stops: [
            .init(color: .white, location: 0), .init(color: warm, location: 0.4), .init(color: ink, location: 1),
        ])
        let t = AffineTransform(scaleX: 1, y: 0.6).concatenating(AffineTransform(translationX: 32, y: 32))
        c.fill(rect(0, 0, 64, 64), paint: Paint(.radialGradient(g, center: .zero, startRadius: 4, endRadius: 30), transform: t))
        GoldenImage.assertMatches(c.pixmap, named: "paint-radial-gradient")
    }

    func testAngularGradient() {
        let c = canvas()
        let g = Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 1, green: 1, blue: 0), Color(red: 0, green: 0.7, blue: 1)])
        c.fill(rect(0, 0, 64, 32), paint: Paint(.angularGradient(g, center: Point(x: 32, y: 16), startAngle: 0, endAngle: 2 * Double.pi)))
        // A partial sweep: the gap shows the end colour to its middle, then the start colour.
        c.fill(rect(0, 32, 64, 32), paint: Paint(.angularGradient(g, center: Point(x: 32, y: 48), startAngle: 0, endAngle: Double.pi)))
        GoldenImage.assertMatches(c.pixmap, named: "paint-angular-gradient")
    }

    func testImageBilinear() {
        let c = canvas()
        let t = AffineTransform(scaleX: 4, y: 4).concatenating(AffineTransform(rotationAngle: 0.3)).concatenating(AffineTransform(translationX: 14, y: 4))
        c.drawImage(Fixtures.testImage(), in: Rect(x: 0, y: 0, width: 12, height: 10), transform: t)
        GoldenImage.assertMatches(c.pixmap, named: "paint-image-bilinear")
    }

    func testImageNearest() {
        let c = canvas()
        let t = AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(translationX: 14, y: 4))
        c.drawImage(Fixtures.testImage(), in: Rect(x: 0, y: 0, width: 48, height: 40), transform: t, quality: .nearest)
        GoldenImage.assertMatches(c.pixmap, named: "paint-image-nearest")
    }

    // MARK: Compositing

    func testClipEvenOddAntialiased() {
        let c = canvas()
        var clip = Fixtures.pentagram(center: Point(x: 32, y: 34), radius: 31)
        clip.addEllipse(in: Rect(x: 22, y: 24, width: 20, height: 20))
        c.pushClip(clip, rule: .evenOdd)
        c.fill(rect(0, 0, 64, 64), paint: Paint(.linearGradient(Gradient(colors: [warm, ink]), start: .zero, end: Point(x: 64, y: 64))))
        c.popClip()
        GoldenImage.assertMatches(c.pixmap, named: "clip-evenodd-antialiased")
    }

    func testClipAliased() {
        let c = canvas()
        var p = Path()
        p.addEllipse(in: Rect(x: 4.5, y: 8.25, width: 55, height: 47))
        c.pushClip(p, antialiased: false)
        c.fill(rect(0, 0, 64, 64), paint: .solid(ink))
        c.popClip()
        GoldenImage.assertMatches(c.pixmap, named: "clip-aliased")
    }

    func testMaskFromRenderedLuminance() {
        // A view rendered offscreen (white text-like bars on black) used as a luminance mask.
        let offscreen = Canvas(width: 64, height: 64, background: .black)
        for i in 0..<4 {
            offscreen.fill(rect(8, 8 + Double(i) * 13, 48 - Double(i) * 8, 8), paint: .solid(Color(red: 1, green: 1, blue: 1, alpha: 1 - Double(i) * 0.2)))
        }
        let c = canvas()
        c.pushMask(Mask(offscreen.pixmap, mode: .luminance))
        c.fill(rect(0, 0, 64, 64), paint: Paint(.linearGradient(Gradient(colors: [warm, ink]), start: .zero, end: Point(x: 64, y: 0))))
        c.popClip()
        GoldenImage.assertMatches(c.pixmap, named: "mask-luminance")
    }

    func testLayerOpacity() {
        let c = canvas()
        c.beginLayer()
        var a = Path(), b = Path()
        a.addEllipse(in: Rect(x: 6, y: 14, width: 36, height: 36))
        b.addEllipse(in: Rect(x: 22, y: 14, width: 36, height: 36))
        c.fill(a, paint: .solid(ink))
        c.fill(b, paint: .solid(warm))
        c.endLayer(opacity: 0.5)
        GoldenImage.assertMatches(c.pixmap, named: "layer-opacity")
    }

    /// All 21 blend modes: a 7 × 3 grid of cells, each a backdrop ramp under a disc.
    func testBlendModes() {
        let c = Canvas(width: 7 * 20, height: 3 * 20, background: .white)
        let backdrop = Paint(.linearGradient(Gradient(colors: [Color(r8: 20, g8: 120, b8: 220), Color(r8: 250, g8: 200, b8: 40)]), start: .zero, end: Point(x: 140, y: 0)))
        c.fill(rect(0, 0, 140, 60), paint: backdrop)
        for (i, mode) in BlendMode.allCases.enumerated() {
            var disc = Path()
            disc.addEllipse(in: Rect(x: Double(i % 7) * 20 + 3, y: Double(i / 7) * 20 + 3, width: 14, height: 14))
            c.fill(disc, paint: Paint(.solid(Color(r8: 200, g8: 40, b8: 120, alpha: 0.85)), blendMode: mode))
        }
        GoldenImage.assertMatches(c.pixmap, named: "blend-modes")
    }

    func testDestinationOutPattern() {
        let c = canvas()
        c.fill(rect(0, 0, 64, 64), paint: Paint(.linearGradient(Gradient(colors: [warm, ink]), start: .zero, end: Point(x: 0, y: 64))))
        for i in 0..<4 {
            for j in 0..<4 {
                var dot = Path()
                dot.addEllipse(in: Rect(x: 6 + Double(i) * 14, y: 6 + Double(j) * 14, width: 10, height: 10))
                c.fill(dot, paint: Paint(.solid(.black), blendMode: .destinationOut))
            }
        }
        GoldenImage.assertMatches(c.pixmap, named: "blend-destination-out")
    }

    func testLayerBlur() {
        let c = canvas()
        c.beginLayer()
        c.fill(Fixtures.star(center: Point(x: 32, y: 32), radius: 24, points: 5, ratio: 0.45, rotation: -Double.pi / 2), paint: .solid(ink))
        c.endLayer(filters: [.blur(radius: 3)])
        GoldenImage.assertMatches(c.pixmap, named: "filter-blur")
    }

    func testDropShadow() {
        let c = canvas()
        c.beginLayer()
        var p = Path()
        p.addRoundedRect(Rect(x: 12, y: 10, width: 36, height: 36), cornerRadius: 8, style: .continuous)
        c.fill(p, paint: .solid(warm))
        c.endLayer(filters: [.dropShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 0.5), radius: 4, offset: Point(x: 3, y: 5))])
        GoldenImage.assertMatches(c.pixmap, named: "filter-drop-shadow")
    }

    func testBackdropMaterial() {
        let c = canvas()
        for i in 0..<8 {
            c.fill(rect(Double(i) * 8, 0, 4, 64), paint: .solid(i % 2 == 0 ? ink : warm))
        }
        var card = Path()
        card.addRoundedRect(Rect(x: 8, y: 16, width: 48, height: 32), cornerRadius: 10, style: .continuous)
        c.fillBackdrop(card, blurRadius: 4, saturation: 1.8, tint: Color(red: 1, green: 1, blue: 1, alpha: 0.35))
        GoldenImage.assertMatches(c.pixmap, named: "filter-backdrop-material")
    }

    // MARK: Seeds

    func testSeedOverlappingEllipsesClip() {
        GoldenImage.assertMatches(Fixtures.overlappingEllipsesClip().render(), named: "seed-overlapping-ellipses-clip")
    }

    func testSeedLandmarksHexagon() {
        GoldenImage.assertMatches(Fixtures.landmarksHexagon(size: 96).render(), named: "seed-landmarks-hexagon")
    }

    func testSeedRoundedHole() {
        GoldenImage.assertMatches(Fixtures.roundedHole().render(), named: "seed-rounded-hole")
    }

    /// The badge symbols of seed 004: rotated and scaled copies at half opacity (group
    /// opacity per symbol), over the hexagon.
    func testSeedBadgeSymbols() {
        let size = 96.0
        let c = Canvas(width: 96, height: 96, background: .white)
        c.fill(
            Fixtures.hexagon(size: size),
            paint: Paint(.linearGradient(Fixtures.hexagonGradient, start: Point(x: 0.5, y: 0), end: Point(x: 0.5, y: 0.6)), transform: AffineTransform(scaleX: size, y: size)))
        // BadgeSymbol: two polylines in a w × h frame (the tutorial's shape, simplified).
        let w = size, h = size
        var symbol = Path()
        let spacing = w * 0.030, middle = w * 0.5, topWidth = w * 0.226, topHeight = h * 0.488
        symbol.move(to: Point(x: middle, y: spacing))
        symbol.addLine(to: Point(x: middle - topWidth, y: topHeight - spacing))
        symbol.addLine(to: Point(x: middle, y: topHeight / 2 + spacing))
        symbol.addLine(to: Point(x: middle + topWidth, y: topHeight - spacing))
        symbol.addLine(to: Point(x: middle, y: spacing))
        symbol.move(to: Point(x: middle, y: topHeight / 2 + spacing * 3))
        symbol.addLine(to: Point(x: middle - topWidth, y: topHeight + spacing))
        symbol.addLine(to: Point(x: 80 / 96 * w * 0.5 + w * 0.1, y: h - spacing))
        symbol.addLine(to: Point(x: w - (80 / 96 * w * 0.5 + w * 0.1), y: h - spacing))
        symbol.addLine(to: Point(x: middle + topWidth, y: topHeight + spacing))
        symbol.addLine(to: Point(x: middle, y: topHeight / 2 + spacing * 3))
        for i in 0..<8 {
            // RotatedBadgeSymbol: rotated about the frame's bottom centre; then the group is
            // scaled by 1/4 about its top centre and centred at (w/2, 3h/4); each copy has
            // opacity 0.5 (a modifier on ForEach applies to every element).
            let angle = Double(i) / 8 * 2 * Double.pi
            let t = AffineTransform(translationX: -w / 2, y: -h)
                .concatenating(AffineTransform(rotationAngle: angle))
                .concatenating(AffineTransform(translationX: w / 2, y: h))
                .concatenating(AffineTransform(translationX: -w / 2, y: 0))
                .concatenating(AffineTransform(scaleX: 0.25, y: 0.25))
                .concatenating(AffineTransform(translationX: w / 2, y: 0))
                .concatenating(AffineTransform(translationX: 0, y: h * 3 / 4 - h / 8))
            c.beginLayer()
            c.fill(symbol, transform: t, paint: .solid(Color(r8: 79, g8: 79, b8: 191)))
            c.endLayer(opacity: 0.5)
        }
        GoldenImage.assertMatches(c.pixmap, named: "seed-badge-symbols")
    }
}
