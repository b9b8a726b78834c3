import Export
import Foundation
import FrameDiff
import Raster
import Scene
import Timeline
import XCTest

/// The acceptance pairs of `animate diff` with its default options, run through the built
/// binary: one-change pairs (each differs from `DiffPairScene()` in one value) must fail,
/// no-change pairs (the same picture drawn another way) must pass. Each test prints its
/// table and its rate (`caught x / y`, `passed x / y`), as Docs/regression-testing.md quotes them.
final class DiffPairSuiteTests: RegressionTestCase {
    /// A pair: its name, and what it writes before the diff, returning the diff's two sides.
    struct Pair {
        var name: String
        var sides: (DiffPairSuiteTests) throws -> (String, String)
    }

    /// The base scene's timeline, written once per test.
    func base() throws -> String { try write(DiffPairScene().json, to: "base.json") }

    /// A pair of the base timeline and the timeline changed by `change`.
    static func changed(_ name: String, _ change: @escaping (inout DiffPairScene) -> Void) -> Pair {
        Pair(name: name) { test in
            var scene = DiffPairScene()
            change(&scene)
            return (try test.base(), try test.write(scene.json, to: "changed.json"))
        }
    }

    /// A pair of the base timeline and animate's own `format` file of the timeline changed by `change`.
    static func encoded(_ name: String, as format: String, _ change: @escaping (inout DiffPairScene) -> Void = { _ in }) -> Pair {
        Pair(name: name) { test in
            var scene = DiffPairScene()
            change(&scene)
            let changed = try test.write(scene.json, to: "changed.json")
            let run = try test.animate([changed, "-o", "encoded.\(format)", "--quiet"])
            XCTAssertEqual(run.status, 0, run.stderr)
            return (try test.base(), test.path("encoded.\(format)"))
        }
    }

    static var changes: [Pair] {
        [
        changed("spinner lineWidth 14 → 12") { $0.spinnerWidth = 12 },
        changed("spinner lineWidth 14 → 13") { $0.spinnerWidth = 13 },
        changed("spinner lineWidth 14 → 15") { $0.spinnerWidth = 15 },
        changed("spinner lineWidth 14 → 16") { $0.spinnerWidth = 16 },
        changed("spinner moved 1 px in x") { $0.spinnerOffset.x = 1 },
        changed("spinner moved 1 px in y") { $0.spinnerOffset.y = -1 },
        changed("card moved 1 px in y") { $0.cardOffset.y = 1 },
        changed("card's title offset x by 1 pt") { $0.titleOffset.x = 1 },
        changed("card cornerRadius 20 → 24") { $0.cornerRadius = 24 },
        changed("card cornerRadius 20 → 22") { $0.cornerRadius = 22 },
        changed("card rotated 1°") { $0.cardRotation = 1 },
        changed("card rotated −1°") { $0.cardRotation = -1 },
        changed("card scaled 101 %") { $0.cardScale = 1.01 },
        changed("card scaled 99 %") { $0.cardScale = 0.99 },
        changed("gradient stop #FF6AA2 → #F76AA8 (ΔE 2.5)") { $0.gradient[0] = "#F76AA8" },
        changed("gradient stop #FFB36A → #FFAA6A (ΔE 3.9)") { $0.gradient[1] = "#FFAA6A" },
        changed("spinner colour #3478F6 → #3470F0 (ΔE 2.9)") { $0.spinnerColor = "#3470F0" },
        changed("a word added to the subtitle") { $0.subtitle = "Ready to go now" },
        changed("a letter of the title changed") { $0.title = "Hallo" },
        changed("motion one frame late") { $0.slideStart = 0.2 },
        changed("motion one frame early") { $0.slideStart = 0 },
        encoded("GIF of the card moved 1 px in x", as: "gif") { $0.cardOffset.x = 1 },
        encoded("GIF of the card moved 1 px in y", as: "gif") { $0.cardOffset.y = 1 },
        encoded("GIF of the spinner lineWidth 14 → 12", as: "gif") { $0.spinnerWidth = 12 },
        encoded("GIF of a word added to the subtitle", as: "gif") { $0.subtitle = "Ready to go now" },
        encoded("GIF of the gradient stop ΔE 3.9", as: "gif") { $0.gradient[1] = "#FFAA6A" },
        encoded("MP4 of the spinner lineWidth 14 → 12", as: "mp4") { $0.spinnerWidth = 12 },
        encoded("MP4 of the card moved 1 px in y", as: "mp4") { $0.cardOffset.y = 1 },
        encoded("MP4 of a word added to the subtitle", as: "mp4") { $0.subtitle = "Ready to go now" },
        ]
    }

