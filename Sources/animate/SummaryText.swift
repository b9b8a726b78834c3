import FrameDiff
import Foundation
import Regression

/// What `diff` and `test` print on standard output, and counts as every command writes them.
enum SummaryText {
    /// `n` and `noun`, in the plural unless `n` is 1: "1 frame", "30 frames".
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// A frame's measures on one line.
    static func frameLine(_ f: ComparisonReport.FrameResult) -> String {
        let d = f.difference
        let time = f.time.map { " (" + String(format: "%.3f", $0) + " s)" } ?? ""
        guard d.sizesMatch else { return "frame \(f.frame)\(time): \(d.violations.map(\.description).joined(separator: "; "))" }
        var text = "frame \(f.frame)\(time): \(d.differingPixels) differing pixels (\(String(format: "%.3f", d.differingShare * 100)) %)"
        if let bounds = d.largestClusterBounds { text += ", largest cluster \(d.largestCluster) in \(bounds)" }
        if d.largestEdgeShift > 0 { text += ", edges moved up to \(String(format: "%.2f", d.largestEdgeShift)) px" }
        text += ", max ΔE \(String(format: "%.1f", d.maxDeltaE)), SSIM \(String(format: "%.4f", d.ssim))"
        return text
    }

    static func printDiff(_ r: ComparisonReport, quiet: Bool, report: String?) {
        if !quiet {
            for problem in r.problems { print(problem) }
            for f in r.failingFrames {
                print(frameLine(f))
                for v in f.difference.violations { print("  - \(v)") }
            }
            if let trace = r.trace { for line in trace.lines { print(line) } }
            for note in r.notes { print("note: \(note)") }
        }
        let failing = r.failingFrames.count
        var verdict: String
        if r.hasDifferences {
            verdict = "FAIL: " + [
                failing > 0 ? "\(failing) of \(r.frames.count) frames differ beyond the tolerance" : nil,
                r.problems.isEmpty ? nil : count(r.problems.count, "sequence problem"),
                r.trace.map { $0.isWithinTolerance ? nil : "motion differs" } ?? nil,
            ].compactMap { $0 }.joined(separator: ", ")
        } else {
            let maxDeltaE = r.frames.map(\.difference.maxDeltaE).max() ?? 0
            let tolerated = r.frames.map(\.difference.antialiasedPixels).reduce(0, +)
            verdict = "ok: \(count(r.frames.count, "frame")) within the tolerance (max ΔE \(String(format: "%.1f", maxDeltaE)), \(tolerated) anti-aliased pixels tolerated)"
            if let trace = r.trace, trace.isWithinTolerance { verdict += ", motion identical" }
        }
        if let report { verdict += "; report: \(report)" }
        print(verdict)
    }

    static func json(title: String, reports: [ComparisonReport]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let summary = ReportSummary(title: title, passed: reports.allSatisfy { $0.status == .passed }, comparisons: reports, environment: .current)
        return String(decoding: try encoder.encode(summary), as: UTF8.self)
    }
}
