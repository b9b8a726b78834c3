import ArgumentParser
import FrameDiff
import Foundation
import Regression

/// `animate diff EXPECTED ACTUAL`: compares two renders frame by frame, and their motion.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two animations frame by frame in perceptual units, tolerating anti-aliasing noise.",
        discussion: """
            EXPECTED and ACTUAL are each a video or GIF, a PNG, a folder of PNG frames, a pattern
            such as frames/%04d.png, a timeline (rendered), a golden folder (golden.json), or a
            trace file (with --trace). Frames are paired by number (a PNG's is the last number
            in its name: 0003.png is frame 3, and a missing file is a missing frame); a golden
            compares its recorded frames.

            A pixel differs when its CIEDE2000 difference exceeds --threshold and a sub-pixel
            move of an edge does not explain it. A frame fails when its differing pixels form a
            cluster larger than --max-cluster, or exceed --max-diff-pixels or --max-diff-share, or its
            SSIM is below --min-ssim. With --trace, parameter traces are compared too, and a
            timing change is reported with the frame and values where it departs.

            Exit status: 0 within the tolerance; 1 invalid input; 2 differences beyond the
            tolerance; 3 the report could not be written.
            """)

    @Argument(help: "The expected animation (the reference).")
    var expected: String

    @Argument(help: "The actual animation (the one under test).")
    var actual: String

    @OptionGroup(title: "Tolerance") var comparison: ComparisonOptions

    @Flag(help: "Compare the parameter traces too (timelines, goldens and trace files have them).")
    var trace = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Compare only these frames: 0,15,30, 10..<20, or all.", valueName: "frames"))
    var frames: String?

    @Option(parsing: .unconditional, help: "Device pixels per point for timeline inputs (overrides their scale).", transform: CommandLineNumber.real)
    var scale: Double?

    @Option(help: ArgumentHelp("Write expected | diff | actual images of failing frames, index.html and summary.json to this folder.", valueName: "folder"))
    var report: String?

    @Flag(help: "Print the summary as JSON on standard output instead of text.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print only the verdict line.")
    var quiet = false

    @OptionGroup var limits: TimelineOptions

    func validate() throws {
        if let scale { guard scale > 0, scale <= 16 else { throw ValidationError("--scale must be greater than 0 and at most 16") } }
        if let frames { _ = try FrameChoice.parseFrames(frames) }
    }

    /// A scene written in Swift, compiled and loaded, as a timeline source; nil for any other input.
    func swiftSource(_ path: String) throws -> FrameSource? {
        guard path.lowercased().hasSuffix(".swift") else { return nil }
        var document = try SwiftSceneBuild.document(at: path)
        if let scale { document.scene.scale = scale }
        let rendering = FrameSource(Rendering(document: document, name: path))
        return FrameSource(
            name: path, kind: .timeline, frameNumbers: rendering.frameNumbers, fps: rendering.fps, trace: rendering.trace,
            load: { n throws(RegressionError) in try rendering.frame(n) })
    }

    func run() throws {
        let loader = try limits.loader()
        let e: FrameSource, a: FrameSource
        let swiftExpected = try swiftSource(expected), swiftActual = try swiftSource(actual)
        do throws(RegressionError) {
            if let swiftExpected { e = swiftExpected } else { e = try FrameSource.open(expected, scale: scale, loader: loader) }
            if let swiftActual { a = swiftActual } else { a = try FrameSource.open(actual, scale: scale, loader: loader) }
        } catch {
            throw CommandFailure.invalid(error.description)
        }
        let tracesOnly = e.kind == .trace || a.kind == .trace
        if tracesOnly && (e.trace == nil || a.trace == nil) {
            throw CommandFailure.invalid("a trace file is compared with another trace, a timeline or a golden")
        }
        var requested: [Int]?
        if let frames, !tracesOnly {
            // Only frames that one side may hold are listed, so a long range costs nothing past them.
            let choice = try FrameChoice.parseFrames(frames)
            let known = max(e.frameNumbers.last ?? -1, a.frameNumbers.last ?? -1) + 1
            if let outside = choice.outside(frameCount: known, fps: 1) {
                throw CommandFailure.invalid("--frames asks for \(outside), past the last frame of both \(expected) and \(actual) (\(known - 1))")
            }
            requested = choice.frameNumbers(frameCount: known, fps: 1)
        }
        if tracesOnly { requested = [] }
        let writer: ReportWriter?
        do throws(RegressionError) {
            writer = try report.map { path throws(RegressionError) in try ReportWriter(directory: path) }
        } catch {
            throw CommandFailure.output(error.description)
        }
        let comparator = SequenceComparator(tolerance: comparison.tolerance, traceTolerance: comparison.traces, comparesTraces: trace || tracesOnly)
        let result: ComparisonReport
        do throws(RegressionError) {
            result = try comparator.compare(expected: e, actual: a, frames: requested, name: "diff", writer: writer)
        } catch {
            throw error.isOutputFailure ? CommandFailure.output(error.description) : CommandFailure.invalid(error.description)
        }
        if !tracesOnly && result.frames.isEmpty && result.problems.isEmpty {
            throw CommandFailure.invalid("no frames to compare: \(expected) and \(actual) have no frame number in common")
        }
        do throws(RegressionError) {
            try writer?.finish(title: "animate diff \(expected) \(actual)", reports: [result])
        } catch {
            throw CommandFailure.output(error.description)
        }
        if json {
            print(try SummaryText.json(title: "animate diff", reports: [result]))
        } else {
            SummaryText.printDiff(result, quiet: quiet, report: writer?.pagePath)
        }
        if result.hasDifferences { throw ExitCode(2) }
    }
}
