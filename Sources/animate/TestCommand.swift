import ArgumentParser
import Export
import FrameDiff
import Foundation
import Regression

/// `animate test DIR --golden GOLDEN`: renders every timeline and compares it with its golden.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Render every timeline of a folder and compare it with its golden (frames and motion).",
        discussion: """
            Each timeline NAME.json (found in the folders given, recursively, or given as a
            file) has its golden in GOLDEN/NAME/: a few key frames as PNG files and golden.json,
            which holds the parameter trace of every frame and the machine and library versions
            it was recorded with. The frames the golden holds are rendered and compared, and the
            trace shows a change of timing at any frame.

            Record modes (--record): missing records goldens that do not exist yet (the
            default, except on CI), failed also re-records failing ones, all re-records
            everything (--update), never records nothing (the default when CI is set).
            RECORD_GOLDENS=mode sets the default. Frames are chosen when recording: --frames,
            --times, or --key-frames (3 by default: the first, the middle and the last frame);
            --scale records smaller goldens of large animations. Both are kept in golden.json
            and used by later comparisons.

            Exit status: 0 every golden matched (or --update recorded them); 1 a timeline is
            invalid; 2 differences, missing goldens, or goldens recorded in missing or failed
            mode (review them and run again); 3 a golden or the report could not be written.
            """)

    @Argument(help: "Timeline files, or folders searched for *.json, *.yaml and *.yml timelines.")
    var paths: [String]

    @Option(help: ArgumentHelp("The folder of goldens.", valueName: "folder"))
    var golden: String

    @Flag(help: "Record every golden again (the same as --record all).")
    var update = false

    @Option(help: ArgumentHelp("When to write goldens: missing, failed, all or never.", valueName: "mode"))
    var record: RecordMode?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames to record or compare: 0,15,30, 10..<20, or all.", valueName: "frames"))
    var frames: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Times to record or compare, in seconds: 0,1.5,3.", valueName: "times"))
    var times: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("When recording without --frames or --times: this many frames, spread evenly.", valueName: "count"), transform: CommandLineNumber.whole)
    var keyFrames: Int = 3

    @Option(parsing: .unconditional, help: "Device pixels per point (overrides each timeline's scale). Recorded in the golden, which is then compared at that scale.", transform: CommandLineNumber.real)
    var scale: Double?

    @OptionGroup(title: "Tolerance") var comparison: ComparisonOptions

    @Option(help: ArgumentHelp("Write failing frames' images, index.html and summary.json to this folder.", valueName: "folder"))
    var report: String?

    @Flag(help: "Print the summary as JSON on standard output instead of text.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print only failures and the verdict line.")
    var quiet = false

    @OptionGroup var limits: TimelineOptions

    func validate() throws {
        guard !(update && record != nil && record != .all) else { throw ValidationError("--update records everything; leave out --record") }
        guard frames == nil || times == nil else { throw ValidationError("give --frames or --times, not both") }
        if let frames { _ = try FrameChoice.parseFrames(frames) }
        if let times { _ = try FrameChoice.parseTimes(times) }
        guard keyFrames >= 1 else { throw ValidationError("--key-frames must be at least 1") }
        if let scale { guard scale > 0, scale <= 16 else { throw ValidationError("--scale must be greater than 0 and at most 16") } }
    }

    func run() throws {
        let timelines = try findTimelines()
        let loader = try limits.loader()
        let mode = update ? .all : record ?? RecordMode.fromEnvironment(ProcessInfo.processInfo.environment)
        var choice: FrameChoice?
        if let frames { choice = try FrameChoice.parseFrames(frames) }
        if let times { choice = try FrameChoice.parseTimes(times) }
        let check = GoldenCheck(
            mode: mode, tolerance: comparison.tolerance, traceTolerance: comparison.traces,
            frames: choice ?? (keyFrames != 3 ? .keyFrames(keyFrames) : nil), scale: scale)
        var checkForNew = check
        if checkForNew.frames == nil { checkForNew.frames = .keyFrames(keyFrames) }
        let writer: ReportWriter?
        do throws(RegressionError) {
            writer = try report.map { path throws(RegressionError) in try ReportWriter(directory: path) }
        } catch {
            throw CommandFailure.output(error.description)
        }
        var reports: [ComparisonReport] = []
        var outputFailed = false
        for timeline in timelines {
            let directory = GoldenDirectory(path: (golden as NSString).appendingPathComponent(timeline.name))
            do throws(RegressionError) {
                // A golden recorded at a chosen scale is compared, and recorded again, at that scale.
                let recordedScale = directory.exists ? (try? directory.manifest())?.scale : nil
                let rendering = try Rendering.timeline(at: timeline.path, scale: scale ?? recordedScale, loader: loader)
                var timelineCheck = directory.exists ? check : checkForNew
                timelineCheck.scale = scale ?? recordedScale
                let report = try timelineCheck.check(rendering, golden: directory, name: timeline.name, writer: writer)
                reports.append(report)
            } catch {
                var failed = ComparisonReport(name: timeline.name, expected: directory.path, actual: timeline.path, status: .error, tolerance: check.tolerance)
                failed.error = error.description
                outputFailed = outputFailed || error.isOutputFailure
                reports.append(failed)
            }
            if !json { printOutcome(reports.last!) }
        }
        let stale = staleGoldens(known: Set(timelines.map(\.name)))
        if !json { for name in stale { print("warning: \((golden as NSString).appendingPathComponent(name)) has no timeline") } }
        do throws(RegressionError) {
            try writer?.finish(title: "animate test \(paths.joined(separator: " ")) --golden \(golden)", reports: reports)
        } catch {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            outputFailed = true
        }
        if json {
            print(try SummaryText.json(title: "animate test", reports: reports))
        } else {
            let counts = Dictionary(grouping: reports, by: \.status).mapValues(\.count)
            var line = ComparisonReport.Status.allCases.compactMap { s in counts[s].map { "\($0) \(s.rawValue)" } }.joined(separator: ", ")
            if let writer { line += "; report: \(writer.pagePath)" }
            print(line)
        }
        if outputFailed { throw ExitCode(3) }
        if reports.contains(where: { $0.status == .error }) { throw ExitCode(1) }
        let acceptable: Set<ComparisonReport.Status> = mode == .all ? [.passed, .recorded] : [.passed]
        if reports.contains(where: { !acceptable.contains($0.status) }) { throw ExitCode(2) }
    }

    private func printOutcome(_ r: ComparisonReport) {
        switch r.status {
        case .passed:
            if !quiet {
                let motion = r.trace.map { ", trace of \(SummaryText.count($0.expectedFrameCount, "frame"))" } ?? ""
                print("ok       \(r.name) (\(SummaryText.count(r.frames.count, "frame")) compared\(motion))")
            }
        case .recorded:
            print("recorded \(r.name): \(r.notes.joined(separator: "; "))")
        case .missing:
            print("missing  \(r.name): \(r.problems.joined(separator: "; "))")
        case .error:
            print("error    \(r.name): \(r.error ?? "")")
        case .failed:
            print("FAIL     \(r.name)")
            for problem in r.problems { print("  \(problem)") }
            if let trace = r.trace { for line in trace.lines { print("  \(line)") } }
            for f in r.failingFrames {
                print("  " + SummaryText.frameLine(f))
                for v in f.difference.violations { print("    - \(v)") }
            }
            for note in r.notes { print("  note: \(note)") }
        }
    }

    /// Every timeline to test: files as given, folders searched recursively for `*.json`, `*.yaml` and `*.yml`,
    /// each named by its path relative to its folder, without the extension.
    private func findTimelines() throws -> [(name: String, path: String)] {
        let fm = FileManager.default
        var found: [(name: String, path: String)] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { throw CommandFailure.invalid("\(path): no such file or folder") }
            if !isDirectory.boolValue {
                found.append(((FilePath.name(of: path) as NSString).deletingPathExtension, path))
                continue
            }
            guard let enumerator = fm.enumerator(atPath: path) else { throw CommandFailure.invalid("\(path): cannot list the folder") }
            var names: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let lower = relative.lowercased()
                let isTimeline = lower.hasSuffix(".json") || lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
                if isTimeline && !FilePath.name(of: relative).hasPrefix(".") { names.append(relative) }
            }
            for relative in names.sorted() {
                found.append(((relative as NSString).deletingPathExtension, (path as NSString).appendingPathComponent(relative)))
            }
        }
        guard !found.isEmpty else { throw CommandFailure.invalid("no timelines (*.json, *.yaml, *.yml) in \(paths.joined(separator: ", "))") }
        let names = found.map(\.name)
        if let repeated = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw CommandFailure.invalid("two timelines are named \(repeated); their goldens would collide")
        }
        return found
    }

    /// Golden folders under `--golden` recorded from a timeline of the tested folders
    /// (their manifest's source lies in one) whose timeline is gone.
    private func staleGoldens(known: Set<String>) -> [String] {
        let folders = paths.filter { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: $0, isDirectory: &d) && d.boolValue }
            .map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        guard !folders.isEmpty, let enumerator = FileManager.default.enumerator(atPath: golden) else { return [] }
        var stale: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard FilePath.name(of: relative) == GoldenDirectory.manifestName else { continue }
            let name = FilePath.directory(of: relative)
            guard !known.contains(name),
                let manifest = try? GoldenDirectory(path: (golden as NSString).appendingPathComponent(name)).manifest(),
                folders.contains(where: { manifest.source.hasPrefix($0) })
            else { continue }
            stale.append(name)
        }
        return stale.sorted()
    }
}

extension RecordMode: ExpressibleByArgument {}
