import Foundation
import Geometry
import Raster
import Scene
import Timeline
import XCTest

/// The demos in Timelines/ keep their articles' numbers.
final class DemoTests: XCTestCase {
    static let timelines = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Timelines")

    func load(_ name: String) throws -> TimelineDocument {
        var loader = TimelineLoader()
        loader.baseDirectory = Self.timelines.path
        loader.imageReader = { path in
            // The demos' images are read by the command through FFmpeg; here any pixmap of the right size will do.
            _ = try Data(contentsOf: URL(fileURLWithPath: path))
            return Pixmap(width: 70, height: 70, fill: PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        }
        return try loader.load([UInt8](try Data(contentsOf: Self.timelines.appendingPathComponent(name))))
    }

    /// Every view in the tree, depth first, with the modifiers wrapped around it (innermost first).
    func views(_ root: Scene.View) -> [(view: Scene.View, modifiers: [Modifier])] {
        var result: [(Scene.View, [Modifier])] = []
        func visit(_ v: Scene.View, _ outer: [Modifier]) {
            var modifiers: [Modifier] = []
            var core = v
            while case .modified(let content, let m) = core {
                modifiers.insert(m, at: 0)
                if case .background(let b, _) = m { visit(b, []) }
                if case .overlay(let o, _) = m { visit(o, []) }
                if case .mask(let k, _) = m { visit(k, []) }
                core = content
            }
            result.append((core, modifiers + outer))
            switch core {
            case .stack(let s): s.children.forEach { visit($0, []) }
            case .scrollView(let s): visit(s.content, [])
            default: break
            }
        }
        visit(root, [])
        return result
    }

    func testBadgeHexagonFollowsHexagonParameters() throws {
        let badge = try load("badge.json")
        let shapes = views(badge.scene.root).compactMap { v -> ShapeView? in
            if case .shape(let s) = v.view, case .commands = s.shape { return s }
            return nil
        }
        XCTAssertEqual(shapes.count, 9, "the hexagon and eight symbols")
        let hexagon = shapes[0].shape.path(in: Rect(x: 0, y: 0, width: 340, height: 340), context: EvaluationContext())
        // HexagonParameters from Apple's tutorial, as printed in the article.
        let adjustment = 0.085
        let table: [[Double]] = [
            [1, 1, 1, 0.60, 0.40, 0.50, 1, 1, 0, 0.05, 0.05, 0],
            [1, 1, 0, 0.05, 0, 0, 1, 1, 1, 0.20 + adjustment, 0.30 + adjustment, 0.25 + adjustment],
            [1, 1, 0, 0, 0.05, 0, 1, 1, 1, 0.70 - adjustment, 0.80 - adjustment, 0.75 - adjustment],
            [1, 1, 1, 0.40, 0.60, 0.50, 1, 1, 1, 0.95, 0.95, 1],
            [1, 1, 1, 0.95, 1, 1, 1, 1, 1, 0.80 - adjustment, 0.70 - adjustment, 0.75 - adjustment],
            [1, 1, 1, 1, 0.95, 1, 1, 1, 1, 0.30 + adjustment, 0.20 + adjustment, 0.25 + adjustment],
        ]
        let side = 340.0, height = side, xScale = 0.85
        let xOffset = side * (1 - xScale) / 2, width = side * xScale
        var expected = [Point(x: xOffset + width * 0.95, y: height * (0.20 + adjustment))]
        for s in table {
            expected.append(Point(x: xOffset + width * s[0] * s[3], y: height * s[6] * s[9]))
            expected.append(Point(x: xOffset + width * s[2] * s[5], y: height * s[8] * s[11]))  // control
            expected.append(Point(x: xOffset + width * s[1] * s[4], y: height * s[7] * s[10]))
        }
        XCTAssertEqual(hexagon.verbs, [.move] + Array(repeating: [Path.Verb.line, .quad], count: 6).flatMap { $0 })
        XCTAssertEqual(hexagon.points.count, expected.count)
        for (a, b) in zip(hexagon.points, expected) {
            XCTAssertEqual(a.x, b.x, accuracy: 1e-9)
            XCTAssertEqual(a.y, b.y, accuracy: 1e-9)
        }
        guard case .linearGradient(let gradient, let start, let end, nil) = shapes[0].fill?.paint else {
            return XCTFail("the hexagon is filled with a linear gradient")
        }
        XCTAssertEqual(gradient.stops.map(\.color), [Color(r8: 239, g8: 120, b8: 221), Color(r8: 239, g8: 172, b8: 120)])
        XCTAssertEqual(start, Alignment(x: 0.5, y: 0))
        XCTAssertEqual(end, Alignment(x: 0.5, y: 0.6))
        // Eight symbols in rgb(79, 79, 191), each at half opacity.
        let symbols = views(badge.scene.root).filter { v in
            if case .shape(let s) = v.view, case .commands = s.shape, case .color(let c) = s.fill?.paint { return c == Color(r8: 79, g8: 79, b8: 191) }
            return false
        }
        XCTAssertEqual(symbols.count, 8)
        for s in symbols {
            XCTAssertTrue(s.modifiers.contains { if case .opacity(.constant(0.5)) = $0 { return true } else { return false } })
        }
    }

    func testClipShapeDemoUsesEightShapesEvenOddWithoutAntialiasing() throws {
        let demo = try load("clip-shape.json")
        var clips: [(Shape, Bool, Bool)] = []
        for v in views(demo.scene.root) {
            for m in v.modifiers { if case .clipShape(let s, let eo, let aa) = m { clips.append((s, eo, aa)) } }
        }
        XCTAssertEqual(clips.count, 2)
        for (shape, eoFill, antialiased) in clips {
            XCTAssertTrue(eoFill)
            XCTAssertFalse(antialiased)
            switch shape {
            case .overlappingEllipses(.constant(8), _), .overlappingRectangles(.constant(8), _): break
            default: XCTFail("unexpected clip shape \(shape)")
            }
        }
        // overlapping goes 0 → 1 → 0 with easeInOut(duration: 2).
        let overlapping = demo.params[0].value
        XCTAssertEqual(overlapping.value(at: 0), [0])
        XCTAssertEqual(overlapping.value(at: 2.25)[0], 1, accuracy: 1e-12)
        XCTAssertEqual(overlapping.value(at: 4.25)[0], 0, accuracy: 1e-12)
        XCTAssertEqual(overlapping.value(at: 1.25)[0], 0.5, accuracy: 1e-9, "easeInOut is symmetric")
    }

    func testBubblesKeepTheArticlesSizesAndColours() throws {
        let bubbles = try load("bubbles.json")
        let p = bubbles.render(frame: 0)
        // Left column, x = 20 + 10 (past the padding and the corner): bubble i spans
        // 60 + (i · 19) % 60 points, 8 apart, the first at the top.
        var top = 0.0
        for i in 0..<5 {
            let h = 60 + Double((i * 19) % 60)
            let inside = p.pixel(x: 40, y: Int(top + h / 2)), gap = p.pixel(x: 40, y: Int(top + h + 4))
            XCTAssertNotEqual(inside, PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255), "bubble \(i)")
            XCTAssertEqual(gap, PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255), "gap after bubble \(i)")
            top += h + 8
        }
        XCTAssertEqual(p.pixel(x: 19, y: 30), PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255), "20-point side padding")
        // Both columns start with the gold gradient's first colour at the top (#FADD70).
        for x in [40, 240] {
            let c = p.pixel(x: x, y: 12)
            XCTAssertEqual(Double(c.r), 0xFA, accuracy: 6)
            XCTAssertEqual(Double(c.g), 0xDD, accuracy: 8)
        }
        // At the bottom of the viewport the right column (viewport space) has reached the
        // gradient's end; the left column (content space) has not.
        let right = p.pixel(x: 240, y: 595), left = p.pixel(x: 40, y: 595)
        XCTAssertLessThan(Int(right.r) + Int(right.g) + Int(right.b), Int(left.r) + Int(left.g) + Int(left.b))
    }

    /// The article's StackedCardsView formulas, with minY measured from the fold.
    func testCardsFollowTheStackedCardsFormulas() throws {
        let cards = try load("cards.json")
        let card = try XCTUnwrap(views(cards.scene.root).first { v in
            v.modifiers.contains { if case .zIndex = $0 { return true } else { return false } }
        })
        var offsetY: Scene.Expression?, scale: Scene.Expression?, opacity: Scene.Expression?
        for m in card.modifiers {
            if case .offset(_, let y) = m { offsetY = y }
            if case .scaleEffect(_, let y, let anchor) = m {
                scale = y
                XCTAssertEqual(anchor, .bottom)
            }
            if case .opacity(let o) = m { opacity = o }
        }
        let itemHeight = 70.0, stacked = 2.0, fold = 452.0
        for minY in stride(from: -200.0, through: 600, by: 7.5) {
            var context = EvaluationContext()
            context.geometry = (0, fold + minY, 320, itemHeight)
            let progress = minY / itemHeight
            let offset = minY < 0 ? 0 : -minY + max(min(progress * 8, stacked * 8), 0)
            XCTAssertEqual(try XCTUnwrap(offsetY).evaluate(in: context), offset, accuracy: 1e-9, "offset at minY \(minY)")
            let s = minY < 0 ? 1 : 1 - max(min(progress * 0.05, stacked * 0.05), 0)
            XCTAssertEqual(try XCTUnwrap(scale).evaluate(in: context), s, accuracy: 1e-9, "scale at minY \(minY)")
            let o = min(max(stacked + 1 - progress, 0), 1)
            XCTAssertEqual(try XCTUnwrap(opacity).evaluate(in: context), o, accuracy: 1e-9, "opacity at minY \(minY)")
        }
    }

    func testHoleIsCutWithTheEvenOddRuleAndThePatternWithDestinationOut() throws {
        let hole = try load("hole.json")
        let all = views(hole.scene.root)
        XCTAssertTrue(all.contains { v in v.modifiers.contains { if case .blendMode(.destinationOut) = $0 { return true } else { return false } } })
        let p = hole.render(frame: 0)
        let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        XCTAssertEqual(p.pixel(x: 20, y: 20), white, "the white view")
        XCTAssertEqual(p.pixel(x: 340, y: 460), white)
        XCTAssertNotEqual(p.pixel(x: 180, y: 200), white, "the hole shows what is behind")
        XCTAssertEqual(p.pixel(x: 82, y: 132), white, "the hole's rounded corner")
    }

    func testEveryDemoLoads() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.timelines.path).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThanOrEqual(names.count, 7)
        for name in names { XCTAssertNoThrow(try load(name), name) }
    }
}
