import Raster
import Regression
import XCTest

/// Each side's frames load on a thread of their own, and still in order; the error thrown is
/// the one loading them one after the other would have met first, and the report is the same.
final class SequenceComparatorLoadingTests: XCTestCase {
    /// A source of flat frames, grey `n` for frame `n`, that fails at `failing` and records the order it was asked in.
    final class Recorded: @unchecked Sendable {
        let lock = NSLock()
        var asked: [Int] = []

        func source(_ name: String, failing: Int? = nil) -> FrameSource {
            FrameSource(name: name, kind: .sequence, frameNumbers: Array(0..<8), fps: 10, trace: nil) { [self] n throws(RegressionError) in
                lock.lock()
                asked.append(n)
                lock.unlock()
                if n == failing { throw .unreadable(path: name, reason: "frame \(n) cannot be read") }
                return Pixmap(width: 8, height: 8, fill: PremultipliedRGBA8(r: UInt8(n * 10), g: 0, b: 0, a: 255))
            }
        }
    }

    func testEachSideLoadsInOrderAndTheReportIsTheSame() throws {
        let expected = Recorded(), actual = Recorded()
        var done: [Int] = []
        let report = try SequenceComparator(threads: 3).compare(
            expected: expected.source("e"), actual: actual.source("a"), name: "pair", progress: { n, _ in done.append(n) })
        XCTAssertEqual(expected.asked, Array(0..<8))
        XCTAssertEqual(actual.asked, Array(0..<8))
        XCTAssertEqual(report.frames.map(\.frame), Array(0..<8))
        XCTAssertEqual(done, Array(1...8))
        XCTAssertEqual(report.status, .passed)
    }

    func testTheFirstErrorInSerialOrderIsThrown() {
        let cases: [(expected: Int?, actual: Int?, thrown: String)] = [
            (4, 1, "a: frame 1"),  // the actual side fails at an earlier frame, though on another thread
            (2, 2, "e: frame 2"),  // the same frame: the expected side is loaded first
            (nil, 6, "a: frame 6"),  // a later batch
        ]
        for (e, a, thrown) in cases {
            let expected = Recorded(), actual = Recorded()
            XCTAssertThrowsError(
                try SequenceComparator(threads: 3).compare(
                    expected: expected.source("e", failing: e), actual: actual.source("a", failing: a), name: "pair")
            ) { error in
                XCTAssert("\(error)".hasPrefix(thrown), "\(error), expected \(thrown)")
            }
        }
    }
}
