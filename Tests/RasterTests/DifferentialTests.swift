#if canImport(Glibc)
import Glibc
#endif
import Export
import Foundation
import Geometry
import XCTest

@testable import Raster

/// Differential tests against Blend2D: generated scenes (fixed seed) rendered by our
/// canvas and by Reference/blend2d_render.py, compared per case.
///
/// Thresholds, on the largest channel difference of each pixel (never on the single
/// worst pixel): fills (including gradients, images, clips, masks, blend modes and
/// layers) — mean absolute difference ≤ 1/255, at most 0.5 % of pixels off by more
/// than 16/255 and 0.05 % by more than 32/255; strokes (and dashes, hairlines) — at
/// most 5 % off by more than 16/255 and 1 % by more than 32/255. The reference script
/// must be able to import blend2d (`Scripts/install-deps` installs it); if it cannot,
/// the test fails. Failing cases are written as `reference | diff | ours` PNGs to
/// `.build/differential-failures/`; `DIFFERENTIAL_KEEP=1` keeps the case files.
final class DifferentialTests: XCTestCase {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Reference/blend2d_render.py")
    static let failureDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/differential-failures")

    func testAgreesWithBlend2D() throws {
        let cases = DifferentialCases.all()
        XCTAssertGreaterThanOrEqual(cases.count, 200)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("raster-differential-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // DIFFERENTIAL_KEEP=1 keeps the cases, images and results for inspection.
        let keep = ProcessInfo.processInfo.environment["DIFFERENTIAL_KEEP"] == "1"
        defer { if !keep { try? FileManager.default.removeItem(at: directory) } }
        if keep { print("differential cases kept in \(directory.path)") }

        var described: [[String: Any]] = []
        var ours: [String: Pixmap] = [:]
        for c in cases {
            let pixmap = c.render()
            ours[c.name] = pixmap
            let output = "\(c.name).ours.rgba"
            try Data(pixmap.data).write(to: directory.appendingPathComponent(output))
            described.append(try c.json(directory: directory, output: output))
        }
        let casesFile = directory.appendingPathComponent("cases.json"), resultsFile = directory.appendingPathComponent("results.json")
        try JSONSerialization.data(withJSONObject: ["directory": directory.path, "cases": described]).write(to: casesFile)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", DifferentialTests.script.path, casesFile.path, resultsFile.path]
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            XCTFail("cannot run python3 for the Blend2D reference (\(error)); run Scripts/install-deps")
            return
        }
        let errorOutput = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            XCTFail("the Blend2D reference failed (exit \(process.terminationStatus)): \(errorOutput)")
            return
        }
        let results = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: resultsFile)) as? [String: Any])
        let entries = try XCTUnwrap(results["results"] as? [[String: Any]])
        XCTAssertEqual(entries.count, cases.count)

        var worst: [DrawingCase.Category: (mean: Double, over16: Double, over32: Double, largest: Int)] = [:]
        for (c, entry) in zip(cases, entries) {
            if let error = entry["error"] as? String {
                XCTFail("\(c.name): the reference could not render it: \(error)")
                continue
            }
            let mean = (entry["meanAbsolute"] as? Double ?? .infinity) / 255
            let over16 = entry["over16"] as? Double ?? 1, over32 = entry["over32"] as? Double ?? 1
            let largest = entry["largest"] as? Int ?? 255
            let w = worst[c.category] ?? (0, 0, 0, 0)
            worst[c.category] = (max(w.mean, mean), max(w.over16, over16), max(w.over32, over32), max(w.largest, largest))
            var problems: [String] = []
            switch c.category {
            case .fill:
                if mean > 1.0 / 255 { problems.append("mean difference \(mean * 255)/255 > 1/255") }
                if over16 > 0.005 { problems.append("\(over16 * 100) % of pixels off by > 16/255 (limit 0.5 %)") }
                if over32 > 0.0005 { problems.append("\(over32 * 100) % of pixels off by > 32/255 (limit 0.05 %)") }
            case .stroke:
                if over16 > 0.05 { problems.append("\(over16 * 100) % of pixels off by > 16/255 (limit 5 %)") }
                if over32 > 0.01 { problems.append("\(over32 * 100) % of pixels off by > 32/255 (limit 1 %)") }
            }
            if !problems.isEmpty {
                let reference = try Data(contentsOf: directory.appendingPathComponent("\(c.name).reference.rgba"))
                let out = writeReport(c, ours: ours[c.name]!, reference: [UInt8](reference))
                XCTFail("\(c.name): " + problems.joined(separator: "; ") + "; reference | diff | ours in \(out)")
            }
        }
        for category in DrawingCase.Category.allCases {
            guard let w = worst[category] else { continue }
            print(
                String(
                    format: "differential %@: %d cases; worst mean %.3f/255, worst >16/255 %.3f %%, worst >32/255 %.3f %%, largest pixel difference %d/255",
                    category.rawValue, cases.filter { $0.category == category }.count, w.mean * 255, w.over16 * 100, w.over32 * 100,
                    w.largest))
        }
    }

    func writeReport(_ c: DrawingCase, ours: Pixmap, reference: [UInt8]) -> String {
        let expected = Pixmap(width: c.width, height: c.height, premultipliedData: reference)
        var diff = Pixmap(width: c.width, height: c.height, fill: PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        for y in 0..<c.height {
            for x in 0..<c.width {
                let a = expected.pixel(x: x, y: y), b = ours.pixel(x: x, y: y)
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                let v = UInt8(255 - min(d * 4, 255))
                diff.setPixel(x: x, y: y, d > 16 ? PremultipliedRGBA8(r: 255, g: v, b: v, a: 255) : PremultipliedRGBA8(r: v, g: v, b: v, a: 255))
            }
        }
        try? FileManager.default.createDirectory(at: DifferentialTests.failureDirectory, withIntermediateDirectories: true)
        let path = DifferentialTests.failureDirectory.appendingPathComponent("\(c.name).png").path
        try? writePNG(GoldenImage.sideBySide(expected, diff, ours), to: path)
        return path
    }
}

