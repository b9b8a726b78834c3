// Comparing two frame sources.
//
// The frames compared are, in order of preference: the frames asked for; the
// frames of a side that holds chosen frames only (a golden); every frame both
// sides hold. A frame that one side lacks, or sides of different lengths, are
// problems of the sequence, reported once. Frames are loaded in order, a pair per
// thread (`threads`), each side's on a thread of its own so that one side renders or
// decodes while the other does, and each batch compared at once, one comparator a
// thread, so memory holds two frames a thread whatever the length (a video or GIF
// side a few more: it decodes ahead, beside the comparison); a failing frame's
// images go to the report writer at once. Images are written for the first
// `imageLimit` failing frames, and for the worst one if it came later. Any
// error while loading stops the comparison and is thrown: a comparison that
// could not be made never passes. When a side is lossy (a GIF, 4:2:0 video),
// both sides are compared in its `ComparisonSpace`, and a note says so.

import Dispatch
import Foundation
import FrameDiff
import Raster

/// Compares two frame sources under a tolerance, and their traces.
public struct SequenceComparator {
    /// The tolerance frames are judged with.
    public var tolerance: Tolerance
    /// The tolerance traces are judged with.
    public var traceTolerance: TraceTolerance
    /// Whether to compare traces; a side without one is then a problem.
    public var comparesTraces: Bool
    /// The most failing frames to write images for (the worst one is always written).
    public var imageLimit: Int
    /// How many frame pairs are compared at once, each on its own thread; 1 or more.
    /// Default: the number of processors.
    public var threads: Int

    /// A comparator; traces are compared only when asked, images written for 30 failing frames at most.
    public init(
        tolerance: Tolerance = .default, traceTolerance: TraceTolerance = .default, comparesTraces: Bool = false, imageLimit: Int = 30,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.threads = threads
        self.tolerance = tolerance
        self.traceTolerance = traceTolerance
        self.comparesTraces = comparesTraces
        self.imageLimit = imageLimit
    }

    /// Compares `actual` with `expected` at `frames` (or the frames described above),
    /// writing failing frames' images to `writer` under `name`. `progress` is called
    /// after each frame with the number done and the total.
    public func compare(
        expected: FrameSource, actual: FrameSource, frames requested: [Int]? = nil, name: String, writer: ReportWriter? = nil,
        progress: ((Int, Int) -> Void)? = nil
    ) throws(RegressionError) -> ComparisonReport {
        var report = ComparisonReport(name: name, expected: expected.name, actual: actual.name, status: .passed, tolerance: tolerance)
        let numbers: [Int]
        if let requested {
            numbers = Array(Set(requested)).sorted()
        } else if !expected.isDense && expected.kind == .golden {
            numbers = expected.frameNumbers
        } else if !actual.isDense && actual.kind == .golden {
            numbers = actual.frameNumbers
        } else {
            // A sequence's gaps lie inside its range, so they are named as missing frames.
            numbers = Array(0..<min(expected.frameEnd, actual.frameEnd))
        }
        // When both sides have traces to compare, the trace's lines say whether the frame counts differ.
        let tracesCount = comparesTraces && expected.trace != nil && actual.trace != nil
        if let e = expected.totalFrames, let a = actual.totalFrames, e != a, expected.kind != .trace, actual.kind != .trace, !tracesCount {
            report.problems.append("\(a) frames, expected \(e)")
        }
        if let e = expected.fps, let a = actual.fps, abs(e - a) > 0.01 * e, expected.kind != .trace, actual.kind != .trace {
            report.problems.append("\(Self.rate(a)) fps (\(actual.name)), expected \(Self.rate(e)) fps (\(expected.name))")
        }
        let fps = expected.fps ?? actual.fps
        let space = expected.space.coarser(actual.space)
        let comparators = (0..<max(threads, 1)).map { _ in FrameComparator(tolerance: tolerance, space: space) }
        let comparator = comparators[0]
        if space != .pixels { report.notes.append(space.description) }
        var written = 0
        var worst: (frame: Int, differing: Int)?
        var missing = MissingFrames()
        var next = 0
        while next < numbers.count {
            // Up to one frame pair per comparator, loaded in order, then compared at once.
            var wanted: [(frame: Int, done: Int)] = []
            while next < numbers.count && wanted.count < comparators.count {
                let n = numbers[next]
                next += 1
                let inExpected = expected.contains(n), inActual = actual.contains(n)
                guard inExpected && inActual else {
                    missing.add(n, in: [inExpected ? nil : expected.name, inActual ? nil : actual.name].compactMap { $0 })
                    continue
                }
                wanted.append((n, next))
            }
            let loaded = try Self.load(wanted.map(\.frame), expected, actual)
            let batch = zip(wanted, loaded).map { (frame: $0.frame, done: $0.done, expected: $1.0, actual: $1.1) }
            let comparisons = Self.compare(batch.map { ($0.expected, $0.actual) }, with: comparators)
            for (item, comparison) in zip(batch, comparisons) {
                let n = item.frame, e = item.expected, a = item.actual
                var result = ComparisonReport.FrameResult(frame: n, time: fps.map { Double(n) / $0 }, difference: comparison.difference)
                if !comparison.difference.isWithinTolerance {
                    let badness = comparison.difference.sizesMatch ? comparison.difference.differingPixels : Int.max
                    if worst == nil || badness > worst!.differing { worst = (n, badness) }
                    if let writer, written < imageLimit {
                        result.images = try writer.writeImages(expected: e, actual: a, comparison: comparison, name: name, frame: n)
                        written += 1
                    }
                }
                report.frames.append(result)
                progress?(item.done, numbers.count)
            }
        }
        report.problems += missing.descriptions
        if let writer, let worst, let index = report.frames.firstIndex(where: { $0.frame == worst.frame }), report.frames[index].images == nil {
            let e = try expected.frame(worst.frame), a = try actual.frame(worst.frame)
            report.frames[index].images = try writer.writeImages(
                expected: e, actual: a, comparison: comparator.compare(expected: e, actual: a), name: name, frame: worst.frame)
        }
        let failing = report.failingFrames.count
        let pictured = report.frames.filter { $0.images != nil }.count
        if writer != nil && failing > pictured {
            report.notes.append("images for \(pictured) of the \(failing) failing frames (the first \(imageLimit) and the worst)")
        }
        if comparesTraces {
            compareTraces(expected, actual, into: &report)
        }
        report.status = report.hasDifferences ? .failed : .passed
        return report
    }

