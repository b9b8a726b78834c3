import Geometry
import XCTest

@testable import Raster

/// A canvas writes its background into each row as drawing first reaches it (see
/// `UnfilledRows`); the image must be exactly that of a canvas filled first, whatever
/// the allocator left in its memory.
final class BackgroundTests: XCTestCase {
    static let width = 203, height = 151

    /// Every way a drawing reaches the base layer: opaque and translucent solid colours
    /// (bulk fills, runs, the right edge's narrow tails, gaps of partial coverage), opaque
    /// and translucent gradients,
    /// even-odd, a clip path, another blend mode, a layer, a backdrop and an image.
    func draw(on canvas: Canvas) {
        let w = Double(Self.width)
        var ellipses = Path()
        ellipses.addEllipse(in: Rect(x: 10.3, y: 8.6, width: 120, height: 60))
        ellipses.addEllipse(in: Rect(x: 50.7, y: 20.2, width: 120, height: 60))
        canvas.fill(ellipses, paint: .solid(Color(red: 1, green: 0.8, blue: 0)), rule: .evenOdd)
        var star = Path()
        for k in 0..<10 {
            let a = Double(k) / 10 * 2 * Double.pi, r = k % 2 == 0 ? 50.0 : 20.0
            let p = Point(x: 150 + r * cos(a), y: 60 + r * sin(a))
            if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        canvas.fill(star, paint: .solid(Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.6)))
        var edge = Path()
        edge.addRect(Rect(x: w - 2.6, y: 30.25, width: 10, height: 7.5))
        edge.addRect(Rect(x: w - 17.4, y: 40, width: 30, height: 3.3))
        canvas.fill(edge, paint: .solid(Color(red: 0.9, green: 0.1, blue: 0.3, alpha: 0.8)))
        var band = Path()
        band.addRoundedRect(Rect(x: 5.5, y: 90.5, width: w - 3, height: 20), cornerRadius: 6)
        let gradient = Gradient(colors: [Color(red: 0, green: 0.6, blue: 0.5), Color(red: 0.8, green: 0.2, blue: 0.7)])
        canvas.fill(band, paint: Paint(.linearGradient(gradient, start: Point(x: 0, y: 0), end: Point(x: w, y: 0))))
        var faint = Path()
        faint.addEllipse(in: Rect(x: 60.2, y: 70.1, width: 90, height: 50))
        canvas.fill(faint, paint: Paint(.linearGradient(gradient, start: Point(x: 60, y: 0), end: Point(x: 150, y: 0)), opacity: 0.5))
        var clip = Path()
        clip.addEllipse(in: Rect(x: 20, y: 112, width: 70, height: 30))
        canvas.pushClip(clip)
        var square = Path()
        square.addRect(Rect(x: 0, y: 105, width: 100, height: 40))
        canvas.fill(square, paint: .solid(Color(red: 0.2, green: 0.7, blue: 0.2)))
        canvas.popClip()
        var multiplied = Path()
        multiplied.addRect(Rect(x: 110.5, y: 115.5, width: 40, height: 25))
        canvas.fill(multiplied, paint: Paint(.solid(Color(red: 0.5, green: 0.9, blue: 0.1)), blendMode: .multiply))
        canvas.beginLayer()
        var layered = Path()
        layered.addEllipse(in: Rect(x: 160, y: 100, width: 50, height: 48))
        canvas.fill(layered, paint: .solid(.black))
        canvas.endLayer(opacity: 0.4)
        var frosted = Path()
        frosted.addRect(Rect(x: 30, y: 0, width: 60, height: 16))
        canvas.fillBackdrop(frosted, blurRadius: 3, tint: Color(red: 1, green: 1, blue: 1, alpha: 0.3))
        let image = Pixmap(width: 4, height: 4, fill: PremultipliedRGBA8(r: 40, g: 80, b: 120, a: 160))
        canvas.drawImage(image, in: Rect(x: 180.5, y: 2.5, width: 12, height: 9))
        // Rows nothing else reaches, covered in part from edge to edge: gaps of partial
        // coverage, translucent and opaque.
        var bars = Path()
        bars.addRect(Rect(x: 20.3, y: 149.25, width: 130.4, height: 0.5))
        canvas.fill(bars, paint: .solid(Color(red: 0.9, green: 0.5, blue: 0.1, alpha: 0.7)))
        bars = Path()
        bars.addRect(Rect(x: 30.6, y: 150.2, width: 150.1, height: 0.7))
        canvas.fill(bars, paint: .solid(Color(red: 0.1, green: 0.5, blue: 0.9)))
    }

    func testTheImageIsThatOfACanvasFilledFirst() {
        FrameMemory.reuseFreedBuffers()
        let backgrounds = [Color.white, Color(red: 0.2, green: 0.4, blue: 0.6), Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5), .clear]
        for background in backgrounds {
            // Bytes unlike any background, where the next canvas of this size may be allocated.
            _ = Pixmap(width: Self.width, height: Self.height, fill: PremultipliedRGBA8(r: 171, g: 17, b: 99, a: 200))
            let deferred = Canvas(width: Self.width, height: Self.height, background: background)
            let filledFirst = Canvas(width: Self.width, height: Self.height, background: background)
            _ = filledFirst.pixmap
            draw(on: deferred)
            draw(on: filledFirst)
            let a = deferred.pixmap, b = filledFirst.pixmap
            let differing = zip(a.data, b.data).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "bytes that differ, background \(background)")
            // Rows nothing reached hold the background too.
            XCTAssertEqual(a.pixel(x: 7, y: Self.height - 1), background.premultiplied)
        }
    }

    func testRowsBelowEveryDrawingGetTheBackgroundWhenThePixelsAreRead() {
        let background = Color(red: 0.3, green: 0.5, blue: 0.7)
        let canvas = Canvas(width: 40, height: 30, background: background)
        var square = Path()
        square.addRect(Rect(x: 10, y: 5, width: 10, height: 10))
        canvas.fill(square, paint: .solid(.black))
        let pixmap = canvas.pixmap
        for y in [0, 4, 15, 29] {
            for x in [0, 12, 39] { XCTAssertEqual(pixmap.pixel(x: x, y: y), background.premultiplied, "(\(x), \(y))") }
        }
        XCTAssertEqual(pixmap.pixel(x: 12, y: 8), Color.black.premultiplied)
    }

    func testFillsWriteExactlyTheirPixels() {
        // Every short count and a few long ones, at each offset in a group of four, with a
        // colour of four equal bytes (white) and one of different bytes: the pixels asked
        // for take the colour, and their neighbours keep theirs.
        for color: UInt32 in [0xFFFF_FFFF, 0xFF10_2030] {
            for count in Array(0...40) + [63, 64, 65, 200] {
                for offset in 0..<4 {
                    var row = [UInt32](repeating: 0x0102_0304, count: offset + count + 5)
                    row.withUnsafeMutableBytes { Pixmap.fill($0.baseAddress! + 4 * (offset + 1), count: count, with: color) }
                    for (i, pixel) in row.enumerated() {
                        let inside = i > offset && i <= offset + count
                        XCTAssertEqual(pixel, inside ? color : 0x0102_0304, "colour \(color), \(count) pixels from \(offset + 1): pixel \(i)")
                    }
                }
            }
        }
    }
}