/// The generated cases: a fixed seed, so every run draws the same scenes.
enum DifferentialCases {
    static func all(seed: UInt64 = 0x5EED_0004) -> [DrawingCase] {
        var g = SeededGenerator(seed: seed)
        var cases: [DrawingCase] = []
        func add(_ name: String, _ category: DrawingCase.Category, background: Color = .clear, _ ops: [DrawOp]) {
            cases.append(DrawingCase(name: String(format: "%03d-", cases.count) + name, category: category, background: background, ops: ops))
        }
        // Fills: polygons, curves and stars under both rules.
        for i in 0..<40 {
            let rule: FillRule = i % 2 == 0 ? .nonZero : .evenOdd
            add("polygon-\(rule)", .fill, background: i % 4 < 2 ? .clear : .white, [.fill(randomPolygon(&g), randomTransform(&g, chance: 0.3), .solid(randomColor(&g)), rule, antialiased: true)])
        }
        for i in 0..<30 {
            let rule: FillRule = i % 2 == 0 ? .nonZero : .evenOdd
            add("curves-\(rule)", .fill, [.fill(randomCurves(&g), randomTransform(&g, chance: 0.3), .solid(randomColor(&g)), rule, antialiased: true)])
        }
        for i in 0..<20 {
            let rule: FillRule = i % 2 == 0 ? .nonZero : .evenOdd
            add("star-\(rule)", .fill, background: .white, [.fill(randomStar(&g), .identity, .solid(randomColor(&g, opaque: true)), rule, antialiased: true)])
        }
        for _ in 0..<10 {
            add("shapes", .fill, [.fill(randomShapes(&g), randomTransform(&g, chance: 0.5), .solid(randomColor(&g)), .nonZero, antialiased: true)])
        }
        // Antialiasing off: centre sampling.
        for i in 0..<10 {
            let rule: FillRule = i % 2 == 0 ? .nonZero : .evenOdd
            add("aliased-\(rule)", .fill, background: .white, [.fill(i < 5 ? randomPolygon(&g) : randomCurves(&g), .identity, .solid(randomColor(&g)), rule, antialiased: false)])
        }
        // Gradients, with translucent stops and paint transforms.
        for kind in 0..<3 {
            for _ in 0..<10 {
                let paint = randomGradientPaint(&g, kind: kind)
                let shape = g.next() % 3 == 0 ? canvasRect() : randomCurves(&g)
                add(["linear-gradient", "radial-gradient", "angular-gradient"][kind], .fill, background: .white, [.fill(shape, .identity, paint, .nonZero, antialiased: true)])
            }
        }
        // Shared gradient: one gradient in device space across several shapes.
        for _ in 0..<4 {
            let paint = randomGradientPaint(&g, kind: 0)
            add("shared-gradient", .fill, (0..<4).map { _ in .fill(randomStar(&g), .identity, paint, .nonZero, antialiased: true) })
        }
        // Images under affine transforms (bilinear).
        for _ in 0..<10 {
            let image = Fixtures.testImage()
            let t = AffineTransform(scaleX: .random(in: 4...10, using: &g), y: .random(in: 4...10, using: &g))
                .concatenating(AffineTransform(rotationAngle: .random(in: -1...1, using: &g)))
                .concatenating(AffineTransform(translationX: .random(in: 20...70, using: &g), y: .random(in: 0...40, using: &g)))
            var rect = Path()
            rect.addRect(Rect(x: 0, y: 0, width: 12, height: 10))
            add("image", .fill, background: .white, [.fill(rect, t, Paint(.image(image, quality: .bilinear), transform: t), .nonZero, antialiased: true)])
        }
        // Clips: antialiased and aliased, either rule, nested.
        for i in 0..<20 {
            let rule: FillRule = i % 2 == 0 ? .nonZero : .evenOdd
            let aa = i < 12
            let clip = i % 3 == 0 ? randomStar(&g) : randomCurves(&g)
            var ops: [DrawOp] = [.pushClip(clip, .identity, rule, antialiased: aa)]
            if i % 5 == 4 { ops.append(.pushClip(randomShapes(&g), .identity, .nonZero, antialiased: true)) }
            ops.append(.fill(canvasRect(), .identity, randomGradientPaint(&g, kind: 0), .nonZero, antialiased: true))
            ops.append(.fill(randomPolygon(&g), .identity, .solid(randomColor(&g)), .nonZero, antialiased: true))
            add("clip-\(aa ? "aa" : "aliased")-\(rule)", .fill, background: .white, ops)
        }
        // destinationOut: shapes and an image pattern cut out of what is drawn.
        for i in 0..<12 {
            var ops: [DrawOp] = [.fill(canvasRect(), .identity, randomGradientPaint(&g, kind: 0), .nonZero, antialiased: true)]
            if i % 3 == 2 {
                let image = Fixtures.testImage()
                let t = AffineTransform(scaleX: 8, y: 8).concatenating(AffineTransform(rotationAngle: .random(in: -0.5...0.5, using: &g)))
                    .concatenating(AffineTransform(translationX: 30, y: 20))
                var rect = Path()
                rect.addRect(Rect(x: 0, y: 0, width: 12, height: 10))
                ops.append(.fill(rect, t, Paint(.image(image, quality: .bilinear), blendMode: .destinationOut, transform: t), .nonZero, antialiased: true))
            } else {
                let color = randomColor(&g)
                ops.append(.fill(i % 2 == 0 ? randomStar(&g) : randomCurves(&g), .identity, Paint(.solid(color), blendMode: .destinationOut), i % 4 < 2 ? .nonZero : .evenOdd, antialiased: true))
            }
            add("destination-out", .fill, ops)
        }
        // Every blend mode, over an opaque and over a translucent backdrop.
        for mode in BlendMode.allCases {
            for opaque in [true, false] {
                var ops: [DrawOp] = [
                    .fill(canvasRect(), .identity, randomGradientPaint(&g, kind: 0, opaqueStops: opaque), .nonZero, antialiased: true),
                    .fill(randomShapes(&g), .identity, .solid(randomColor(&g)), .nonZero, antialiased: true),
                ]
                ops.append(.fill(randomCurves(&g), .identity, Paint(.solid(randomColor(&g)), blendMode: mode), .nonZero, antialiased: true))
                add("blend-\(mode.rawValue)", .fill, background: opaque ? .white : .clear, ops)
            }
        }
        // Layers: group opacity and blend modes of whole groups, through clips.
        for i in 0..<10 {
            let mode: BlendMode = [.normal, .multiply, .screen, .destinationOut, .sourceAtop][i % 5]
            var ops: [DrawOp] = [.fill(randomShapes(&g), .identity, .solid(randomColor(&g, opaque: true)), .nonZero, antialiased: true)]
            if i >= 5 { ops.append(.pushClip(randomStar(&g), .identity, .evenOdd, antialiased: true)) }
            ops.append(.beginLayer)
            for _ in 0..<3 { ops.append(.fill(randomCurves(&g), .identity, .solid(randomColor(&g, opaque: true)), .nonZero, antialiased: true)) }
            ops.append(.endLayer(opacity: .random(in: 0.3...1, using: &g), blendMode: mode))
            if i >= 5 { ops.append(.popClip) }
            add("layer-\(mode.rawValue)", .fill, background: .white, ops)
        }
        // The seeds' scenes.
        cases.append(Fixtures.overlappingEllipsesClip())
        cases.append(Fixtures.landmarksHexagon(size: 128))
        cases.append(Fixtures.roundedHole())
        // Strokes with every cap and join.
        for cap in LineCap.allCases {
            for join in LineJoin.allCases {
                for k in 0..<3 {
                    let path = k == 0 ? randomPolyline(&g) : (k == 1 ? randomCurves(&g, closed: false) : randomPolygon(&g))
                    let style = StrokeStyle(
                        lineWidth: .random(in: 1...14, using: &g), lineCap: cap, lineJoin: join,
                        miterLimit: k == 2 ? .random(in: 1...4, using: &g) : 10)
                    add("stroke-\(cap.rawValue)-\(join.rawValue)", .stroke, background: .white, [.stroke(path, .identity, .solid(randomColor(&g, opaque: true)), style)])
                }
            }
        }
        for i in 0..<12 {
            let style = StrokeStyle(
                lineWidth: .random(in: 0.5...10, using: &g), lineCap: LineCap.allCases[i % 3], lineJoin: LineJoin.allCases[(i / 3) % 3])
            let t = AffineTransform(scaleX: .random(in: 0.6...1.6, using: &g), y: i % 2 == 0 ? 1 : .random(in: 0.6...1.6, using: &g))
                .concatenating(AffineTransform(rotationAngle: .random(in: -1...1, using: &g)))
                .concatenating(AffineTransform(translationX: 64, y: 64))
            let path = randomCurves(&g, closed: i % 2 == 0).applying(AffineTransform(translationX: -64, y: -64))
            add("stroke-transformed", .stroke, background: .white, [.stroke(path, t, .solid(randomColor(&g, opaque: true)), style)])
        }
        for i in 0..<6 {
            let style = StrokeStyle(lineWidth: .random(in: 2...12, using: &g), lineJoin: LineJoin.allCases[i % 3])
            add("stroke-shapes", .stroke, background: .white, [.stroke(randomShapes(&g), .identity, randomGradientPaint(&g, kind: i % 3), style)])
        }
        // Dashes.
        for i in 0..<16 {
            var pattern = (0..<(2 + Int(g.next() % 3))).map { _ in Double.random(in: 2...18, using: &g) }
            let cap = LineCap.allCases[i % 3]
            if i % 4 == 3 { pattern = [0, .random(in: 6...12, using: &g)] }
            let style = StrokeStyle(
                lineWidth: .random(in: 1...8, using: &g), lineCap: i % 4 == 3 ? .round : cap, lineJoin: LineJoin.allCases[(i / 3) % 3],
                dash: pattern, dashPhase: .random(in: -20...20, using: &g))
            let path = i % 3 == 0 ? randomShapes(&g) : randomCurves(&g, closed: i % 2 == 0)
            add("dash", .stroke, background: .white, [.stroke(path, .identity, .solid(randomColor(&g, opaque: true)), style)])
        }
        // Hairlines.
        for i in 0..<5 {
            let t = AffineTransform(scaleX: .random(in: 0.5...3, using: &g), y: .random(in: 0.5...3, using: &g))
            let path = randomCurves(&g, closed: i % 2 == 0).applying(AffineTransform(scaleX: 0.4, y: 0.4))
            add("hairline", .stroke, background: .white, [.stroke(path, t, .solid(randomColor(&g, opaque: true)), StrokeStyle(lineWidth: 0))])
        }
        return cases
    }

