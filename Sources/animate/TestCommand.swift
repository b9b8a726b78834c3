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

            --junit FILE writes a JUnit XML report (one test case per timeline, named by its path
            relative to its folder), also when tests fail. --shard K/N tests only every Nth
            timeline in the order of their paths, starting with the Kth, so that a CI matrix of N
            machines running 1/N … N/N tests each timeline once.

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

    @Option(help: ArgumentHelp("Write a JUnit XML report to this file (written whether tests pass or fail).", valueName: "file"))
    var junit: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Run only shard K of N: every Nth timeline by name, so that shards 1/N … N/N are disjoint and together complete.", valueName: "K/N"))
    var shard: String?

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
        if let shard { _ = try Self.parseShard(shard) }
    }

    /// The shard `--shard text` names.
    static func parseShard(_ text: String) throws -> Shard {
        do throws(Shard.ParseError) { return try Shard(parsing: text) } catch { throw ValidationError("--shard \(error.description)") }
    }

    func run() throws {
        let all = try findTimelines()
        let part = try shard.map(Self.parseShard)
        let timelines = part.map { $0.select(all, name: \.relative) } ?? all
        if let junit { try Self.checkJUnitPath(junit) }
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
        if let part, !json, !quiet || timelines.isEmpty {
            print(timelines.isEmpty
                ? "shard \(part) has no timelines (\(SummaryText.count(all.count, "timeline")) in all)"
                : "shard \(part): \(timelines.count) of \(SummaryText.count(all.count, "timeline"))")
        }
        var reports: [ComparisonReport] = []
        var seconds: [Double] = []
        var outputFailed = false
        for timeline in timelines {
            let started = ContinuousClock.now
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
            seconds.append(Self.seconds(started.duration(to: .now)))
            if !json { printOutcome(reports.last!) }
        }
        let stale = staleGoldens(known: Set(all.map(\.name)))
        if !json { for name in stale { print("warning: \((golden as NSString).appendingPathComponent(name)) has no timeline") } }
        do throws(RegressionError) {
            try writer?.finish(title: "animate test \(paths.joined(separator: " ")) --golden \(golden)", reports: reports)
        } catch {
            FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
            outputFailed = true
        }
        if let junit {
            let cases = zip(zip(timelines, reports), seconds).map { pair, time in
                Self.testCase(pair.1, path: pair.0.relative, file: pair.0.path, seconds: time, mode: mode, report: writer)
            }
            let title = "animate test \(paths.joined(separator: " "))" + (part.map { " --shard \($0)" } ?? "")
            do throws(ExportError) {
                try JUnitReport(name: title, cases: cases).write(to: junit)
            } catch {
                FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
                outputFailed = true
            }
        }
        if json {
            print(try SummaryText.json(title: "animate test", reports: reports))
        } else {
            let counts = Dictionary(grouping: reports, by: \.status).mapValues(\.count)
            var line = ComparisonReport.Status.allCases.compactMap { s in counts[s].map { "\($0) \(s.rawValue)" } }.joined(separator: ", ")
            if reports.isEmpty { line = "nothing to test" }
            if let writer { line += "; report: \(writer.pagePath)" }
            if let junit { line += "; JUnit: \(junit)" }
            print(line)
        }
        if outputFailed { throw ExitCode(3) }
        if reports.contains(where: { $0.status == .error }) { throw ExitCode(1) }
        let acceptable: Set<ComparisonReport.Status> = mode == .all ? [.passed, .recorded] : [.passed]
        if reports.contains(where: { !acceptable.contains($0.status) }) { throw ExitCode(2) }
    }

    private func printOutcome(_ r: ComparisonReport) {
        guard !(quiet && r.status == .passed) else { return }
        for line in Self.outcomeLines(r) { print(line) }
    }

    /// What the text output says of one timeline: a first line with its status and name,
    /// then, for a failure, the problems, the motion and each failing frame, indented.
    static func outcomeLines(_ r: ComparisonReport) -> [String] {
        switch r.status {
        case .passed:
            let motion = r.trace.map { ", trace of \(SummaryText.count($0.expectedFrameCount, "frame"))" } ?? ""
            return ["ok       \(r.name) (\(SummaryText.count(r.frames.count, "frame")) compared\(motion))"]
        case .recorded:
            return ["recorded \(r.name): \(r.notes.joined(separator: "; "))"]
        case .missing:
            return ["missing  \(r.name): \(r.problems.joined(separator: "; "))"]
        case .error:
            return ["error    \(r.name): \(r.error ?? "")"]
        case .failed:
            var lines = ["FAIL     \(r.name)"]
            for problem in r.problems { lines.append("  \(problem)") }
            if let trace = r.trace { for line in trace.lines { lines.append("  \(line)") } }
            for f in r.failingFrames {
                lines.append("  " + SummaryText.frameLine(f))
                for v in f.difference.violations { lines.append("    - \(v)") }
            }
            for note in r.notes { lines.append("  note: \(note)") }
            return lines
        }
    }

    /// Every timeline to test: files as given, folders searched recursively for `*.json`, `*.yaml` and `*.yml`,
    /// each with its path relative to its folder (a file given: its name), and named by that path without the extension.
    private func findTimelines() throws -> [(name: String, path: String, relative: String)] {
        let fm = FileManager.default
        var found: [(name: String, path: String, relative: String)] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { throw CommandFailure.invalid("\(path): no such file or folder") }
            if !isDirectory.boolValue {
                found.append(((FilePath.name(of: path) as NSString).deletingPathExtension, path, FilePath.name(of: path)))
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
                found.append(((relative as NSString).deletingPathExtension, (path as NSString).appendingPathComponent(relative), relative))
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
