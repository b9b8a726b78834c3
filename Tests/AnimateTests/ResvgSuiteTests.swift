import Export
import Foundation
import Raster
import Timeline
import XCTest

/// resvg's reference tests (shapes, strokes, dashes, gradients, opacity, transforms, clip paths)
/// translated into timelines by `ResvgSuite/translate.py`: each renders resvg's
/// reference PNG within the anti-aliasing two rasterizers disagree on.
final class ResvgSuiteTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ResvgSuite/cases")

    /// Cases `animate` is known to draw differently, with the reason.
    static let knownFailures: [String: String] = [:]

    /// How far a render is from the reference: the mean per-pixel difference and the share
    /// of pixels differing by more than 32/255, each pixel's difference being its largest
    /// channel difference over white or over black (so colour and coverage both count).
    /// A render passes with a mean of at most 1/255 and at most 0.5 % of its pixels far off:
    /// resvg's anti-aliasing (tiny-skia's 4 × 4 supersampling) and `animate`'s differ by
    /// up to 0.4 % along a long curved edge, while a wrong colour or a stroke 1 point wider
    /// differs over percents.
    struct Difference: CustomStringConvertible {
        var mean: Double
        var farShare: Double

        init(_ expected: Pixmap, _ actual: Pixmap) {
            precondition(expected.width == actual.width && expected.height == actual.height)
            var sum = 0, far = 0
            let e = expected.data, a = actual.data
            for i in stride(from: 0, to: e.count, by: 4) {
                let da = Int(e[i + 3]) - Int(a[i + 3])
                var worst = abs(da)
                for c in 0..<3 {
                    let dc = Int(e[i + c]) - Int(a[i + c])
                    worst = max(worst, abs(dc), abs(dc - da))
                }
                sum += worst
                if worst > 32 { far += 1 }
            }
            let pixels = Double(e.count / 4)
            mean = Double(sum) / pixels / 255
            farShare = Double(far) / pixels
        }

        var passes: Bool { mean <= 1.0 / 255 && farShare <= 0.005 }

        var description: String {
            String(format: "mean %.2f/255, %.3f %% of pixels > 32/255", mean * 255, farShare * 100)
        }
    }

    static func caseNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static func difference(_ name: String, timeline: [UInt8]? = nil) throws -> Difference {
        let json = try timeline ?? [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name + ".json")))
        let rendered = try TimelineLoader().load(json).render(frame: 0)
        let reference = try MediaProbe.decodeImage(path: Self.directory.appendingPathComponent(name + ".png").path)
        return Difference(reference, rendered)
    }

    func testEveryTranslatedCaseMatchesResvg() throws {
        let names = try Self.caseNames()
        let manifest = try String(contentsOf: Self.directory.deletingLastPathComponent().appendingPathComponent("manifest.csv"), encoding: .utf8)
        let translated = manifest.split(whereSeparator: \.isNewline).filter { $0.contains(",translated,") }.map { String($0.prefix { $0 != "," }) }
        XCTAssertEqual(names, translated.sorted(), "the cases are manifest.csv's translated ones")
        XCTAssertGreaterThan(names.count, 200)
        // The cases render on every core, each result kept under a lock.
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var byName: [String: String] = [:]
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: names.count) { i in
            let result: String?
            do {
                let d = try Self.difference(names[i])
                result = d.passes ? nil : d.description
            } catch {
                result = "\(error)"
            }
            if let result {
                results.lock.withLock { results.byName[names[i]] = result }
            }
        }
        var failures: [String] = [], fixed: [String] = []
        for name in names {
            switch (results.byName[name], Self.knownFailures[name]) {
            case (let r?, nil): failures.append("\(name): \(r)")
            case (nil, _?): fixed.append(name)
            default: break
            }
        }
        XCTAssertEqual(failures, [], "\(failures.count) of \(names.count) cases differ from resvg:\n" + failures.joined(separator: "\n"))
        XCTAssertEqual(fixed, [], "known failures that now pass")
        XCTAssertEqual(Set(Self.knownFailures.keys).subtracting(names), [], "known failures without a case")
    }

    /// The tolerance catches a wrong translation: a changed fill colour, a stroke 1 point wider.
    func testToleranceCatchesAWrongTranslation() throws {
        let name = "shapes--rect--simple-case"
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name + ".json"), encoding: .utf8)
        XCTAssertTrue(try Self.difference(name).passes)
        for (old, new) in [("\"#008000\"", "\"#00A000\""), ("\"lineWidth\": 1", "\"lineWidth\": 2")] {
            XCTAssertTrue(text.contains(old), old)
            let changed = [UInt8](text.replacingOccurrences(of: old, with: new).utf8)
            let d = try Self.difference(name, timeline: changed)
            XCTAssertFalse(d.passes, "\(old) → \(new): \(d)")
        }
    }
}