    static func canvasRect() -> Path {
        var p = Path()
        p.addRect(Rect(x: 0, y: 0, width: 128, height: 128))
        return p
    }

    static func randomPoint(_ g: inout SeededGenerator, margin: Double = 12) -> Point {
        Point(x: .random(in: -margin...(128 + margin), using: &g), y: .random(in: -margin...(128 + margin), using: &g))
    }

    static func randomColor(_ g: inout SeededGenerator, opaque: Bool = false) -> Color {
        let a = opaque || g.next() % 3 != 0 ? 255 : Int.random(in: 60...230, using: &g)
        return Color(r8: Int.random(in: 0...255, using: &g), g8: Int.random(in: 0...255, using: &g), b8: Int.random(in: 0...255, using: &g), alpha: Double(a) / 255)
    }

    static func randomTransform(_ g: inout SeededGenerator, chance: Double) -> AffineTransform {
        guard Double.random(in: 0...1, using: &g) < chance else { return .identity }
        return AffineTransform(translationX: -64, y: -64)
            .concatenating(AffineTransform(scaleX: .random(in: 0.5...1.3, using: &g), y: .random(in: 0.5...1.3, using: &g)))
            .concatenating(AffineTransform(rotationAngle: .random(in: -Double.pi...Double.pi, using: &g)))
            .concatenating(AffineTransform(translationX: 64, y: 64))
    }

