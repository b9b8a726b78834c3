import FrameDiff
import Foundation
import Regression

/// What the assertions of this module share: where a test's golden lives, the check
/// itself, and the failure message. Independent of the test framework.
public struct GoldenAssertion: Sendable {
    /// The golden's folder.
    public var golden: GoldenDirectory
    /// Where a failing comparison's report goes.
    public var artifacts: String
    /// The check: record mode, tolerances, frames.
    public var check: GoldenCheck

    /// The golden of test `testName` in the file at `filePath`, named `name` when a test
    /// checks more than one rendering:
    /// `<goldenRoot>/<file name without .swift>/<test name>[.<name>]/`, where `goldenRoot`
    /// defaults to `__Goldens__` beside the test file. Reports of failures go to
    /// `$GOLDEN_ARTIFACTS` (or the temporary folder) `/<file>/<test>[.<name>]/`.
    public init(filePath: String, testName: String, name: String?, goldenRoot: String?, check: GoldenCheck) {
        let file = URL(fileURLWithPath: filePath)
        let stem = file.deletingPathExtension().lastPathComponent
        let leaf = Self.sanitized(testName) + (name.map { "." + Self.sanitized($0) } ?? "")
        let root = goldenRoot ?? file.deletingLastPathComponent().appendingPathComponent("__Goldens__").path
        golden = GoldenDirectory(path: URL(fileURLWithPath: root).appendingPathComponent(stem).appendingPathComponent(leaf).path)
        let environment = ProcessInfo.processInfo.environment
        let artifactRoot = environment["GOLDEN_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
            ?? URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("animate-golden-artifacts").path
        artifacts = URL(fileURLWithPath: artifactRoot).appendingPathComponent(stem).appendingPathComponent(leaf).path
        self.check = check
    }

    /// Removes a passing test's report folder, and the folders above it that were made
    /// for it and are now empty (the test file's, and the default root in the temporary
    /// folder), so that passing tests leave nothing behind.
    private func removeArtifacts() {
        try? FileManager.default.removeItem(atPath: artifacts)
        let fileFolder = URL(fileURLWithPath: artifacts).deletingLastPathComponent()
        rmdir(fileFolder.path)
        let root = fileFolder.deletingLastPathComponent()
        if root.lastPathComponent == "animate-golden-artifacts" { rmdir(root.path) }
    }

    /// The outcome of one assertion.
    public struct Verdict: Sendable {
        /// nil when the rendering matches its golden; otherwise what to tell the test's author.
        public var failure: String?
        /// The report (and its images) written for a failure.
        public var report: ComparisonReport?
        /// The difference images written, absolute paths, for attaching to the test result.
        public var images: [String]
    }

    /// Renders, compares or records, and says whether the test passes.
    public func verify(_ rendering: () throws -> Rendering) -> Verdict {
        let subject: Rendering
        do {
            subject = try rendering()
        } catch {
            return Verdict(failure: "could not render the frames to compare: \(error)", report: nil, images: [])
        }
        do throws(RegressionError) {
            // The folder is this test's own: clear whatever an interrupted run left.
            try? FileManager.default.removeItem(atPath: artifacts)
            let writer = try ReportWriter(directory: artifacts)
            let report = try check.check(subject, golden: golden, name: golden.path.split(separator: "/").suffix(2).joined(separator: "/"), writer: writer)
            if report.status == .passed {
                removeArtifacts()
                return Verdict(failure: nil, report: report, images: [])
            }
            try writer.finish(title: "golden \(golden.path)", reports: [report])
            let images = report.frames.compactMap(\.images).flatMap { [$0.expected, $0.diff, $0.actual] }
                .map { URL(fileURLWithPath: artifacts).appendingPathComponent($0).path }
            return Verdict(failure: message(report, page: writer.pagePath), report: report, images: images)
        } catch {
            return Verdict(failure: "golden check failed: \(error)", report: nil, images: [])
        }
    }

    private func message(_ r: ComparisonReport, page: String) -> String {
        switch r.status {
        case .passed:
            return ""
        case .missing:
            return "No golden at \(golden.path). Record it with RECORD_GOLDENS=missing (or all) and commit it."
        case .recorded:
            return (r.notes + ["The test fails so that a golden is never accepted unseen."]).joined(separator: "\n")
        case .error:
            return r.error ?? "the comparison could not be made"
        case .failed:
            var lines = ["\(r.actual) differs from the golden at \(golden.path):"]
            lines += r.problems.map { "  " + $0 }
            lines += (r.trace?.lines ?? []).map { "  " + $0 }
            for f in r.failingFrames {
                lines.append("  frame \(f.frame): " + f.difference.violations.map(\.description).joined(separator: "; "))
            }
            lines += r.notes.map { "  note: " + $0 }
            lines.append("Report with expected | diff | actual: \(page)")
            lines.append("If the change is intended, record again with RECORD_GOLDENS=failed.")
            return lines.joined(separator: "\n")
        }
    }

    /// A test or rendering name made safe as a folder name: `testSpin()` → `testSpin`.
    static func sanitized(_ name: String) -> String {
        var text = name
        if text.hasSuffix("()") { text.removeLast(2) }
        let cleaned = String(text.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
        return cleaned.isEmpty ? "golden" : cleaned
    }
}
