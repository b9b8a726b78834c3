import Foundation
import Scene
import XCTest
@testable import Timeline

/// One file of `BadTimelines/` and the error it must give, as listed in
/// `BadTimelines/expected.tsv`.
struct BadTimeline {
    var file: String
    /// `line:column`.
    var location: String
    /// The JSON path as the error prints it; `nil` for an error about the whole file.
    var path: String?
    var fragment: String

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("BadTimelines")

    static func all() throws -> [BadTimeline] {
        let text = try String(contentsOf: folder.appendingPathComponent("expected.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return BadTimeline(file: fields[0], location: fields[1], path: fields[2] == "-" ? nil : fields[2], fragment: fields[3])
        }
    }

    func bytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(file)))
    }
}

/// Every class of bad input is refused at load time with its JSON path and
/// line:column, before anything is rendered.
final class BadTimelineTests: XCTestCase {
    func testEveryBadTimelineFailsWithItsLocatedError() throws {
        let cases = try BadTimeline.all()
        XCTAssertGreaterThanOrEqual(cases.count, 40)
        var loader = TimelineLoader()
        // The command line reads images through FFmpeg; here a missing file is enough.
        loader.imageReader = { path in throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        for bad in cases {
            do {
                _ = try loader.load(try bad.bytes())
                XCTFail("\(bad.file) loaded")
            } catch let error as TimelineError {
                XCTAssertEqual(error.location?.description, bad.location, "\(bad.file): \(error)")
                XCTAssertEqual(error.path?.description, bad.path, "\(bad.file): \(error)")
                XCTAssertTrue(error.message.contains(bad.fragment), "\(bad.file): \"\(error.message)\" lacks \"\(bad.fragment)\"")
                XCTAssertTrue(error.description.hasSuffix(" at \(bad.location)"), error.description)
            }
        }
    }

    func testEveryFixtureIsListed() throws {
        let listed = Set(try BadTimeline.all().map(\.file))
        let files = try FileManager.default.contentsOfDirectory(atPath: BadTimeline.folder.path).filter { $0.hasSuffix(".json") }
        XCTAssertEqual(Set(files), listed)
    }

    func testLimitsCanBeRaised() throws {
        func load(_ file: String, _ configure: (inout TimelineLoader) -> Void) throws -> TimelineDocument {
            var loader = TimelineLoader()
            configure(&loader)
            return try loader.load([UInt8](try Data(contentsOf: BadTimeline.folder.appendingPathComponent(file))))
        }
        XCTAssertEqual(try load("limit-frames.json") { $0.maxFrames = 120_000 }.frameCount, 120_000)
        XCTAssertEqual(try load("limit-pixels.json") { $0.maxPixels = 20_000 * 20_000 }.scene.pixelWidth, 20_000)
        XCTAssertNoThrow(try load("limit-nesting.json") { $0.maxDepth = 141 })
        XCTAssertThrowsError(try load("limit-nesting.json") { $0.maxDepth = 140 })
        XCTAssertNoThrow(try load("limit-expression-length.json") { $0.maxExpressionLength = 1199 })
        XCTAssertThrowsError(try load("limit-expression-length.json") { $0.maxExpressionLength = 1198 })
    }

    /// Raising the view depth raises the JSON depth with it: a deep scene is
    /// refused for its views, not for its JSON.
    func testDeepScenesNeedOnlyTheViewDepth() throws {
        // Each view is two levels (itself and its modifier) and four JSON levels
        // (modifiers, modifier, background, content) below its parent.
        var scene = #"{ "circle": {} }"#
        for _ in 0..<100 {
            scene = #"{ "circle": {}, "modifiers": [ { "background": { "content": "# + scene + " } } ] }"
        }
        let text = #"{ "size": [10, 10], "duration": 1, "scene": "# + scene + "}"
        var loader = TimelineLoader()
        XCTAssertThrowsError(try loader.load(Array(text.utf8))) { error in
            XCTAssertTrue((error as! TimelineError).message.contains("(raise it with --max-depth)"), "\(error)")
        }
        loader.maxDepth = 256
        XCTAssertNoThrow(try loader.load(Array(text.utf8)))
    }

    /// Expressions that read no variable are known when loading; one that is not
    /// finite is an error there, while ones that vary are left to the renderer.
    func testOnlyConstantExpressionsMustBeFinite() throws {
        func document(_ value: String) throws -> TimelineDocument {
            let text = #"{ "size": [40, 30], "duration": 1, "scene": { "rectangle": {}, "modifiers": [ { "offset": { "x": ""# + value + #"" } } ] } }"#
            return try TimelineLoader().load(Array(text.utf8))
        }
        for constant in ["=0/0", "=1/0", "=-1/0", "=sqrt(-1)", "=pow(10, 400)", "=log(0)"] {
            XCTAssertThrowsError(try document(constant), constant) { error in
                XCTAssertTrue((error as! TimelineError).message.contains("must be finite"), "\(error)")
            }
        }
        for varying in ["=t / 0", "=log(t)", "=t * 1e308 * 10"] {
            XCTAssertNoThrow(try document(varying), varying)
        }
        // A frame's maximum width may be infinite, as in SwiftUI.
        let infinite = #"{ "size": [40, 30], "duration": 1, "scene": { "rectangle": {}, "modifiers": [ { "frame": { "maxWidth": "=1/0", "minHeight": "infinity" } } ] } }"#
        XCTAssertNoThrow(try TimelineLoader().load(Array(infinite.utf8)))
    }

    /// A varying count of a shape's parts is clamped so that no frame draws billions.
    func testVaryingRepeatCountsAreClamped() throws {
        let text = #"{ "size": [40, 30], "duration": 1, "scene": { "star": { "points": "=1e300 * (t + 1)" } } }"#
        let document = try TimelineLoader().load(Array(text.utf8))
        guard case .shape(let view) = document.scene.root, case .star(let points, _) = view.shape else {
            return XCTFail("expected a star, found \(document.scene.root)")
        }
        XCTAssertEqual(points.evaluate(in: document.context(frame: 0)), Double(SceneDecoder.maxRepeats))
        XCTAssertTrue(points.evaluate(in: EvaluationContext(time: .nan)).isNaN)
    }
}
