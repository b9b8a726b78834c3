import Foundation

/// `animate preview` running as a real process: the built binary, its URL read from the
/// first line it prints, stopped with SIGTERM.
final class PreviewProcess {
    let process = Process()
    /// The page's address, as printed.
    let url: String

    /// Starts `animate preview` with `arguments` (and `environment` added to this
    /// process's) and waits for its URL line.
    init(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws {
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("animate")
        process.arguments = ["preview"] + arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        url = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard url.hasPrefix("http://") else {
            process.terminate()
            process.waitUntilExit()
            throw BrowserError("animate preview printed no URL (got \"\(url)\")")
        }
    }

    /// The port in the URL.
    var port: Int { Int(url.split(separator: ":").last!.filter(\.isNumber))! }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

/// Runs curl (the real client, which can send a path as written, `..` and all) and
/// returns its standard output and exit status.
func curl(_ arguments: [String]) throws -> (output: String, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = ["--silent", "--max-time", "60"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
}
