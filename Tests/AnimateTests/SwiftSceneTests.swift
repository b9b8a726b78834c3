import Export
import Foundation
import Raster
import XCTest

/// End-to-end: scenes written in Swift, compiled by the real swiftc through the built
/// `animate` binary (each compile costs seconds, so there are few), with a cache of
/// their own, shared by the tests of the class and removed after them.
final class SwiftSceneTests: XCTestCase {
    var work: URL!
    nonisolated(unsafe) static var cache: URL!

    override class func setUp() {
        cache = FileManager.default.temporaryDirectory.appendingPathComponent("animate-swift-cache-\(UUID().uuidString)")
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: cache)
    }

    /// The compiled scenes in the cache.
    var libraries: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: Self.cache.appendingPathComponent("animate").path)) ?? []).filter { $0.hasSuffix(".so") }
    }

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    @discardableResult
    func animate(_ arguments: String...) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("animate")
        process.arguments = arguments
        process.currentDirectoryURL = work
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = Self.cache.path
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func write(_ text: String, to name: String) throws {
        try text.write(to: work.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// A scene no part of the project has seen: a custom shape whose `path(in:)` loops and
    /// whose `animatableData` is animated state, a `ForEach` over structs, a spring, and an
    /// even-odd clip; its frames match those of a timeline file drawing the same geometry
    /// (the loop unrolled by hand), and a twin with another spring is caught.
    func testANewSceneRendersAndMatchesTheSameGeometryWrittenAsATimeline() throws {
        try write(Self.readings, to: "Readings.swift")
        try write(Self.twin(dampingFraction: 0.6), to: "twin.json")
        try write(Self.twin(dampingFraction: 0.9), to: "stiffer.json")

        let render = try animate("Readings.swift", "-o", "out.mp4", "--quiet")
        XCTAssertEqual(render.status, 0, render.stderr)
        let info = try MediaProbe.info(path: work.appendingPathComponent("out.mp4").path)
        XCTAssertEqual(info.frameCount, 10)
        let compiled = libraries
        XCTAssertEqual(compiled.count, 1)

        let same = try animate("diff", "twin.json", "Readings.swift")
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(libraries.count, compiled.count, "the unchanged file is not compiled again")
        let other = try animate("diff", "stiffer.json", "Readings.swift")
        XCTAssertEqual(other.status, 2, other.stderr)
    }

    /// Each seed demo written in the article's Swift (Timelines/Swift) renders frames that
    /// `animate diff` finds within its default tolerance of its JSON twin (Timelines/), and
    /// of the twin's golden.
    func testTheSeedDemosInSwiftMatchTheirTimelines() throws {
        // The scrolling demos are compared where they scroll, spring back and settle.
        let twins = [
            ("ClipShape.swift", "clip-shape.json", "0,10,20,29"), ("DoubleEllipse.swift", "double-ellipse.json", "0,10,20,29"),
            ("Clipping.swift", "clipping.json", "0,10,20,29"), ("Badge.swift", "badge.json", "0,10,20,29"),
            ("Hole.swift", "hole.json", "0,30,60,100,120"), ("Cards.swift", "cards.json", "0,30,80,125,140,209"),
        ]
        let timelines = CommandLineTests.packageRoot.appendingPathComponent("Timelines")
        for (swift, json, frames) in twins {
            let result = try animate(
                "diff", timelines.appendingPathComponent(json).path, timelines.appendingPathComponent("Swift/\(swift)").path, "--frames", frames)
            XCTAssertEqual(result.status, 0, "\(swift): \(result.stderr)")
        }
        // The timeline's golden serves its Swift twin: the bubbles' frames, recorded at half scale.
        let golden = CommandLineTests.packageRoot.appendingPathComponent("Tests/Golden/bubbles").path
        let bubbles = try animate("diff", golden, timelines.appendingPathComponent("Swift/Bubbles.swift").path, "--scale", "0.5")
        XCTAssertEqual(bubbles.status, 0, bubbles.stderr)
    }

    /// A compile error names the user's file, line and column, exits 1 and writes nothing.
    func testACompileErrorShowsTheFileLineAndColumnAndWritesNothing() throws {
        try write("""
            import AnimateUI

            @main
            struct Broken: AnimationScene {
                var size: CGSize { CGSize(width: 100, height: 100) }
                var duration: Double { 1 }
                var body: some View {
                    Circle().navigationTitle("no such modifier")
                }
            }
            """, to: "Broken.swift")
        let before = libraries
        let result = try animate("Broken.swift", "-o", "broken.gif")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("Broken.swift:8:18: error"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appendingPathComponent("broken.gif").path))
        XCTAssertEqual(Set(libraries), Set(before), "no library is cached")
    }

    /// SwiftUI's own clipping example compiles as it stands and animates: the clip at
    /// half-way overlap differs from the first frame's, and the text shows through.
    func testTheClipShapeExampleCompilesUnchanged() throws {
        let example = CommandLineTests.packageRoot.appendingPathComponent("Docs/Examples/ClipShape.swift").path
        let first = try animate("frame", example, "--time", "0", "-o", "first.png")
        XCTAssertEqual(first.status, 0, first.stderr)
        let middle = try animate("frame", example, "--time", "1", "-o", "middle.png")
        XCTAssertEqual(middle.status, 0, middle.stderr)
        let a = try MediaProbe.decodeFrames(path: work.appendingPathComponent("first.png").path)[0]
        let b = try MediaProbe.decodeFrames(path: work.appendingPathComponent("middle.png").path)[0]
        XCTAssertEqual(a.width, 480)
        XCTAssertNotEqual(a.data, b.data)
        let yellow = (0..<(b.width * b.height)).filter { i in b.data[4 * i] > 200 && b.data[4 * i + 1] > 150 && b.data[4 * i + 2] < 80 }
        XCTAssertGreaterThan(yellow.count, 5000)
    }

    static let readings = """
        import AnimateUI

        struct Reading: Identifiable {
            let id: Int
            let value: Double
            let color: Color
        }

        /// A saw-tooth band with an elliptical hole; `depth` is the animatable data.
        struct Teeth: Shape {
            var count: Int
            var depth: Double

            var animatableData: Double {
                get { depth }
                set { depth = newValue }
            }

            func path(in rect: CGRect) -> Path {
                var path = Path()
                path.move(to: CGPoint(x: 0, y: rect.height))
                for tooth in 0..<count {
                    let x = rect.width * CGFloat(tooth) / CGFloat(count)
                    path.addLine(to: CGPoint(x: x, y: 0))
                    path.addLine(to: CGPoint(x: x + rect.width / CGFloat(2 * count), y: rect.height * depth / 2))
                }
                path.addLine(to: CGPoint(x: rect.width, y: 0))
                path.addLine(to: CGPoint(x: rect.width, y: rect.height))
                path.closeSubpath()
                path.addEllipse(in: CGRect(x: rect.width / 4, y: rect.height / 4, width: rect.width / 2, height: rect.height / 2))
                return path
            }
        }

        @main
        struct Readings: AnimationScene {
            var size: CGSize { CGSize(width: 200, height: 120) }
            var duration: Double { 1 }
            var fps: Int { 10 }
            @State var grow = 0.0
            let readings = [
                Reading(id: 0, value: 0.5, color: .red), Reading(id: 1, value: 1, color: .green),
                Reading(id: 2, value: 0.75, color: .blue),
            ]

            var body: some View {
                HStack(alignment: .bottom, spacing: 10) {
                    ForEach(readings) { reading in
                        Rectangle().fill(reading.color).frame(width: 40, height: 100 * reading.value * grow)
                    }
                }
                .frame(width: 180, height: 100, alignment: .bottom)
                .background(Color.yellow)
                .clipShape(Teeth(count: 5, depth: grow), style: FillStyle(eoFill: true))
            }

            func timeline() {
                at(0.1) { withAnimation(.spring(response: 0.5, dampingFraction: 0.6)) { grow = 1 } }
            }
        }
        """

    /// The same geometry as `readings`, as a timeline file, with the spring's damping given.
    static func twin(dampingFraction: Double) -> String {
        let bars = [("red", 0.5), ("green", 1), ("blue", 0.75)].map { color, value in
            #"{ "rectangle": {}, "modifiers": [{ "fill": "\#(color)" }, { "frame": { "width": 40, "height": "=100 * \#(value) * grow" } }] }"#
        }
        var commands = [#"["move", 0, "=h"]"#]
        for tooth in 0..<5 {
            commands.append(#"["line", "=w * \#(tooth) / 5", 0]"#)
            commands.append(#"["line", "=w * \#(tooth) / 5 + w / 10", "=h * grow / 2"]"#)
        }
        commands += [#"["line", "=w", 0]"#, #"["line", "=w", "=h"]"#, #"["close"]"#, #"["ellipse", "=w / 4", "=h / 4", "=w / 2", "=h / 2"]"#]
        return """
            {
              "version": 1, "size": [200, 120], "fps": 10, "duration": 1,
              "params": { "grow": 0 },
              "animations": [{ "param": "grow", "at": 0.1, "to": 1, "curve": "spring(response: 0.5, dampingFraction: \(dampingFraction))" }],
              "scene": {
                "hstack": { "alignment": "bottom", "spacing": 10, "children": [\(bars.joined(separator: ", "))] },
                "modifiers": [
                  { "frame": { "width": 180, "height": 100, "alignment": "bottom" } },
                  { "background": "yellow" },
                  { "clipShape": { "shape": { "path": { "commands": [\(commands.joined(separator: ", "))] } }, "eoFill": true } }
                ]
              }
            }
            """
    }
}
