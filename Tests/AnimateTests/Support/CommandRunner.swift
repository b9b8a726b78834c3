import Foundation
import XCTest

/// Runs the built `animate` binary in a fresh folder of its own, removed by `remove()`.
struct CommandRunner {
    /// The folder the binary runs in; tests write their files here.
    let work: URL

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A runner with a new empty work folder named after `label`.
    init(_ label: String) throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("animate-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    }

    /// Removes the work folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(at: work)
    }

    /// The path of `name` in the work folder.
    func path(_ name: String) -> String { work.appendingPathComponent(name).path }

    /// Writes `text` to `name` in the work folder and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        try Data(text.utf8).write(to: work.appendingPathComponent(name))
        return path(name)
    }

    /// The names in the work folder (hidden ones included), sorted.
    func contents(_ folder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? work.path : path(folder)).sorted()
    }

    /// Starts the binary with `arguments`; standard output is discarded.
    func start(_ arguments: [String]) throws -> (process: Process, errors: Pipe) {
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("animate")
        process.arguments = arguments
        process.currentDirectoryURL = work
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }

    /// Runs the binary to its end; its exit status (or 128 + the signal that ended it) and standard error.
    @discardableResult
    func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let (process, errors) = try start(arguments)
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, String(decoding: data, as: UTF8.self))
    }

    @discardableResult
    func run(_ arguments: String...) throws -> (status: Int32, stderr: String) { try run(arguments) }

    /// A 60-frame (2 s at 30 fps) 64×36 timeline: a square sliding across.
    static let shortTimeline = """
        {"version": 1, "size": [64, 36], "fps": 30, "duration": 2, "params": {"x": 0},
         "animations": [{"param": "x", "at": 0, "to": 40, "curve": "linear(duration: 2)"}],
         "scene": {"rectangle": {}, "modifiers": [{"fill": "#3366cc"}, {"frame": {"width": 12, "height": 12}}, {"offset": {"x": "=x", "y": 0}}]}}
        """
}