    /// Changes the defaults let through, as Docs/regression-testing.md's known limits say: kept
    /// here so that the docs stay true (a pair that starts to fail belongs in `changes`).
    static var knownLimits: [Pair] {
        [
            changed("subtitle colour #6E6E78 → #64646E (ΔE 3.8), 14 pt text") { $0.subtitleColor = "#64646E" },
            encoded("GIF of the gradient stop ΔE 2.5", as: "gif") { $0.gradient[0] = "#F76AA8" },
        encoded("GIF of the card cornerRadius 20 → 24", as: "gif") { $0.cornerRadius = 24 },
        encoded("GIF of the card's title offset x by 1 pt", as: "gif") { $0.titleOffset.x = 1 },
            encoded("MP4 of the spinner lineWidth 14 → 13", as: "mp4") { $0.spinnerWidth = 13 },
        ]
    }

    static var sameDrawings: [Pair] {
        [
        changed("whole drawing shifted 0.1 px in x") { $0.shift = (0.1, 0) },
        changed("whole drawing shifted 0.1 px in y") { $0.shift = (0, 0.1) },
        changed("whole drawing shifted (−0.1, 0.1) px") { $0.shift = (-0.1, 0.1) },
        flattened("curves flattened to 0.03 px, then 0.05 px", timeline: DiffPairScene().json, tolerances: (0.03, 0.05)),
        flattened("ellipses flattened to 0.03 px, then 0.05 px", timeline: DiffPairScene.ellipses(DiffPairScene.blend2DScenes[0].1), tolerances: (0.03, 0.05)),
    ] + DiffPairScene.blend2DScenes.map { blend2D($0.0, $0.1) } + [
        encoded("animate's GIF of the timeline", as: "gif"),
        encoded("animate's MP4 of the timeline", as: "mp4"),
        ]
    }

    /// A pair of the frames of `timeline` drawn with the flattening tolerance `tolerances.0`
    /// and with `tolerances.1`, as PNG folders.
    static func flattened(_ name: String, timeline: String, tolerances: (Double, Double)) -> Pair {
        Pair(name: name) { test in
            let document = try TimelineLoader().load(Array(timeline.utf8))
            for (folder, tolerance) in [("flat-a", tolerances.0), ("flat-b", tolerances.1)] {
                try FileManager.default.createDirectory(atPath: test.path(folder), withIntermediateDirectories: true)
                for n in 0..<document.frameCount {
                    let canvas = Canvas(width: document.scene.pixelWidth, height: document.scene.pixelHeight, background: document.scene.background)
                    canvas.tolerance = tolerance
                    FrameRenderer(scene: document.scene).render(document.context(frame: n), into: canvas)
                    try writePNG(canvas.pixmap, to: test.path("\(folder)/\(String(format: "%04d", n)).png"))
                }
            }
            return (test.path("flat-a"), test.path("flat-b"))
        }
    }