    static func randomPolygon(_ g: inout SeededGenerator) -> Path {
        var p = Path()
        let n = Int.random(in: 3...12, using: &g)
        p.move(to: randomPoint(&g))
        for _ in 1..<n { p.addLine(to: randomPoint(&g)) }
        p.closeSubpath()
        return p
    }

    static func randomPolyline(_ g: inout SeededGenerator) -> Path {
        var p = Path()
        p.move(to: randomPoint(&g, margin: -10))
        for _ in 0..<Int.random(in: 2...5, using: &g) { p.addLine(to: randomPoint(&g, margin: -10)) }
        return p
    }

    static func randomCurves(_ g: inout SeededGenerator, closed: Bool = true) -> Path {
        var p = Path()
        p.move(to: randomPoint(&g))
        for _ in 0..<Int.random(in: 2...4, using: &g) {
            switch g.next() % 3 {
            case 0: p.addLine(to: randomPoint(&g))
            case 1: p.addQuadCurve(to: randomPoint(&g), control: randomPoint(&g))
            default: p.addCurve(to: randomPoint(&g), control1: randomPoint(&g), control2: randomPoint(&g))
            }
        }
        if closed { p.closeSubpath() }
        return p
    }

    static func randomStar(_ g: inout SeededGenerator) -> Path {
        Fixtures.star(
            center: Point(x: .random(in: 30...98, using: &g), y: .random(in: 30...98, using: &g)), radius: .random(in: 20...70, using: &g),
            points: Int.random(in: 4...9, using: &g), ratio: .random(in: 0.2...0.9, using: &g), rotation: .random(in: 0...6.3, using: &g))
    }

