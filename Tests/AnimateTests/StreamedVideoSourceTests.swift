import Export
import Foundation
import Raster
import Regression
import XCTest

/// A video side of a comparison is decoded as its frames are asked for, and gives the frames
/// whole decoding gives, whatever the order they are asked in.
final class StreamedVideoSourceTests: RegressionTestCase {
    func testFramesInAnyOrderEqualWholeDecoding() throws {
        let timeline = try write(DiffCommandTests.timeline(), to: "a.json")
        XCTAssertEqual(try animate(timeline, "-o", "a.mp4", "--quiet").status, 0)
        let whole = try MediaProbe.decodeFrames(path: path("a.mp4"), conversion: .fast)
        let source = try FrameSource.open(path("a.mp4"))
        XCTAssertEqual(source.frameNumbers, Array(whole.indices))
        XCTAssertEqual(source.kind, .video)
        for n in [0, 1, 5, 5, 6, 2, 0, whole.count - 1, 3] {
            XCTAssertEqual(try source.frame(n), whole[n], "frame \(n)")
        }
        XCTAssertNotEqual(whole.first, whole.last, "the frames differ, so a frame given for another would be caught")
        XCTAssertThrowsError(try source.frame(whole.count))
    }

    /// A file that breaks off after its first frames: the frames before the break are given,
    /// the one the decoder thread failed on is thrown as a located error (not waited for), and the
    /// thread is gone once the source is.
    func testReadErrorInTheBackgroundDecoderIsThrown() throws {
        let timeline = try write(DiffCommandTests.timeline().replacingOccurrences(of: #""duration": 1"#, with: #""duration": 3"#), to: "a.json")
        XCTAssertEqual(try animate(timeline, "-o", "a.mp4", "--quiet").status, 0)
        // The file's index (moov) comes first, so the frames' data can be cut short.
        let whole = try Data(contentsOf: URL(fileURLWithPath: path("a.mp4")))
        try whole.prefix(whole.count * 7 / 10).write(to: URL(fileURLWithPath: path("cut.mp4")))
        let frames = try MediaProbe.decodeFrames(path: path("a.mp4"), conversion: .fast)
        XCTAssertEqual(frames.count, 30)

        var source: FrameSource? = try FrameSource.open(path("cut.mp4"))
        var given = 0
        var failure: RegressionError?
        for n in 0..<30 {
            let frame: Pixmap
            do throws(RegressionError) {
                frame = try source!.frame(n)
            } catch {
                failure = error
                break
            }
            XCTAssertEqual(frame, frames[n], "frame \(n) before the break")
            given += 1
        }
        XCTAssertGreaterThan(given, 0)
        XCTAssertLessThan(given, 30, "the cut file gives fewer frames")
        let message = failure.map { "\($0)" } ?? ""
        XCTAssert(message.hasPrefix(path("cut.mp4") + ":"), message)
        XCTAssertEqual(decodingThreads("cut.mp4"), 0, "the decoder thread ended at the error")

        // Stopped early, the comparison is thrown too, and no decoder thread outlives its source.
        var other: FrameSource? = try FrameSource.open(path("a.mp4"))
        for _ in 0..<100 where threads(named: "decode a.mp4") == 0 { usleep(10_000) }
        XCTAssertEqual(threads(named: "decode a.mp4"), 1, "a decoder thread waiting with its queue full is seen")
        XCTAssertThrowsError(try SequenceComparator(threads: 2).compare(expected: other!, actual: source!, name: "cut")) { error in
            XCTAssert("\(error)".hasPrefix(path("cut.mp4") + ":"), "\(error)")
        }
        source = nil
        other = nil
        XCTAssertEqual(decodingThreads("cut.mp4"), 0)
        XCTAssertEqual(decodingThreads("a.mp4"), 0, "the waiting decoder thread ended with its source")

        let run = try animate(["diff", "a.mp4", "cut.mp4"])
        XCTAssertEqual(run.status, 1)
        XCTAssert(run.stderr.contains("cut.mp4: "), run.stderr)
    }

    /// How many threads of this process decode `file`, after those stopping have ended.
    private func decodingThreads(_ file: String) -> Int {
        // A thread that has returned may take a moment to leave the task list.
        for _ in 0..<100 where threads(named: "decode " + file) > 0 { usleep(10_000) }
        return threads(named: "decode " + file)
    }

    /// How many threads of this process have the name `name`.
    private func threads(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            return comm.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }.count
    }
}
