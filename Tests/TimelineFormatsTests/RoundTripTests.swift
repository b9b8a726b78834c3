import Export
import Foundation
import Raster
import Timeline
import TimelineFormats
import XCTest

/// Every timeline in Timelines/ written as YAML: the same document, the same frames,
/// and back to JSON unchanged.
final class RoundTripTests: XCTestCase {
    static let timelines = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Timelines")

    func timelineNames() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.timelines.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 7, "the demos")
        return names
    }

    func loader() -> TimelineLoader {
        var loader = TimelineLoader()
        loader.baseDirectory = Self.timelines.path
        loader.imageReader = { file in
            guard let first = try MediaProbe.decodeFrames(path: file).first else { throw ExportError.noFrames(path: file) }
            return first
        }
        return loader
    }

    func testJSONToYAMLToJSONKeepsEveryDocument() throws {
        for name in try timelineNames() {
            let json = try JSONParser.parse([UInt8](try Data(contentsOf: Self.timelines.appendingPathComponent(name))))
            let yaml = YAMLWriter.text(json)
            let fromYAML = try YAMLReader.parse(Array(yaml.utf8))
            XCTAssertTrue(sameDocument(json, fromYAML), "\(name) as YAML:\n\(yaml)")
            let back = try JSONParser.parse(JSONWriter.text(fromYAML))
            XCTAssertTrue(sameDocument(json, back), "\(name) back as JSON:\n\(JSONWriter.text(fromYAML))")
            // Written again, the text is the same: the writers are deterministic.
            XCTAssertEqual(YAMLWriter.text(back), yaml, name)
        }
    }

    func testEveryTimelineAsYAMLRendersTheSameFrames() throws {
        let loader = loader()
        for name in try timelineNames() {
            let bytes = [UInt8](try Data(contentsOf: Self.timelines.appendingPathComponent(name)))
            var fromJSON = try loader.load(bytes)
            let yaml = YAMLWriter.text(try JSONParser.parse(bytes))
            var fromYAML = try loader.load(Array(yaml.utf8), format: .yaml)
            // At half scale: the documents are compared, not the rasterizer's detail.
            fromJSON.scene.scale /= 2
            fromYAML.scene.scale /= 2
            XCTAssertEqual(fromYAML.frameCount, fromJSON.frameCount, name)
            let frames = Set([fromJSON.frameCount / 3, fromJSON.frameCount - 1])
            for frame in frames.sorted() {
                let expected = fromJSON.render(frame: frame)
                let actual = fromYAML.render(frame: frame)
                XCTAssertEqual(actual.width, expected.width, "\(name) frame \(frame)")
                XCTAssertTrue(actual.data == expected.data, "\(name) frame \(frame) differs")
            }
        }
    }

    func testAPixelChangeIsSeen() throws {
        // The comparison above is exact: yellow made one step less red is caught.
        let loader = loader()
        let bytes = [UInt8](try Data(contentsOf: Self.timelines.appendingPathComponent("clip-shape.json")))
        let fromJSON = try loader.load(bytes)
        var yaml = YAMLWriter.text(try JSONParser.parse(bytes))
        let colour = try XCTUnwrap(yaml.range(of: "background: yellow"))
        yaml.replaceSubrange(colour, with: "background: \"#fffe00\"")
        let fromYAML = try loader.load(Array(yaml.utf8), format: .yaml)
        let frame = fromJSON.frameCount - 1
        XCTAssertFalse(fromYAML.render(frame: frame).data == fromJSON.render(frame: frame).data)
    }

    func testScalarsThatLookLikeOthersAreQuoted() throws {
        let json = try JSONParser.parse(#"""
            {"a": "true", "b": "1", "c": "null", "d": "", "e": "#ff8800", "f": "=t * 2", "g": "yes", "h": "x: y",
             "i": " padded ", "j": "two\nlines", "k": [1.5, -0, 1e-7, 123456789012345678901], "l": "easeOut(duration: 0.6)",
             "m": "a, b", "n": "-", "o": "ünïcødé", "p": {}, "q": [], "r": [{"x": null}], "s": false, "1": "key"}
            """#)
        let yaml = YAMLWriter.text(json)
        XCTAssertTrue(sameDocument(json, try YAMLReader.parse(Array(yaml.utf8))), yaml)
        XCTAssertTrue(yaml.contains("f: =t * 2\n"), yaml)
        XCTAssertTrue(yaml.contains("e: \"#ff8800\"\n"), yaml)
        XCTAssertTrue(yaml.contains("o: ünïcødé\n"), yaml)
        XCTAssertTrue(yaml.contains("k: [1.5, -0, 1e-07, 1.2345678901234568e+20]\n"), yaml)
        XCTAssertTrue(sameDocument(json, try JSONParser.parse(JSONWriter.text(json))), JSONWriter.text(json))
    }

    func testTheCommentedExampleIsTheDemo() throws {
        let root = Self.timelines.deletingLastPathComponent()
        let yaml = [UInt8](try Data(contentsOf: root.appendingPathComponent("Docs/Examples/clip-shape.yaml")))
        let json = [UInt8](try Data(contentsOf: Self.timelines.appendingPathComponent("clip-shape.json")))
        XCTAssertTrue(yaml.contains(UInt8(ascii: "#")), "it has comments")
        XCTAssertTrue(sameDocument(try YAMLReader.parse(yaml), try JSONParser.parse(json)))
        let fromYAML = try loader().load(yaml, format: .yaml)
        let fromJSON = try loader().load(json)
        XCTAssertTrue(fromYAML.render(frame: 60).data == fromJSON.render(frame: 60).data)
    }
}