    /// A pair of Blend2D's render of even-odd `ellipses` (Tests/FrameDiffTests/Reference) and the timeline drawing them.
    static func blend2D(_ name: String, _ ellipses: [(Double, Double, Double, Double, Int, Int, Int)]) -> Pair {
        Pair(name: "Blend2D's even-odd \(name) against ours") { test in
            let script = packageRoot.appendingPathComponent("Tests/FrameDiffTests/Reference/blend2d_ellipses.py")
            let raw = test.path("blend2d.rgba")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script.path, "120", "90", raw] + ellipses.map { "\($0.0),\($0.1),\($0.2),\($0.3),\($0.4),\($0.5),\($0.6)" }
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "Blend2D renders the reference (Scripts/install-deps installs it)")
            let pixels = Pixmap(width: 120, height: 90, premultipliedData: [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw))))
            try FileManager.default.createDirectory(atPath: test.path("blend2d"), withIntermediateDirectories: true)
            try writePNG(pixels, to: test.path("blend2d/0000.png"))
            return (test.path("blend2d"), try test.write(DiffPairScene.ellipses(ellipses), to: "ellipses.json"))
        }
    }

    /// Runs each pair's `animate diff` in a fresh folder; returns the rows (name, exit status, verdict line).
    func run(_ pairs: [Pair]) throws -> [(String, Int32, String)] {
        var rows: [(String, Int32, String)] = []
        for pair in pairs {
            try FileManager.default.removeItem(at: work)
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            let (expected, actual) = try pair.sides(self)
            let run = try animate(["diff", expected, actual])
            let verdict = run.stdout.split(separator: "\n").last { $0.hasPrefix("FAIL") || $0.hasPrefix("ok") } ?? Substring(run.stderr)
            rows.append((pair.name, run.status, String(verdict)))
        }
        return rows
    }

    /// Runs `pairs`, asserts that each exits with `status` (`must` says why, after the pair's
    /// name), prints the rows, and returns how many of them did.
    func expect(_ pairs: [Pair], status: Int32, _ must: String) throws -> (matching: Int, total: Int) {
        let rows = try run(pairs)
        for (name, exit, verdict) in rows {
            XCTAssertEqual(exit, status, "\(name) \(must): \(verdict)")
        }
        print(rows.map { "  \($0.0): \($0.2)" }.joined(separator: "\n"))
        return (rows.filter { $0.1 == status }.count, rows.count)
    }

    func testOneChangePairsFail() throws {
        XCTAssertGreaterThanOrEqual(Self.changes.count, 20)
        let (caught, total) = try expect(Self.changes, status: 2, "must fail")
        print("diff pair suite: caught \(caught) / \(total) one-change pairs")
    }

    func testNoChangePairsPass() throws {
        XCTAssertGreaterThanOrEqual(Self.sameDrawings.count, 10)
        let (passed, total) = try expect(Self.sameDrawings, status: 0, "must pass")
        print("diff pair suite: passed \(passed) / \(total) no-change pairs")
    }

    func testKnownLimitsStillPass() throws {
        let (passing, total) = try expect(Self.knownLimits, status: 0, "is caught now: move it to the one-change pairs and the docs' rates")
        print("diff pair suite: \(passing) / \(total) known limits pass")
    }

    /// The colour pairs above are within ΔE₀₀ 2–5 of each other, as named.
    func testColourChangesAreTwoToFiveDeltaE() {
        func lab(_ hex: String) -> CIELab {
            let v = Int(hex.dropFirst(), radix: 16)!
            return CIELab(r8: UInt8(v >> 16), g8: UInt8(v >> 8 & 255), b8: UInt8(v & 255))
        }
        for (a, b, named) in [("#FF6AA2", "#F76AA8", 2.5), ("#FFB36A", "#FFAA6A", 3.9), ("#3478F6", "#3470F0", 2.9), ("#6E6E78", "#64646E", 3.8)] {
            let deltaE = lab(a).deltaE2000(lab(b))
            XCTAssertEqual(deltaE, named, accuracy: 0.05, "\(a) → \(b)")
            XCTAssert((2...5).contains(deltaE), "\(a) → \(b): ΔE \(deltaE)")
        }
    }

    /// A motion one frame late is caught by the frames (the dot is 20 px away), and `--trace` names it as timing.
    func testTimingShiftIsNamedByTheTrace() throws {
        var late = DiffPairScene()
        late.slideStart = 0.2
        let run = try animate(["diff", try base(), try write(late.json, to: "late.json"), "--trace"])
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stdout.contains("the motion is 1 frame (0.100 s) late"), run.stdout)
    }
}
