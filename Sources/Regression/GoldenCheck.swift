// Checking a rendering against its golden, recording per the record mode.
//
//   golden absent:  never → missing (a failure); otherwise record the chosen
//                   frames (key frames by default) and report `recorded`.
//   mode all:       record again (the chosen frames, else the golden's own,
//                   else key frames when the old golden cannot be read).
//   otherwise:      render the golden's frames (or the chosen ones) and compare
//                   them and the trace. Differences fail, unless the mode is
//                   `failed`, which records again; chosen frames the golden
//                   lacks are missing, recorded in `missing` and `failed` modes.
// A recording is never a pass: the caller fails the test or exits 2 unless the
// recording was asked for (`all`). Read errors propagate: nothing that could
// not be compared is reported as passing.

import FrameDiff
import Foundation
import Raster

/// Compares renderings with goldens and records goldens.
public struct GoldenCheck: Sendable {
    /// When goldens are written.
    public var mode: RecordMode
    /// The tolerance frames are judged with.
    public var tolerance: Tolerance
    /// The tolerance traces are judged with.
    public var traceTolerance: TraceTolerance
    /// The frames to record or compare; nil for the golden's own frames, or `.default` when recording a new one.
    public var frames: FrameChoice?
    /// The scale the rendering was made at, when not its own; stored in the manifest.
    public var scale: Double?

    /// A check; the record mode defaults to the environment's (`RecordMode.fromEnvironment`).
    public init(
        mode: RecordMode = .fromEnvironment(ProcessInfo.processInfo.environment), tolerance: Tolerance = .default,
        traceTolerance: TraceTolerance = .default, frames: FrameChoice? = nil, scale: Double? = nil
    ) {
        self.mode = mode
        self.tolerance = tolerance
        self.traceTolerance = traceTolerance
        self.frames = frames
        self.scale = scale
    }

    /// Checks `rendering` against the golden at `golden`, recording as the mode says;
    /// the report is named `name` and failing frames' images go to `writer`.
    public func check(_ rendering: Rendering, golden: GoldenDirectory, name: String, writer: ReportWriter? = nil) throws(RegressionError) -> ComparisonReport {
        let actual = FrameSource(rendering)
        if let outside = frames?.outside(frameCount: rendering.frameCount, fps: rendering.fps) {
            throw .unsupportedInput(
                path: rendering.name, reason: "asked for \(outside), outside the animation's \(rendering.frameCount) frames (0…\(rendering.frameCount - 1))")
        }
        guard golden.exists else {
            var report = ComparisonReport(name: name, expected: golden.path, actual: rendering.name, status: .missing, tolerance: tolerance)
            if mode == .never {
                report.problems.append("no golden at \(golden.path); record it (mode missing, all or failed) and commit it")
                return report
            }
            let numbers = (frames ?? .default).frameNumbers(frameCount: rendering.frameCount, fps: rendering.fps)
            try record(numbers, of: rendering, to: golden)
            report.status = .recorded
            report.notes.append("recorded a new golden (frames \(list(numbers))) at \(golden.path); review it, then run again")
            return report
        }
        let chosen = frames?.frameNumbers(frameCount: rendering.frameCount, fps: rendering.fps)
        if mode == .all {
            // Recording everything again must work even over a golden this version cannot read. The
            // golden's own frames are kept within the animation, which may have become shorter.
            let stored = (try? golden.manifest())?.frames.map(\.frame)
            let numbers = chosen ?? stored.map { FrameChoice.frames($0).frameNumbers(frameCount: rendering.frameCount, fps: rendering.fps) }
                ?? FrameChoice.default.frameNumbers(frameCount: rendering.frameCount, fps: rendering.fps)
            try record(numbers, of: rendering, to: golden)
            var report = ComparisonReport(name: name, expected: golden.path, actual: rendering.name, status: .recorded, tolerance: tolerance)
            report.notes.append("recorded again (frames \(list(numbers))) at \(golden.path)")
            if chosen == nil, let stored {
                let past = stored.filter { !(0..<rendering.frameCount).contains($0) }
                if past.count == 1 {
                    report.notes.append("the old golden's frame \(list(past)) lies past the end of the \(rendering.frameCount)-frame animation; its last frame stands for it")
                } else if past.count > 1 {
                    report.notes.append("the old golden's frames \(list(past)) lie past the end of the \(rendering.frameCount)-frame animation; its last frame stands for them")
                }
            }
            return report
        }
        let manifest = try golden.manifest()
        let stored = manifest.frames.map(\.frame)
        let numbers = chosen ?? stored
        let storedSet = Set(stored)
        let comparable = numbers.filter { storedSet.contains($0) && $0 < rendering.frameCount }
        let absent = numbers.filter { !storedSet.contains($0) }
        let comparator = SequenceComparator(
            tolerance: tolerance, traceTolerance: traceTolerance, comparesTraces: manifest.trace != nil || rendering.trace != nil)
        var report = try comparator.compare(expected: try golden.source(), actual: actual, frames: comparable, name: name, writer: writer)
        report.expected = golden.path
        let differs = report.hasDifferences
        if !absent.isEmpty && (mode == .missing || mode == .failed) && (!differs || mode == .failed) {
            try record(Array(Set(stored).union(numbers)).sorted().filter { $0 < rendering.frameCount }, of: rendering, to: golden)
            report.status = .recorded
            report.notes.append("recorded frames \(list(absent)) that the golden lacked; review them, then run again")
            return report
        }
        let past = stored.filter { $0 >= rendering.frameCount }
        if chosen == nil && !past.isEmpty {
            report.problems.append("the golden's frame\(past.count == 1 ? "" : "s") \(list(past)) lie\(past.count == 1 ? "s" : "") past the end of the \(rendering.frameCount)-frame animation; record it again (--update) if the animation was shortened")
            report.status = .failed
        }
        if !absent.isEmpty {
            report.problems.append("the golden has no frame\(absent.count == 1 ? "" : "s") \(list(absent)) (it holds \(list(stored)))")
            report.status = .failed
        }
        guard report.status == .failed else { return report }
        if mode == .failed {
            try record(numbers.filter { $0 < rendering.frameCount }, of: rendering, to: golden)
            report.status = .recorded
            report.notes.append("recorded again because it failed; review the new golden, then run again")
            return report
        }
        let differences = manifest.environment.differences(from: .current)
        if !differences.isEmpty {
            report.notes.append("this machine differs from the one that recorded the golden: " + differences.joined(separator: "; "))
        }
        return report
    }

    private func record(_ numbers: [Int], of rendering: Rendering, to golden: GoldenDirectory) throws(RegressionError) {
        let frames = numbers.map { (number: $0, pixmap: rendering.render($0)) }
        try golden.record(frames, of: rendering, scale: scale)
    }

    private func list(_ numbers: [Int]) -> String {
        numbers.count <= 12 ? numbers.map(String.init).joined(separator: ", ") : "\(numbers.count) frames from \(numbers.first!) to \(numbers.last!)"
    }
}
