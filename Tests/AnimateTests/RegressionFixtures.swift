import Foundation
import XCTest

/// Runs the built `animate` binary in a scratch folder, and writes small timelines for
/// the regression tests.
class RegressionTestCase: XCTestCase {
    var work: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-regression-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: work)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What a run of the binary printed and returned.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `animate` with `arguments` in the scratch folder (or `directory`), with the
    /// record-mode variables cleared unless `environment` sets them.
    @discardableResult
    func animate(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("animate")
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? work
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        env["RECORD_GOLDENS"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = work.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let err = work.appendingPathComponent(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        return Run(
            status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8))
    }

    func animate(_ arguments: String..., environment: [String: String] = [:]) throws -> Run {
        try animate(arguments, environment: environment)
    }

    /// A small animated timeline: a triangle (its apex at `apex`) sliding right and an
    /// ellipse sliding and growing, over 1 s at 10 fps; `dx` shifts the whole drawing,
    /// `start` is when the motion begins, in seconds.
    static func timeline(apex: (Double, Double) = (60, 8), dx: Double = 0, start: Double = 0.2, background: String = "white") -> String {
        """
        {
          "version": 1, "size": [120, 90], "fps": 10, "duration": 1, "background": "\(background)",
          "params": { "slide": 0 },
          "animations": [ { "param": "slide", "at": \(start), "to": 1, "curve": "easeInOut(duration: 0.6)" } ],
          "scene": { "zstack": [
            { "polygon": { "points": [[\(apex.0), \(apex.1)], [100, 80], [20, 84]] },
              "modifiers": [ { "fill": "blue" }, { "offset": { "x": "=slide * 6 + \(dx)", "y": 0 } } ] },
            { "ellipse": {},
              "modifiers": [ { "fill": "orange" }, { "frame": { "width": "=30 + slide * 10", "height": 24 } },
                             { "offset": { "x": "=-30 + slide * 40 + \(dx)", "y": 14 } } ] }
          ] }
        }
        """
    }

    /// Writes `text` to `name` in the scratch folder; returns the path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let url = work.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func path(_ name: String) -> String { work.appendingPathComponent(name).path }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }
}
