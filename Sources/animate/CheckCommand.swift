import ArgumentParser
import Foundation
import Timeline

/// `animate check TIMELINE…`: validates without rendering.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate timelines without rendering; report every error of every file with its JSON path and line:column.",
        discussion: """
            Each file's errors are printed (at most \(TimelineOptions.errorLimit), then how many more), then its warnings:
            an animation that starts at or after the end, one the end cuts off, one that drives a param nothing reads.
            Exit status 1 when a file has an error (or, with --strict, a warning).
            """)

    @Argument(help: "Timeline files.")
    var timelines: [String]

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @OptionGroup var limits: TimelineOptions

    func run() throws {
        var failed = 0
        for path in timelines {
            let report: TimelineReport
            do {
                // A Swift scene is compiled, not read: its errors are the compiler's.
                report = path.lowercased().hasSuffix(".swift") ? TimelineReport(document: try limits.load(path)) : try limits.check(path)
            } catch let failure as CommandFailure {
                Self.write("error: \(failure.message)")
                failed += 1
                continue
            }
            for line in TimelineOptions.errorLines(report.errors, in: path) { Self.write("error: \(line)") }
            for warning in report.warnings { Self.write("\(strict ? "error" : "warning"): \(path): \(warning)") }
            if let document = report.document, !(strict && !report.warnings.isEmpty) {
                print("\(path): ok (\(document.scene.pixelWidth)×\(document.scene.pixelHeight), \(SummaryText.count(document.frameCount, "frame")))")
            } else {
                failed += 1
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }

    private static func write(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