    /// A frame rate as it reads in a message: "30", "29.97".
    static func rate(_ fps: Double) -> String {
        let rounded = (fps * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func compareTraces(_ expected: FrameSource, _ actual: FrameSource, into report: inout ComparisonReport) {
        guard let e = expected.trace, let a = actual.trace else {
            let without = [expected.trace == nil ? expected.name : nil, actual.trace == nil ? actual.name : nil].compactMap { $0 }
            report.problems.append("no parameter trace in \(without.joined(separator: " and ")) to compare")
            return
        }
        let comparison = e.compare(to: a, tolerance: traceTolerance)
        report.trace = comparison
        for difference in comparison.differences where difference.kind == .timing || difference.kind == .values {
            guard let te = e.track(named: difference.param), let ta = a.track(named: difference.param) else { continue }
            for k in 0..<te.components {
                let label = te.components == 1 ? te.name : "\(te.name)[\(k)]"
                report.tracePlots.append(
                    .init(
                        param: label, expected: stride(from: k, to: te.values.count, by: te.components).map { te.values[$0] },
                        actual: stride(from: k, to: ta.values.count, by: ta.components).map { ta.values[$0] }, firstFrame: difference.firstFrame))
            }
        }
    }

    /// Frames `numbers` of both sides, each side's loaded in order on a thread of its own (so
    /// that one side renders or decodes while the other does); the error thrown is the one
    /// loading them one after the other, expected before actual, would have met first.
    private static func load(_ numbers: [Int], _ expected: FrameSource, _ actual: FrameSource) throws(RegressionError) -> [(Pixmap, Pixmap)] {
        guard !numbers.isEmpty else { return [] }
        var sides: [[Result<Pixmap, RegressionError>]] = [[], []]
        sides.withUnsafeMutableBufferPointer { slots in
            // Each side writes its own slot: nothing is shared.
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: 2) { side in
                let source = side == 0 ? expected : actual
                var results: [Result<Pixmap, RegressionError>] = []
                for n in numbers {
                    do throws(RegressionError) {
                        results.append(.success(try source.frame(n)))
                    } catch {
                        results.append(.failure(error))
                        break
                    }
                }
                slots[side] = results
            }
        }
        var pairs: [(Pixmap, Pixmap)] = []
        for i in numbers.indices {
            // A side stops at its first error, so its results end there.
            pairs.append((try sides[0][i].get(), try sides[1][i].get()))
        }
        return pairs
    }

    /// Each pair compared by its own comparator, on as many threads as there are pairs.
    private static func compare(_ pairs: [(Pixmap, Pixmap)], with comparators: [FrameComparator]) -> [FrameComparison] {
        guard pairs.count > 1 else { return pairs.map { comparators[0].compare(expected: $0.0, actual: $0.1) } }
        var results = [FrameComparison?](repeating: nil, count: pairs.count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes its own slot with its own comparator: nothing is shared.
            nonisolated(unsafe) let slots = slots
            nonisolated(unsafe) let comparators = comparators
            DispatchQueue.concurrentPerform(iterations: pairs.count) { i in
                slots[i] = comparators[i].compare(expected: pairs[i].0, actual: pairs[i].1)
            }
        }
        return results.map { $0! }
    }
}
