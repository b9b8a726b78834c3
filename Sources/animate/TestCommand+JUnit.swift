import Export
import Foundation
import Regression

/// How `animate test` reports its timelines as JUnit test cases.
extension TestCommand {
    /// The class name every timeline's test case is listed under.
    static let junitClassName = "animate.test"

    /// Fails (exit status 1, before anything is rendered) when the JUnit report cannot be
    /// written at `path`: it is a folder, or its folder does not exist. A file there is replaced.
    static func checkJUnitPath(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw CommandFailure.invalid("--junit \(path): is a folder; name the report file, such as report.xml")
        }
        let folder = FilePath.directory(of: path)
        var isDirectory: ObjCBool = false
        if !folder.isEmpty && !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue) {
            throw CommandFailure.invalid("--junit \(path): the folder \(folder) does not exist")
        }
    }

    /// The test case of timeline `path` (relative to its folder; `file` as given): a failure names the failing
    /// frames with where they differ and the report's page; the content is the text output.
    /// A golden recorded in `missing` or `failed` mode is a failure (it awaits review), as in
    /// the exit status; one recorded by `--update` passes.
    static func testCase(_ r: ComparisonReport, path: String, file: String, seconds: Double, mode: RecordMode, report: ReportWriter?) -> JUnitReport.TestCase {
        var details = outcomeLines(r)
        let page = report.map { "report: \($0.pagePath)" }
        for f in r.failingFrames {
            if let images = f.images, let report { details.append("  frame \(f.frame) diff: " + (report.directory as NSString).appendingPathComponent(images.diff)) }
        }
        if let page, r.status != .error { details.append(page) }
        let text = details.joined(separator: "\n")
        let outcome: JUnitReport.Outcome
        switch r.status {
        case .passed:
            outcome = .passed
        case .recorded where mode == .all:
            outcome = .passed
        case .recorded:
            outcome = .failed(type: "recorded", message: with(page, r.notes.joined(separator: "; ")), details: text)
        case .missing:
            outcome = .failed(type: "missing", message: with(page, r.problems.joined(separator: "; ")), details: text)
        case .error:
            outcome = .error(message: r.error ?? "error", details: text)
        case .failed:
            outcome = .failed(type: "difference", message: with(page, failureSummary(r)), details: text)
        }
        return JUnitReport.TestCase(name: path, className: junitClassName, seconds: seconds, outcome: outcome, file: file)
    }

    /// One line: how many frames failed, each failing frame's number and where it differs,
    /// then the sequence's problems and whether the motion departs.
    static func failureSummary(_ r: ComparisonReport) -> String {
        var parts: [String] = []
        let failing = r.failingFrames
        if !failing.isEmpty {
            let frames = failing.map { f -> String in
                let d = f.difference
                guard let bounds = d.largestClusterBounds ?? d.differingBounds else { return "frame \(f.frame)" }
                return "frame \(f.frame) in \(bounds)"
            }
            parts.append("\(failing.count) of \(SummaryText.count(r.frames.count, "frame")) differ beyond the tolerance: " + frames.joined(separator: ", "))
        }
        parts += r.problems
        if let trace = r.trace, !trace.isWithinTolerance { parts.append(trace.lines.first ?? "motion differs") }
        return parts.isEmpty ? "differs" : parts.joined(separator: "; ")
    }

    /// `message`, then the report's page when there is one.
    private static func with(_ page: String?, _ message: String) -> String {
        page.map { message + "; " + $0 } ?? message
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