    static func randomShapes(_ g: inout SeededGenerator) -> Path {
        var p = Path()
        let r = Rect(x: .random(in: 4...40, using: &g), y: .random(in: 4...40, using: &g), width: .random(in: 30...84, using: &g), height: .random(in: 30...84, using: &g))
        switch g.next() % 4 {
        case 0: p.addEllipse(in: r)
        case 1: p.addRoundedRect(r, cornerRadius: .random(in: 2...30, using: &g), style: .circular)
        case 2: p.addRoundedRect(r, cornerRadius: .random(in: 2...30, using: &g), style: .continuous)
        default: p.addCapsule(in: r)
        }
        return p
    }

    static func randomGradientPaint(_ g: inout SeededGenerator, kind: Int, opaqueStops: Bool = false) -> Paint {
        let n = Int.random(in: 2...4, using: &g)
        var stops: [Gradient.Stop] = []
        for k in 0..<n {
            let location = n == 2 ? Double(k) : (k == 0 ? 0 : (k == n - 1 ? 1 : .random(in: 0.1...0.9, using: &g)))
            stops.append(Gradient.Stop(color: randomColor(&g, opaque: opaqueStops), location: location))
        }
        let gradient = Gradient(stops: stops)
        let rotation = Double.random(in: -1.5...1.5, using: &g)
        let skewed = g.next() % 2 == 0
        let scale = (Double.random(in: 0.6...1.4, using: &g), Double.random(in: 0.6...1.4, using: &g))
        // Blend2D's radial gradient goes wrong under rotation (t off by up to 0.03) and its
        // conic gradient under skew (the seam moves), so radial gradients get axis-aligned
        // scales and angular ones similarity transforms here; ours are checked against
        // the analytic t under any transform by GradientTests.
        let transform = !skewed
            ? AffineTransform.identity
            : AffineTransform(translationX: -64, y: -64)
                .concatenating(AffineTransform(scaleX: scale.0, y: kind == 2 ? scale.0 : scale.1))
                .concatenating(AffineTransform(rotationAngle: kind == 1 ? 0 : rotation))
                .concatenating(AffineTransform(translationX: 64, y: 64))
        switch kind {
        case 0:
            return Paint(.linearGradient(gradient, start: randomPoint(&g, margin: -10), end: randomPoint(&g, margin: -10)), transform: transform)
        case 1:
            let r0 = Double.random(in: 0...20, using: &g)
            return Paint(
                .radialGradient(gradient, center: randomPoint(&g, margin: -20), startRadius: r0, endRadius: r0 + .random(in: 20...90, using: &g)),
                transform: transform)
        default:
            let a0 = Double.random(in: -3...3, using: &g)
            return Paint(.angularGradient(gradient, center: randomPoint(&g, margin: -30), startAngle: a0, endAngle: a0 + 2 * Double.pi), transform: transform)
        }
    }
}
